/**
 * A record's fields to create or edit, checked before anything is sent and kept when storing
 * fails. The kinds with a field table get typed fields, with the JSON as "Advanced"; switching
 * keeps what was typed, and a key the form does not show travels with the record unchanged.
 * Other kinds are edited as JSON only.
 */
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import {
  type FieldProblems,
  type FieldSpec,
  fieldProblem,
  isFormKind,
  KIND_FIELDS,
  validateFields,
} from '../../epos/kind-fields.ts';
import type { Kind } from '../../epos/kinds.ts';
import type { OpenRecord } from '../../epos/records.ts';
import { JsonEditor } from './json-editor.tsx';
import { formatJson, parseJsonText } from './json-text.ts';
import { NotSaved } from './not-saved.tsx';
import { RecordFields } from './record-fields.tsx';
import { fieldText, fieldValue } from './record-text.ts';

/** Props of {@link RecordsForm}. */
export interface RecordsFormProps {
  kind: Kind;
  /** "New Customer record", "Edit Customer 12". */
  heading: string;
  /** The record's fields without its id: a template for a new one, the server's copy to edit. */
  initial: OpenRecord;
  /** "Create", "Save changes". */
  submitLabel: string;
  /** Resolves with what went wrong, or undefined once the write is stored. */
  onSubmit: (body: OpenRecord) => Promise<string | undefined>;
  onCancel: () => void;
}

/** What was typed into a field (text), or a checkbox's state. */
type Edits = Record<string, string | boolean>;

/** The form (or JSON editor) with its submit and cancel buttons. */
export function RecordsForm({ kind, heading, initial, submitLabel, onSubmit, onCancel }: RecordsFormProps) {
  const id = useId();
  const fields = isFormKind(kind) ? KIND_FIELDS[kind] : undefined;
  const [mode, setMode] = useState<'form' | 'json'>(fields ? 'form' : 'json');
  // The record as last settled (given, or read back from the JSON) and the fields typed since.
  const [base, setBase] = useState(initial);
  const [edits, setEdits] = useState<Edits>({});
  const [text, setText] = useState(() => formatJson(initial));
  const [problems, setProblems] = useState<FieldProblems>({});
  const [blocked, setBlocked] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  const panel = useRef<HTMLFormElement>(null);
  useEffect(() => title.current?.focus(), []);

  const specs = fields ?? [];
  const meaning = (spec: FieldSpec, edit: string | boolean): unknown =>
    typeof edit === 'boolean' ? edit : fieldValue(spec, edit);
  /** The record the form stands for: every key of the base, the typed fields over it. */
  function current(): OpenRecord {
    const record: OpenRecord = { ...base };
    for (const spec of specs) {
      const edit = edits[spec.key];
      if (edit !== undefined) record[spec.key] = meaning(spec, edit);
    }
    return record;
  }
  const shown = (spec: FieldSpec): string | boolean =>
    edits[spec.key] ?? (spec.type === 'boolean' ? base[spec.key] === true : fieldText(spec, base[spec.key]));

  function switchTo(next: 'form' | 'json'): void {
    if (next === 'json') {
      setText(formatJson(current()));
    } else {
      const parsed = parseJsonText(text, { object: true });
      if (!parsed.ok) {
        setInvalid(`${parsed.error} Fix it to go back to the form.`);
        return;
      }
      setBase(parsed.value as OpenRecord);
      setEdits({});
      setProblems({});
      setBlocked(false);
    }
    setInvalid(null);
    setMode(next);
  }

  // After a switch, focus goes to what is now shown rather than staying on a button that moved.
  const switched = useRef(false);
  useEffect(() => {
    if (!switched.current) {
      switched.current = true;
      return;
    }
    panel.current?.querySelector<HTMLElement>(mode === 'json' ? 'textarea' : '.record-fields input')?.focus();
  }, [mode]);

  async function submit(event: Event): Promise<void> {
    event.preventDefault();
    setFailure(undefined);
    let body: OpenRecord;
    if (mode === 'form') {
      body = current();
      const found = validateFields(kind, body);
      setProblems(found);
      const first = specs.find((spec) => found[spec.key]);
      setBlocked(first !== undefined);
      if (first) {
        // Straight to the first field to fix, so its problem is read out.
        document.getElementById(`${id}-${first.key}`)?.focus();
        return;
      }
    } else {
      const parsed = parseJsonText(text, { object: true });
      const found = parsed.ok ? Object.values(validateFields(kind, parsed.value as OpenRecord)) : [];
      setInvalid(parsed.ok ? (found.length > 0 ? found.join(' ') : null) : parsed.error);
      if (!parsed.ok || found.length > 0) return;
      body = parsed.value as OpenRecord;
    }
    setBusy(true);
    const problem = await onSubmit(body);
    // On success this form is gone; on failure what was typed stays for another try.
    if (problem !== undefined) {
      setFailure(problem);
      setBusy(false);
    }
  }

  const listed = specs.flatMap((spec) => problems[spec.key] ?? []);
  return (
    <form ref={panel} class="records-panel" aria-label={heading} noValidate onSubmit={(event) => void submit(event)}>
      <h3 ref={title} tabIndex={-1}>
        {heading}
      </h3>
      {fields ? (
        <div class="records-buttons">
          <button type="button" class="button" onClick={() => switchTo(mode === 'form' ? 'json' : 'form')}>
            {mode === 'form' ? 'Advanced (JSON)' : 'Back to the form'}
          </button>
        </div>
      ) : null}
      {mode === 'form' ? (
        <RecordFields
          id={id}
          fields={specs}
          shown={shown}
          problems={problems}
          onEdit={(spec, value) => setEdits((before) => ({ ...before, [spec.key]: value }))}
          onLeave={(spec) => {
            const edit = edits[spec.key];
            // Only what someone typed is judged on leaving; an untouched field waits for Create.
            if (edit === undefined) return;
            setProblems(({ [spec.key]: _, ...rest }) => {
              const problem = fieldProblem(spec, meaning(spec, edit));
              return problem ? { ...rest, [spec.key]: problem } : rest;
            });
          }}
        />
      ) : (
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
      )}
      {mode === 'form' && blocked ? <NotSaved problems={listed} /> : null}
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
