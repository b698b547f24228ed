/**
 * How soon the worker tries Epos Now again while it cannot reach it or the token is refused. A
 * shop's link comes back unannounced (the browser never said it was offline), so the worker must
 * look by itself: often enough that a write lands within 30 s of the link's return, seldom enough
 * that an outage costs the account's shared API budget next to nothing. Every wake-up (its own
 * timer, a page's timer, a tap, Background Sync) passes the same gate, so open pages and busy
 * cashiers add no requests.
 */
import { doubling } from '../doubling.ts';
import type { ReplayReport } from './replay.ts';

/** First wait after a failed try; doubles up to {@link MAX_RECOVERY_MS}. */
const FIRST_RECOVERY_MS = 5_000;
/**
 * Longest wait between tries: a link that returns is used within this, plus the look for a create
 * sent into the outage and the replayer's short wait before sending it again (about 2 s); 30 s
 * measured 31.8 s from the link back to the customer on the server.
 */
export const MAX_RECOVERY_MS = 20_000;

/** Wait before the `tries`-th try (from 1) after failures in a row. */
export function recoveryDelay(tries: number): number {
  return doubling(FIRST_RECOVERY_MS, MAX_RECOVERY_MS, tries);
}

/** Whether a try may go now: the back-off of the failures in a row, remembered for this worker's life. */
export interface RecoveryGate {
  /** Whether a try may go now (nothing failed, or the back-off has ended). */
  due(): boolean;
  /** A try failed: returns the wait before the next one. */
  failed(): number;
  /** A try reached Epos Now with a token it takes: the next failure waits the shortest time again. */
  succeeded(): void;
  /** When the next try may go (ms), or undefined while nothing failed. */
  readonly dueAt: number | undefined;
}

/** Creates the gate; `now` is the clock (ms). */
export function createRecoveryGate(now: () => number): RecoveryGate {
  let tries = 0;
  let dueAt: number | undefined;
  return {
    due: () => dueAt === undefined || now() >= dueAt,
    failed() {
      const wait = recoveryDelay(++tries);
      dueAt = now() + wait;
      return wait;
    },
    succeeded() {
      tries = 0;
      dueAt = undefined;
    },
    get dueAt() {
      return dueAt;
    },
  };
}

/**
 * Background Sync's pass: `run` is one real try. It fails while Epos Now could not be reached, so
 * the browser fires the sync again later (minutes apart, a few times) with no page open: behind
 * live Wi-Fi the browser fires it at once, and the sends get no answer, not an offline error.
 */
export async function syncPass(run: () => Promise<ReplayReport | undefined>): Promise<void> {
  const report = await run();
  if (report?.offline || report?.unanswered)
    throw new Error('Epos Now could not be reached: the sync is tried again later');
}
