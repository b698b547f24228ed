/**
 * The basket's table. Tables with floor-plan positions are laid out as the room is (each distinct
 * PosX a column, each PosY a row, so the plan keeps its shape whatever units it was drawn in);
 * otherwise they wrap in a grid. Buttons come in reading order either way, so Tab follows the plan.
 */
import { useMemo } from 'preact/hooks';
import { recordId } from '../../epos/ids.ts';
import type { SeatingTable } from '../../epos/records.ts';

/** Props of {@link TablePicker}. */
export interface TablePickerProps {
  tables: readonly SeatingTable[];
  tableId: number | null;
  onChange(tableId: number | null): void;
}

/** A table and, on a floor plan, its cell (1-based). */
export interface PlacedTable {
  id: number;
  table: SeatingTable;
  cell?: { row: number; column: number };
}

/** The table buttons; nothing when the shop has no tables. */
export function TablePicker({ tables, tableId, onChange }: TablePickerProps) {
  const placed = useMemo(() => placeTables(tables), [tables]);
  if (placed.length === 0) return null;
  return (
    <section class="till-panel">
      <h2>Table</h2>
      <div role="group" aria-label="Table" class="table-picker">
        <button type="button" class="button" aria-pressed={tableId === null} onClick={() => onChange(null)}>
          No table
        </button>
        <div class={placed[0]?.cell ? 'table-plan' : 'table-grid'}>
          {placed.map(({ id, table, cell }) => (
            <button
              key={id}
              type="button"
              class="button table-button"
              // Set through the DOM, which the page's CSP allows (a style attribute it would not).
              style={cell ? { gridRow: cell.row, gridColumn: cell.column } : undefined}
              aria-pressed={id === tableId}
              // Named by what it shows (the table, then its seats), so a voice command can say what it sees.
              onClick={() => onChange(id)}
            >
              {table.Name}
              {table.Seats ? <small> {table.Seats} seats</small> : null}
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}

/** Tables with ids, placed on a plan when every one has a position, in reading order. */
export function placeTables(tables: readonly SeatingTable[]): PlacedTable[] {
  const found = tables.flatMap((table) => {
    const id = recordId('SeatingTable', table);
    return id === undefined ? [] : [{ id, table }];
  });
  if (!found.every(({ table }) => typeof table.PosX === 'number' && typeof table.PosY === 'number')) return found;
  const rank = (values: number[]) => {
    const sorted = [...new Set(values)].sort((a, b) => a - b);
    return (value: number) => sorted.indexOf(value) + 1;
  };
  const columnOf = rank(found.map(({ table }) => table.PosX as number));
  const rowOf = rank(found.map(({ table }) => table.PosY as number));
  const taken = new Set<string>();
  return found
    .map(({ id, table }) => {
      const row = rowOf(table.PosY as number);
      let column = columnOf(table.PosX as number);
      // Two tables drawn on one spot: the second moves right rather than hiding the first.
      while (taken.has(`${row},${column}`)) column++;
      taken.add(`${row},${column}`);
      return { id, table, cell: { row, column } };
    })
    .sort((a, b) => a.cell.row - b.cell.row || a.cell.column - b.cell.column);
}
