/**
 * The refresh of a big kind (sw/pull-refresh.ts) against the stand-in: what it asks, what it
 * finds, and when it leaves the work to a whole walk. 5,000 products: 25 pages.
 */
import { describe, expect, it } from 'vitest';
import { recordId } from '../../app/epos/ids.ts';
import { PAGE_SIZE } from '../../app/epos/kinds.ts';
import type { OpenRecord } from '../../app/epos/records.ts';
import { readAll, readKindMeta, readOne } from '../../app/store/catalog.ts';
import { type PullOutcome, type PullProgress, pullKind } from '../../sw/pull.ts';
import { FULL_WALK_MS, MAX_HOT_PAGES, SAMPLE_PAGES } from '../../sw/pull-refresh.ts';
import { freshDb, standinClient } from '../store/fixture.ts';

const PRODUCTS = 5_000;
const PAGES = PRODUCTS / PAGE_SIZE;
/** When the first pull starts: a real clock's time, so sums and differences of times differ. */
const START = Date.UTC(2026, 10, 24, 9, 0, 0);
const INTERVAL = 15 * 60_000;

async function till(products = PRODUCTS) {
  const db = await freshDb();
  const { standin, client } = standinClient({ products });
  const clock = { now: START };
  const progress: PullProgress[] = [];
  const deps = { db, client, now: () => clock.now, onProgress: (p: PullProgress) => progress.push(p) };
  const pull = async (
    plan: { full?: boolean; hot?: number[] } = {},
  ): Promise<{ outcome: PullOutcome; asked: string[] }> => {
    const before = standin.log.length;
    progress.length = 0;
    const outcome = await pullKind(deps, 'Product', plan);
    clock.now += INTERVAL;
    return { outcome, asked: standin.log.slice(before).map((e) => `${e.method} ${e.path}`) };
  };
  await pull();
  const ids = standin.records('Product').map((p) => recordId('Product', p) as number);
  /** The product at a place in the list (0-based). */
  const at = (i: number) => standin.records('Product')[i] as OpenRecord;
  return { db, standin, clock, pull, ids, at, progress };
}

const pageOf = (path: string) => Number(/page=(\d+)/.exec(path)?.[1]);

