// @vitest-environment happy-dom
/**
 * The Pending changes screen for an update or a settings save held because Epos Now changed the
 * same fields meanwhile (issue 24), and for an update whose record Epos Now no longer has. The
 * entries are held the real way: queued, then replayed against the stand-in.
 */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWriter } from '../../../app/page/writer.ts';
import { enqueue } from '../../../app/store/outbox.ts';
import type { OutboxEntry } from '../../../app/store/schema.ts';
import { createMoney } from '../../../app/till/money.ts';
import { ChangesScreen } from '../../../app/ui/office/changes-screen.tsx';
import { type ReplayDeps, replay } from '../../../sw/outbox/replay.ts';
import { pullKind } from '../../../sw/pull.ts';
import { freshDb, standinClient } from '../../store/fixture.ts';

afterEach(cleanup);

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const MONEY = createMoney('GBP', 'en-GB');
const PRODUCT = 'Update Product 5 (Mine)';
const MAY_OR_MAY_NOT = 'may or may not have received it';

async function setup() {
  const db = await freshDb();
  const { standin, client } = standinClient();
  await pullKind({ db, client }, 'Product');
  const deps: ReplayDeps = { db, client, now: () => NOW, random: () => 0.5, retryBaseMs: 1_000, leaseMs: 0 };
  const target = new EventTarget();
  const channel = {
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    postMessage: vi.fn(),
  };
  const writer = createWriter({ db, channel, notify: vi.fn(), now: () => NOW, waitMs: 10 });
  /** What a person elsewhere (Epos Now's own back office, another till) changes meanwhile. */
  const elsewhere = (kind: 'Product' | 'Customer', id: number, change: Record<string, unknown>) =>
    standin.put(kind, { ...standin.record(kind, id), ...change });
  const show = async () => {
    render(<ChangesScreen writer={writer} outbox={undefined} now={NOW} money={MONEY} />);
    return screen.findByRole('list', { name: 'Changes waiting' });
  };
  return { db, standin, deps, elsewhere, show };
}

/**
 * Product 5 (Kombucha, sold at 1.59, no description) changed on this till (price 2.50, a
 * description, a new name) while Epos Now's back office set its price to 3 and a description.
 */
async function productConflict(fixture: Awaited<ReturnType<typeof setup>>): Promise<OutboxEntry> {
  const { db, standin, deps, elsewhere } = fixture;
  const shown = standin.record('Product', 5)!;
  expect(shown).toMatchObject({ SalePrice: 1.59, Description: null });
  elsewhere('Product', 5, { SalePrice: 3, Description: 'Fizzy' });
  await enqueue(
    db,
    {
      op: 'update',
      kind: 'Product',
      id: 5,
      body: { SalePrice: 2.5, Description: 'Sparkling', Name: 'Mine' },
      base: shown,
    },
    NOW,
  );
  await replay(deps);
  const [held] = await db.getAll('outbox');
  expect(held).toMatchObject({ state: 'held', error: { name: 'EditConflict' } });
  return held!;
}

/** The table's rows as text: a header row, then per field its label and three values. */
function tableRows(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.children, (cell) => cell.textContent ?? ''));
}

const button = (name: string) => screen.getByRole('button', { name });

