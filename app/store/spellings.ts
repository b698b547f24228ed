/**
 * The path segments a till keeps where its API spells a kind otherwise than the contract (the
 * discount reasons' `DiscountReason`), found by a client after a 404 (client.ts `onSegment`). What
 * a till uses is the build's, then these (default-base.ts `segmentsFor`).
 */
import type { Kind } from '../epos/kinds.ts';
import type { TillDb } from './db.ts';
import { storeErrorFrom } from './errors.ts';

/**
 * Keeps a spelling a client found (client.ts `onSegment`) with the stored context, if that is
 * still for `baseUrl`: the page and the worker use it from their next start on.
 */
export async function rememberSegment(db: TillDb, baseUrl: string, kind: Kind, segment: string): Promise<void> {
  try {
    const tx = db.transaction('context', 'readwrite');
    const stored = await tx.store.get('boot');
    if (stored && stored.baseUrl === baseUrl)
      await tx.store.put({ ...stored, segments: { ...stored.segments, [kind]: segment } }, 'boot');
    await tx.done;
  } catch (error) {
    throw storeErrorFrom(error, 'keeping the API\u2019s spelling of a path');
  }
}
