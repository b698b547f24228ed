/**
 * One page of records as a table: the id and a few leading fields, each cell plain text cut
 * short by CSS (the full value stays in the DOM and in the tooltip).
 */
import { recordId } from '../../epos/ids.ts';
import { CONTRACT_ID_KEY, KINDS, type Kind } from '../../epos/kinds.ts';
import type { OpenRecord } from '../../epos/records.ts';

/** Props of {@link RecordsTable}. */
export interface RecordsTableProps {
  kind: Kind;
  page: number;
  records: readonly OpenRecord[];
  onView: (id: number, record: OpenRecord) => void;
}

/** Columns after the id, at most. */
const MAX_COLUMNS = 4;

// The fields a person recognises a record by, where a kind has them.
const NAMING_FIELDS = ['Name', 'Reason', 'Forename', 'Surname', 'ShortDesc', 'Message'];

/** The page's table, scrolling sideways inside its box on a narrow screen. */
export function RecordsTable({ kind, page, records, onView }: RecordsTableProps) {
  const label = KINDS[kind].label;
  const caption = `${label} records, page ${page}`;
  const columns = columnsOf(kind, records);
  return (
    // Focusable so a keyboard can scroll it when it overflows (axe: scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus for keyboard users
    <div class="records-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table class="records-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">ID</th>
            {columns.map((field) => (
              <th key={field} scope="col">
                {field}
              </th>
            ))}
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {records.map((record, index) => {
            const id = recordId(kind, record);
            return (
              <tr key={id ?? `row-${index}`}>
                <th scope="row">{id ?? ''}</th>
                {columns.map((field) => {
                  const text = cellText(record[field]);
                  return (
                    <td key={field} title={text}>
                      {text}
                    </td>
                  );
                })}
                <td class="records-actions">
                  {id === undefined ? null : (
                    <button
                      type="button"
                      class="button"
                      aria-label={`View ${label} ${id}`}
                      onClick={() => onView(id, record)}
                    >
                      View
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Naming fields first, then the page's other text and number fields, in the records' own order. */
function columnsOf(kind: Kind, records: readonly OpenRecord[]): string[] {
  const ids = new Set([KINDS[kind].v2IdKey, CONTRACT_ID_KEY]);
  const scalar = new Set<string>();
  for (const record of records) {
    for (const [field, value] of Object.entries(record)) {
      if (!ids.has(field) && (typeof value === 'string' || typeof value === 'number')) scalar.add(field);
    }
  }
  const naming = NAMING_FIELDS.filter((field) => scalar.has(field));
  const rest = [...scalar].filter((field) => !naming.includes(field));
  return [...naming, ...rest].slice(0, MAX_COLUMNS);
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
