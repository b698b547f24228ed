/**
 * "Can this till reach Epos Now?", as the worker's own requests last found it: one row the worker
 * keeps and every page reads. Stored so a page opened during an outage says so at once, and a
 * restarted worker keeps when the outage began. Kept in the `meta` store under its own key, as the
 * API limit is (./api-limit.ts), so no schema version is spent on one small row.
 */
import type { TillDb } from './db.ts';
import type { KindMeta } from './schema.ts';

/**
 * What the last requests found: `reachable` answered; `unreachable` got no answer (reset, refused,
 * DNS, timed out); `refused` was answered 401/403 (the token); `limited` hit the account's API limit.
 */
export type ReachState = 'reachable' | 'unreachable' | 'refused' | 'limited';

/** The worker's answer to "can we reach Epos Now?". */
export interface Reach {
  state: ReachState;
  /** When this state began (ms): an outage keeps the time of its first failure. */
  since: number;
  /** `limited` only: no request before this time (ms). */
  until?: number;
  /** When a request last got an answer from Epos Now (ms), if ever. */
  lastAnsweredAt?: number;
}

/** The row as stored. */
export interface ReachRow extends Reach {
  /** The row's key in `meta` (whose key path is `kind`); no cached kind is spelled so. */
  kind: typeof REACH_KEY;
}

/** The row's key in the `meta` store. */
export const REACH_KEY = 'reach';

/** Whether `reach` says a request at `now` would most likely get no useful answer. */
export function outOfReach(reach: Reach | undefined, now: number): boolean {
  if (reach === undefined || reach.state === 'reachable') return false;
  // A limit whose time has passed may already be over: the next request tells.
  return reach.state !== 'limited' || (reach.until ?? 0) > now;
}

/** The stored state, or undefined before the worker found anything. */
export async function readReach(db: TillDb): Promise<Reach | undefined> {
  // The meta store is typed for the kinds' rows; this key holds the one row of another shape.
  const row = (await db.get('meta', REACH_KEY)) as unknown as ReachRow | undefined;
  if (!row) return undefined;
  const { kind: _key, ...reach } = row;
  return reach;
}

/** Stores the state. */
export async function writeReach(db: TillDb, reach: Reach): Promise<void> {
  await db.put('meta', { ...reach, kind: REACH_KEY } as unknown as KindMeta);
}
