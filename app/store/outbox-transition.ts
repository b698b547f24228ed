/**
 * The store's one way of changing an outbox entry: a step of the machine (outbox-machine.ts),
 * written in a transaction, the caller's or one of its own.
 */
import type { IDBPObjectStore, StoreNames } from 'idb';
import type { TillDb } from './db.ts';
import { type EntryEvent, next, type Step } from './outbox-machine.ts';
import type { OutboxEntry, TillDB } from './schema.ts';

/** The outbox as a read-write transaction holds it. */
export type OutboxStore = IDBPObjectStore<TillDB, ArrayLike<StoreNames<TillDB>>, 'outbox', 'readwrite'>;

/**
 * Writes a step of the entry `seq` in the caller's transaction: its new value, its removal, or
 * nothing when the event was refused. The write is issued at once; the caller's commit is the wait.
 */
export function record(outbox: OutboxStore, seq: number, step: Step): Promise<unknown> {
  if (step.kind === 'changed') return outbox.put(step.entry);
  if (step.kind === 'removed') return outbox.delete(seq);
  return Promise.resolve();
}

/**
 * Applies `event` to the stored entry `seq` in a strict transaction of its own. Gone means a
 * person discarded it meanwhile: their decision stands.
 */
export async function applyEvent(db: TillDb, seq: number, event: EntryEvent): Promise<void> {
  // Stryker disable next-line ObjectLiteral: strict durability only changes when a browser reports the commit on disk; fake-indexeddb has no disk
  const tx = db.transaction('outbox', 'readwrite', { durability: 'strict' });
  const current = await tx.store.get(seq);
  if (current) await record(tx.store, seq, next(current, event));
  await tx.done;
}

/**
 * Applies to every entry the event `eventOf` gives it (none: left as it is), in one strict
 * transaction, a scan of the outbox. Returns how many entries the events changed.
 */
export async function applyToAll(db: TillDb, eventOf: (entry: OutboxEntry) => EntryEvent | undefined): Promise<number> {
  // Stryker disable next-line ObjectLiteral: strict durability only changes when a browser reports the commit on disk; fake-indexeddb has no disk
  const tx = db.transaction('outbox', 'readwrite', { durability: 'strict' });
  let changed = 0;
  for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
    const event = eventOf(cursor.value);
    const step = event && next(cursor.value, event);
    if (step === undefined || step.kind === 'refused') continue;
    changed++;
    await record(tx.store, cursor.primaryKey, step);
  }
  await tx.done;
  return changed;
}
