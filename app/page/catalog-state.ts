/**
 * The catalog as the page holds it: the five cached kinds read from IndexedDB, a search index
 * over the products, the till's area prices by product, each kind's snapshot state, and the
 * worker's pull progress. It follows the worker's broadcasts, re-reading only the kinds that
 * changed and updating the index in place.
 *
 * The parts: catalog-reads.ts (IndexedDB), catalog-index.ts (what changed in the index),
 * pack-later.ts (when the index is packed for the next start), stall-watch.ts (a download
 * that went silent). This module composes them; the screens word what it reports.
 */
import { errorText } from '../epos/error-text.ts';
import { CACHED_KINDS, type CachedKind, isCachedKind } from '../epos/kinds.ts';
import type { DiscountReason, SeatingTable, TenderType } from '../epos/records.ts';
import type { SearchIndex } from '../search/index.ts';
import { readAll, readMeta, readOne, readStamp, readStamped } from '../store/catalog.ts';
import type { PageChannel, PullProgressMessage, WorkerMessage } from '../store/channel.ts';
import { type TillDb, wasReplaced } from '../store/db.ts';
import type { KindMeta } from '../store/schema.ts';
import { sameStamp } from '../store/search-pack.ts';
import { type AreaPrices, areaPricesFor } from '../till/area-price.ts';
import { applyChanges, changesFromAll, changesFromSome } from './catalog-index.ts';
import { readFirst, storePack, takeFirstRead } from './catalog-reads.ts';
import { type PackTimers, schedulePacks } from './pack-later.ts';
import type { Problem } from './problem.ts';
import { watchStalls } from './stall-watch.ts';
import { createHolder, type Subscribable } from './subscribable.ts';

/**
 * A kind's download as the page last heard of it: the worker's message, or `stalled` when the
 * worker went silent mid-walk (see stall-watch.ts).
 */
export type PullProgress = PullProgressMessage | (Omit<PullProgressMessage, 'state' | 'error'> & { state: 'stalled' });

/** What the screens read. A new object after every change; `index` is the same, updated in place. */
export interface CatalogView {
  /** Products, searchable by name and barcode. */
  index: SearchIndex;
  tenderTypes: readonly TenderType[];
  seatingTables: readonly SeatingTable[];
  discountReasons: readonly DiscountReason[];
  /** The till's location area (the query string's `locationAreaID`), or null: the products' own prices apply. */
  areaId: number | null;
  /** The prices of the till's area by product id; empty without an area or before they are pulled. */
  areaPrices: AreaPrices;
  /** Area price records stored, every area's, local writes included (what the back office counts). */
  areaPriceCount: number;
  /** Snapshot state per kind, in {@link CACHED_KINDS} order. */
  meta: readonly KindMeta[];
  /** The last progress of each kind since this page started. */
  progress: Readonly<Partial<Record<CachedKind, PullProgress>>>;
  /** Why re-reading the catalog last failed (the screen keeps what it had), or null. */
  readError: Problem<'catalog-unreadable'> | null;
  /** Bumped whenever the index changes (it is updated in place), so searches re-run. */
  indexRevision: number;
}

/** The page's catalog. */
export interface CatalogState extends Subscribable<CatalogView> {
  /** Re-reads kinds from IndexedDB (what a 'catalog-changed' broadcast does). */
  refresh(kinds: readonly CachedKind[]): Promise<void>;
  /**
   * Re-reads only these records of a kind (a write made or landed): with 50,000 products, a few
   * ms instead of re-reading them all. The stored pack is left to the next full refresh.
   */
  refreshRecords(kind: CachedKind, ids: readonly number[]): Promise<void>;
  /** Stops listening to the worker (the channel stays the caller's). */
  close(): void;
}

