/**
 * Back office › Sync: the Epos Now API this till talks to, the way to change it, and the
 * spelling of the one path a real account may spell otherwise (discount reasons).
 */
import { useState } from 'preact/hooks';
import { ALTERNATIVE_SEGMENTS, KINDS } from '../../epos/kinds.ts';
import { isStoreError } from '../../page/problem.ts';
import { reportBug } from '../bug.ts';

/** Props of {@link ApiConnection}. */
export interface ApiConnectionProps {
  /** The stored API base; '' for this site's own origin (a same-origin proxy). */
  baseUrl: string;
  /** This page's origin. */
  origin: string;
  /** Opens the setup form to change the base (and enter the token again). */
  onChange: () => void;
  /** The discount reasons' path segment in use. */
  discountReasons: string;
  /** A manager chose another spelling of it: stored, and the till starts again with it. */
  onDiscountReasons: (segment: string) => Promise<void>;
}

/** The contract's spelling first, then public material's. */
const SPELLINGS = [KINDS.DiscountReason.segment, ...(ALTERNATIVE_SEGMENTS.DiscountReason ?? [])];

/** "Epos Now API: https://api.eposnowhq.com" and "Change API connection". */
export function ApiConnection({ baseUrl, origin, onChange, discountReasons, onDiscountReasons }: ApiConnectionProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const choose = async (segment: string): Promise<void> => {
    setProblem(null);
    try {
      await onDiscountReasons(segment);
    } catch (error) {
      // Storing it failed (a full disk...): the till goes on with the spelling it had.
      setProblem(isStoreError(error) ? `Not changed: ${error.message}` : reportBug(error));
    }
  };
  return (
    <section class="api-connection" aria-labelledby="api-connection-heading">
      <h3 id="api-connection-heading">API connection</h3>
      <p>
        Epos Now API: <code>{baseUrl || origin}</code>
        {baseUrl ? null : ' (this site, which passes requests on to Epos Now)'}
      </p>
      <p class="hint">
        Change it only if support gave you another address. The token is asked for again, so it goes to the new address
        only with a person&rsquo;s word; the till keeps its catalog and its unsent changes.
      </p>
      <button type="button" class="button" onClick={onChange}>
        Change API connection
      </button>
      <label for="discount-reasons-path">Discount reasons are at</label>
      <select
        id="discount-reasons-path"
        aria-describedby="discount-reasons-hint"
        value={discountReasons}
        onChange={(event) => void choose(event.currentTarget.value)}
      >
        {SPELLINGS.map((segment) => (
          <option key={segment} value={segment}>
            /api/V2/{segment}
          </option>
        ))}
      </select>
      {problem ? (
        <p role="alert" class="field-problem">
          {problem}
        </p>
      ) : null}
      <p id="discount-reasons-hint" class="hint">
        The contract spells it {KINDS.DiscountReason.segment}; Epos Now&rsquo;s public material, DiscountReason. The
        till switches by itself when the API answers only the other, and remembers it.
      </p>
    </section>
  );
}
