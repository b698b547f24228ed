/**
 * A JSON text area that says what is wrong before anything is sent. Record data is only ever
 * text in it, never markup.
 */
import { useId } from 'preact/hooks';

/** Props of {@link JsonEditor}. */
export interface JsonEditorProps {
  /** Accessible name ("Record JSON"). */
  label: string;
  value: string;
  onInput: (text: string) => void;
  /** What is wrong with the text, shown under it and tied to it for screen readers. */
  error?: string | null | undefined;
  rows?: number;
  readOnly?: boolean;
}

/** Labelled text area for JSON, with its error. */
export function JsonEditor({ label, value, onInput, error, rows = 12, readOnly = false }: JsonEditorProps) {
  const id = useId();
  return (
    <div class="json-editor">
      <label for={id}>{label}</label>
      <textarea
        id={id}
        class="json-text"
        rows={rows}
        spellcheck={false}
        autocomplete="off"
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value}
        onInput={(event) => onInput(event.currentTarget.value)}
      />
      {error ? (
        <p id={`${id}-error`} class="field-problem" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