describe('refreshing the products', () => {
  it('asks for the rotating window and the last pages only, writes nothing when nothing changed, and moves the window on', async () => {
    const { db, pull, progress } = await till();
    const meta = await readKindMeta(db, 'Product');
    const first = await pull();
    expect(first.outcome).toEqual({ kind: 'Product', ok: true, count: PRODUCTS, unchanged: true });
    expect(progress).toEqual([
      { kind: 'Product', state: 'running', pages: 0, records: 0, expected: PRODUCTS },
      { kind: 'Product', state: 'done', pages: SAMPLE_PAGES + 2, records: PRODUCTS },
    ]);
    // Pages 1-16, the last (25, full) and the one after it, which is empty.
    expect(first.asked.map(pageOf)).toEqual([
      ...Array.from({ length: SAMPLE_PAGES }, (_, i) => i + 1),
      PAGES,
      PAGES + 1,
    ]);
    const after = await readKindMeta(db, 'Product');
    expect(after.gen).toBe(meta.gen);
    expect(after.pulledAt).toBeGreaterThan(meta.pulledAt as number);
    expect(after.walkedAt).toBe(meta.pulledAt);
    expect(after.cursor).toBe(SAMPLE_PAGES + 1);

    // The window wraps: 17-25 then 1-7.
    const second = await pull();
    expect(second.asked.map(pageOf)).toEqual([1, 2, 3, 4, 5, 6, 7, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26]);
    expect((await readKindMeta(db, 'Product')).cursor).toBe(8);
  });

  it('finds new products at the end and an edit in the window, laid over a copy of the snapshot', async () => {
    const { db, standin, pull, ids, at, progress } = await till();
    const maxId = Math.max(...ids);
    standin.put('Product', { ...at(PRODUCTS - 1), ProductID: maxId + 1, Name: 'New Nectarine' });
    standin.put('Product', { ...at(PRODUCTS - 1), ProductID: maxId + 2, Name: 'New Nutmeg' });
    standin.put('Product', { ...at(3 * PAGE_SIZE + 5), Name: 'Edited Elderflower' });
    const { outcome, asked } = await pull();
    expect(outcome).toEqual({ kind: 'Product', ok: true, count: PRODUCTS + 2 });
    expect(progress.at(-1)).toEqual({ kind: 'Product', state: 'done', pages: SAMPLE_PAGES + 2, records: PRODUCTS + 2 });
    // The last page was full: the one after it holds the new products.
    expect(asked.map(pageOf).slice(-2)).toEqual([PAGES, PAGES + 1]);
    const all = await readAll(db, 'Product');
    expect(all).toHaveLength(PRODUCTS + 2);
    expect(all.map((p) => p.Name)).toEqual(standin.records('Product').map((p) => p.Name));
    const meta = await readKindMeta(db, 'Product');
    expect(meta.count).toBe(PRODUCTS + 2);
    // Still the walk of the start: a refresh is no walk.
    expect(meta.walkedAt).toBe(START);
  });

  it('finds an edit outside the window when the window gets there, and at once on a hot product\u2019s page', async () => {
    const { db, standin, pull, at } = await till();
    const far = at(20 * PAGE_SIZE + 7); // page 21: outside the first window (1-16)
    const hot = at(18 * PAGE_SIZE + 1); // page 19
    standin.put('Product', { ...far, Name: 'Far Fennel' });
    standin.put('Product', { ...hot, Name: 'Hot Hazelnut' });
    const hotId = recordId('Product', hot) as number;
    const farId = recordId('Product', far) as number;

    const first = await pull({ hot: [hotId] });
    expect(first.asked.map(pageOf)).toContain(19);
    expect(first.asked).toHaveLength(SAMPLE_PAGES + 3);
    expect((await readOne(db, 'Product', hotId))?.Name).toBe('Hot Hazelnut');
    expect((await readOne(db, 'Product', farId))?.Name).toBe(far.Name);

    await pull();
    expect((await readOne(db, 'Product', farId))?.Name).toBe('Far Fennel');
  });

  it('reads at most a few pages for hot products, however many there are', async () => {
    const pages = 50;
    const { pull, at } = await till(pages * PAGE_SIZE);
    // One product from each page but the last (read anyway), from page 49 down.
    const hot = Array.from(
      { length: pages - 1 },
      (_, page) => recordId('Product', at(page * PAGE_SIZE)) as number,
    ).reverse();
    const { asked } = await pull({ hot });
    const outsideWindow = asked.map(pageOf).filter((page) => page > SAMPLE_PAGES && page < pages);
    expect(outsideWindow).toEqual(Array.from({ length: MAX_HOT_PAGES }, (_, i) => pages - MAX_HOT_PAGES + i));
  });

  it('leaves a product deleted anywhere to a whole walk, which finds it gone', async () => {
    const { db, standin, pull, at } = await till();
    const gone = recordId('Product', at(10 * PAGE_SIZE + 50)) as number;
    standin.remove('Product', gone);
    const { outcome, asked } = await pull();
    expect(outcome).toEqual({ kind: 'Product', ok: true, count: PRODUCTS - 1 });
    // The sample, then every page.
    expect(asked.length).toBeGreaterThan(SAMPLE_PAGES + PAGES);
    expect(await readOne(db, 'Product', gone)).toBeUndefined();
    expect((await readKindMeta(db, 'Product')).walkedAt).toBe(START + INTERVAL);
  });

  it('walks when the last walk is a day old, when a person asks for everything, and for a small kind', async () => {
    const { clock, pull } = await till();
    expect((await pull({ full: true })).asked).toHaveLength(PAGES + 1);
    expect((await pull()).asked).toHaveLength(SAMPLE_PAGES + 2);
    clock.now += FULL_WALK_MS;
    expect((await pull()).asked).toHaveLength(PAGES + 1);

    const small = await till((SAMPLE_PAGES + 1) * PAGE_SIZE - 1);
    expect((await small.pull()).asked).toHaveLength(SAMPLE_PAGES + 1);
    expect((await readKindMeta(small.db, 'Product')).walkedAt).toBe(START + INTERVAL);
  });

  it('settles the landed local writes on the pages it read and keeps the others', async () => {
    const { db, standin, pull, at } = await till();
    // The last product of page 3, read by the window: the edge of what the refresh covers.
    const read = at(3 * PAGE_SIZE - 1);
    const unread = at(20 * PAGE_SIZE);
    for (const record of [read, unread]) {
      const id = recordId('Product', record) as number;
      standin.put('Product', { ...record, Name: `Landed ${id}` });
      await db.put('local', { kind: 'Product', id, record: { ...record, Name: `Landed ${id}` }, landedAt: 1 });
    }
    await pull();
    const left = (await db.getAll('local')).map((row) => row.id);
    expect(left).toEqual([recordId('Product', unread)]);
    expect((await readOne(db, 'Product', recordId('Product', read) as number))?.Name).toBe(
      `Landed ${recordId('Product', read)}`,
    );
  });

  it('follows new products over more than one new page', async () => {
    const { db, standin, pull, ids, at } = await till();
    const maxId = Math.max(...ids);
    for (let i = 1; i <= PAGE_SIZE + 3; i++)
      standin.put('Product', { ...at(0), ProductID: maxId + i, Name: `Batch ${i}` });
    const { outcome, asked } = await pull();
    expect(outcome).toEqual({ kind: 'Product', ok: true, count: PRODUCTS + PAGE_SIZE + 3 });
    expect(asked.map(pageOf).slice(-3)).toEqual([PAGES, PAGES + 1, PAGES + 2]);
    expect((await readOne(db, 'Product', maxId + PAGE_SIZE + 3))?.Name).toBe(`Batch ${PAGE_SIZE + 3}`);
  });

  it('finds new products on a last page that was not full, without a walk', async () => {
    const { db, standin, pull, ids, at } = await till(PRODUCTS - 50);
    const maxId = Math.max(...ids);
    standin.put('Product', { ...at(0), ProductID: maxId + 1, Name: 'Grown Gooseberry' });
    const { outcome, asked } = await pull();
    expect(outcome).toEqual({ kind: 'Product', ok: true, count: PRODUCTS - 49 });
    expect(asked).toHaveLength(SAMPLE_PAGES + 1);
    expect((await readOne(db, 'Product', maxId + 1))?.Name).toBe('Grown Gooseberry');
  });

  it('starts the window again at page 1 when the catalog shrank below it, and reads the page after a hot id past the end', async () => {
    const { db, pull } = await till();
    await db.put('meta', { ...(await readKindMeta(db, 'Product')), cursor: PAGES + 5 });
    const { asked } = await pull({ hot: [10 ** 9] });
    expect(asked.map(pageOf)).toEqual([...Array.from({ length: SAMPLE_PAGES }, (_, i) => i + 1), PAGES, PAGES + 1]);
    // At the last page exactly, the window starts there.
    await db.put('meta', { ...(await readKindMeta(db, 'Product')), cursor: PAGES });
    expect((await pull()).asked.map(pageOf).slice(0, 3)).toEqual([1, 2, 3]);
    expect((await readKindMeta(db, 'Product')).cursor).toBe(SAMPLE_PAGES);
  });

  it('walks while a walk waits for a person, and from exactly a day after the last walk', async () => {
    const { db, clock, pull } = await till();
    const meta = await readKindMeta(db, 'Product');
    await db.put('meta', { ...meta, held: { gen: meta.gen + 1, count: 10, startedAt: START, at: START } });
    expect((await pull()).asked).toHaveLength(PAGES + 1);

    clock.now = START + INTERVAL + FULL_WALK_MS - 1;
    expect((await pull()).asked).toHaveLength(SAMPLE_PAGES + 2);
    clock.now = START + INTERVAL + FULL_WALK_MS;
    expect((await pull()).asked).toHaveLength(PAGES + 1);
  });

  it('a failed page keeps the snapshot as it was, says why, and leaves no pages behind', async () => {
    const { db, standin, pull, at } = await till();
    standin.put('Product', { ...at(5), Name: 'Never Seen' });
    standin.faults.add({ match: { path: /page=9$/ }, type: 'status', status: 500 });
    const meta = await readKindMeta(db, 'Product');
    const { outcome } = await pull();
    expect(outcome).toMatchObject({ kind: 'Product', ok: false });
    expect(outcome.error).toContain('500');
    const after = await readKindMeta(db, 'Product');
    expect(after).toMatchObject({ gen: meta.gen, pulledAt: meta.pulledAt });
    expect(after.cursor).toBeUndefined();
    expect(after.lastError).toContain('500');
    expect((await readOne(db, 'Product', recordId('Product', at(5)) as number))?.Name).not.toBe('Never Seen');
    expect(await db.count('pages')).toBe(PAGES);
  });
});

