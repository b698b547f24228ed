/**
 * What the outbox holds, computed from the stored entries every time, so every tab shows the
 * same truth and nothing can drift from a counter kept beside it.
 */
import type { IDBPIndex, StoreNames } from 'idb';
import type { TillDb } from './db.ts';
import { storeErrorFrom } from './errors.ts';
import type { OutboxEntry, QueueRow, TillDB } from './schema.ts';

/** The outbox at a glance. */
export interface OutboxStatus {
  /** Writes not yet on the server and not needing a person: waiting, being sent or verified. */
  pending: number;
  /** Refused by the server; a person edits, retries or discards them. */
  failed: number;
  /** Undecidable without a person. */
  held: number;
  /** When the oldest pending write was made (ms), or null. */
  oldestPendingAt: number | null;
  /** When a write last reached the server (ms), or null. */
  lastSentAt: number | null;
  /** Set while the token is refused and nothing is being sent. */
  paused: QueueRow['paused'];
}

/** The outbox's per-record index, in any transaction that includes the outbox. */
export type ByRecordIndex = IDBPIndex<TillDB, ArrayLike<StoreNames<TillDB>>, 'outbox', 'byRecord', IDBTransactionMode>;

/** Entries of one record, oldest first. */
export function entriesOf(index: ByRecordIndex, target: string, id: number): Promise<OutboxEntry[]> {
  return index.getAll(IDBKeyRange.bound([target, id, -Infinity], [target, id, Infinity]));
}

/** Every entry, oldest first. */
export async function listEntries(db: TillDb): Promise<OutboxEntry[]> {
  try {
    return await db.getAll('outbox');
  } catch (error) {
    throw storeErrorFrom(error, 'reading the changes stored on this till');
  }
}

/** The status, from the stored entries. */
export async function readOutboxStatus(db: TillDb): Promise<OutboxStatus> {
  const tx = db.transaction(['outbox', 'queue'], 'readonly');
  const [entries, queue] = await Promise.all([tx.objectStore('outbox').getAll(), tx.objectStore('queue').get('queue')]);
  const status: OutboxStatus = {
    pending: 0,
    failed: 0,
    held: 0,
    oldestPendingAt: null,
    lastSentAt: queue?.lastSentAt ?? null,
    paused: queue?.paused ?? null,
  };
  for (const entry of entries) {
    if (entry.state === 'failed') status.failed++;
    else if (entry.state === 'held') status.held++;
    else {
      status.pending++;
      status.oldestPendingAt = Math.min(status.oldestPendingAt ?? entry.createdAt, entry.createdAt);
    }
  }
  return status;
}
