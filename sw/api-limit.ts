/**
 * The worker's one back-off for Epos Now's API limit, shared by the pull and the outbox: when
 * either hears "API Limit Exceeded", neither sends before the time it sets. Stored (see
 * app/store/api-limit.ts), so a restarted worker waits too and the pages can say until when.
 */
import { clearApiLimit, readApiLimit, writeApiLimit } from '../app/store/api-limit.ts';
import type { WorkerMessage } from '../app/store/channel.ts';
import type { TillDb } from '../app/store/db.ts';
import { doubling } from './doubling.ts';
import type { Reachability } from './reachability.ts';

/** What the back-off needs. */
export interface ApiLimitDeps {
  db(): Promise<TillDb>;
  now(): number;
  broadcast(message: WorkerMessage): void;
  /** Told of each limit with its time: the pages say "trying again at" from the one reach state. */
  reach?: Pick<Reachability, 'report'>;
}

/** The shared back-off. */
export interface ApiLimit {
  /** When requests may go again (ms); at or before now when they may go now. */
  until(): Promise<number>;
  /** The limit was reached: wait `retryAfterMs` when the server gave it, else a wait that doubles with each limit in a row. Resolves with the new time. */
  reached(retryAfterMs: number | undefined): Promise<number>;
  /** A request got through: the limit is over. */
  passed(): Promise<void>;
}

/** Wait after a limit without Retry-After; doubles with each limit in a row up to {@link MAX_LIMIT_WAIT_MS}. */
const FIRST_LIMIT_WAIT_MS = 60_000;
/** Longest wait without Retry-After. */
const MAX_LIMIT_WAIT_MS = 15 * 60_000;

/** Creates the back-off. */
export function createApiLimit(deps: ApiLimitDeps): ApiLimit {
  // Read once, then kept here: every request would otherwise wait on a database read.
  let known: Promise<{ until: number; hits: number }> | undefined;
  const state = (): Promise<{ until: number; hits: number }> =>
    (known ??= deps
      .db()
      .then(readApiLimit)
      .then((row) => ({ until: row?.until ?? 0, hits: row?.hits ?? 0 })));

  return {
    async until() {
      return (await state()).until;
    },
    async reached(retryAfterMs) {
      const { until: before, hits } = await state();
      const wait = retryAfterMs ?? doubling(FIRST_LIMIT_WAIT_MS, MAX_LIMIT_WAIT_MS, hits + 1);
      // Two requests limited at once: the later time holds.
      const until = Math.max(before, deps.now() + wait);
      known = Promise.resolve({ until, hits: hits + 1 });
      await writeApiLimit(await deps.db(), { until, hits: hits + 1 });
      deps.broadcast({ type: 'api-limit', until });
      deps.reach?.report({ type: 'limited', until });
      return until;
    },
    async passed() {
      const { hits } = await state();
      if (hits === 0) return;
      known = Promise.resolve({ until: 0, hits: 0 });
      await clearApiLimit(await deps.db());
      deps.broadcast({ type: 'api-limit', until: 0 });
    },
  };
}
