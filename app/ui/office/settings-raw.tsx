/**
 * The stored settings document as JSON, for what the form cannot show (another tool's keys) or
 * cannot fix (a document another app wrote). A document the till would read with problems is
 * saved only after a second, explicit yes.
 */
import { useState } from 'preact/hooks';
import { readConfig } from '../../epos/app-config.ts';
import type { WriteOptions, WriteResult } from '../../page/writer.ts';
import { JsonEditor } from './json-editor.tsx';
import { formatJson, parseJsonText } from './json-text.ts';
import { SaveMessage, useSaving } from './settings-saving.tsx';

/** Props of {@link SettingsRaw}. */
export interface SettingsRawProps {
  /** The stored document (null when nothing was saved). */
  document: unknown;
  onSave(document: unknown, options: WriteOptions): Promise<WriteResult>;
}

/** A parsed document waiting for "Save anyway". */
interface Doubtful {
  value: unknown;
  problems: string[];
}

/** The JSON editor with Save JSON, and the confirmation for a document with problems. */
export function SettingsRaw({ document, onSave }: SettingsRawProps) {
  // Null until someone types: the editor shows the stored document as it changes.
  const [edited, setEdited] = useState<string | null>(null);
  const text = edited ?? formatJson(document ?? {});
  const [invalid, setInvalid] = useState<string | null>(null);
  const [doubtful, setDoubtful] = useState<Doubtful | null>(null);
  const saving = useSaving();
  async function save(value: unknown): Promise<void> {
    setDoubtful(null);
    if (await saving.run((options) => onSave(value, options))) setEdited(null);
  }
  function submit(event: Event): void {
    event.preventDefault();
    const parsed = parseJsonText(text, { object: true });
    setInvalid(parsed.ok ? null : parsed.error);
    if (!parsed.ok) return;
    const { problems } = readConfig(parsed.value);
    if (problems.length > 0) setDoubtful({ value: parsed.value, problems });
    else void save(parsed.value);
  }

  return (
    <form class="settings-raw" noValidate onSubmit={submit}>
      <JsonEditor
        label="Settings JSON"
        value={text}
        error={invalid}
        rows={14}
        onInput={(next) => {
          setEdited(next);
          setInvalid(null);
          setDoubtful(null);
          saving.clear();
        }}
      />
      {doubtful ? (
        <div role="alert" class="warning settings-confirm">
          <p>
            <strong>The till would not use all of this document:</strong>
          </p>
          <ul>
            {doubtful.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          <p>Save it anyway?</p>
          <div class="settings-buttons">
            <button type="button" class="button button-primary" onClick={() => void save(doubtful.value)}>
              Save anyway
            </button>
            <button type="button" class="button" onClick={() => setDoubtful(null)}>
              Keep editing
            </button>
          </div>
        </div>
      ) : (
        <div class="settings-buttons">
          <button type="submit" class="button button-primary" disabled={saving.outcome.state === 'saving'}>
            {saving.outcome.state === 'saving' ? 'Saving…' : 'Save JSON'}
          </button>
        </div>
      )}
      <SaveMessage outcome={saving.outcome} />
    </form>
  );
}
