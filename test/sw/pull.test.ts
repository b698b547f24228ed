import { describe, expect, it } from 'vitest';
import { idKey, recordId } from '../../app/epos/ids.ts';
import { CACHED_KINDS } from '../../app/epos/kinds.ts';
import { readAll, readMeta, readOne } from '../../app/store/catalog.ts';
import type { TillDb } from '../../app/store/db.ts';
import { pullCatalog, pullKind, type PullProgress } from '../../sw/pull.ts';
import { freshDb, standinClient } from '../store/fixture.ts';

/** Records stored across every generation: more than the snapshot holds means orphaned rows. */
async function storedRecords(db: TillDb): Promise<number> {
  return (await db.getAll('pages')).reduce((n, page) => n + page.records.length, 0);
}

describe('catalog pull', () => {
  for (const idStyle of ['contract', 'v2'] as const) {
    it(`pulls all four kinds completely (${idStyle} ids)`, async () => {
      const db = await freshDb();
      const { standin, client } = standinClient({ idStyle });
      const progress: PullProgress[] = [];
      const outcomes = await pullCatalog({ db, client, onProgress: (p) => progress.push(p), now: () => 1_000 });
      expect(outcomes.map((o) => [o.kind, o.ok])).toEqual([
        ['TenderType', true],
        ['DiscountReason', true],
        ['SeatingTable', true],
        ['Product', true],
      ]);
      for (const kind of CACHED_KINDS) {
        expect(await readAll(db, kind)).toEqual(standin.records(kind));
      }
      const meta = await readMeta(db);
      expect(meta.find((m) => m.kind === 'Product')).toMatchObject({ count: 450, pulledAt: 1_000, lastError: null, gen: 1 });
      expect(progress.filter((p) => p.kind === 'Product').map((p) => [p.state, p.records])).toEqual([
        ['running', 200],
        ['running', 400],
        ['running', 450],
        ['done', 450],
      ]);
      const key = idKey('Product', idStyle);
      expect((await readOne(db, 'Product', 3))?.[key]).toBe(3);
      // Only the current generation is kept.
      expect(await storedRecords(db)).toBe(CACHED_KINDS.reduce((n, k) => n + standin.records(k).length, 0));
    });
  }

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
    const [a, b] = await Promise.all([pullKind({ db, client, batch: 1 }, 'Product'), pullKind({ db, client, batch: 1 }, 'Product')]);
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
