/**
 * The catalog of a till refused its storage: the cached kinds fetched from Epos Now into
 * memory at start, the products indexed page by page as they arrive (searchable before the walk
 * ends), in the same CatalogView the screens read of a stored catalog. Nothing is kept: each
 * start, and each "Sync now", walks every kind again.
 */
import type { EposClient } from '../epos/client.ts';
import { errorText } from '../epos/error-text.ts';
import { NotFoundError } from '../epos/errors.ts';
import { recordId } from '../epos/ids.ts';
import { CACHED_KINDS, type CachedKind, MAYBE_UNSERVED, PAGE_SIZE } from '../epos/kinds.ts';
import type { DiscountReason, Product, ProductLocationAreaPrice, SeatingTable, TenderType } from '../epos/records.ts';
import { createSearchIndex } from '../search/index.ts';
import type { KindMeta } from '../store/schema.ts';
import { areaPricesFor } from '../till/area-price.ts';
import type { CatalogView, PullProgress } from './catalog-state.ts';
import { createHolder, type Subscribable } from './subscribable.ts';

/** The kinds in the order their walks start: the small ones first, so a till can take payment soon. */
const WALK_ORDER: readonly CachedKind[] = [...CACHED_KINDS.filter((k) => k !== 'Product'), 'Product'];

/** The in-memory catalog. */
export interface MemoryCatalog extends Subscribable<CatalogView> {
  /**
   * Walks `kinds` again (every kind by default: a person's "Sync now"); a kind already walking
   * is not asked twice. Resolves when those walks have ended.
   */
  refresh(kinds?: readonly CachedKind[]): Promise<void>;
  /** Stops: walks under way are aborted and change nothing. */
  close(): void;
}

/** What the catalog needs. */
export interface MemoryCatalogDeps {
  client: Pick<EposClient, 'listAll'>;
  now(): number;
  /** The till's location area (till/area-price.ts areaIdOf), whose prices the view holds; default none. */
  areaId?: number | null;
}

/** Starts fetching the catalog; the view fills as the kinds arrive. */
export function fetchCatalog({ client, now, areaId = null }: MemoryCatalogDeps): MemoryCatalog {
  const holder = createHolder<CatalogView>({
    index: createSearchIndex([]),
    tenderTypes: [],
    seatingTables: [],
    discountReasons: [],
    areaId,
    areaPrices: areaPricesFor([], areaId),
    areaPriceCount: 0,
    meta: CACHED_KINDS.map((kind) => unknownMeta(kind)),
    progress: {},
    readError: null,
    indexRevision: 0,
  });
  let closed = false;
  // Closing stops the walks' requests too: a till that left this mode has no use for their pages.
  const stop = new AbortController();
  const walking = new Map<CachedKind, Promise<void>>();
  const update = (change: Partial<CatalogView>): void => {
    if (!closed) holder.set({ ...holder.get(), ...change });
  };
  const setProgress = (progress: PullProgress): void =>
    update({ progress: { ...holder.get().progress, [progress.kind]: progress } });
  const setMeta = (meta: KindMeta): void =>
    update({ meta: holder.get().meta.map((m) => (m.kind === meta.kind ? meta : m)) });

  async function walk(kind: CachedKind): Promise<void> {
    const startedAt = now();
    const running = { type: 'pull-progress', kind, state: 'running', pages: 0, records: 0 } as const;
    setProgress(running);
    try {
      const records = await client
        .listAll(kind, {
          signal: stop.signal,
          onPage: (page, number) => {
            if (kind !== 'Product' || closed) return;
            const { index, indexRevision } = holder.get();
            index.upsert(page as Product[]);
            update({ indexRevision: indexRevision + 1 });
            setProgress({ ...running, pages: number, records: index.size });
          },
        })
        // An account that does not serve the kind has none of it (kinds.ts MAYBE_UNSERVED).
        .catch((error: unknown) => {
          if (error instanceof NotFoundError && MAYBE_UNSERVED.has(kind)) return [];
          throw error;
        });
      if (kind === 'Product') dropGone(records as Product[]);
      else if (kind === 'TenderType') update({ tenderTypes: records as TenderType[] });
      else if (kind === 'SeatingTable') update({ seatingTables: records as SeatingTable[] });
      else if (kind === 'ProductLocationAreaPrice')
        update({
          areaPrices: areaPricesFor(records as ProductLocationAreaPrice[], areaId),
          areaPriceCount: records.length,
        });
      else update({ discountReasons: records as DiscountReason[] });
      setMeta({
        ...unknownMeta(kind),
        gen: 1,
        lastGen: 1,
        count: records.length,
        pulledAt: startedAt,
        walkedAt: startedAt,
        attemptedAt: now(),
      });
      setProgress({ ...running, state: 'done', pages: Math.ceil(records.length / PAGE_SIZE), records: records.length });
    } catch (error) {
      const message = errorText(error);
      const before = holder.get().meta.find((m) => m.kind === kind) ?? unknownMeta(kind);
      // What an earlier walk fetched stays in use; the status bar says this one failed.
      setMeta({ ...before, attemptedAt: now(), lastError: message });
      setProgress({ ...running, state: 'failed', error: message });
    }
  }

  /** After a walk again (Sync now), products Epos Now no longer lists leave the index. */
  function dropGone(records: readonly Product[]): void {
    if (closed) return;
    const { index, indexRevision } = holder.get();
    const listed = new Set(records.map((record) => recordId('Product', record)));
    const gone = index.ids().filter((id) => !listed.has(id));
    if (gone.length === 0) return;
    index.remove(gone);
    update({ indexRevision: indexRevision + 1 });
  }

  // One walk of each kind at a time: a second "Sync now" joins the walk under way.
  const walkOnce = (kind: CachedKind): Promise<void> => {
    let running = walking.get(kind);
    if (!running) {
      running = walk(kind).finally(() => walking.delete(kind));
      walking.set(kind, running);
    }
    return running;
  };
  const refresh = async (kinds: readonly CachedKind[] = WALK_ORDER): Promise<void> => {
    await Promise.all(WALK_ORDER.filter((kind) => kinds.includes(kind)).map(walkOnce));
  };
  void refresh();
  return {
    get: holder.get,
    subscribe: holder.subscribe,
    refresh,
    close() {
      closed = true;
      stop.abort();
    },
  };
}

function unknownMeta(kind: CachedKind): KindMeta {
  return { kind, gen: 0, lastGen: 0, count: 0, pulledAt: null, attemptedAt: null, lastError: null };
}
