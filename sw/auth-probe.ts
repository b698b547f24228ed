/**
 * A queue paused on a refused token must not wait for a person forever: the token may have been
 * refused for a while (a revoked device re-enabled, an API that answered 401 while it recovered),
 * or the app re-opened from Epos Now with the same, now valid, token. One cheap GET tells; the
 * runner asks it on the recovery schedule (sw/outbox/recovery.ts).
 */
import type { EposClient } from '../app/epos/client.ts';
import { isEposError } from '../app/epos/errors.ts';
import type { TillDb } from '../app/store/db.ts';
import { resume } from '../app/store/outbox-outcomes.ts';

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
