/**
 * Whether Epos Now answers the worker: the pull, the outbox and the page's API GETs each say what
 * their request found (answered, no answer, timed out, token refused, API limit), and the worker
 * keeps one state from it (app/store/reach.ts), stored and told to every page. The first answer
 * after failures starts a catch-up (a pull, the queued writes), whatever the pages do. A page that
 * reloads just as the connection returns would otherwise take its reconnect pull with it: the
 * server changes made during the outage would wait for the next interval.
 */

import { isApiLimit } from '../app/epos/answer.ts';
import type { EposClient } from '../app/epos/client.ts';
import { errorText } from '../app/epos/error-text.ts';
import {
  type AnyEposError,
  AuthError,
  isEposError,
  NetworkError,
  RateLimitError,
  TimeoutError,
} from '../app/epos/errors.ts';
import type { WorkerMessage } from '../app/store/channel.ts';
import type { Reach, ReachState } from '../app/store/reach.ts';

/** What one request found. */
export type ReachOutcome =
  /** Epos Now answered (any status but a refused token or the API limit). */
  | { type: 'answered' }
  /** No answer at all: reset, connection refused, DNS, offline. */
  | { type: 'failed' }
  /** Nothing came back within the request's time limit. */
  | { type: 'timed-out' }
  /** 401/403: the token was refused. */
  | { type: 'refused' }
  /** The account's API limit: nothing is sent before `until` (ms). */
  | { type: 'limited'; until: number };

/** What the worker's requests learn of the API. */
export interface Reachability {
  /** What a request found; `true` is an answer, `false` no answer (the form callers used first). */
  report(outcome: boolean | ReachOutcome): void;
  /** Whether the last try got no answer at all (failed or timed out). */
  readonly unreachable: boolean;
  /** The state now; undefined before any request said anything (and nothing was stored). */
  current(): Reach | undefined;
  /** Settles once the stored state was read (at once without `load`). */
  readonly ready: Promise<void>;
}

/** Where the state is kept and told; all optional, so the tracker also runs bare (tests, old callers). */
export interface ReachDeps {
  now?(): number;
  /** The state this worker's predecessor stored. */
  load?(): Promise<Reach | undefined>;
  /** Stores a changed state. */
  store?(reach: Reach): Promise<void>;
  /** Tells every page of a changed state. */
  broadcast?(message: WorkerMessage): void;
}

/** `fetch`, telling `reach` what each request found (the page's API GETs are tries too). */
export function reporting(
  fetch: (request: Request) => Promise<Response>,
  reach: Reachability,
  /** Past this with no answer, Epos Now counts as unreachable at once; a later answer counts too. */
  timeoutMs?: number,
): (request: Request) => Promise<Response> {
  return (request) => {
    const timer =
      timeoutMs === undefined ? undefined : setTimeout(() => reach.report({ type: 'timed-out' }), timeoutMs);
    return fetch(request).then(
      (response) => {
        clearTimeout(timer);
        reportAnswer(response, reach);
        return response;
      },
      (error: unknown) => {
        clearTimeout(timer);
        reach.report({ type: 'failed' });
        throw error;
      },
    );
  };
}

/** What a response says of the API: a refused token, a limit (told by whoever backs off), or an answer. */
function reportAnswer(response: Response, reach: Reachability): void {
  if (response.status === 429) return;
  if (response.status !== 401 && response.status !== 403) {
    reach.report({ type: 'answered' });
    return;
  }
  // A 403 may be the API limit rather than the token (app/epos/http.ts reads it the same way);
  // such a body is a few bytes, and the page's request keeps its own copy.
  response
    .clone()
    .text()
    .then(
      (text) => isApiLimit(text) || reach.report({ type: 'refused' }),
      (error: unknown) => console.warn('Reading a refused answer failed:', errorText(error)),
    );
}

/**
 * Creates the tracker. `onBack` runs once per return to `reachable` from another known state
 * (no answer, a refused token, the limit), with the state left behind: a catch-up is due.
 */
