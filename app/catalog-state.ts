/**
 * The catalog as the page holds it: the four cached kinds read from IndexedDB, a search index
 * over the products, each kind's snapshot state, and the worker's pull progress. It follows the
 * worker's broadcasts, re-reading only the kinds that changed and updating the index in place.
 *
 * A cold start opens the index packed at the last change (search-pack.ts) when it still matches
 * the catalog, instead of reading every product and indexing them: with 50,000 products that is
 * the difference between a till answering its first search in about 0.2 s and 0.6 s.
 */
import { recordId } from './epos/ids.ts';
import { CACHED_KINDS, type CachedKind, isCachedKind } from './epos/kinds.ts';
import type { DiscountReason, Product, SeatingTable, TenderType } from './epos/records.ts';
import { readAll, readMeta, readOne, readStamped } from './store/catalog.ts';
import { CHANNEL_NAME, type PullProgressMessage, type WorkerMessage } from './store/channel.ts';
import { type TillDb, wasReplaced } from './store/db.ts';
import type { CatalogStamp, KindMeta } from './store/schema.ts';
import { createSearchIndex, openSearchIndex, type SearchIndex, tillProduct } from './store/search/index.ts';
import { readPack, sameStamp, writePack } from './store/search-pack.ts';

/** What the screens read. A new object after every change; `index` is the same, updated in place. */
export interface CatalogView {
  /** Products, searchable by name and barcode. */
  index: SearchIndex;
  tenderTypes: readonly TenderType[];
  seatingTables: readonly SeatingTable[];
  discountReasons: readonly DiscountReason[];
  /** Snapshot state per kind, in {@link CACHED_KINDS} order. */
  meta: readonly KindMeta[];
  /** The last progress message of each kind since this page started. */
  progress: Readonly<Partial<Record<CachedKind, PullProgressMessage>>>;
  /** Why re-reading the catalog last failed (the screen keeps what it had), or null. */
  readError: string | null;
  /** Bumped whenever the index changes (it is updated in place), so searches re-run. */
  indexRevision: number;
}

/** The page's catalog. */
export interface CatalogState {
  get(): CatalogView;
  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Re-reads kinds from IndexedDB (what a 'catalog-changed' broadcast does). */
  refresh(kinds: readonly CachedKind[]): Promise<void>;
  /**
   * Re-reads only these records of a kind (a write made or landed): with 50,000 products, a few
   * ms instead of re-reading them all. The stored pack is left to the next full refresh.
   */
  refreshRecords(kind: CachedKind, ids: readonly number[]): Promise<void>;
  /** Stops listening to the worker. */
  close(): void;
}

/** The part of a BroadcastChannel this needs; tests pass their own. */
export interface ChannelLike {
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
}

/**
 * How long a download may go without a word before the page stops showing it as running: the
 * worker that ran it was stopped (the browser does that to idle workers, and to busy ones after
 * a few minutes) and its walk is lost; the next trigger starts a new one.
 */
export const STALLED_AFTER_MS = 60_000;

/**
 * How long after the index last changed it is packed and stored (about 40 ms of main thread for
 * 50,000 products, in an idle moment): soon, since a till may be reloaded a moment after a pull,
 * but after a burst of changes settles.
 */
export const PACK_AFTER_MS = 100;

