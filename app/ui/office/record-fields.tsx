/** A record's typed fields as labelled controls, each with its problem tied to it for screen readers. */
import type { FieldProblems, FieldSpec } from '../../epos/kind-fields.ts';
import { SettingsField } from './settings-field.tsx';

/** Props of {@link RecordFields}. */
export interface RecordFieldsProps {
  /** Prefix of every control's id: a field's control is `${id}-${key}`. */
  id: string;
  fields: readonly FieldSpec[];
  /** What each control shows: text as typed, or a checkbox's state. */
  shown: (spec: FieldSpec) => string | boolean;
  problems: FieldProblems;
  onEdit: (spec: FieldSpec, value: string | boolean) => void;
  /** A control was left: its value can be checked now. */
  onLeave: (spec: FieldSpec) => void;
}

// Text boxes rather than type="number": a number box hides what it cannot parse ("2,50" reads
// as ""), so the problem could not be named and switching to JSON would lose what was typed.
const INPUT_MODE: Partial<Record<FieldSpec['type'], 'decimal' | 'numeric'>> = {
  money: 'decimal',
  number: 'decimal',
  integer: 'numeric',
  id: 'numeric',
};

/** The fields in a grid: as many columns as fit. */
export function RecordFields({ id, fields, shown, problems, onEdit, onLeave }: RecordFieldsProps) {
  return (
    <div class="record-fields">
      {fields.map((spec) => {
        const control = `${id}-${spec.key}`;
        const problem = problems[spec.key];
        if (spec.type === 'boolean') {
          return (
            <div key={spec.key} class="record-check">
              <label class="settings-check">
                <input
                  type="checkbox"
                  id={control}
                  checked={shown(spec) === true}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${control}-error` : undefined}
                  onChange={(event) => onEdit(spec, event.currentTarget.checked)}
                />
                {spec.label}
              </label>
              {problem ? (
                <p id={`${control}-error`} class="field-problem">
                  {problem}
                </p>
              ) : null}
            </div>
          );
        }
        return (
          <SettingsField
            key={spec.key}
            id={control}
            label={spec.required ? `${spec.label} (required)` : spec.label}
            hint={spec.type === 'date' ? 'Such as 2015-12-10.' : undefined}
            error={problem}
          >
            {(attributes) => (
              <input
                {...attributes}
                type="text"
                inputMode={INPUT_MODE[spec.type]}
                autocomplete="off"
                spellcheck={spec.type === 'string'}
                required={spec.required}
                value={String(shown(spec))}
                onInput={(event) => onEdit(spec, event.currentTarget.value)}
                onBlur={() => onLeave(spec)}
              />
            )}
          </SettingsField>
        );
      })}
    </div>
  );
}
