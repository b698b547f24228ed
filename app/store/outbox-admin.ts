/**
 * What a person may do with an entry the replayer could not settle: send it again, change it,
 * settle a held create by naming the record it became, settle a conflict (outbox-conflict.ts,
 * re-exported here so the page loads one module for them all), or throw it away. Discarding also
 * takes back what the till showed of it.
 */
import { withoutId } from '../epos/ids.ts';
import type { Kind } from '../epos/kinds.ts';
import type { OpenRecord } from '../epos/records.ts';
import type { CatalogWriteTx } from './catalog.ts';
import type { TillDb } from './db.ts';
import { storeErrorFrom } from './errors.ts';
import { recomputeLocal } from './outbox.ts';
import { keepMine } from './outbox-conflict.ts';
import { allowed, type EntryEvent, next } from './outbox-machine.ts';
import { markDone } from './outbox-outcomes.ts';
import { entriesOf } from './outbox-status.ts';
import { record } from './outbox-transition.ts';
import type { OutboxEntry } from './schema.ts';
import { bodyProblems } from './write-check.ts';
import { InvalidWriteError } from './write-error.ts';

export { keepTheirs } from './outbox-conflict.ts';

/**
 * Sends a failed or held entry again (a held create: the person says it did not land; one held
 * for another account: the person says it belongs to the account in use now).
 */
export async function retryEntry(db: TillDb, seq: number, now: number): Promise<void> {
  await change(db, seq, 'personRetry', () => ({ type: 'personRetry', now }), 'retrying the change');
}

/** Replaces the fields of a failed create or update, and queues it again. */
export async function editEntry(db: TillDb, seq: number, body: OpenRecord, now: number): Promise<void> {
  await change(
    db,
    seq,
    'personEdit',
    (entry) => {
      if (entry.op !== 'create' && entry.op !== 'update' && entry.op !== 'save')
        throw new Error('only a create, an update or a settings save can be edited');
      // A record pasted from the records screen carries its id: the id goes in the path only.
      const fields = entry.target === 'settings' ? body : withoutId(entry.target, body);
      if (entry.target !== 'settings') {
        const problems = bodyProblems(entry.target, fields, entry.op === 'update');
        if (Object.keys(problems).length > 0) throw new InvalidWriteError(problems);
      }
      return { type: 'personEdit', body: fields, now };
    },
    'editing the change',
  );
}

/**
 * Settles a conflict with this till's values ({@link keepMine}), or with `edited`, what a person
 * typed having seen both values: checked first as an edit is, so a value Epos Now would refuse
 * is named here and nothing is stored.
 */
export async function keepMineEntry(db: TillDb, seq: number, now: number, edited?: OpenRecord): Promise<void> {
  if (!edited) return keepMine(db, seq, now);
  let entry: OutboxEntry | undefined;
  try {
    entry = await db.get('outbox', seq);
  } catch (error) {
    throw storeErrorFrom(error, 'keeping the edited values');
  }
  // Gone meanwhile: keepMine says so.
  if (!entry || entry.target === 'settings') return keepMine(db, seq, now, edited);
  const fields = withoutId(entry.target, edited);
  const problems = bodyProblems(entry.target, fields, true);
  if (Object.keys(problems).length > 0) throw new InvalidWriteError(problems);
  return keepMine(db, seq, now, fields);
}

/** Settles a held create: the person says it became this server record. */
export async function adoptRecord(db: TillDb, seq: number, record: OpenRecord, now: number): Promise<void> {
  const entry = await db.get('outbox', seq);
  if (!entry) return;
  await markDone(db, entry, record, now);
}

/**
 * Throws an entry away. Discarding a create also discards the writes queued behind it (they
 * have no record to go to); the till then shows the server's record again.
 */
export async function discardEntry(db: TillDb, seq: number): Promise<void> {
  try {
    // Stryker disable next-line ObjectLiteral: strict durability only decides when the commit reaches the disk; every reader, and fake-indexeddb, sees the same commit either way
    const tx = db.transaction(['outbox', 'local', 'pages', 'meta'], 'readwrite', { durability: 'strict' });
    const entry = await tx.objectStore('outbox').get(seq);
    if (!entry) return;
    const gone =
      entry.op === 'create'
        ? await entriesOf(tx.objectStore('outbox').index('byRecord'), entry.target, entry.recordId)
        : [entry];
    for (const e of gone) await record(tx.objectStore('outbox'), e.seq, next(e, { type: 'discarded' }));
    if (entry.target !== 'settings')
      await recomputeLocal(tx as unknown as CatalogWriteTx, entry.target as Kind, entry.recordId);
    await tx.done;
  } catch (error) {
    throw storeErrorFrom(error, 'discarding the change');
  }
}

/** Applies a person's event to the entry `seq`, refused with a reason a person can read. */
async function change<T extends 'personRetry' | 'personEdit'>(
  db: TillDb,
  seq: number,
  type: T,
  eventOf: (entry: OutboxEntry) => Extract<EntryEvent, { type: T }>,
  action: string,
): Promise<void> {
  try {
    // Stryker disable next-line ObjectLiteral: strict durability only decides when the commit reaches the disk; every reader, and fake-indexeddb, sees the same commit either way
    const tx = db.transaction(['outbox', 'local', 'pages', 'meta'], 'readwrite', { durability: 'strict' });
    const entry = await tx.objectStore('outbox').get(seq);
    if (!entry) throw new Error('that change is no longer waiting (it was sent or discarded meanwhile)');
    // Asked before the event is made: what a person asks of an entry not theirs to decide is not checked.
    if (!allowed(entry, type)) throw new Error(`that change is ${entry.state}, not waiting for a person`);
    await record(tx.objectStore('outbox'), seq, next(entry, eventOf(entry)));
    // An edited body changes what the till shows of the record.
    if (entry.target !== 'settings')
      await recomputeLocal(tx as unknown as CatalogWriteTx, entry.target as Kind, entry.recordId);
    await tx.done;
  } catch (error) {
    // A body the API would refuse is the person's to fix, not a storage failure.
    if (error instanceof InvalidWriteError) throw error;
    throw storeErrorFrom(error, action);
  }
}
