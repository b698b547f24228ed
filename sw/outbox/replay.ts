/**
 * The replayer: sends what the outbox holds, oldest first per record, several records at once,
 * and records each outcome before taking the next step. It decides what an answer means; the
 * store functions record it. No worker globals, so tests run it in Node.
 */
import type { accountOf } from '../../app/epos/account.ts';
import type { EposClient } from '../../app/epos/client.ts';
import {
  type AnyEposError,
  asEposError,
  type EposErrorData,
  isEposError,
  type RateLimitError,
  type ServerError,
} from '../../app/epos/errors.ts';
import type { Kind } from '../../app/epos/kinds.ts';
import { type MergedWrite, saveMerged, updateMerged } from '../../app/epos/merged-write.ts';
import type { OpenRecord } from '../../app/epos/records.ts';
import type { TillDb } from '../../app/store/db.ts';
import { markConflict } from '../../app/store/outbox-conflict.ts';
import {
  claim,
  expireAliases,
  holdOtherAccounts,
  madeHere,
  markDone,
  markDoneAndClaim,
  markFailed,
  markHeld,
  markLookFailed,
  markRetry,
  markUnsent,
  markVerify,
  pauseForAuth,
  readReady,
  recoverInterrupted,
  settleTwinCheck,
} from '../../app/store/outbox-outcomes.ts';
import type { OutboxEntry } from '../../app/store/schema.ts';
import { doubling } from '../doubling.ts';
import { noAnswer } from '../reachability.ts';
import { findTwins } from './twins.ts';
import { lookFor } from './verify.ts';

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
   * The account whose token the client carries ({@link accountOf}): entries made under another
   * are held, never sent with it. Undefined: entries are not checked (tests of other matters).
   */
  account?: string;
  /**
   * Age (ms) after which an entry left `sending` counts as abandoned. 0 when the caller holds the
   * replay lock (no other replayer can be sending); default 2 minutes, past any request's time limit.
   */
  leaseMs?: number;
}

/** How a send ended, as the replayer reads it. */
export type Verdict =
  | { type: 'done'; answer?: OpenRecord }
  /** `limited`: the account's API limit, which holds every entry back, not just this one. */
  | { type: 'retry'; afterMs?: number; limited?: true }
  /** `afterMs` and `limited` as for a retry: the look waits for them too. */
  | { type: 'verify'; afterMs?: number; limited?: true }
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
  /**
   * The pass's last request got no answer at all, though it may have reached the server: that
   * says nothing of the API being reachable. Absent when it got one.
   */
  unanswered?: true;
  /** Epos Now said the account's API limit was reached (with its Retry-After if any): the pass stopped. */
  limited?: { retryAfterMs: number | undefined };
}

/**
 * What an error means for an entry. A create whose request may have reached the server is
 * never sent blindly again: it is verified first. That includes a create answered 408, 5xx or
 * with the API limit: a browser resends a request dropped on a reused connection by itself, so
 * such an answer may be the resend's, after the first send was applied.
 */
