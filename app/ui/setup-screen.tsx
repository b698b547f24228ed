/**
 * First start without a token from Epos Now: asks for the API token and, optionally, another API
 * base URL. Saving stores the context, and the till starts with it. The same form takes a new
 * token when the stored one was refused.
 */
import { useRef, useState } from 'preact/hooks';
import { DEFAULT_API_BASE } from '../epos/default-base.ts';
import { isApiBase, tokenProblem } from '../epos/transport-check.ts';
import { isStoreError } from '../page/problem.ts';
import { reportBug } from './bug.ts';

/** Props of {@link SetupScreen}. */
export interface SetupScreenProps {
  /** This page's origin: the API base when the field is left as it is. */
  origin: string;
  /** Stores the context; `baseUrl` is '' for this origin. Rejects with a message to show. */
  onSave(token: string, baseUrl: string): Promise<void>;
  /** The heading; default "Set up this till". */
  heading?: string;
  /** The base URL to start from: '' for this origin; absent, the build's (EPOS_API_BASE) or this origin. */
  baseUrl?: string;
  /** Offers a Cancel button that calls this. */
  onCancel?: () => void;
}

interface Problems {
  token?: string;
  baseUrl?: string;
  save?: string;
}

/** The setup form. */
export function SetupScreen({
  origin,
  onSave,
  heading = 'Set up this till',
  baseUrl: initialBase = DEFAULT_API_BASE,
  onCancel,
}: SetupScreenProps) {
  const [token, setToken] = useState('');
  const [baseUrl, setBaseUrl] = useState(initialBase || origin);
  const [problems, setProblems] = useState<Problems>({});
  const [saving, setSaving] = useState(false);
  const tokenInput = useRef<HTMLInputElement>(null);
  const baseInput = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: Event): Promise<void> => {
    event.preventDefault();
    const found = validate(token, baseUrl, origin);
    setProblems(found.problems);
    if (!found.ok) {
      // Straight to the first field to fix, so a screen reader reads its problem.
      (found.problems.token ? tokenInput : baseInput).current?.focus();
      return;
    }
    setSaving(true);
    try {
      await onSave(found.token, found.baseUrl);
    } catch (error) {
      // Storing the setup failed (a full disk...): its message says so. Anything else is a bug.
      setProblems({ save: isStoreError(error) ? `Saving failed: ${error.message}` : reportBug(error) });
      setSaving(false);
    }
  };

  return (
    <main class="setup">
      <h1>Epos Till</h1>
      <h2>{heading}</h2>
      <p>
        Epos Now normally opens this app with its API token. Enter the token of an API device from the Epos Now back
        office (Base64 of API key and secret) to use it here.
      </p>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <label for="setup-token">API token</label>
        <input
          id="setup-token"
          ref={tokenInput}
          type="password"
          autocomplete="off"
          required
          value={token}
          aria-invalid={problems.token ? true : undefined}
          aria-describedby={problems.token ? 'setup-token-problem' : undefined}
          onInput={(event) => setToken(event.currentTarget.value)}
        />
        {problems.token ? (
          <p id="setup-token-problem" class="field-problem">
            {problems.token}
          </p>
        ) : null}
        <label for="setup-base">API base URL (optional)</label>
        <input
          id="setup-base"
          ref={baseInput}
          type="url"
          inputMode="url"
          autocomplete="off"
          value={baseUrl}
          aria-invalid={problems.baseUrl ? true : undefined}
          aria-describedby={problems.baseUrl ? 'setup-base-problem' : 'setup-base-hint'}
          onInput={(event) => setBaseUrl(event.currentTarget.value)}
        />
        {problems.baseUrl ? (
          <p id="setup-base-problem" class="field-problem">
            {problems.baseUrl}
          </p>
        ) : (
          <p id="setup-base-hint" class="hint">
            Leave it as this site unless support gave you another address.
          </p>
        )}
        {problems.save ? (
          <p role="alert" class="field-problem">
            {problems.save}
          </p>
        ) : null}
        <button type="submit" class="button button-primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save and start'}
        </button>
        {onCancel ? (
          <button type="button" class="button" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </form>
    </main>
  );
}

type Validated = { ok: true; token: string; baseUrl: string; problems: Problems } | { ok: false; problems: Problems };

/** Checks the form; the base URL becomes '' when it is this origin (or left empty). */
export function validate(token: string, baseUrl: string, origin: string): Validated {
  const problems: Problems = {};
  const cleanToken = token.trim();
  if (cleanToken === '') problems.token = 'Enter the API token.';
  else if (/\s/.test(cleanToken)) problems.token = 'The token has no spaces in it: check what was pasted.';
  else if (tokenProblem(cleanToken) !== null)
    problems.token = 'The token has characters an API token never has: check what was pasted.';
  let cleanBase = baseUrl.trim().replace(/\/+$/, '');
  if (cleanBase === origin.replace(/\/+$/, '')) cleanBase = '';
  if (!isApiBase(cleanBase))
    problems.baseUrl = 'Enter a full address starting with https:// (or leave this site\u2019s address).';
  if (problems.token || problems.baseUrl) return { ok: false, problems };
  return { ok: true, token: cleanToken, baseUrl: cleanBase, problems };
}
