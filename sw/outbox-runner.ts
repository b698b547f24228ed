/**
 * When the outbox is replayed: on request, on Background Sync, on reconnect, at worker start and
 * when a backoff ends. One replay at a time in this worker; a Web Lock keeps a second worker
 * version (or a page) from replaying beside it.
 */

import { errorText } from '../app/epos/error-text.ts';
import type { WorkerMessage } from '../app/store/channel.ts';
import type { ApiLimit } from './api-limit.ts';
import { authProbeDelay, probeToken } from './auth-probe.ts';
import { doubling } from './doubling.ts';
import { probeReach, type Reachability } from './reachability.ts';
import type { ReplayDeps, ReplayReport } from './replay.ts';
import { replay } from './replay.ts';

/** What the runner needs. */
export interface RunnerDeps {
  /** Replay dependencies, or undefined before the till has a context. */
  replayDeps(): Promise<Omit<ReplayDeps, 'onChange' | 'onLanded' | 'leaseMs'> | undefined>;
  broadcast(message: WorkerMessage): void;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
  /** Runs `task` holding the named lock; resolves with undefined when the platform has no locks. */
  withLock<T>(name: string, task: () => Promise<T>): Promise<T>;
  /** Whether `withLock` really excludes other holders (Web Locks present). */
  exclusive: boolean;
  /** The account's API limit, shared with the pull: nothing is sent before it allows. */
  apiLimit: ApiLimit;
  /** Told after each pass that sent something whether Epos Now answered. */
  reach?: Reachability;
}

/** First wait before trying again when the API could not be reached; doubles up to {@link MAX_PROBE_MS}. */
export const FIRST_PROBE_MS = 15_000;
/** Longest wait between tries during an outage. */
const MAX_PROBE_MS = 5 * 60_000;

/** Name of the Web Lock held while replaying. */
const REPLAY_LOCK = 'epos-till-outbox-replay';

/** The runner. */
export interface OutboxRunner {
  /** Replays now (or joins the replay under way); resolves when nothing more is due. */
  run(): Promise<ReplayReport | undefined>;
}

/** Creates the runner. */
export function createOutboxRunner(deps: RunnerDeps): OutboxRunner {
  let current: Promise<ReplayReport | undefined> | undefined;
  let again = false;
  let timer: unknown;
  // Consecutive passes that found the API unreachable: spaces out the probes of a long outage.
  let outages = 0;
  // Probes of a refused token since the queue paused: spaces them out.
  let authProbes = 0;

  async function once(): Promise<ReplayReport | undefined> {
    const replayDeps = await deps.replayDeps();
    if (!replayDeps) return undefined;
    const limitedUntil = await deps.apiLimit.until();
    if (limitedUntil > replayDeps.now()) {
      // Every send would be refused alike and count against the limit again: go when it allows.
      schedule(limitedUntil - replayDeps.now());
      return undefined;
    }
    // After failures to reach the API, one GET goes first. A link that says it is up before it
    // passes anything (a reconnect still settling) would otherwise fail the sends themselves, and
    // a failed send may have reached: a create would wait to be looked for on the server, and be
    // held for a person where its kind lists nothing yet.
    const unreached = deps.reach?.unreachable === true && !(await probeReach(replayDeps.client, deps.reach));
    const report: ReplayReport = unreached
      ? { sent: 0, done: 0, nextAt: null, paused: false, offline: true }
      : await deps.withLock(REPLAY_LOCK, () =>
          replay({
            ...replayDeps,
            // Holding an exclusive lock, no other replayer can be mid-send: take back any claim at once.
            ...(deps.exclusive ? { leaseMs: 0 } : {}),
            onChange: () => deps.broadcast({ type: 'outbox-changed' }),
            onLanded: (entry, recordId, answer) =>
              deps.broadcast({
                type: 'write-landed',
                seq: entry.seq,
                target: entry.target,
                sentId: entry.recordId,
                recordId,
                answer,
              }),
          }),
        );
    outages = report.offline ? outages + 1 : 0;
    if (report.offline || report.sent > 0) deps.reach?.report(!report.offline && !report.unanswered);
    if (report.limited) {
      schedule((await deps.apiLimit.reached(report.limited.retryAfterMs)) - replayDeps.now());
      return report;
    }
    if (report.done > 0) await deps.apiLimit.passed();
    if (report.paused) {
      // The refusal just met is not probed at once; a pass that found the queue already paused
      // (a page opened again from Epos Now, a write, the probe's timer) asks the API once.
      if (report.sent === 0 && (await probeToken(replayDeps.db, replayDeps.client))) {
        authProbes = 0;
        deps.broadcast({ type: 'outbox-changed' });
        again = true;
        return report;
      }
      schedule(authProbeDelay(++authProbes));
      return report;
    }
    authProbes = 0;
    deps.clearTimer(timer);
    timer = undefined;
    // Reconnecting, Background Sync and a new write all run a pass at once; this probe only
    // covers a network that comes back without the browser noticing (a server that was down).
    const wait = report.offline
      ? doubling(FIRST_PROBE_MS, MAX_PROBE_MS, outages)
      : report.nextAt === null
        ? null
        : Math.max(0, report.nextAt - replayDeps.now());
    if (wait !== null) schedule(wait);
    return report;
  }

  function schedule(wait: number): void {
    deps.clearTimer(timer);
    timer = deps.setTimer(() => void run().catch(reportError), wait);
  }

  function run(): Promise<ReplayReport | undefined> {
    if (current) {
      // Writes queued while a replay runs must not wait for the next trigger.
      again = true;
      return current;
    }
    current = (async () => {
      let report: ReplayReport | undefined;
      do {
        again = false;
        report = await once();
      } while (again);
      return report;
    })().finally(() => {
      current = undefined;
    });
    return current;
  }

  return { run };
}

function reportError(error: unknown): void {
  console.error('Outbox replay failed:', errorText(error));
}