/** Timings; tests shorten them. */
export interface CatalogTimings {
  /** How long a download may go without a word before it shows as stalled. */
  stalledAfterMs?: number;
  /**
   * How long after the index last changed it is packed and stored: soon, since a till may be
   * reloaded a moment after a pull, but after a burst of changes settles.
   */
  packAfterMs?: number;
  /** The clock packing runs on (the browser's by default). */
  packTimers?: PackTimers;
}

/** Default {@link CatalogTimings.stalledAfterMs}. */
const STALLED_AFTER_MS = 60_000;
/** Default {@link CatalogTimings.packAfterMs}. */
const PACK_AFTER_MS = 100;

/**
 * Reads the catalog and starts following the worker on `channel`. `areaId` is the till's location
 * area (till/area-price.ts areaIdOf), whose prices the view holds.
 */
export async function createCatalogState(
  db: TillDb,
  channel: PageChannel,
  timings: CatalogTimings = {},
  areaId: number | null = null,
): Promise<CatalogState> {
  // Broadcasts that arrive during the first read are applied after it, in order.
  const early: WorkerMessage[] = [];
  let onMessage = (event: Event): void => void early.push((event as MessageEvent<WorkerMessage>).data);
  const listener = (event: Event): void => onMessage(event);
  channel.addEventListener('message', listener);

  // Begun at boot (before this listened) or here.
  const begun = takeFirstRead(db);
  let first: Awaited<ReturnType<typeof readFirst>>;
  try {
    first = await (begun ?? readFirst(db));
  } catch (error) {
    channel.removeEventListener('message', listener);
    throw error;
  }
  const { products, tenderTypes, seatingTables, discountReasons, areaPrices, meta } = first;
  const holder = createHolder<CatalogView>({
    index: products.index,
    tenderTypes,
    seatingTables,
    discountReasons,
    areaId,
    areaPrices: areaPricesFor(areaPrices, areaId),
    areaPriceCount: areaPrices.length,
    meta,
    progress: {},
    readError: null,
    indexRevision: 0,
  });
  const update = (change: Partial<CatalogView>): void => holder.set({ ...holder.get(), ...change });
  /**
   * The pages of a first walk the index holds (see sw/pull.ts), until a re-read puts it back to
   * what is stored: the walk completed (they are the snapshot now) or failed (they are gone).
   */
  let arrived: number | undefined;
  const packs = schedulePacks(
    products.stamp,
    timings.packAfterMs ?? PACK_AFTER_MS,
    // An index holding a walk still under way is not the stored catalog: a start must not open it as such.
    (stamp) => (arrived ? Promise.resolve() : storePack(db, stamp, holder.get().index)),
    timings.packTimers,
  );
  if (!products.packed) packs.later(products.stamp);
  const stalls = watchStalls(timings.stalledAfterMs ?? STALLED_AFTER_MS, (last) =>
    setProgress({ ...last, state: 'stalled' }),
  );
  const setProgress = (progress: PullProgress): void =>
    update({ progress: { ...holder.get().progress, [progress.kind]: progress } });

  let queue: Promise<void> = Promise.resolve();
  /** Runs reads one at a time, in order; a failed read is reported and does not block the next. */
  const inTurn = (read: () => Promise<void>): Promise<void> => {
    // A connection a newer tab's upgrade closed cannot be read: the page asks to reload instead
    // (UpgradedBanner), so neither a read nor its failure is news then.
    queue = queue
      .then(() => (wasReplaced(db) ? undefined : read()))
      .catch((error: unknown) => {
        if (wasReplaced(db)) return;
        console.error('Re-reading the catalog failed:', errorText(error));
        update({ readError: { code: 'catalog-unreadable', cause: error } });
      });
    return queue;
  };

  const refresh = (kinds: readonly CachedKind[]): Promise<void> => inTurn(() => reread(kinds));
  const refreshRecords = (kind: CachedKind, ids: readonly number[]): Promise<void> =>
    inTurn(async () => {
      // The small kinds are read whole: a few dozen records.
      if (kind !== 'Product') return reread([kind]);
      const read = await Promise.all(ids.map((id) => readOne(db, 'Product', id)));
      const { index, indexRevision } = holder.get();
      if (applyChanges(index, changesFromSome(index, ids, read)))
        update({ indexRevision: indexRevision + 1, readError: null });
    });

  /**
   * Indexes what a first walk has stored so far (generation `gen`): searchable before the walk
   * ends. Each read takes the walk's pages from the first: a few dozen reads on a first visit, in
   * exchange for one way of reading products.
   */
  const readArrived = (gen: number): Promise<void> =>
    inTurn(async () => {
      const { records } = await readStamped(db, 'Product', gen);
      arrived = gen;
      const { index, indexRevision } = holder.get();
      if (applyChanges(index, changesFromAll(index, records)))
        update({ indexRevision: indexRevision + 1, readError: null });
    });

  async function reread(kinds: readonly CachedKind[]): Promise<void> {
    const change: Partial<CatalogView> = {};
    for (const kind of CACHED_KINDS.filter((k) => kinds.includes(k))) {
      if (kind === 'Product') {
        const { records, stamp } = await readStamped(db, kind);
        arrived = undefined;
        const { index, indexRevision } = holder.get();
        if (applyChanges(index, changesFromAll(index, records))) change.indexRevision = indexRevision + 1;
        // A pull that changed none of the till's fields still moves the stamp a pack is checked against.
        if (change.indexRevision !== undefined || !sameStamp(stamp, packs.indexed())) packs.later(stamp);
      } else if (kind === 'TenderType') {
        change.tenderTypes = await readAll(db, kind);
      } else if (kind === 'SeatingTable') {
        change.seatingTables = await readAll(db, kind);
      } else if (kind === 'ProductLocationAreaPrice') {
        const records = await readAll(db, kind);
        change.areaPrices = areaPricesFor(records, areaId);
        change.areaPriceCount = records.length;
      } else {
        change.discountReasons = await readAll(db, kind);
      }
    }
    change.meta = await readMeta(db);
    change.readError = null;
    update(change);
  }

  function handle(message: WorkerMessage): void {
    if (message.type === 'pull-progress') {
      stalls.heard(message);
      setProgress(message);
      if (message.readable && message.state === 'running') void readArrived(message.readable.gen);
      // A kind whose walk completed is read at once (tenders and tables are there before the
      // products' long walk ends); a failed walk changes the kind's state (last error, attempt
      // time), and drops what the index holds of it if it was a first walk.
      // (Products are the last kind: the pull's catalog-changed follows theirs at once.)
      if (message.state === 'done' && message.kind !== 'Product') void refresh([message.kind]);
      else if (message.state === 'failed') void refresh(arrived && message.kind === 'Product' ? ['Product'] : []);
    } else if (message.type === 'catalog-changed') {
      void refresh(message.kinds);
    } else if (message.type === 'write-landed' && message.target !== 'settings' && isCachedKind(message.target)) {
      // A create's temporary id gives way to its real one; an update now carries the server's answer.
      void refreshRecords(message.target, [...new Set([message.sentId, message.recordId])]);
    }
  }

  onMessage = (event) => handle((event as MessageEvent<WorkerMessage>).data);
  for (const message of early.splice(0)) handle(message);
  // A read begun before this listened may have missed a change's broadcast: the small kinds are
  // read again (a few dozen records), the products only if their stamp moved.
  if (begun)
    void inTurn(async () => {
      const kinds: CachedKind[] = CACHED_KINDS.filter((kind) => kind !== 'Product');
      if (!sameStamp(await readStamp(db, 'Product'), products.stamp)) kinds.push('Product');
      await reread(kinds);
    });

  return {
    get: holder.get,
    subscribe: holder.subscribe,
    refresh,
    refreshRecords,
    close() {
      packs.stop();
      stalls.stop();
      channel.removeEventListener('message', listener);
    },
  };
}
