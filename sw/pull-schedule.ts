/**
 * When the catalog is pulled: on demand, when stale, and again after a failure with backoff.
 * One pull at a time: callers that arrive while one runs share it, and a Web Lock keeps two
 * worker versions (or a page) from walking at once.
 */

import { errorText } from '../app/epos/error-text.ts';
import type { CachedKind } from '../app/epos/kinds.ts';
import { readMeta } from '../app/store/catalog.ts';
import type { PullProgressMessage, WorkerMessage } from '../app/store/channel.ts';
import type { KindMeta } from '../app/store/schema.ts';
import { settleHeld } from '../app/store/snapshot.ts';
import type { ApiLimit } from './api-limit.ts';
import { doubling } from './doubling.ts';
import { type PullDeps, type PullOutcome, type PullPlan, pullCatalog } from './pull.ts';
import type { Reachability, ReachOutcome } from './reachability.ts';

/** What the scheduler needs; injectable so tests control time and chance. */
export interface PullScheduleDeps {
  /** The database and client to pull with, or undefined when the till has no context yet. */
  pullDeps(): Promise<Omit<PullDeps, 'onProgress'> | undefined>;
  broadcast(message: WorkerMessage): void;
  now(): number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
  random(): number;
  /** Runs `task` holding the named lock when the platform has Web Locks; otherwise just runs it. */
  withLock<T>(name: string, task: () => Promise<T>): Promise<T>;
  /** The account's API limit, shared with the outbox: no pull before it allows. */
  apiLimit: ApiLimit;
  /** Told after each pull whether Epos Now answered it. */
  reach?: Reachability;
}

/** The scheduler. */
export interface PullSchedule {
  /**
   * Brings every cached kind up to date now, by refreshes where they do (or joins the pull under
   * way); `full` walks every page of every kind (after the pull under way, if any).
   */
  pullNow(full?: boolean): Promise<PullOutcome[]>;
  /**
   * Pulls when a kind was never pulled or its snapshot is older than `intervalMs` (less this
   * worker's share of {@link SPREAD}); `hot` are the product ids the till shows most, whose pages
   * each refresh reads (kept for the pulls after, too).
   */
  pullIfStale(intervalMs: number, hot?: readonly number[]): Promise<PullOutcome[]>;
  /** A person's answer to a held pull of `kind` (the walk they saw, `gen`): swap it in or drop it. */
  settleHeld(kind: CachedKind, gen: number, accept: boolean): Promise<void>;
  /** Whether a pull is under way. */
  readonly running: boolean;
}

/** First retry delay after a failed pull; doubles per failure up to {@link MAX_RETRY_MS}. */
export const FIRST_RETRY_MS = 5_000;
/** Longest retry delay. */
export const MAX_RETRY_MS = 5 * 60_000;
/**
 * How much earlier than its interval a worker may count the catalog stale: tills that pulled
 * together (a shop opening, a reconnect) spread their next pulls over this share of the interval
 * rather than all asking the account's shared API budget at once. Earlier, never later: no till
 * is staler than its interval says.
 */
const SPREAD = 0.1;
/** Name of the Web Lock held while pulling. */
const PULL_LOCK = 'epos-till-catalog-pull';

