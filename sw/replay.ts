/**
 * The replayer: sends what the outbox holds, oldest first per record, several records at once,
 * and records each outcome before taking the next step. It decides what an answer means; the
 * store functions record it. No worker globals, so tests run it in Node.
 */
import type { EposClient } from '../app/epos/client.ts';
import { type EposError, type EposErrorData, isEposError } from '../app/epos/errors.ts';
import type { Kind } from '../app/epos/kinds.ts';
import type { OpenRecord } from '../app/epos/records.ts';
import type { TillDb } from '../app/store/db.ts';
import {
  claim,
  markDone,
  markFailed,
  markHeld,
  markRetry,
  markUnsent,
  markVerify,
  pauseForAuth,
  readReady,
  recordKey,
  recoverInterrupted,
} from '../app/store/outbox-outcomes.ts';
import type { OutboxEntry } from '../app/store/schema.ts';
import { findCreated } from './verify.ts';

/** What the replayer needs. */
export interface ReplayDeps {
  db: TillDb;
  client: EposClient;
  now(): number;
  random(): number;
  /**
   * Records sent at once. Default 1: writes then reach the server in the order they were made
   * (only order per record is promised, but a shop reading its back office expects the rest too).
   */
  concurrency?: number;
  /** First retry delay; doubles per attempt up to `maxRetryMs`. Default 2 s. */
  retryBaseMs?: number;
  /** Longest retry delay. Default 5 min. */
  maxRetryMs?: number;
  /** Called after every change to the outbox, for the pages to re-read it. */
  onChange?(): void;
  /** Called when an entry reached the server, with the record's server id and answer. */
  onLanded?(entry: OutboxEntry, recordId: number, answer: OpenRecord | undefined): void;
  /**
   * How long after a create went out, unanswered, the server is looked at for it. Default 20 s,
   * past the client's 15 s time limit: a server can still be working on a request whose
   * sender gave up or died, and a look before it finished would find nothing and send it twice.
   */
  verifyAfterMs?: number;
  /**
   * Age (ms) after which an entry left `sending` counts as abandoned. 0 when the caller holds the
   * replay lock (no other replayer can be sending); default 2 minutes, past any request's time limit.
   */
  leaseMs?: number;
}

/** How a send ended, as the replayer reads it. */
export type Verdict =
  | { type: 'done'; answer?: OpenRecord }
  | { type: 'retry'; afterMs?: number }
  | { type: 'verify' }
  | { type: 'fail' }
  | { type: 'pause' }
  /** The request never left (offline, connection refused): not the entry's fault, no attempt spent. */
  | { type: 'offline' };

/** What one replay pass did. */
export interface ReplayReport {
  sent: number;
  done: number;
  /** When to run again for entries waiting on backoff, or null. */
  nextAt: number | null;
  paused: boolean;
  /** The API could not be reached: the pass stopped, and the entries wait for the network. */
  offline: boolean;
}

/**
 * What an error means for an entry. A create whose request may have reached the server is
 * never sent blindly again: it is verified first.
 */
export function verdictOf(entry: Pick<OutboxEntry, 'op'>, error: unknown): Verdict {
  if (!isEposError(error)) throw error;
  const create = entry.op === 'create';
  switch (error.code) {
    case 'invalid-request':
      return { type: 'fail' };
    case 'network':
      if (!error.mayHaveReached) return { type: 'offline' };
      return create ? { type: 'verify' } : { type: 'retry' };
    case 'timeout':
      // 408: the server says it gave up before handling the request.
      return create && (error as EposError & { status?: number }).status !== 408 ? { type: 'verify' } : { type: 'retry' };
    case 'rate-limit':
      return withRetryAfter(error);
    case 'server': {
      // A gateway's 502 or 504 says nothing of whether the server behind it applied the create.
      const status = (error as EposError & { status: number }).status;
      return create && (status === 502 || status === 504) ? { type: 'verify' } : withRetryAfter(error);
    }
    case 'auth':
      return { type: 'pause' };
    case 'not-found':
      return entry.op === 'delete' ? { type: 'done' } : { type: 'fail' };
    case 'bad-response':
      // The server accepted it (2xx) but its answer is unusable: a create must be found to learn its id.
      return create ? { type: 'verify' } : { type: 'done' };
    case 'conflict':
    case 'client':
      return { type: 'fail' };
  }
}

