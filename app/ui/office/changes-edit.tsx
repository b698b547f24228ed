/** Changing the fields of a change Epos Now refused, checked as JSON before it is sent again. */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { OpenRecord } from '../../epos/records.ts';
import { JsonEditor } from './json-editor.tsx';
import { formatJson, parseJsonText } from './json-text.ts';

/** Props of {@link ChangesEdit}. */
export interface ChangesEditProps {
  /** The entry in words ("Update Product 12"). */
  title: string;
  /** What the entry sends now. */
  body: unknown;
  busy: boolean;
  onSave: (body: OpenRecord) => void;
  onCancel: () => void;
}

/** The JSON editor with Save and Cancel. */
export function ChangesEdit({ title, body, busy, onSave, onCancel }: ChangesEditProps) {
  const [text, setText] = useState(() => formatJson(body ?? {}));
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLFormElement>(null);
  const focusText = (): void => box.current?.querySelector('textarea')?.focus();
  useEffect(focusText, []);

  const submit = (event: Event): void => {
    event.preventDefault();
    const parsed = parseJsonText(text, { object: true });
    if (!parsed.ok) {
      setError(parsed.error);
      focusText();
      return;
    }
    onSave(parsed.value as OpenRecord);
  };

  return (
    <form ref={box} class="change-edit" aria-label={`Edit ${title}`} onSubmit={submit}>
      <JsonEditor
        label={`Fields of ${title}`}
        value={text}
        rows={8}
        error={error}
        onInput={(value) => {
          setText(value);
          setError(null);
        }}
      />
      <div class="change-actions">
        <button type="submit" class="button button-primary" disabled={busy} aria-label={`Save and send ${title}`}>
          Save and send
        </button>
        <button type="button" class="button" onClick={onCancel} aria-label={`Cancel editing ${title}`}>
          Cancel
        </button>
      </div>
    </form>
  );
}