/** Reads the catalog and starts following the worker. */
export async function createCatalogState(
  db: TillDb,
  channel: ChannelLike = new BroadcastChannel(CHANNEL_NAME),
  stalledAfterMs = STALLED_AFTER_MS,
  packAfterMs = PACK_AFTER_MS,
): Promise<CatalogState> {
  const listeners = new Set<() => void>();
  // Broadcasts that arrive during the first read are applied after it, in order.
  const early: WorkerMessage[] = [];
  channel.onmessage = (event: MessageEvent) => void early.push(event.data as WorkerMessage);

  let first: [OpenedProducts, TenderType[], SeatingTable[], DiscountReason[], KindMeta[]];
  try {
    first = await Promise.all([openProducts(db), readAll(db, 'TenderType'), readAll(db, 'SeatingTable'), readAll(db, 'DiscountReason'), readMeta(db)]);
  } catch (error) {
    channel.close();
    throw error;
  }
  const [products, tenderTypes, seatingTables, discountReasons, meta] = first;
  let view: CatalogView = { index: products.index, tenderTypes, seatingTables, discountReasons, meta, progress: {}, readError: null, indexRevision: 0 };
  let queue: Promise<void> = Promise.resolve();
  let packTimer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  /** What the index now reflects, and whether a pack of it is stored or on its way. */
  let indexed = products.stamp;

  /** Packs the index as `stamp` left it, once changes settle; a later change moves the time on. */
  const packLater = (stamp: CatalogStamp): void => {
    indexed = stamp;
    clearTimeout(packTimer);
    packTimer = setTimeout(
      () =>
        whenIdle(() => {
          if (!closed && indexed === stamp) void storePack(db, stamp, view.index);
        }),
      packAfterMs,
    );
  };
  if (!products.packed) packLater(products.stamp);

  const update = (change: Partial<CatalogView>): void => {
    view = { ...view, ...change };
    for (const listener of listeners) listener();
  };

  /** Runs reads one at a time, in order; the catch keeps the queue resolved, so one failed read does not block the next. */
  const inTurn = (read: () => Promise<void>): Promise<void> => {
    // A connection a newer tab's upgrade closed cannot be read: the page asks to reload instead
    // (UpgradedBanner), so neither a read nor its failure is news then.
    queue = queue.then(() => (wasReplaced(db) ? undefined : read())).catch((error: unknown) => {
      if (wasReplaced(db)) return;
      reportRefreshError(error);
      update({ readError: `The till could not re-read its catalog (${error instanceof Error ? error.message : String(error)}); it shows what it had. Reload the page.` });
    });
    return queue;
  };
  const refresh = (kinds: readonly CachedKind[]): Promise<void> => inTurn(() => reread(kinds));
  const refreshRecords = (kind: CachedKind, ids: readonly number[]): Promise<void> =>
    inTurn(async () => {
      // The small kinds are read whole: a few dozen records.
      if (kind !== 'Product') return reread([kind]);
      const { index } = view;
      const read = await Promise.all(ids.map((id) => readOne(db, 'Product', id)));
      const changed: Product[] = [];
      const gone: number[] = [];
      read.forEach((product, at) => {
        const id = ids[at] as number;
        if (product !== undefined) {
          if (isNews(index, id, product)) changed.push(product);
        } else if (index.get(id) !== undefined) gone.push(id);
      });
      if (applyToIndex(index, changed, gone)) update({ indexRevision: view.indexRevision + 1, readError: null });
    });

  async function reread(kinds: readonly CachedKind[]): Promise<void> {
    const change: Partial<CatalogView> = {};
    for (const kind of CACHED_KINDS.filter((k) => kinds.includes(k))) {
      if (kind === 'Product') {
        const { records, stamp } = await readStamped(db, kind);
        if (applyProducts(records)) change.indexRevision = view.indexRevision + 1;
        // A pull that changed none of the till's fields still moves the stamp a pack is checked against.
        if (change.indexRevision !== undefined || !sameStamp(stamp, indexed)) packLater(stamp);
      } else if (kind === 'TenderType') {
        change.tenderTypes = await readAll(db, kind);
      } else if (kind === 'SeatingTable') {
        change.seatingTables = await readAll(db, kind);
      } else {
        change.discountReasons = await readAll(db, kind);
      }
    }
    change.meta = await readMeta(db);
    change.readError = null;
    update(change);
  }

  /**
   * Updates the index with what changed, so a big catalog is not re-indexed for one rename.
   * Returns whether anything did.
   */
  function applyProducts(fresh: readonly Product[]): boolean {
    const { index } = view;
    const changed: Product[] = [];
    const seen = new Set<number>();
    for (const product of fresh) {
      const id = productId(product);
      seen.add(id);
      if (isNews(index, id, product)) changed.push(product);
    }
    return applyToIndex(index, changed, index.ids().filter((id) => !seen.has(id)));
  }

  const stallTimers = new Map<CachedKind, ReturnType<typeof setTimeout>>();

  function handle(message: WorkerMessage): void {
    if (message.type === 'pull-progress') {
      clearTimeout(stallTimers.get(message.kind));
      if (message.state === 'running') {
        const stalled: PullProgressMessage = { ...message, state: 'failed', error: 'The download stopped without finishing; it starts again by itself, or press Sync now.' };
        stallTimers.set(message.kind, setTimeout(() => update({ progress: { ...view.progress, [message.kind]: stalled } }), stalledAfterMs));
      }
      update({ progress: { ...view.progress, [message.kind]: message } });
      // A finished or failed walk changes the kind's state (last error, attempt time).
      if (message.state !== 'running') void refresh([]);
    } else if (message.type === 'catalog-changed') {
      void refresh(message.kinds);
    } else if (message.type === 'write-landed' && message.target !== 'settings' && isCachedKind(message.target)) {
      // A create's temporary id gives way to its real one; an update now carries the server's answer.
      void refreshRecords(message.target, [...new Set([message.sentId, message.recordId])]);
    }
  }

  channel.onmessage = (event: MessageEvent) => handle(event.data as WorkerMessage);
  for (const message of early.splice(0)) handle(message);

  return {
    get: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    refresh,
    refreshRecords,
    close() {
      closed = true;
      clearTimeout(packTimer);
      for (const timer of stallTimers.values()) clearTimeout(timer);
      channel.onmessage = null;
      channel.close();
    },
  };
}

