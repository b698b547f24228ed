/** What a pull asks for, how it stores the pages it gets, and what it tells the pages and the caller. */
import { describe, expect, it } from 'vitest';
import { readAll, readMeta } from '../../app/store/catalog.ts';
import type { TillDb } from '../../app/store/db.ts';
import { type PullProgress, pullCatalog, pullKind } from '../../sw/pull.ts';
import { freshDb, standinClient } from '../store/fixture.ts';

/** The rows each snapshot write (a relaxed transaction) stored, one entry per transaction. */
function countingWrites(db: TillDb): { db: TillDb; writes: number[] } {
  const writes: number[] = [];
  const counted = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver);
      return (stores: never, mode: IDBTransactionMode, options?: IDBTransactionOptions) => {
        const tx = target.transaction(stores, mode, options);
        if (options?.durability !== 'relaxed') return tx;
        const index = writes.push(0) - 1;
        return new Proxy(tx, {
          get(t, p, r) {
            if (p !== 'store') return Reflect.get(t, p, r);
            return new Proxy(t.store, {
              get(s, q, rs) {
                if (q !== 'put') return Reflect.get(s, q, rs);
                return (...args: unknown[]) => {
                  writes[index] = (writes[index] as number) + 1;
                  return Reflect.apply(s.put as (...a: unknown[]) => unknown, s, args);
                };
              },
            });
          },
        });
      };
    },
  });
  return { db: counted as TillDb, writes };
}

/** A database whose snapshot writes fail as a full disk does; everything else works. */
function fullDisk(db: TillDb): TillDb {
  return new Proxy(db, {
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
}

const FULL =
  "The device's storage is full: storing 200 Product records failed. Free some space on the till and try again.";

describe('which kinds a pull asks for', () => {
  it('pulls only the kinds asked for, small kinds first whatever order they were asked in', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient();
    const outcomes = await pullCatalog({ db, client }, ['SeatingTable', 'TenderType']);
    expect(outcomes.map((o) => o.kind)).toEqual(['TenderType', 'SeatingTable']);
    expect(await readAll(db, 'Product')).toEqual([]);
    expect(await readAll(db, 'DiscountReason')).toEqual([]);
    expect(
      standin.log.filter((e) => e.path.startsWith('/api/V2/Product') || e.path.startsWith('/api/V2/DiscountReason')),
    ).toEqual([]);
  });
});

describe('how a pull stores the pages it gets', () => {
  it('stores ten pages per transaction by default once the till has a snapshot', async () => {
    const plain = await freshDb();
    const { client } = standinClient({ products: 2_450 });
    await pullKind({ db: plain, client }, 'Product');
    const { db, writes } = countingWrites(plain);
    expect((await pullKind({ db, client }, 'Product')).count).toBe(2_450);
    expect(writes).toEqual([10, 3]);
    expect(await readAll(db, 'Product')).toHaveLength(2_450);
  });

  it('stores the given number of pages per transaction, the rest at the end', async () => {
    const plain = await freshDb();
    const { client } = standinClient({ products: 900 });
    await pullKind({ db: plain, client }, 'Product');
    const { db, writes } = countingWrites(plain);
    await pullKind({ db, client, batch: 2 }, 'Product');
    expect(writes).toEqual([2, 2, 1]);
    expect(await readAll(db, 'Product')).toHaveLength(900);
  });

  it('a first walk stores 1, 2, 4, 8 pages per transaction, then the batch: the first page is readable at once', async () => {
    const { db, writes } = countingWrites(await freshDb());
    const { client } = standinClient({ products: 7_000 });
    expect((await pullKind({ db, client }, 'Product')).count).toBe(7_000);
    // 35 full pages and an empty 36th, which stores nothing.
    expect(writes).toEqual([1, 2, 4, 8, 10, 10, 0]);
    expect(await readAll(db, 'Product')).toHaveLength(7_000);
  });

  it('a first walk with a smaller batch doubles only up to it', async () => {
    const { db, writes } = countingWrites(await freshDb());
    const { client } = standinClient({ products: 1_900 });
    await pullKind({ db, client, batch: 3 }, 'Product');
    expect(writes).toEqual([1, 2, 3, 3, 1]);
  });
});

describe('what a pull reports', () => {
  it('a held walk ends its progress as done, with the records it got', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient();
    await pullKind({ db, client }, 'Product');
    standin.faults.add({ match: { kind: 'Product' }, type: 'empty-list' });
    const progress: PullProgress[] = [];
    expect((await pullKind({ db, client, onProgress: (p) => progress.push(p) }, 'Product')).held).toBe(true);
    expect(progress.at(-1)).toEqual({ kind: 'Product', state: 'done', pages: 1, records: 0 });
  });

  it('a walk failing on page 3 says so alone: its progress ends failed, and it is neither limited nor unreachable', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient({ products: 1_000 });
    standin.faults.add({ match: { path: '/api/V2/Product?page=3' }, type: 'status', status: 503 });
    const progress: PullProgress[] = [];
    const outcome = await pullKind({ db, client, concurrency: 1, onProgress: (p) => progress.push(p) }, 'Product');
    const error = outcome.error as string;
    expect(error).toMatch(/^GET \/api\/V2\/Product\?page=3: HTTP 503/);
    expect(error).not.toContain('also');
    expect(outcome).toEqual({ kind: 'Product', ok: false, count: 400, error });
    expect(progress.at(-1)).toEqual({ kind: 'Product', state: 'failed', pages: 2, records: 400, error });
    expect((await readMeta(db)).find((m) => m.kind === 'Product')?.lastError).toBe(error);
  });

  it('a walk refused for the token says refused, and that Epos Now answered', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient();
    standin.faults.add({ match: { kind: 'Product' }, type: 'status', status: 401 });
    const outcome = await pullKind({ db, client, concurrency: 1 }, 'Product');
    expect(outcome).toMatchObject({ kind: 'Product', ok: false, refused: true });
    expect(outcome.unreachable).toBeUndefined();
  });

  it('a full disk is said once, though both the write and the walk it stopped failed with it', async () => {
    const db = await freshDb();
    const { client } = standinClient();
    const outcome = await pullKind({ db: fullDisk(db), client, batch: 1, concurrency: 1 }, 'Product');
    expect(outcome).toEqual({ kind: 'Product', ok: false, count: 400, error: FULL });
  });

  it('a write failing while the walk fails on its own account says both', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient();
    standin.faults.add({ match: { path: '/api/V2/Product?page=2' }, type: 'status', status: 503 });
    const outcome = await pullKind({ db: fullDisk(db), client, batch: 1, concurrency: 1 }, 'Product');
    const [walk, write] = (outcome.error as string).split('; also: ');
    expect(walk).toMatch(/^GET \/api\/V2\/Product\?page=2: HTTP 503/);
    expect(write).toBe(FULL);
    expect((await readMeta(db)).find((m) => m.kind === 'Product')).toMatchObject({ gen: 0, lastError: outcome.error });
  });
});
