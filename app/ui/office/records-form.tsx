/** A record's fields as JSON to create or edit: checked before anything is sent, kept when storing fails. */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { OpenRecord } from '../../epos/records.ts';
import { JsonEditor } from './json-editor.tsx';
import { parseJsonText } from './json-text.ts';

/** Props of {@link RecordsForm}. */
export interface RecordsFormProps {
  /** "New Customer record", "Edit Customer 12". */
  heading: string;
  initialText: string;
  /** "Create", "Save changes". */
  submitLabel: string;
  /** Resolves with what went wrong, or undefined once the write is stored. */
  onSubmit: (body: OpenRecord) => Promise<string | undefined>;
  onCancel: () => void;
}

/** The editor with its submit and cancel buttons. */
export function RecordsForm({ heading, initialText, submitLabel, onSubmit, onCancel }: RecordsFormProps) {
  const [text, setText] = useState(initialText);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);

  async function submit(event: Event): Promise<void> {
    event.preventDefault();
    const parsed = parseJsonText(text, { object: true });
    setInvalid(parsed.ok ? null : parsed.error);
    setFailure(undefined);
    if (!parsed.ok) return;
    setBusy(true);
    const problem = await onSubmit(parsed.value as OpenRecord);
    // On success this form is gone; on failure the text stays for another try.
    if (problem !== undefined) {
      setFailure(problem);
      setBusy(false);
    }
  }

  return (
    <form class="records-panel" aria-label={heading} onSubmit={(event) => void submit(event)}>
      <h3 ref={title} tabIndex={-1}>
        {heading}
      </h3>
      <JsonEditor
        label="Record JSON"
        value={text}
        onInput={(next) => {
          setText(next);
          setInvalid(null);
        }}
        error={invalid}
        rows={16}
      />
      {failure ? (
        <p role="alert" class="sync-error">
          {failure}
        </p>
      ) : null}
      <div class="records-buttons">
        <button type="submit" class="button button-primary" disabled={busy}>
          {submitLabel}
        </button>
        <button type="button" class="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
