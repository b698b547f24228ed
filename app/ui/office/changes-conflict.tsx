/**
 * A change held because Epos Now changed the same fields meanwhile, as a decision a manager can
 * make without reading JSON: per field, its value where the edit started, what this till set,
 * and what Epos Now has now.
 */
import { FIELD_LABELS } from '../../epos/app-config.ts';
import type { FieldConflict } from '../../epos/field-merge.ts';
import { type FieldSpec, isFormKind, KIND_FIELDS } from '../../epos/kind-fields.ts';
import type { OutboxTarget } from '../../store/schema.ts';
import type { Money } from '../../till/money.ts';
import { fieldText } from './record-text.ts';

/** Props of {@link ChangesConflict}. */
export interface ChangesConflictProps {
  target: OutboxTarget;
  /** The entry in words ("Update Product 12 (Tea)"). */
  title: string;
  conflicts: readonly FieldConflict[];
  /** The shop's money, for prices; without it a price is written with its two decimals. */
  money?: Money;
}

/** What the conflict is and the table of the fields in it. */
export function ChangesConflict({ target, title, conflicts, money }: ChangesConflictProps) {
  return (
    <div class="change-conflict">
      <p>
        Changed on Epos Now too since this edit started, so nothing was sent. Keep mine sends this till’s values; Keep
        theirs keeps Epos Now’s (the change’s other fields are sent either way); Edit lets you type the values to send.
      </p>
      <div class="change-conflict-scroll">
        <table class="change-conflict-table">
          <caption>{`${title}: changed on this till and on Epos Now`}</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">When the edit started</th>
              <th scope="col">This till set</th>
              <th scope="col">Epos Now has now</th>
            </tr>
          </thead>
          <tbody>
            {conflicts.map(({ field, base, mine, theirs }) => {
              const spec = specOf(target, field);
              return (
                <tr key={field}>
                  <th scope="row">{labelOf(target, field, spec)}</th>
                  <td>{valueText(spec, base, money)}</td>
                  <td>{valueText(spec, mine, money)}</td>
                  <td>{valueText(spec, theirs, money)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function specOf(target: OutboxTarget, field: string): FieldSpec | undefined {
  if (target === 'settings' || !isFormKind(target)) return undefined;
  return KIND_FIELDS[target].find((spec) => spec.key === field);
}

/** What a person calls the field: its label where the app has one, else the API's key. */
function labelOf(target: OutboxTarget, field: string, spec: FieldSpec | undefined): string {
  if (target === 'settings')
    return Object.hasOwn(FIELD_LABELS, field) ? FIELD_LABELS[field as keyof typeof FIELD_LABELS] : field;
  return spec?.label ?? field;
}

/** A value as a manager reads it: "(empty)" for none, Yes/No, a price as money, a list as JSON. */
function valueText(spec: FieldSpec | undefined, value: unknown, money?: Money): string {
  if (value === null || value === undefined) return '(empty)';
  if (value === '') return '(blank)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (spec?.type === 'money' && typeof value === 'number' && Number.isFinite(value))
    return money ? money.format(money.toMinor(value)) : fieldText(spec, value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