/** Creates the scheduler. */
export function createPullSchedule(deps: PullScheduleDeps): PullSchedule {
  let current: Promise<PullOutcome[]> | undefined;
  let hot: readonly number[] = [];
  let failures = 0;
  let retryTimer: unknown;
  // This worker's place in the spread, fixed for its life.
  const staleAt = 1 - SPREAD * deps.random();

  function scheduleRetry(): void {
    failures++;
    const base = doubling(FIRST_RETRY_MS, MAX_RETRY_MS, failures);
    // Jitter spreads the retries of many tills that lost the same connection at once.
    retryIn(Math.round(base * (0.5 + deps.random())));
  }

  function retryIn(wait: number): void {
    deps.clearTimer(retryTimer);
    retryTimer = deps.setTimer(() => {
      retryTimer = undefined;
      void pullNow().catch(reportError);
    }, wait);
  }

  async function run(plan: PullPlan): Promise<PullOutcome[]> {
    const pull = await deps.pullDeps();
    if (!pull) return [];
    const startedAt = deps.now();
    const limitedUntil = await deps.apiLimit.until();
    if (limitedUntil > deps.now()) {
      // Asking now would only count against the account's limit again: pull when it allows.
      retryIn(limitedUntil - deps.now());
      return [];
    }
    let outcomes: PullOutcome[];
    try {
      outcomes = await deps.withLock(PULL_LOCK, () =>
        pullCatalog(
          {
            ...pull,
            onProgress: (progress) => {
              const message: PullProgressMessage = { type: 'pull-progress', ...progress };
              deps.broadcast(message);
            },
          },
          undefined,
          plan,
        ),
      );
    } catch (error) {
      // Storage itself failed (each kind's own failures are outcomes): still try again later.
      scheduleRetry();
      throw error;
    }
    const found = outcomes.length > 0 ? pullFound(outcomes) : undefined;
    if (found) deps.reach?.report(found);
    const checked = outcomes.filter((o) => o.ok);
    // A refresh that found nothing new changed no records, but the kind's state (when checked): pages re-read that.
    const changed: CachedKind[] = checked.filter((o) => !o.unchanged).map((o) => o.kind);
    if (checked.length > 0) deps.broadcast({ type: 'catalog-changed', kinds: changed, pull: startedAt });
    const limited = outcomes.find((o) => o.limited)?.limited;
    if (limited) {
      // Retry-After (or the shared wait) replaces the 5 s backoff: a limit is no failure to hurry past.
      retryIn((await deps.apiLimit.reached(limited.retryAfterMs)) - deps.now());
      return outcomes;
    }
    if (checked.length > 0) await deps.apiLimit.passed();
    if (outcomes.some((o) => !o.ok)) scheduleRetry();
    else {
      failures = 0;
      deps.clearTimer(retryTimer);
      retryTimer = undefined;
    }
    return outcomes;
  }

  function pullNow(full = false): Promise<PullOutcome[]> {
    // A person asking for everything is not answered by a refresh already under way.
    if (current && full) return current.then(() => pullNow(true));
    current ??= run({ full, hot }).finally(() => {
      current = undefined;
    });
    return current;
  }

  async function pullIfStale(intervalMs: number, hotIds?: readonly number[]): Promise<PullOutcome[]> {
    if (hotIds) hot = hotIds;
    if (current) return current;
    const pull = await deps.pullDeps();
    if (!pull) return [];
    const now = deps.now();
    // A kind whose last attempt failed may be missing changes made meanwhile, however fresh its
    // snapshot; that is stored, so a worker stopped during an outage catches up when it starts
    // again. No sooner than the longest retry wait, so a kind that keeps failing is not walked
    // at every minute's check.
    const failed = (m: KindMeta): boolean =>
      m.lastError !== null && m.attemptedAt !== null && now - m.attemptedAt >= MAX_RETRY_MS;
    const stale = (await readMeta(pull.db)).some(
      (m) => m.pulledAt === null || now - m.pulledAt >= intervalMs * staleAt || failed(m),
    );
    return stale ? pullNow() : [];
  }

  async function settle(kind: CachedKind, gen: number, accept: boolean): Promise<void> {
    const pull = await deps.pullDeps();
    if (!pull) return;
    // Under the pull lock: a walk finishing meanwhile must not interleave with the swap.
    const settled = await deps.withLock(PULL_LOCK, () => settleHeld(pull.db, kind, gen, accept, deps.now()));
    if (settled) deps.broadcast({ type: 'catalog-changed', kinds: [kind] });
  }

  return {
    pullNow,
    pullIfStale,
    settleHeld: settle,
    get running() {
      return current !== undefined;
    },
  };
}

function reportError(error: unknown): void {
  console.error('Catalog pull failed:', errorText(error));
}

/**
 * What a pull found of Epos Now: any answer, even an error, means it was reached; a refused token
 * only when nothing else got through; no answer only when no request got one. A limit is told by
 * the shared back-off with its time.
 */
function pullFound(outcomes: readonly PullOutcome[]): ReachOutcome | undefined {
  const answered = outcomes.filter((o) => !o.unreachable);
  if (answered.length === 0) return { type: 'failed' };
  if (answered.some((o) => !o.refused && !o.limited)) return { type: 'answered' };
  return answered.some((o) => o.refused) ? { type: 'refused' } : undefined;
}
