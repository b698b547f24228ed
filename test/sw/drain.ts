/** Test helper: replays until nothing is due, jumping a test's clock over each wait. */
import { type ReplayDeps, replay } from '../../sw/outbox/replay.ts';

/**
 * Runs replay passes until none reports a wait (or the queue is paused), moving `clock` to each
 * wait's end: a backoff, a verification's delay, the API limit (which the worker's runner waits
 * out, sw/api-limit.ts). Throws after `rounds` passes, so a queue that never settles fails the test.
 */
export async function drain(deps: ReplayDeps, clock: { now: number }, rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    const report = await replay(deps);
    if (report.limited) {
      clock.now += report.limited.retryAfterMs ?? 60_000;
      continue;
    }
    if (report.nextAt === null || report.paused) return;
    clock.now = Math.max(clock.now, report.nextAt);
  }
  throw new Error(`outbox not drained after ${rounds} rounds`);
}
