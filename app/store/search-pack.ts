/**
 * The packed product search index, kept for the next cold start. Opening it takes a few ms where
 * reading 50,000 products and indexing them takes hundreds, so a till reloaded offline answers
 * its first search at once. It is a cache: used only while its stamp matches the catalog as it
 * stands (same generation, same local writes), and rewritten after the index changes.
 */

import { type PackedSearch, packedSize } from '../search/index.ts';
import { type CatalogTx, currentStamp } from './catalog.ts';
import type { TillDb } from './db.ts';
import type { CatalogStamp } from './schema.ts';

/** The packed index, if one matches the catalog as it stands. */
export async function readPack(db: TillDb): Promise<{ packed: PackedSearch; stamp: CatalogStamp } | undefined> {
  const tx = db.transaction(['searchPack', 'meta', 'local'], 'readonly');
  const [kept, stamp] = await Promise.all([
    tx.objectStore('searchPack').get('stamp'),
    currentStamp(tx as unknown as CatalogTx, 'Product'),
  ]);
  if (kept?.key !== 'stamp' || !sameStamp(kept, stamp)) return undefined;
  const row = await tx.objectStore('searchPack').get('packed');
  return row?.key === 'packed' ? { packed: row.packed, stamp } : undefined;
}

/** What {@link writePack} did. */
export type PackWrite = 'stored' | 'out of date' | 'no room';

/** How much the origin stores and may store, in bytes (navigator.storage.estimate()), if known. */
export type StorageEstimate = () => Promise<{ usage?: number; quota?: number } | undefined>;

/** The share of the quota a pack may bring the origin's storage to (counting it twice, for the rewrite). */
const ROOM_SHARE = 0.8;

const browserEstimate: StorageEstimate = async () =>
  typeof navigator !== 'undefined' && navigator.storage?.estimate ? navigator.storage.estimate() : undefined;

/**
 * Stores the index packed from the catalog `stamp` describes, unless the catalog has moved on
 * since (a pull, a local write: that pack would be out of date the moment it was stored), or
 * storing it would leave the till short of room: it is only a cache, and the outbox's writes
 * must never be refused for a full disk because of it.
 */
export async function writePack(
  db: TillDb,
  stamp: CatalogStamp,
  packed: PackedSearch,
  now: number,
  estimate = browserEstimate,
): Promise<PackWrite> {
  const room = await estimate();
  if (
    room?.usage !== undefined &&
    room.quota !== undefined &&
    room.usage + 2 * packedSize(packed) > ROOM_SHARE * room.quota
  )
    return 'no room';
  // Relaxed: a pack lost to a power cut is rebuilt on the next start, nothing else depends on it.
  const tx = db.transaction(['searchPack', 'meta', 'local'], 'readwrite', { durability: 'relaxed' });
  const current = await currentStamp(tx as unknown as CatalogTx, 'Product');
  if (!sameStamp(current, stamp)) {
    await tx.done;
    return 'out of date';
  }
  const store = tx.objectStore('searchPack');
  await Promise.all([
    store.put({ key: 'packed', packed }),
    store.put({ key: 'stamp', gen: stamp.gen, local: stamp.local, storedAt: now }),
    tx.done,
  ]);
  return 'stored';
}

/** Whether two reads saw the same catalog. */
export function sameStamp(a: CatalogStamp, b: CatalogStamp): boolean {
  return a.gen === b.gen && a.local === b.local;
}