export function createReachability(onBack: (from: Reach) => void, deps: ReachDeps = {}): Reachability {
  const now = deps.now ?? Date.now;
  let known: Reach | undefined;

  function change(next: Reach): void {
    known = next;
    deps.broadcast?.({ type: 'reach', reach: next });
    deps
      .store?.(next)
      .catch((error: unknown) => console.error('Storing whether Epos Now answers failed:', errorText(error)));
  }

  const ready = (deps.load?.() ?? Promise.resolve(undefined)).then(
    (stored) => {
      if (!stored) return;
      // Nothing heard since this worker started: the stored state is the latest word.
      if (!known) known = stored;
      // The same state as before the restart: the outage (or refusal) began when it first did.
      else if (known.state === stored.state && stored.since < known.since) change({ ...known, since: stored.since });
    },
    (error: unknown) => console.error('Reading whether Epos Now answers failed:', errorText(error)),
  );

  return {
    report(outcome) {
      const found: ReachOutcome =
        outcome === true ? { type: 'answered' } : outcome === false ? { type: 'failed' } : outcome;
      const at = now();
      const state = stateOf(found);
      const before = known;
      const lastAnsweredAt = state === 'unreachable' ? before?.lastAnsweredAt : at;
      if (before?.state === state) {
        // Same state: only a later limit is news to the pages; the time of the last answer is
        // kept in memory (stored with the next change) rather than written on every request.
        const until = found.type === 'limited' ? Math.max(found.until, before.until ?? 0) : undefined;
        // Stryker disable next-line ConditionalExpression: until is undefined only for a state other than limited, whose before.until is undefined too
        const moved = until !== undefined && until !== before.until;
        const next: Reach = { ...before, ...(until === undefined ? {} : { until }) };
        if (lastAnsweredAt !== undefined) next.lastAnsweredAt = lastAnsweredAt;
        if (moved) change(next);
        else known = next;
        return;
      }
      const next: Reach = { state, since: at };
      if (found.type === 'limited') next.until = found.until;
      if (lastAnsweredAt !== undefined) next.lastAnsweredAt = lastAnsweredAt;
      change(next);
      if (state === 'reachable' && before !== undefined) onBack(before);
    },
    get unreachable() {
      return known?.state === 'unreachable';
    },
    current: () => known,
    ready,
  };
}

/**
 * How long Epos Now must have been out of reach for its return to pull the catalog at once. A
 * shorter spell is mostly one page GET past its 4 s on a slow line, and missed nothing the
 * interval will not bring; pulling after each would loop, since every pull brings a settings GET.
 */
export const CATCH_UP_AFTER_MS = 30_000;

/** Whether a return to reachable from `from`, at `now`, is worth a pull (the queued writes go anyway). */
export function pullsToCatchUp(from: Reach, now: number): boolean {
  return from.state !== 'unreachable' || now - from.since >= CATCH_UP_AFTER_MS;
}

/** The state an outcome puts the till in. */
function stateOf(outcome: ReachOutcome): ReachState {
  switch (outcome.type) {
    case 'answered':
      return 'reachable';
    case 'failed':
    case 'timed-out':
      return 'unreachable';
    default:
      return outcome.type;
  }
}

/**
 * How long a probe waits for Epos Now. A first page of tender types is a few hundred bytes that a
 * working API answers in well under a second, even on a shop's slow line; a dead uplink mostly
 * hangs rather than refuses, and a probe that waited the client's 15 s (sized for a write's body
 * and a busy server) would hold the queue and the status bar that long for each try.
 */
export const PROBE_TIMEOUT_MS = 5_000;

/**
 * Asks the API for one small page: true when it answered at all (any status, a refused token
 * too), false when no answer came within `timeoutMs`. Tells `reach` what it found. Rejects only
 * with what is not an API failure.
 */
export async function probeReach(
  client: EposClient,
  reach: Reachability,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<boolean> {
  const limit = new AbortController();
  // Stryker disable next-line StringLiteral: the reason is only compared by identity below, and never leaves this function
  const timer = setTimeout(() => limit.abort(new DOMException('the probe timed out', 'TimeoutError')), timeoutMs);
  let found: ReachOutcome | undefined = { type: 'answered' };
  try {
    await client.list('TenderType', 1, { signal: limit.signal });
  } catch (error) {
    // Our own limit rejects with its reason, not a typed error: no answer in time.
    if (limit.signal.aborted && error === limit.signal.reason) found = { type: 'timed-out' };
    else if (isEposError(error)) found = outcomeOf(error);
    else throw error;
  } finally {
    clearTimeout(timer);
  }
  if (found) reach.report(found);
  return found?.type !== 'failed' && found?.type !== 'timed-out';
}

/**
 * What a failed API request says of reaching Epos Now; undefined for the API limit, which the
 * shared back-off (sw/api-limit.ts) reports with its time.
 */
function outcomeOf(error: AnyEposError): ReachOutcome | undefined {
  if (error instanceof NetworkError) return { type: 'failed' };
  if (error instanceof TimeoutError && error.status === undefined) return { type: 'timed-out' };
  if (error instanceof RateLimitError) return undefined;
  if (error instanceof AuthError) return { type: 'refused' };
  return { type: 'answered' };
}

/** Whether a request failed with no answer at all: below HTTP, or out of time with no 408. */
export function noAnswer(error: AnyEposError): boolean {
  return error instanceof NetworkError || (error instanceof TimeoutError && error.status === undefined);
}
