/**
 * "The account's API limit was reached; no request before T": one row that the worker's pulls
 * and replays honour and the page reads for the status bar. Kept in the `meta` store under its
 * own key, so no schema version is spent on one small row.
 */
import type { TillDb } from './db.ts';
import type { KindMeta } from './schema.ts';

/** The shared back-off after Epos Now answered "API Limit Exceeded". */
export interface ApiLimitRow {
  /** The row's key in `meta` (whose key path is `kind`); no cached kind is spelled so. */
  kind: typeof API_LIMIT_KEY;
  /** No request to Epos Now before this time (ms). */
  until: number;
  /** Limits reached in a row without a request getting through: the wait grows with them. */
  hits: number;
}

/** The row's key in the `meta` store. */
export const API_LIMIT_KEY = 'api-limit';

/** The stored back-off, or undefined when requests may go. */
export async function readApiLimit(db: TillDb): Promise<ApiLimitRow | undefined> {
  // The meta store is typed for the kinds' rows; this key holds the one row of another shape.
  return (await db.get('meta', API_LIMIT_KEY)) as unknown as ApiLimitRow | undefined;
}

/** Stores the back-off. */
export async function writeApiLimit(db: TillDb, row: Omit<ApiLimitRow, 'kind'>): Promise<void> {
  await db.put('meta', { kind: API_LIMIT_KEY, ...row } as unknown as KindMeta);
}

/** Forgets the back-off: a request got through. */
export async function clearApiLimit(db: TillDb): Promise<void> {
  await db.delete('meta', API_LIMIT_KEY);
}