export function verdictOf(entry: Pick<OutboxEntry, 'op'>, error: AnyEposError): Verdict {
  const create = entry.op === 'create';
  switch (error.code) {
    case 'invalid-request':
      return { type: 'fail' };
    case 'network':
      if (!error.mayHaveReached) return { type: 'offline' };
      return create ? { type: 'verify' } : { type: 'retry' };
    case 'timeout':
      return create ? { type: 'verify' } : { type: 'retry' };
    case 'rate-limit':
      return { ...withRetryAfter(error), ...(create ? { type: 'verify' } : {}), limited: true };
    case 'server':
      return create ? { ...withRetryAfter(error), type: 'verify' } : withRetryAfter(error);
    case 'auth':
      return { type: 'pause' };
    case 'not-found':
      return entry.op === 'delete' ? { type: 'done' } : { type: 'fail' };
    case 'bad-response':
      // A 2xx that is not the record (a portal's page, a proxy's text) proves nothing: look first.
      return { type: 'verify' };
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
 * Each of `concurrency` lanes sends one entry after another, recording a landing and claiming
 * its next entry in one strict transaction: a commit per entry, not two.
 */
export async function replay(deps: ReplayDeps): Promise<ReplayReport> {
  const { db } = deps;
  const concurrency = deps.concurrency ?? 1;
  if ((await recoverInterrupted(db, deps.now(), deps.leaseMs ?? 120_000, verifyAfter(deps))) > 0) deps.onChange?.();
  await expireAliases(db, deps.now());
  if (deps.account !== undefined && (await holdOtherAccounts(db, deps.account, deps.now())) > 0) deps.onChange?.();
  const report: ReplayReport = { sent: 0, done: 0, nextAt: null, paused: false, offline: false };
  const line = createLine();
  const lanes = new Set<Promise<void>>();

  for (;;) {
    // No network: every other send would fail the same way; wait for a trigger instead.
    if (report.offline || report.paused || report.limited) break;
    // Stryker disable next-line ConditionalExpression: reading sooner adds only entries the line holds (claim refuses the copy) or none due
    if (line.size() === 0 && lanes.size === 0) {
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
      for (const entry of ready.send) line.add(entry);
    }
    while (lanes.size < concurrency) {
      const first = line.take();
      if (!first) break;
      const lane: Promise<void> = send(deps, first, report, line).finally(() => lanes.delete(lane));
      lanes.add(lane);
    }
    // Stryker disable next-line ConditionalExpression: never true (a line read from the outbox starts a lane), kept so a broken invariant re-reads instead of waiting forever
    if (lanes.size === 0) continue;
    await Promise.race(lanes);
  }
  await Promise.all(lanes);
  if (!report.offline && !report.paused && !report.limited) await checkTwins(deps, report);
  return report;
}

/**
 * Entries due, oldest first. It never holds two entries of one record, nor one of a record a lane
 * is sending: it is filled with the heads of records while no lane runs, and a record's next entry
 * joins only once its lane has moved on (landAndClaimNext). So the oldest entry is always free to
 * go, and claim() refuses whatever another tab or a person changed meanwhile.
 */
interface Line {
  size(): number;
  /** Adds an entry in order of making. */
  add(entry: OutboxEntry): void;
  /** Takes the oldest entry. */
  take(): OutboxEntry | undefined;
}

function createLine(): Line {
  const entries: OutboxEntry[] = [];
  return {
    size: () => entries.length,
    add(entry) {
      // Stryker disable next-line EqualityOperator: seqs are the outbox's keys and an entry is never in the line twice, so no two are equal
      const later = entries.findIndex((e) => e.seq > entry.seq);
      entries.splice(later < 0 ? entries.length : later, 0, entry);
    },
    take: () => entries.shift(),
  };
}

/**
 * Sends `first`, then, while each entry lands, the next one: recording a landing and claiming
 * the next entry share one transaction. Ends when an entry did not land or none may go now.
 */
async function send(deps: ReplayDeps, first: OutboxEntry, report: ReplayReport, line: Line): Promise<void> {
  let entry = await claim(deps.db, first, deps.now());
  if (entry) deps.onChange?.();
  while (entry) {
    report.sent++;
    let answer: OpenRecord | undefined;
    try {
      const sent = await request(deps.client, entry);
      if (sent.type !== 'sent') {
        await holdFor(deps, entry, sent);
        return;
      }
      // The server's record, the settings document as Epos Now has it (the pages keep it), or
      // nothing (a delete).
      answer = sent.answer as OpenRecord | undefined;
    } catch (caught) {
      // Anything but the client's error is a bug, and goes on up.
      const failure = asEposError(caught);
      const verdict = verdictOf(entry, failure);
      if (verdict.type !== 'done') {
        if (verdict.type === 'offline') report.offline = true;
        if (noAnswer(failure)) report.unanswered = true;
        // Stryker disable next-line ConditionalExpression,StringLiteral,BooleanLiteral: pauseForAuth stores the pause, every later claim refuses, and the next read sets report.paused: this only spares those claims
        if (verdict.type === 'pause') report.paused = true;
        // Stryker disable next-line ConditionalExpression: only a retry or a verify carries `limited`; on any other verdict it is undefined anyway
        if ((verdict.type === 'retry' || verdict.type === 'verify') && verdict.limited)
          report.limited = { retryAfterMs: verdict.afterMs };
        await record(deps, entry, verdict, failure.toJSON());
        return;
      }
      answer = verdict.answer;
    }
    report.done++;
    entry = await landAndClaimNext(deps, entry, answer, report, line);
  }
}

/**
 * Looks for the twins of creates landed so far (sw/outbox/twins.ts), each settled in its own
 * transaction. A look that cannot be made stays queued for the next pass, after the usual wait.
 */
async function checkTwins(deps: ReplayDeps, report: ReplayReport): Promise<void> {
  const checks = (await deps.db.get('queue', 'queue'))?.twinChecks ?? [];
  // Stryker disable next-line ConditionalExpression: with no checks the loop below does nothing; the guard only spares reading the aliases and the outbox
  if (checks.length === 0) return;
  const made = await madeHere(deps.db);
  // With several creates out at once their records interleave: every create checked now, and
  // every create still waiting for its answer or its look, may have made the records in between.
  const others = [...checks, ...made.unsettled];
  for (const check of checks) {
    let twins: OpenRecord[];
    try {
      twins = await findTwins(deps.client, check, (id) => made.ids.has(id), others);
    } catch (caught) {
      if (!isEposError(caught)) throw caught;
      const at = deps.now() + backoff(deps, 1);
      report.nextAt = report.nextAt === null ? at : Math.min(report.nextAt, at);
      return;
    }
    await settleTwinCheck(deps.db, check, twins, deps.now());
    if (twins.length > 0) deps.onChange?.();
  }
}

/**
 * Records a landing and, in the same transaction, claims the entry to send next: the line's
 * oldest or the record's own next, whichever was made first. Returns the claimed entry.
 */
async function landAndClaimNext(
  deps: ReplayDeps,
  entry: OutboxEntry,
  answer: OpenRecord | undefined,
  report: ReplayReport,
  line: Line,
): Promise<OutboxEntry | undefined> {
  if (report.offline || report.paused || report.limited) {
    // Nothing new goes out once the network is gone or the token refused.
    await landed(deps, entry, answer);
    deps.onChange?.();
    return undefined;
  }
  const waiting = line.take();
  const { id, next, claimed } = await markDoneAndClaim(deps.db, entry, answer, deps.now(), waiting);
  deps.onLanded?.(entry, id, answer);
  deps.onChange?.();
  // The record's own next entry went first: the one taken waits its turn. One that could not be
  // claimed is dropped, as a failed claim is: the next read of the whole outbox finds it if due.
  if (waiting && claimed && claimed.seq !== waiting.seq) line.add(waiting);
  // Stryker disable next-line ConditionalExpression: an entry added that claim() then refuses (the one just claimed, not pending, not due) leaves the line unsent and untold
  if (next && next.seq !== claimed?.seq && next.state === 'pending' && next.notBefore <= deps.now()) line.add(next);
  return claimed;
}

async function verify(deps: ReplayDeps, entry: OutboxEntry, report: ReplayReport): Promise<void> {
  try {
    const seen = await lookFor(deps.client, entry);
    switch (seen.type) {
      case 'landed':
        await landed(deps, entry, seen.answer);
        break;
      case 'absent':
        // Not there: it never landed, so sending it again is safe (after the usual wait, so a
        // server that keeps dropping connections is not hammered).
        await markRetry(
          deps.db,
          entry,
          entry.error ?? verifyNote('not found on the server'),
          deps.now() + backoff(deps, entry.attempts),
          deps.now(),
        );
        break;
      case 'several': {
        const note =
          seen.candidates.length > 0
            ? `${seen.candidates.length} records on the server match it`
            : 'Epos Now listed no records of this kind at all, so whether it has this one cannot be told';
        await markHeld(deps.db, entry, verifyNote(note), seen.candidates, deps.now());
        break;
      }
      case 'record-gone':
        await holdGone(deps, entry);
        break;
    }
  } catch (caught) {
    if (!isEposError(caught)) throw caught;
    const offline = caught.code === 'network' && !caught.mayHaveReached;
    if (offline) report.offline = true;
    if (noAnswer(caught)) report.unanswered = true;
    // Could not look: look again when the network is back (or after a wait that grows with each
    // failed look, so a server that keeps failing is not asked every few seconds), never sending meanwhile.
    const wait = offline ? 0 : backoff(deps, entry.attempts + (entry.looks ?? 0) + 1);
    await markLookFailed(deps.db, entry, caught.toJSON(), deps.now() + wait, deps.now());
  }
  deps.onChange?.();
}

/** Records a verdict other than a landing. */
async function record(
  deps: ReplayDeps,
  entry: OutboxEntry,
  verdict: Exclude<Verdict, { type: 'done' }>,
  error: EposErrorData,
): Promise<void> {
  const now = deps.now();
  switch (verdict.type) {
    case 'retry':
      await markRetry(deps.db, entry, error, now + (verdict.afterMs ?? backoff(deps, entry.attempts)), now);
      break;
    case 'verify':
      // The claim's updatedAt is when the request went out; a Retry-After is waited out too.
      await markVerify(
        deps.db,
        entry,
        error,
        Math.max(entry.updatedAt + verifyAfter(deps), now + (verdict.afterMs ?? 0)),
        now,
      );
      break;
    case 'fail':
      await markFailed(deps.db, entry, error, now);
      break;
    case 'pause':
      await pauseForAuth(deps.db, entry, error, now);
      break;
    case 'offline':
      await markUnsent(deps.db, entry, error, now);
      break;
  }
  deps.onChange?.();
}

async function landed(deps: ReplayDeps, entry: OutboxEntry, answer: OpenRecord | undefined): Promise<void> {
  // Recorded first, then told: an optional call would skip evaluating its arguments.
  const { id } = await markDone(deps.db, entry, answer, deps.now());
  deps.onLanded?.(entry, id, answer);
}

/** Sends an entry. An update and a save are laid over what Epos Now has now: one GET first. */
async function request(client: EposClient, entry: OutboxEntry): Promise<MergedWrite> {
  if (entry.op === 'save') {
    // The document as Epos Now has it now, others' keys included: the pages keep it (config-state.ts).
    return saveMerged(client, entry.body, entry.base);
  }
  // Every other op writes a record of a kind: only a save targets 'settings' (enqueue makes it so).
  const kind = entry.target as Kind;
  const body = entry.body as OpenRecord;
  switch (entry.op) {
    case 'create':
      return { type: 'sent', answer: await client.create(kind, body) };
    case 'update':
      return updateMerged(client, kind, entry.recordId, body, entry.base);
    case 'delete':
      await client.remove(kind, entry.recordId);
      return { type: 'sent', answer: undefined };
  }
}

/** An update or a save that only a person can settle: changed on Epos Now too, or its record gone. */
async function holdFor(
  deps: ReplayDeps,
  entry: OutboxEntry,
  sent: Exclude<MergedWrite, { type: 'sent' }>,
): Promise<void> {
  if (sent.type === 'conflict') await markConflict(deps.db, entry, sent.conflicts, deps.now());
  else await holdGone(deps, entry);
  deps.onChange?.();
}

/** An update whose record Epos Now no longer has: sending it again would fail, and a create would bring back what someone deleted. */
function holdGone(deps: ReplayDeps, entry: OutboxEntry): Promise<void> {
  const note = verifyNote('the record is no longer on Epos Now (deleted there?), so the change was not made');
  return markHeld(deps.db, entry, note, [], deps.now());
}

function verifyAfter(deps: ReplayDeps): number {
  return deps.verifyAfterMs ?? 20_000;
}

/** Exponential backoff with jitter: many tills that lost the same connection must not return in step. */
function backoff(deps: ReplayDeps, attempts: number): number {
  const base = doubling(deps.retryBaseMs ?? 2_000, deps.maxRetryMs ?? 300_000, attempts);
  return Math.round(base * (0.5 + deps.random()));
}

function withRetryAfter(error: RateLimitError | ServerError): Extract<Verdict, { type: 'retry' }> {
  const after = error.retryAfterMs;
  return after === undefined ? { type: 'retry' } : { type: 'retry', afterMs: after };
}

function verifyNote(message: string): EposErrorData {
  return { code: 'bad-response', name: 'Verification', message, method: 'GET', path: '', mayHaveReached: true };
}
