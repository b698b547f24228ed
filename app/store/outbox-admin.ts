/**
 * What a person may do with an entry the replayer could not settle: send it again, change it,
 * settle a held create by naming the record it became, settle a conflict (keep mine or keep
 * theirs), or throw it away. Discarding also takes back what the till showed of it.
 */
import { withoutId } from '../epos/ids.ts';
import type { Kind } from '../epos/kinds.ts';
import type { OpenRecord } from '../epos/records.ts';
import type { CatalogWriteTx } from './catalog.ts';
import type { TillDb } from './db.ts';
import { storeErrorFrom } from './errors.ts';
import { recomputeLocal } from './outbox.ts';
import { allowed, type EntryEvent, next } from './outbox-machine.ts';
import { markDone } from './outbox-outcomes.ts';
import { entriesOf } from './outbox-status.ts';
import { record } from './outbox-transition.ts';
import type { OutboxEntry } from './schema.ts';
import { bodyProblems } from './write-check.ts';
import { InvalidWriteError } from './write-error.ts';

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
      return { type: 'personEdit', body: checkedBody(entry, body), now };
    },
    'editing the change',
  );
}

/**
 * Settles a conflict with this till's values: sent again over Epos Now's, which become the base;
 * if they changed again meanwhile it is held again. Or with `edited`, what a person typed having
 * seen both values, checked first as an edit is, so a value Epos Now would refuse is named here
 * and nothing is stored.
 */
export async function keepMineEntry(db: TillDb, seq: number, now: number, edited?: OpenRecord): Promise<void> {
  await change(
    db,
    seq,
    'keptMine',
    (entry) => ({ type: 'keptMine', edited: edited && checkedBody(entry, edited), now }),
    edited ? 'keeping the edited values' : 'keeping this till’s values',
  );
}

/** Settles a conflict with Epos Now's values: the fields leave the change; nothing left, it is gone. */
export async function keepTheirsEntry(db: TillDb, seq: number, now: number): Promise<void> {
  await change(db, seq, 'keptTheirs', () => ({ type: 'keptTheirs', now }), 'keeping Epos Now’s values');
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

/** What a person decides about an entry. */
type PersonEvent = 'personRetry' | 'personEdit' | 'keptMine' | 'keptTheirs';

/**
 * Applies a person's event to the entry `seq` in one strict transaction, refused with a reason a
 * person can read; what the till shows then follows what is still queued.
 */
async function change<T extends PersonEvent>(
  db: TillDb,
  seq: number,
  type: T,
  eventOf: (entry: OutboxEntry) => Extract<EntryEvent, { type: T }>,
  action: string,
): Promise<void> {
  try {
    // Stryker disable next-line ObjectLiteral: strict durability only decides when the commit reaches the disk; every reader, and fake-indexeddb, sees the same commit either way
    const tx = db.transaction(['outbox', 'local', 'pages', 'meta', 'settings'], 'readwrite', { durability: 'strict' });
    const entry = await tx.objectStore('outbox').get(seq);
    if (!entry) throw new Error('that change is no longer waiting (it was sent or discarded meanwhile)');
    // Asked before the event is made: what a person asks of an entry not theirs to decide is not checked.
    if (!allowed(entry, type)) throw new Error(`that change is ${entry.state}, not waiting for a person`);
    const step = next(entry, eventOf(entry));
    if (step.kind === 'refused') throw new Error('that change is not waiting for a decision between two values');
    await record(tx.objectStore('outbox'), seq, step);
    if (entry.target !== 'settings')
      await recomputeLocal(tx as unknown as CatalogWriteTx, entry.target as Kind, entry.recordId);
    // The document as it will be saved, stamped when the person decided.
    // Stryker disable next-line ConditionalExpression: a person's step never removes a save (only an update can be left with nothing to send)
    else if (step.kind === 'changed')
      await tx.objectStore('settings').put({ key: 'app', document: step.entry.body, storedAt: step.entry.updatedAt });
    await tx.done;
  } catch (error) {
    // A body the API would refuse is the person's to fix, not a storage failure.
    if (error instanceof InvalidWriteError) throw error;
    throw storeErrorFrom(error, action);
  }
}

/** `body` as the entry would send it (a record's id goes in the path only), checked against the API's rules. */
function checkedBody(entry: OutboxEntry, body: OpenRecord): OpenRecord {
  if (entry.target === 'settings') return body;
  const fields = withoutId(entry.target, body);
  const problems = bodyProblems(entry.target, fields, entry.op === 'update');
  if (Object.keys(problems).length > 0) throw new InvalidWriteError(problems);
  return fields;
}
