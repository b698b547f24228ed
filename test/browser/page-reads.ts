/**
 * The till's IndexedDB read straight from a page or frame, apart from the app: what the browser
 * tests check the app stored. One reader runs in the page (Playwright sends its source, so it
 * stands alone); the helpers here ask it for rows and shape them in Node.
 */
import type { Frame, Page } from 'playwright-core';
import type { OpenRecord } from '../../app/epos/records.ts';
import { DB_NAME, type PageRow } from '../../app/store/schema.ts';

/** One read: a store's every row (getAll), the rows between two keys, or one key's row. */
export interface StoreRead {
  store: string;
  key?: Key;
  between?: [Key, Key];
}

/** A key as the till's stores use them: a string, a number, or an array of them. */
type Key = string | number | (string | number)[];

/** One entry of the outbox as {@link readOutbox} reads it. */
export interface OutboxRow {
  op: string;
  target: string;
  recordId: number;
  state: string;
  /** The code of its last failure. */
  error: string | null;
}

/** Each read's result, in one read-only transaction of the till's database as `where` sees it (its partition, in a frame). */
export function readTillDb(where: Page | Frame, reads: readonly StoreRead[]): Promise<unknown[]> {
  return where.evaluate(readStores, { name: DB_NAME, reads: [...reads] });
}

/** The outbox's entries in order of making. */
export async function readOutbox(where: Page | Frame): Promise<OutboxRow[]> {
  const [entries] = (await readTillDb(where, [{ store: 'outbox' }])) as [
    (Omit<OutboxRow, 'error'> & { error: { code: string } | null })[],
  ];
  return entries.map(({ op, target, recordId, state, error }) => ({
    op,
    target,
    recordId,
    state,
    error: error?.code ?? null,
  }));
}

/** Every product of the current snapshot (the generation the products' meta row names). */
export async function readStoredProducts(where: Page | Frame): Promise<OpenRecord[]> {
  const [meta, pages] = (await readTillDb(where, [
    { store: 'meta', key: 'Product' },
    {
      store: 'pages',
      between: [
        ['Product', -Infinity, -Infinity],
        ['Product', Infinity, Infinity],
      ],
    },
  ])) as [{ gen: number } | undefined, PageRow[]];
  const gen = meta?.gen ?? 0;
  return pages.filter((page) => page.gen === gen).flatMap((page) => page.records);
}

/**
 * The generation the stored search pack was made from, when it is the products' current one and
 * a complete pull's (0 is before any); else null: there is no pack a start would open.
 */
export async function currentPackGen(where: Page | Frame): Promise<number | null> {
  const [stamp, meta] = (await readTillDb(where, [
    { store: 'searchPack', key: 'stamp' },
    { store: 'meta', key: 'Product' },
  ])) as [{ gen: number } | undefined, { gen: number } | undefined];
  const gen = meta?.gen ?? 0;
  return gen > 0 && stamp?.gen === gen ? gen : null;
}

/** Runs in the page: opens the database (never creating it), reads, closes. */
async function readStores({ name, reads }: { name: string; reads: StoreRead[] }): Promise<unknown[]> {
  const request = <T>(r: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
  const open = indexedDB.open(name);
  // A test reading before the app made its database must not make an empty one in its place.
  open.onupgradeneeded = () => open.transaction?.abort();
  const db = await request(open);
  try {
    const tx = db.transaction([...new Set(reads.map((read) => read.store))], 'readonly');
    return await Promise.all(
      reads.map(({ store, key, between }) =>
        request(
          (key !== undefined
            ? tx.objectStore(store).get(key)
            : tx
                .objectStore(store)
                .getAll(between ? IDBKeyRange.bound(between[0], between[1]) : undefined)) as IDBRequest<unknown>,
        ),
      ),
    );
  } finally {
    db.close();
  }
}
