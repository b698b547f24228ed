/**
 * The catalog pull: walks every page of each cached kind and swaps in a new snapshot only when
 * the walk completed, and only without a person's word when it does not empty or halve the kind.
 * A first walk (no snapshot to sell from yet) says which of its pages are stored as they land, so
 * the page can search them before the walk ends. No worker globals here, so it runs in the
 * worker, a page or a Node test.
 */
import type { EposClient } from '../app/epos/client.ts';
import { errorText } from '../app/epos/error-text.ts';
import { AuthError, isEposError, NotFoundError, RateLimitError } from '../app/epos/errors.ts';
import { CACHED_KINDS, type CachedKind, MAYBE_UNSERVED, PAGE_SIZE } from '../app/epos/kinds.ts';
import { readKindMeta } from '../app/store/catalog.ts';
import type { TillDb } from '../app/store/db.ts';
import {
  beginGeneration,
  commitGeneration,
  discardGeneration,
  holdGeneration,
  needsConfirmation,
  recordFailure,
  type SnapshotPage,
  writeGeneration,
} from '../app/store/snapshot.ts';
import { createProbe } from './pull-estimate.ts';
import { refreshKind } from './pull-refresh.ts';
import { noAnswer } from './reachability.ts';

/** Where a kind's pull stands; sent to every open page. */
export interface PullProgress {
  kind: CachedKind;
  state: 'running' | 'done' | 'failed';
  pages: number;
  records: number;
  /**
   * Records the walk expects in all: the last snapshot's count, or on a first walk the probe's
   * estimate once it has one (see pull-estimate.ts). Absent while unknown.
   */
  expected?: number;
  /**
   * A first walk's write landed: pages 1 to `pages` of generation `gen` are stored and may be
   * read before the walk completes (there is no snapshot yet to keep selling from). Only on the
   * message each write sends, so a page reads once per write; never on later walks.
   */
  readable?: { gen: number; pages: number };
  /** Why it failed (never contains the token). */
  error?: string;
}

/** The outcome of one kind's pull. */
export interface PullOutcome {
  kind: CachedKind;
  ok: boolean;
  count: number;
  error?: string;
  /** The walk completed but would empty or badly shrink the kind: kept aside for a person, not swapped in. */
  held?: true;
  /** Epos Now said the account's API limit was reached, with its Retry-After if any: nothing more is asked now. */
  limited?: { retryAfterMs: number | undefined };
  /** The request never got an answer (offline, refused, reset, timed out): the API could not be reached. */
  unreachable?: true;
  /** Epos Now refused the token (401/403). */
  refused?: true;
  /** A refresh read some pages and found them as stored: the snapshot stays (sw/pull-refresh.ts). */
  unchanged?: true;
}

/** How much of the catalog a pull asks for. */
export interface PullPlan {
  /** Walk every page of every kind, whatever a refresh would do (a person's "Sync now"). */
  full?: boolean;
  /** Product ids the till shows most (favourites, best sellers): their pages are read at every refresh. */
  hot?: readonly number[];
}

/** What a pull needs. */
export interface PullDeps {
  db: TillDb;
  client: EposClient;
  /** Pages in flight per kind. Default: the client's (4). */
  concurrency?: number;
  /** Pages per storage transaction. Default 10 (2,000 records). */
  batch?: number;
  onProgress?: (progress: PullProgress) => void;
  now?: () => number;
}

/**
 * Small kinds first, so tenders and tables are there before the long product walk ends. The area
 * prices too: a first walk makes products searchable as their pages land, and a product sold
 * before its area's price is in would be sold at the wrong price. They are a few pages at most
 * (only the products priced differently in an area have one), so the products wait little.
 * Each kind succeeds or fails on its own: without area prices the till sells at the products'
 * own prices, and says so (ui/till/order-pad.tsx).
 */
export const PULL_ORDER: readonly CachedKind[] = [
  'TenderType',
  'DiscountReason',
  'SeatingTable',
  'ProductLocationAreaPrice',
  'Product',
];

/**
 * Pulls the given kinds (default all five) in {@link PULL_ORDER}. The first goes alone: past the
 * account's limit every request fails alike and each counts against it, so one request finds
 * out. The other small kinds (a page each, as a rule) then go together, a round trip each saved
 * on a first visit's slow link, and the products last.
 */
export async function pullCatalog(
  deps: PullDeps,
  kinds: readonly CachedKind[] = CACHED_KINDS,
  plan: PullPlan = {},
): Promise<PullOutcome[]> {
  const [first, ...rest] = PULL_ORDER.filter((k) => kinds.includes(k));
  if (first === undefined) return [];
  const outcomes = [await pullKind(deps, first, plan)];
  for (const group of [rest.filter((kind) => kind !== 'Product'), rest.filter((kind) => kind === 'Product')]) {
    if (outcomes.some((o) => o.limited)) break;
    outcomes.push(...(await Promise.all(group.map((kind) => pullKind(deps, kind, plan)))));
  }
  return outcomes;
}

/**
 * Brings one kind up to date: by a refresh that reads a few pages where one will do
 * (sw/pull-refresh.ts), else by a walk of every page into a new generation. On failure the
 * previous snapshot stays current.
 */
export async function pullKind(deps: PullDeps, kind: CachedKind, plan: PullPlan = {}): Promise<PullOutcome> {
  if (!plan.full) {
    let refreshed: PullOutcome | 'walk';
    try {
      // Hot ids are products': in another kind they would name pages at random.
      refreshed = await refreshKind(deps, kind, kind === 'Product' ? (plan.hot ?? []) : []);
    } catch (error) {
      return failedPull(deps, kind, [error], { pages: 0, records: 0 });
    }
    if (refreshed !== 'walk') return refreshed;
  }
  return walkKind(deps, kind);
}

