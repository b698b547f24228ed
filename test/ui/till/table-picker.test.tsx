// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import type { SeatingTable } from '../../../app/epos/records.ts';
import { placeTables, TablePicker } from '../../../app/ui/till/table-picker.tsx';
import { table } from './fixture.ts';

afterEach(cleanup);

function Harness({ tables }: { tables: readonly SeatingTable[] }) {
  const [tableId, setTableId] = useState<number | null>(null);
  return <TablePicker tables={tables} tableId={tableId} onChange={setTableId} />;
}

const group = () => screen.getByRole('group', { name: 'Table' });
const pressed = () =>
  within(group())
    .getAllByRole('button')
    .filter((button) => button.getAttribute('aria-pressed') === 'true')
    .map((button) => button.textContent);

describe('TablePicker', () => {
  it('picks one table at a time, or none', () => {
    render(
      <Harness
        tables={[
          table(1, 'T1', 2),
          table(2, 'T2', null),
          { ...table(0, 'Patio', 6), TableID: undefined, Id: 3 } as SeatingTable,
        ]}
      />,
    );
    expect(
      within(group())
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['No table', 'T1 2 seats', 'T2', 'Patio 6 seats']);
    // Named by what they show, as WCAG's label-in-name asks.
    expect(
      within(group())
        .getAllByRole('button')
        .every((button) => !button.hasAttribute('aria-label')),
    ).toBe(true);
    expect(pressed()).toEqual(['No table']);
    fireEvent.click(screen.getByRole('button', { name: 'T1 2 seats' }));
    expect(pressed()).toEqual(['T1 2 seats']);
    fireEvent.click(screen.getByRole('button', { name: 'Patio 6 seats' }));
    expect(pressed()).toEqual(['Patio 6 seats']);
    fireEvent.click(screen.getByRole('button', { name: 'No table' }));
    expect(pressed()).toEqual(['No table']);
  });

  it('wraps tables without positions in a grid', () => {
    render(<Harness tables={[table(1, 'T1', 2), table(2, 'T2', 4, 100, 100)]} />);
    const button = screen.getByRole('button', { name: 'T1 2 seats' });
    expect(button.parentElement?.className).toBe('table-grid');
    expect(button.style.gridRow).toBe('');
  });

  it('lays out a floor plan by position, buttons in reading order so Tab follows the room', () => {
    // Drawn as:   Bar(0,0)      Window(400,0)
    //             Booth(0,250)  Snug(250,250)  Door(400,250)
    render(
      <Harness
        tables={[
          table(5, 'Door', 2, 400, 250),
          table(1, 'Window', 4, 400, 0),
          table(2, 'Booth', 6, 0, 250),
          table(3, 'Bar', 2, 0, 0),
          table(4, 'Snug', 2, 250, 250),
        ]}
      />,
    );
    const buttons = within(group()).getAllByRole('button').slice(1);
    expect(buttons.map((button) => button.firstChild?.textContent)).toEqual(['Bar', 'Window', 'Booth', 'Snug', 'Door']);
    expect(buttons.map((button) => `${button.style.gridRow}/${button.style.gridColumn}`)).toEqual([
      '1/1',
      '1/3',
      '2/1',
      '2/2',
      '2/3',
    ]);
    expect(buttons[0]?.parentElement?.className).toBe('table-plan');
  });

  it('moves a table drawn on top of another to the next cell', () => {
    const placed = placeTables([table(1, 'A', 2, 10, 10), table(2, 'B', 2, 10, 10), table(3, 'C', 2, 20, 10)]);
    expect(placed.map(({ table: t, cell }) => `${t.Name}@${cell?.row},${cell?.column}`)).toEqual([
      'A@1,1',
      'B@1,2',
      'C@1,3',
    ]);
  });

  it('shows nothing when the shop has no tables', () => {
    const { container } = render(<Harness tables={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