/** Whether `product` differs from what the index holds under `id`. The index keeps the till's fields only: a change to any other field is not one here. */
function isNews(index: SearchIndex, id: number, product: Product): boolean {
  const old = index.get(id);
  return old === undefined || !sameRecord(old, tillProduct(product));
}

/** Drops `gone` from the index and puts `changed` in; returns whether it changed at all. */
function applyToIndex(index: SearchIndex, changed: readonly Product[], gone: readonly number[]): boolean {
  if (gone.length > 0) index.remove(gone);
  if (changed.length > 0) index.upsert(changed);
  return gone.length > 0 || changed.length > 0;
}

/** Packs and stores the index; only a cache, so a failure is said (the next start builds the index instead), not thrown. */
async function storePack(db: TillDb, stamp: CatalogStamp, index: SearchIndex): Promise<void> {
  try {
    if ((await writePack(db, stamp, index.pack(), Date.now())) === 'no room') {
      console.warn('Not keeping the packed search index: storage is nearly full, and pending changes need the room. The next start indexes the catalog afresh.');
    }
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    console.warn('Keeping the packed search index failed; the next start indexes the catalog afresh:', error.message);
  }
}

/** Runs `task` when the page is idle (between keystrokes), or soon where there is no idle callback. */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 1_000 });
  else setTimeout(task, 0);
}

/** The product index a start begins with, and where it came from. */
interface OpenedProducts {
  index: SearchIndex;
  /** What the index was built from. */
  stamp: CatalogStamp;
  /** Opened from the stored pack (nothing to store), rather than built from the records. */
  packed: boolean;
}

async function openProducts(db: TillDb): Promise<OpenedProducts> {
  const kept = await readPack(db);
  if (kept) {
    try {
      return { index: openSearchIndex(kept.packed), stamp: kept.stamp, packed: true };
    } catch (error) {
      // A pack another build wrote (a TypeError), or one damaged in storage: it is only a cache,
      // so the till builds the index from the records below and stores a new pack, rather than
      // failing every start on it.
      if (!(error instanceof Error)) throw error;
      console.warn('The stored search index could not be opened; indexing the catalog afresh:', error.message);
    }
  }
  const { records, stamp } = await readStamped(db, 'Product');
  return { index: createSearchIndex(records), stamp, packed: false };
}

function productId(product: Product): number {
  const id = recordId('Product', product);
  // The store keys every row by id, so a stored product without one cannot exist.
  if (id === undefined) throw new Error('a stored product has no id');
  return id;
}

/** Field-by-field equality: products are flat, so this is exact and allocates nothing. */
export function sameRecord(a: object, b: object): boolean {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  for (const key of keys) {
    const x = left[key];
    const y = right[key];
    if (x === y) continue;
    // A nested value (rare in V2 records) compares by its JSON.
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null || JSON.stringify(x) !== JSON.stringify(y)) return false;
  }
  return true;
}

function reportRefreshError(error: unknown): void {
  console.error('Re-reading the catalog failed:', error instanceof Error ? error.message : error);
}
