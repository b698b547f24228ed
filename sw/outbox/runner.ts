/**
 * When the outbox is replayed: on request, on Background Sync, on reconnect, at worker start,
 * when a backoff ends, and on a wake-up while Epos Now cannot be reached or refuses the token
 * (sw/outbox/recovery.ts). One replay at a time in this worker; a Web Lock keeps a second worker
 * version (or a page) from replaying beside it.
 */

import { errorText } from '../../app/epos/error-text.ts';
import type { WorkerMessage } from '../../app/store/channel.ts';
import { anyWaitsOnOutage, outageOver } from '../../app/store/outbox-outcomes.ts';
import type { ApiLimit } from '../api-limit.ts';
import { probeToken } from '../auth-probe.ts';
import { probeReach, type Reachability } from '../reachability.ts';
import { createRecoveryGate } from './recovery.ts';
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
  /** The clock of the recovery back-off (ms); default Date.now. */
  now?: () => number;
}

/** Name of the Web Lock held while replaying. */
const REPLAY_LOCK = 'epos-till-outbox-replay';

/** The runner. */
export interface OutboxRunner {
  /** Replays now (or joins the replay under way); resolves when nothing more is due. */
  run(): Promise<ReplayReport | undefined>;
  /**
   * A wake-up (a page's timer or activity, Background Sync): replays unless Epos Now was
   * unreachable or refused the token and the recovery back-off has not ended; joins a replay
   * under way. Resolves with undefined when it ran nothing.
   */
  wake(): Promise<ReplayReport | undefined>;
}

/** Creates the runner. */
export function createOutboxRunner(deps: RunnerDeps): OutboxRunner {
  let current: Promise<ReplayReport | undefined> | undefined;
  // Stryker disable next-line BooleanLiteral: read only after a pass, and every pass begins by setting it false
  let again = false;
  let timer: unknown;
  // Passes in a row that found the API unreachable or the token refused: spaces out the tries.
  const recovery = createRecoveryGate(deps.now ?? Date.now);
  // Until this worker's first pass, it has not met Epos Now.
  let first = true;

  async function once(): Promise<ReplayReport | undefined> {
    const replayDeps = await deps.replayDeps();
    if (!replayDeps) return undefined;
    const limitedUntil = await deps.apiLimit.until();
    if (limitedUntil > replayDeps.now()) {
      // Every send would be refused alike and count against the limit again: go when it allows.
      schedule(limitedUntil - replayDeps.now());
      return undefined;
    }
    const { reach } = deps;
    // A worker (re)started in an outage knows nothing of it but the writes waiting out a back-off
    // after no answer: its first pass asks first, as after failures, rather than wait them out.
    if (first && reach && (await anyWaitsOnOutage(replayDeps.db, replayDeps.now()))) reach.report(false);
    first = false;
    // After failures to reach the API, one GET goes first. A link that says it is up before it
    // passes anything (a reconnect still settling) would otherwise fail the sends themselves, and
    // a failed send may have reached: a create would wait to be looked for on the server, and be
    // held for a person where its kind lists nothing yet.
    const wasUnreachable = reach?.unreachable === true;
    const unreached = wasUnreachable && !(await probeReach(replayDeps.client, reach));
    // Answered again: what waited on the outage's back-off goes in this pass, not minutes later.
    if (wasUnreachable && !unreached) await outageOver(replayDeps.db, replayDeps.now());
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
    // A look for a create that got no answer says so too: a worker restarted in an outage sends
    // nothing, only looks, and must not take the silence for a server that answers. A refusal met by
    // this pass (sent > 0) is a state of its own: the pages say the token was refused.
    if (report.offline || report.sent > 0 || report.unanswered)
      deps.reach?.report(report.paused ? { type: 'refused' } : !report.offline && !report.unanswered);
    if (report.limited) {
      schedule((await deps.apiLimit.reached(report.limited.retryAfterMs)) - replayDeps.now());
      return report;
    }
    if (report.done > 0) await deps.apiLimit.passed();
    if (report.paused) {
      // The refusal just met is not probed at once; a pass that found the queue already paused
      // (a page opened again from Epos Now, a write, the probe's timer) asks the API once.
      if (report.sent === 0 && (await probeToken(replayDeps.db, replayDeps.client))) {
        recovery.succeeded();
        deps.broadcast({ type: 'outbox-changed' });
        again = true;
        return report;
      }
      schedule(recovery.failed());
      return report;
    }
    deps.clearTimer(timer);
    timer = undefined;
    if (report.offline || report.unanswered) {
      // Reconnecting, Background Sync and a new write all run a pass at once; this try covers a
      // link that comes back without the browser noticing (the uplink behind live Wi-Fi).
      schedule(recovery.failed());
      return report;
    }
    recovery.succeeded();
    if (report.nextAt !== null) schedule(Math.max(0, report.nextAt - replayDeps.now()));
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

  function wake(): Promise<ReplayReport | undefined> {
    // Joined, not queued behind: a second pass at once would be a second try inside the back-off.
    if (current) return current;
    return recovery.due() ? run() : Promise.resolve(undefined);
  }

  return { run, wake };
}

function reportError(error: unknown): void {
  console.error('Outbox replay failed:', errorText(error));
}
