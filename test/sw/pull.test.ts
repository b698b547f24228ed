import { describe, expect, it } from 'vitest';
import { idKey, recordId } from '../../app/epos/ids.ts';
import { CACHED_KINDS, type CachedKind } from '../../app/epos/kinds.ts';
import { readAll, readMeta, readOne } from '../../app/store/catalog.ts';
import type { TillDb } from '../../app/store/db.ts';
import { settleHeld } from '../../app/store/snapshot.ts';
import { type PullProgress, pullCatalog, pullKind } from '../../sw/pull.ts';
import { freshDb, standinClient } from '../store/fixture.ts';

/** Records stored across every generation: more than the snapshot holds means orphaned rows. */
async function storedRecords(db: TillDb): Promise<number> {
  return (await db.getAll('pages')).reduce((n, page) => n + page.records.length, 0);
}

describe('catalog pull', () => {
  for (const idStyle of ['contract', 'v2'] as const) {
    it(`pulls all five kinds completely (${idStyle} ids)`, async () => {
      const db = await freshDb();
      const { standin, client } = standinClient({ idStyle });
      const progress: PullProgress[] = [];
      const outcomes = await pullCatalog({ db, client, onProgress: (p) => progress.push(p), now: () => 1_000 });
      expect(outcomes.map((o) => [o.kind, o.ok])).toEqual([
        ['TenderType', true],
        ['DiscountReason', true],
        ['SeatingTable', true],
        ['ProductLocationAreaPrice', true],
        ['Product', true],
      ]);
      expect(CACHED_KINDS).toContain('ProductLocationAreaPrice');
      for (const kind of CACHED_KINDS) {
        expect(await readAll(db, kind)).toEqual(standin.records(kind));
      }
      const meta = await readMeta(db);
      expect(meta.find((m) => m.kind === 'Product')).toMatchObject({
        count: 450,
        pulledAt: 1_000,
        lastError: null,
        gen: 1,
      });
      // A first walk: each kind says it started, then each page handed on, and each write as it lands.
      const products = progress.filter((p) => p.kind === 'Product');
      expect(products[0]).toEqual({
        kind: 'Product',
        state: 'running',
        pages: 0,
        records: 0,
      });
      expect(products.map((p) => p.records)).toEqual([...products.map((p) => p.records)].sort((a, b) => a - b));
      expect(products.filter((p) => p.readable?.pages === 3).map((p) => p.records)).toEqual([450]);
      expect(products.at(-1)).toEqual({ kind: 'Product', state: 'done', pages: 3, records: 450 });
      const key = idKey('Product', idStyle);
      expect((await readOne(db, 'Product', 3))?.[key]).toBe(3);
      // Only the current generation is kept.
      expect(await storedRecords(db)).toBe(CACHED_KINDS.reduce((n, k) => n + standin.records(k).length, 0));
    });
  }

  it('a page that arrives after the walk failed is not written into the discarded generation', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient({ products: 1_000 });
    await pullKind({ db, client }, 'Product');
    const before = await readAll(db, 'Product');
    // Page 3 fails at once; page 4, already asked for, answers after the walk gave up.
    standin.faults.add({ match: { path: '/api/V2/Product?page=3' }, type: 'status', status: 503 });
    standin.faults.add({ match: { path: '/api/V2/Product?page=4' }, type: 'latency', ms: 30 });
    const outcome = await pullKind({ db, client, batch: 1 }, 'Product');
    expect(outcome.ok).toBe(false);
    // Until page 4 has been answered and whatever it set going has reached storage: a write it
    // started is queued by then, and a read-write transaction over every store runs after it.
    while (!standin.log.some((entry) => entry.path === '/api/V2/Product?page=4')) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    await db.transaction([...db.objectStoreNames], 'readwrite').done;
    expect(await storedRecords(db)).toBe(1_000);
    expect(await readAll(db, 'Product')).toEqual(before);
  });

  it('a walk failing on page 3 leaves the previous snapshot whole', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient({ products: 1_000 });
    await pullKind({ db, client }, 'Product');
    const before = await readAll(db, 'Product');
    standin.put('Product', { ...standin.record('Product', 1), Name: 'Renamed on the server' });
    standin.remove('Product', 2);
    standin.faults.add({ match: { path: '/api/V2/Product?page=3' }, type: 'status', status: 503 });

    const outcome = await pullKind({ db, client, batch: 1 }, 'Product');
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatch(/503/);
    expect(await readAll(db, 'Product')).toEqual(before);
    const meta = (await readMeta(db)).find((m) => m.kind === 'Product');
    expect(meta).toMatchObject({ gen: 1, count: 1_000 });
    expect(meta?.lastError).toMatch(/GET \/api\/V2\/Product\?page=3: HTTP 503/);
    expect(meta?.lastError).not.toContain(standin.token);
    expect(await storedRecords(db)).toBe(1_000);

    standin.faults.clear();
    expect((await pullKind({ db, client }, 'Product')).ok).toBe(true);
    expect((await readOne(db, 'Product', 1))?.Name).toBe('Renamed on the server');
    expect((await readMeta(db)).find((m) => m.kind === 'Product')?.lastError).toBeNull();
  });

  it('records deleted on the server disappear after the next complete walk', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient();
    await pullCatalog({ db, client });
    const doomed = [5, 250, 450];
    for (const id of doomed) standin.remove('Product', id);
    standin.remove('SeatingTable', 1);
    await pullCatalog({ db, client });
    const ids = (await readAll(db, 'Product')).map((p) => recordId('Product', p));
    expect(ids).toHaveLength(447);
    for (const id of doomed) expect(ids).not.toContain(id);
    expect(await readOne(db, 'SeatingTable', 1)).toBeUndefined();
  });

  it('two pulls racing end with one complete snapshot and no orphaned rows', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient({ products: 2_000 });
    standin.faults.add({ type: 'latency', ms: 2 });
    const [a, b] = await Promise.all([
      pullKind({ db, client, batch: 1 }, 'Product'),
      pullKind({ db, client, batch: 1 }, 'Product'),
    ]);
    expect(a.ok && b.ok).toBe(true);
    expect(await readAll(db, 'Product')).toEqual(standin.records('Product'));
    expect(await storedRecords(db)).toBe(2_000);
    expect((await readMeta(db)).find((m) => m.kind === 'Product')?.gen).toBe(2);
  });

  it('never overwrites a record with a pending local write, and drops confirmed ones the walk includes', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient();
    await pullKind({ db, client }, 'Product');
    const p7 = standin.record('Product', 7);
    const p8 = standin.record('Product', 8);
    await db.put('local', { kind: 'Product', id: 7, record: { ...p7, Name: 'Local edit, not sent' }, landedAt: null });
    await db.put('local', { kind: 'Product', id: 8, record: { ...p8, Name: 'Sent and confirmed' }, landedAt: 500 });
    standin.put('Product', { ...p7, Name: 'Server edit' });
    standin.put('Product', { ...p8, Name: 'Sent and confirmed' });

    await pullKind({ db, client, now: () => 1_000 }, 'Product');
    expect((await readOne(db, 'Product', 7))?.Name).toBe('Local edit, not sent');
    expect((await readOne(db, 'Product', 8))?.Name).toBe('Sent and confirmed');
    expect(await db.get('local', ['Product', 7])).toBeDefined();
    expect(await db.get('local', ['Product', 8])).toBeUndefined();
  });

  it('a full disk fails the pull with a message a person can act on, and keeps the old snapshot', async () => {
    const db = await freshDb();
    const { client } = standinClient();
    await pullKind({ db, client }, 'Product');
    // Only the snapshot writes (relaxed transactions) hit the full disk, as a real quota would.
    const full = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== 'transaction') return Reflect.get(target, property, receiver);
        return (stores: never, mode: IDBTransactionMode, options?: IDBTransactionOptions) => {
          if (options?.durability !== 'relaxed') return target.transaction(stores, mode, options);
          return {
            store: { put: () => Promise.resolve() },
            get done() {
              return Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
            },
          };
        };
      },
    });
    const outcome = await pullKind({ db: full, client }, 'Product');
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatch(/storage is full/);
    expect(await readAll(db, 'Product')).toHaveLength(450);
  });
});