describe('refreshing the area prices', () => {
  it('reads the window and the last pages only: the hot ids are products, not area prices, and name no page of them', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient({ products: 100 });
    // 25 pages of area prices, ids 1 to 5,000 after the 10 seeded.
    const seeded = standin.records('ProductLocationAreaPrice').length;
    for (let i = seeded + 1; i <= PAGES * PAGE_SIZE; i++) {
      standin.put('ProductLocationAreaPrice', {
        ProductLocationAreaPriceID: i,
        ProductID: (i % 100) + 1,
        LocationAreaID: 1 + (i % 3),
        SalePrice: 2,
        EatOutPrice: 2.2,
      });
    }
    const clock = { now: START };
    const deps = { db, client, now: () => clock.now };
    await pullKind(deps, 'ProductLocationAreaPrice');
    expect((await readKindMeta(db, 'ProductLocationAreaPrice')).count).toBe(PAGES * PAGE_SIZE);
    clock.now += INTERVAL;
    const before = standin.log.length;
    // Product 4,050 would be on page 21 of the area prices, outside the window (1-16).
    const outcome = await pullKind(deps, 'ProductLocationAreaPrice', { hot: [20 * PAGE_SIZE + 50] });
    expect(outcome).toEqual({ kind: 'ProductLocationAreaPrice', ok: true, count: PAGES * PAGE_SIZE, unchanged: true });
    expect(standin.log.slice(before).map((e) => pageOf(e.path))).toEqual([
      ...Array.from({ length: SAMPLE_PAGES }, (_, i) => i + 1),
      PAGES,
      PAGES + 1,
    ]);
  });
});