/** Walks every page of one kind into a new generation. */
async function walkKind(deps: PullDeps, kind: CachedKind): Promise<PullOutcome> {
  const { db, client } = deps;
  const now = deps.now ?? Date.now;
  const batch = deps.batch ?? 10;
  const startedAt = now();
  const previous = await readKindMeta(db, kind);
  const gen = await beginGeneration(db, kind);
  // Nothing to sell from yet: what lands is worth reading at once, so the first writes are small
  // (1, 2, 4... pages) and each is announced.
  const first = previous.gen === 0;
  const probe = createProbe((page, options) => client.list(kind, page, options));
  let expected = first ? undefined : previous.count;
  // Once the walk has said it is done or failed, nothing may say it is running again.
  let over = false;
  // Once it has failed, a page still in flight must not be written into the generation being discarded.
  let failed = false;
  let buffer: SnapshotPage[] = [];
  let writes = 0;
  let count = 0;
  let pages = 0;
  const running = (): PullProgress => ({
    kind,
    state: 'running',
    pages,
    records: count,
    ...(expected === undefined ? {} : { expected }),
  });
  // One write in flight while the next pages download: storage and network overlap.
  let writing: Promise<void> = Promise.resolve();
  const flush = async (): Promise<void> => {
    const landing = buffer;
    buffer = [];
    writes++;
    const previous = writing;
    // Chained at once, not after the wait: a walk failing meanwhile must find this write to wait for.
    writing = previous
      .then(() => writeGeneration(db, kind, gen, landing))
      .then(() => {
        const last = landing.at(-1);
        if (first && last) deps.onProgress?.({ ...running(), readable: { gen, pages: last.page } });
      });
    await previous;
  };

  deps.onProgress?.(running());
  const unserved = (error: unknown): boolean =>
    error instanceof NotFoundError && MAYBE_UNSERVED.has(kind) && count === 0;
  try {
    await client
      .listAll(kind, {
        concurrency: deps.concurrency,
        // Aimed at the last count: a kind that did not grow costs no request past its last page.
        expectedRecords: previous.count,
        fetchPage: probe.fetchPage,
        onPage: async (records, page) => {
          if (failed) return;
          buffer.push({ page, records });
          count += records.length;
          if (first && page === 1 && records.length === PAGE_SIZE) {
            void probe.estimate().then(
              (estimate) => {
                expected = estimate;
                // Said at once: the walk may be waiting for a slow page, with nothing else to say.
                // Stryker disable next-line ConditionalExpression: stop() aborts the probe as the walk ends, so its estimate rejects; this only closes the gap of an answer landing in that same tick
                if (!over) deps.onProgress?.(running());
              },
              // The walk asks for the same pages: a failure that matters fails the walk and is reported there.
              () => undefined,
            );
          }
          if (buffer.length >= (first ? Math.min(batch, 2 ** writes) : batch)) await flush();
        },
        onProgress: (p) => {
          pages = p.pages;
          if (!p.done) deps.onProgress?.(running());
        },
      })
      .catch((error: unknown) => {
        if (!unserved(error)) throw error;
      });
    await flush();
    await writing;
    const done = { count, startedAt, now: now() };
    if (needsConfirmation(await readKindMeta(db, kind), count)) {
      // The till keeps selling from the snapshot it has; a person accepts or rejects this walk.
      await holdGeneration(db, kind, gen, done);
      deps.onProgress?.({ kind, state: 'done', pages, records: count });
      return { kind, ok: true, count, held: true };
    }
    await commitGeneration(db, kind, gen, done);
    deps.onProgress?.({ kind, state: 'done', pages, records: count });
    return { kind, ok: true, count };
  } catch (error) {
    failed = true;
    // Let a write still in flight settle before discarding, or it could land after the delete;
    // if it failed on its own account, say so too.
    const late = await writing.then(
      () => undefined,
      (writeError: unknown) => writeError,
    );
    const causes = late === undefined || late === error ? [error] : [error, late];
    await discardGeneration(db, kind, gen);
    return failedPull(deps, kind, causes, { pages, records: count });
  } finally {
    // Stryker disable next-line BooleanLiteral: as above, probe.stop() alone silences the probe but for an answer landing in this same tick
    over = true;
    probe.stop();
  }
}

/**
 * A walk or refresh that failed: recorded (the snapshot stays), said to the pages, and told as an
 * outcome that says whether the API's limit or the network stopped it. `causes` start with the error.
 */
async function failedPull(
  deps: PullDeps,
  kind: CachedKind,
  causes: readonly unknown[],
  progress: { pages: number; records: number },
): Promise<PullOutcome> {
  const [error] = causes;
  const message = deps.client.redact(causes.map(errorText).join('; also: '));
  await recordFailure(deps.db, kind, message, (deps.now ?? Date.now)());
  deps.onProgress?.({ kind, state: 'failed', ...progress, error: message });
  const outcome: PullOutcome = { kind, ok: false, count: progress.records, error: message };
  if (error instanceof RateLimitError) outcome.limited = { retryAfterMs: error.retryAfterMs };
  // A request that timed out is as unanswered as a reset one: a dead uplink mostly hangs.
  if (isEposError(error) && noAnswer(error)) outcome.unreachable = true;
  if (error instanceof AuthError) outcome.refused = true;
  return outcome;
}