/**
 * Runs one replay: recovers interrupted sends, then sends until nothing is due. Hold the replay lock.
 *
 * The outbox is read whole only when the entries known to be due run out: after an entry lands,
 * the next entry of its record (which markDone reads anyway) joins the line in order of making.
 * Reading it whole before every send made a long queue quadratic (15 ms a read at 1,000 entries).
 */
export async function replay(deps: ReplayDeps): Promise<ReplayReport> {
  const { db } = deps;
  const concurrency = deps.concurrency ?? 1;
  if ((await recoverInterrupted(db, deps.now(), deps.leaseMs ?? 120_000, verifyAfter(deps))) > 0) deps.onChange?.();
  const report: ReplayReport = { sent: 0, done: 0, nextAt: null, paused: false, offline: false };
  const inFlight = new Map<number, Promise<void>>();
  const busy = new Set<string>();
  /** Entries due, oldest first; each is claimed (and so checked again) before it goes. */
  const line: OutboxEntry[] = [];
  const follow = (next: OutboxEntry): void => {
    let at = line.length;
    while (at > 0 && (line[at - 1] as OutboxEntry).seq > next.seq) at--;
    line.splice(at, 0, next);
  };

  for (;;) {
    // No network: every other send would fail the same way; wait for a trigger instead.
    if (report.offline || report.paused) break;
    if (line.length === 0 && inFlight.size === 0) {
      const ready = await readReady(db, deps.now());
      report.nextAt = ready.nextAt;
      report.paused = ready.paused;
      if (ready.paused) break;
      if (ready.verify.length > 0) {
        // Each verification moves its entry on (done, waiting, held) or finds the network gone.
        for (const entry of ready.verify) if (!report.offline) await verify(deps, entry, report);
        continue;
      }
      if (ready.send.length === 0) break;
      line.push(...ready.send);
    }
    for (let i = 0; i < line.length && inFlight.size < concurrency; ) {
      const entry = line[i] as OutboxEntry;
      if (busy.has(recordKey(entry))) {
        i++;
        continue;
      }
      line.splice(i, 1);
      busy.add(recordKey(entry));
      const run = send(deps, entry, report, follow).finally(() => {
        busy.delete(recordKey(entry));
        inFlight.delete(entry.seq);
      });
      inFlight.set(entry.seq, run);
    }
    if (inFlight.size === 0) continue;
    await Promise.race(inFlight.values());
  }
  await Promise.all(inFlight.values());
  return report;
}

async function send(deps: ReplayDeps, waiting: OutboxEntry, report: ReplayReport, follow: (next: OutboxEntry) => void): Promise<void> {
  const entry = await claim(deps.db, waiting.seq, deps.now());
  if (!entry) return;
  report.sent++;
  deps.onChange?.();
  let verdict: Verdict;
  let error: EposErrorData | null = null;
  try {
    verdict = { type: 'done', answer: await request(deps.client, entry) };
  } catch (caught) {
    verdict = verdictOf(entry, caught);
    error = (caught as EposError).toJSON();
  }
  if (verdict.type === 'done') report.done++;
  if (verdict.type === 'offline') report.offline = true;
  if (verdict.type === 'pause') report.paused = true;
  const next = await record(deps, entry, verdict, error);
  if (next?.state === 'pending' && next.notBefore <= deps.now()) follow(next);
}