describe('a pull that would empty or badly shrink a kind', () => {
  /** Every list of `kind` answered `[]` with 200, as a misrouted request or a broken server may. */
  const emptyLists = (standin: ReturnType<typeof standinClient>['standin'], kind: CachedKind) =>
    standin.faults.add({ match: { kind }, type: 'empty-list' });

  it('an empty Product list is held, not swapped in: the till keeps selling from the old snapshot', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient();
    await pullCatalog({ db, client, now: () => 1_000 });
    const before = await readAll(db, 'Product');
    emptyLists(standin, 'Product');

    const outcomes = await pullCatalog({ db, client, now: () => 2_000 });
    expect(outcomes.find((o) => o.kind === 'Product')).toEqual({ kind: 'Product', ok: true, count: 0, held: true });
    expect(await readAll(db, 'Product')).toEqual(before);
    const meta = (await readMeta(db)).find((m) => m.kind === 'Product');
    expect(meta).toMatchObject({
      count: 450,
      pulledAt: 1_000,
      attemptedAt: 2_000,
      lastError: null,
      held: { count: 0, startedAt: 2_000, at: 2_000 },
    });
    // The other kinds were not shrunk, so they were swapped in as usual.
    expect(outcomes.filter((o) => o.held)).toHaveLength(1);
  });

  it('shrinking by more than half is held; by half or less it is swapped in', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient({ products: 400 });
    await pullKind({ db, client }, 'Product');
    for (let id = 1; id <= 200; id++) standin.remove('Product', id);
    expect((await pullKind({ db, client }, 'Product')).held).toBeUndefined();
    expect(await readAll(db, 'Product')).toHaveLength(200);
    for (let id = 201; id <= 301; id++) standin.remove('Product', id);
    expect((await pullKind({ db, client }, 'Product')).held).toBe(true);
    expect(await readAll(db, 'Product')).toHaveLength(200);
  });

  it('a first pull swaps in whatever it gets, even nothing', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient();
    emptyLists(standin, 'TenderType');
    const outcome = await pullKind({ db, client }, 'TenderType');
    expect(outcome).toEqual({ kind: 'TenderType', ok: true, count: 0 });
    expect((await readMeta(db)).find((m) => m.kind === 'TenderType')).toMatchObject({ gen: 1, count: 0 });
  });

  it('a person accepts a held walk (swapped in) or rejects it (deleted, the old snapshot stays)', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient();
    await pullCatalog({ db, client });
    emptyLists(standin, 'TenderType');
    emptyLists(standin, 'SeatingTable');
    await pullCatalog({ db, client, now: () => 5_000 });
    const held = Object.fromEntries((await readMeta(db)).map((m) => [m.kind, m.held?.gen]));

    expect(await settleHeld(db, 'TenderType', held.TenderType as number, true, 6_000)).toBe(true);
    expect(await readAll(db, 'TenderType')).toEqual([]);
    expect((await readMeta(db)).find((m) => m.kind === 'TenderType')).toMatchObject({
      count: 0,
      pulledAt: 5_000,
      held: null,
    });

    // A stale answer (a walk the person did not see) settles nothing.
    expect(await settleHeld(db, 'SeatingTable', (held.SeatingTable as number) + 1, false, 6_000)).toBe(false);
    expect(await settleHeld(db, 'SeatingTable', held.SeatingTable as number, false, 6_000)).toBe(true);
    expect(await readAll(db, 'SeatingTable')).toEqual(standin.records('SeatingTable'));
    expect((await readMeta(db)).find((m) => m.kind === 'SeatingTable')?.held).toBeNull();
    expect(await storedRecords(db)).toBe(
      450 +
        standin.records('DiscountReason').length +
        standin.records('SeatingTable').length +
        standin.records('ProductLocationAreaPrice').length,
    );
  });

  it('a later walk that looks normal replaces a held one, whose pages go', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient();
    await pullKind({ db, client }, 'Product');
    for (let id = 1; id <= 400; id++) if (id % 2 === 0 || id > 300) standin.remove('Product', id);
    expect((await pullKind({ db, client }, 'Product')).held).toBe(true);
    for (let id = 1; id <= 300; id++) if (id % 2 === 0) standin.put('Product', { ProductID: id, Name: `Back ${id}` });
    expect((await pullKind({ db, client }, 'Product')).held).toBeUndefined();
    expect((await readMeta(db)).find((m) => m.kind === 'Product')?.held).toBeNull();
    expect(await storedRecords(db)).toBe(350);
  });
});
