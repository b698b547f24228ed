/**
 * A queue paused on a refused token must not wait for a person forever: the token may have been
 * refused for a while (a revoked device re-enabled, an API that answered 401 while it recovered),
 * or the app re-opened from Epos Now with the same, now valid, token. One cheap GET tells.
 */
import type { EposClient } from '../app/epos/client.ts';
import { isEposError } from '../app/epos/errors.ts';
import type { TillDb } from '../app/store/db.ts';
import { resume } from '../app/store/outbox-outcomes.ts';
import { doubling } from './doubling.ts';

/** First wait between probes of a refused token; doubles up to {@link MAX_AUTH_PROBE_MS}. */
export const FIRST_AUTH_PROBE_MS = 30_000;
/** Longest wait between probes. */
export const MAX_AUTH_PROBE_MS = 10 * 60_000;

/** Wait before the `probes`-th probe (from 1) of a paused queue. */
export function authProbeDelay(probes: number): number {
  return doubling(FIRST_AUTH_PROBE_MS, MAX_AUTH_PROBE_MS, probes);
}

/**
 * Asks the API for one small page with the token in use; when it answers, the queue resumes.
 * Resolves true when it resumed. Rejects only with what is not an API failure.
 */
export async function probeToken(db: TillDb, client: EposClient): Promise<boolean> {
  try {
    await client.list('TenderType', 1);
  } catch (error) {
    // Refused again, or not reachable: the queue stays paused until the next probe.
    if (isEposError(error)) return false;
    throw error;
  }
  await resume(db);
  return true;
}