async function verify(deps: ReplayDeps, entry: OutboxEntry, report: ReplayReport): Promise<void> {
  const kind = entry.target as Kind;
  try {
    const found = await findCreated(deps.client, kind, entry.body as OpenRecord);
    if (found.length === 1) await landed(deps, entry, found[0]);
    // Not there: it never landed, so sending it again is safe (after the usual wait, so a server
    // that keeps dropping connections is not hammered).
    else if (found.length === 0) await markRetry(deps.db, entry, entry.error ?? verifyNote('not found on the server'), deps.now() + backoff(deps, entry.attempts), deps.now());
    else await markHeld(deps.db, entry, verifyNote(`${found.length} records on the server match it`), found, deps.now());
  } catch (caught) {
    if (!isEposError(caught)) throw caught;
    const offline = caught.code === 'network' && !caught.mayHaveReached;
    if (offline) report.offline = true;
    // Could not look: look again when the network is back (or after a wait), never sending meanwhile.
    await markVerify(deps.db, entry, caught.toJSON(), offline ? deps.now() : deps.now() + backoff(deps, entry.attempts), deps.now());
  }
  deps.onChange?.();
}

/** Records the verdict; returns the record's next entry when this one landed. */
async function record(deps: ReplayDeps, entry: OutboxEntry, verdict: Verdict, error: EposErrorData | null): Promise<OutboxEntry | undefined> {
  const now = deps.now();
  let next: OutboxEntry | undefined;
  switch (verdict.type) {
    case 'done':
      next = await landed(deps, entry, verdict.answer);
      break;
    case 'retry':
      await markRetry(deps.db, entry, error as EposErrorData, now + (verdict.afterMs ?? backoff(deps, entry.attempts)), now);
      break;
    case 'verify':
      // The claim's updatedAt is when the request went out.
      await markVerify(deps.db, entry, error, entry.updatedAt + verifyAfter(deps), now);
      break;
    case 'fail':
      await markFailed(deps.db, entry, error as EposErrorData, now);
      break;
    case 'pause':
      await pauseForAuth(deps.db, entry, error as EposErrorData, now);
      break;
    case 'offline':
      await markUnsent(deps.db, entry, error as EposErrorData, now);
      break;
  }
  deps.onChange?.();
  return next;
}

async function landed(deps: ReplayDeps, entry: OutboxEntry, answer: OpenRecord | undefined): Promise<OutboxEntry | undefined> {
  // Recorded first, then told: an optional call would skip evaluating its arguments.
  const { id, next } = await markDone(deps.db, entry, answer, deps.now());
  deps.onLanded?.(entry, id, answer);
  return next;
}

function request(client: EposClient, entry: OutboxEntry): Promise<OpenRecord | undefined> {
  if (entry.target === 'settings') return client.saveSettings(entry.body).then(() => undefined);
  const kind: Kind = entry.target;
  const body = entry.body as OpenRecord;
  switch (entry.op) {
    case 'create':
      return client.create(kind, body);
    case 'update':
      return client.update(kind, entry.recordId, body);
    case 'delete':
      return client.remove(kind, entry.recordId).then(() => undefined);
    case 'save':
      return client.saveSettings(entry.body).then(() => undefined);
  }
}

function verifyAfter(deps: ReplayDeps): number {
  return deps.verifyAfterMs ?? 20_000;
}

/** Exponential backoff with jitter: many tills that lost the same connection must not return in step. */
function backoff(deps: ReplayDeps, attempts: number): number {
  const base = Math.min(deps.maxRetryMs ?? 300_000, (deps.retryBaseMs ?? 2_000) * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.5 + deps.random()));
}

function withRetryAfter(error: EposError): Verdict {
  const after = (error as EposError & { retryAfterMs?: number }).retryAfterMs;
  return after === undefined ? { type: 'retry' } : { type: 'retry', afterMs: after };
}

function verifyNote(message: string): EposErrorData {
  return { code: 'bad-response', name: 'Verification', message, method: 'GET', path: '', mayHaveReached: true };
}