describe('ChangesScreen: a change Epos Now changed too', () => {
  it('shows each field of a record in a table: where the edit started, this till’s value, Epos Now’s now', async () => {
    const fixture = await setup();
    await productConflict(fixture);
    await fixture.show();
    const table = screen.getByRole('table', { name: `${PRODUCT}: changed on this till and on Epos Now` });
    expect(tableRows(table)).toEqual([
      ['Field', 'When the edit started', 'This till set', 'Epos Now has now'],
      ['Sale price', '£1.59', '£2.50', '£3.00'],
      ['Description', '(empty)', 'Sparkling', 'Fizzy'],
    ]);
    // Field names head their rows, and the column names their columns, for screen readers.
    expect(within(table).getByRole('rowheader', { name: 'Sale price' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Epos Now has now' })).toBeTruthy();
    const entry = screen.getByRole('listitem', { name: PRODUCT });
    expect(entry.textContent).toContain('Needs a decision');
    expect(entry.textContent).toContain('Changed on Epos Now too since this edit started, so nothing was sent.');
    expect(entry.textContent).not.toContain(MAY_OR_MAY_NOT);
    fixture.db.close();
  });

  it('shows each key of a settings save, by its label where the app has one', async () => {
    const { db, standin, deps, show } = await setup();
    const start = { version: 1, currency: 'GBP', tillName: 'Front' };
    standin.settingsText = JSON.stringify({ ...start, currency: 'EUR', receiptFooter: 'Thanks' });
    await enqueue(
      db,
      { op: 'save', document: { ...start, currency: 'USD', receiptFooter: 'Ta', tillName: 'Back' }, base: start },
      NOW,
    );
    await replay(deps);
    await show();
    const table = screen.getByRole('table', { name: 'Save settings: changed on this till and on Epos Now' });
    expect(tableRows(table).slice(1)).toEqual([
      ['Currency', 'GBP', 'USD', 'EUR'],
      ['receiptFooter', '(empty)', 'Ta', 'Thanks'],
    ]);
    db.close();
  });

  it('offers Keep mine, Keep theirs, Edit and Discard, and no Retry (it would meet the same conflict)', async () => {
    const fixture = await setup();
    await productConflict(fixture);
    await fixture.show();
    const entry = screen.getByRole('listitem', { name: PRODUCT });
    expect(
      within(entry)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([`Keep mine: ${PRODUCT}`, `Keep theirs: ${PRODUCT}`, `Edit ${PRODUCT}`, `Discard ${PRODUCT}`]);
    expect(within(entry).queryByRole('button', { name: /^Retry/ })).toBeNull();
    fixture.db.close();
  });

  it('Keep mine queues this till’s values over Epos Now’s, and the next send puts them there', async () => {
    const fixture = await setup();
    const held = await productConflict(fixture);
    await fixture.show();
    fireEvent.click(button(`Keep mine: ${PRODUCT}`));
    await waitFor(() =>
      expect(screen.getByRole('listitem', { name: PRODUCT }).textContent).toContain('Waiting to be sent'),
    );
    expect(screen.queryByRole('table')).toBeNull();
    const stored = await fixture.db.get('outbox', held.seq);
    expect(stored).toMatchObject({ state: 'pending', error: null });
    expect(stored?.conflicts).toBeUndefined();
    expect(stored?.base).toMatchObject({ SalePrice: 3, Description: 'Fizzy' });
    await replay(fixture.deps);
    expect(fixture.standin.record('Product', 5)).toMatchObject({
      SalePrice: 2.5,
      Description: 'Sparkling',
      Name: 'Mine',
    });
    expect(await fixture.db.count('outbox')).toBe(0);
    fixture.db.close();
  });

  it('Keep theirs takes the fields out of the change; the rest is still sent', async () => {
    const fixture = await setup();
    const held = await productConflict(fixture);
    await fixture.show();
    fireEvent.click(button(`Keep theirs: ${PRODUCT}`));
    await waitFor(() =>
      expect(screen.getByRole('listitem', { name: PRODUCT }).textContent).toContain('Waiting to be sent'),
    );
    expect((await fixture.db.get('outbox', held.seq))?.body).toEqual({ Name: 'Mine' });
    await replay(fixture.deps);
    expect(fixture.standin.record('Product', 5)).toMatchObject({ SalePrice: 3, Description: 'Fizzy', Name: 'Mine' });
    fixture.db.close();
  });

  it('Keep theirs on a change of nothing but the conflicting field leaves nothing to send', async () => {
    const { db, standin, deps, elsewhere, show } = await setup();
    const shown = standin.record('Product', 6)!;
    elsewhere('Product', 6, { SalePrice: 3 });
    await enqueue(db, { op: 'update', kind: 'Product', id: 6, body: { SalePrice: 2.5 }, base: shown }, NOW);
    await replay(deps);
    await show();
    const title = `Update Product 6`;
    fireEvent.click(button(`Keep theirs: ${title}`));
    await screen.findByText('Every change is on Epos Now.');
    expect(await db.count('outbox')).toBe(0);
    db.close();
  });

  it('Edit shows what this till sends; saving keeps the typed values over Epos Now’s', async () => {
    const fixture = await setup();
    const held = await productConflict(fixture);
    await fixture.show();
    fireEvent.click(button(`Edit ${PRODUCT}`));
    // The three values stay in view while the person types.
    expect(screen.getByRole('table', { name: `${PRODUCT}: changed on this till and on Epos Now` })).toBeTruthy();
    const box = screen.getByRole('textbox', { name: `Fields of ${PRODUCT}` }) as HTMLTextAreaElement;
    expect(JSON.parse(box.value)).toEqual({ SalePrice: 2.5, Description: 'Sparkling', Name: 'Mine' });
    fireEvent.input(box, { target: { value: '{"SalePrice": 2.75, "Description": "Fizzy", "Name": "Mine"}' } });
    fireEvent.click(button(`Save and send ${PRODUCT}`));
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    const stored = await fixture.db.get('outbox', held.seq);
    expect(stored).toMatchObject({
      state: 'pending',
      body: { SalePrice: 2.75, Description: 'Fizzy', Name: 'Mine' },
      base: { SalePrice: 3, Description: 'Fizzy' },
    });
    await replay(fixture.deps);
    expect(fixture.standin.record('Product', 5)).toMatchObject({ SalePrice: 2.75, Description: 'Fizzy' });
    fixture.db.close();
  });

  it('Edit refuses a value Epos Now would refuse, and the change stays held', async () => {
    const fixture = await setup();
    const held = await productConflict(fixture);
    await fixture.show();
    fireEvent.click(button(`Edit ${PRODUCT}`));
    const box = screen.getByRole('textbox', { name: `Fields of ${PRODUCT}` });
    fireEvent.input(box, { target: { value: '{"SalePrice": "cheap"}' } });
    fireEvent.click(button(`Save and send ${PRODUCT}`));
    expect((await screen.findByRole('alert')).textContent).toContain(
      `Could not save ${PRODUCT}: Sale price must be a number`,
    );
    expect((await fixture.db.get('outbox', held.seq))?.state).toBe('held');
    expect(screen.getByRole('textbox', { name: `Fields of ${PRODUCT}` })).toBeTruthy();
    fixture.db.close();
  });
});

describe('ChangesScreen: an update of a record Epos Now no longer has', () => {
  it('says the record is gone and what to do, not that Epos Now may have received it', async () => {
    const { db, standin, deps, show } = await setup();
    await enqueue(db, { op: 'update', kind: 'Customer', id: 3, body: { Notes: 'late' }, base: { Notes: null } }, NOW);
    standin.remove('Customer', 3);
    await replay(deps);
    await show();
    const entry = screen.getByRole('listitem', { name: 'Update Customer 3' });
    expect(entry.textContent).toContain('Needs a decision');
    expect(entry.textContent).toContain(
      'Epos Now no longer has this record (deleted there?), so this change cannot be made. Discard it, or create the record again by hand if it should still be there; Retry only asks Epos Now again.',
    );
    expect(entry.textContent).not.toContain(MAY_OR_MAY_NOT);
    expect(within(entry).queryByRole('table')).toBeNull();
    expect(within(entry).getByRole('button', { name: 'Discard Update Customer 3' })).toBeTruthy();
    db.close();
  });
});
