/**
 * An update or a settings save that met a change made elsewhere to the same fields: it is held
 * with each field's three values (where the edit started, this till's, Epos Now's now) until a
 * person decides (the machine's conflict, keptMine and keptTheirs, outbox-machine.ts). Keeping
 * mine makes Epos Now's value the new base, so the next send lays this till's value over it;
 * keeping theirs takes the field out of the change.
 */
import type { EposErrorData } from '../epos/errors.ts';
import type { FieldConflict } from '../epos/field-merge.ts';
import type { Kind } from '../epos/kinds.ts';
import type { CatalogWriteTx } from './catalog.ts';
import type { TillDb } from './db.ts';
import { storeErrorFrom } from './errors.ts';
import { recomputeLocal } from './outbox.ts';
import { type EntryEvent, next } from './outbox-machine.ts';
import { applyEvent, record } from './outbox-transition.ts';
import type { OutboxEntry } from './schema.ts';

/** Holds an entry whose fields were changed on Epos Now too. */
export function markConflict(db: TillDb, entry: OutboxEntry, conflicts: FieldConflict[], now: number): Promise<void> {
  const fields = conflicts.map((conflict) => conflict.field).join(', ');
  const error: EposErrorData = {
    code: 'conflict',
    name: 'EditConflict',
    message: `Changed on Epos Now too since this edit started (${fields}): nothing was sent. Keep mine sends this till's values; Keep theirs keeps Epos Now's.`,
    method: 'GET',
    path: '',
    mayHaveReached: false,
  };
  return applyEvent(db, entry.seq, { type: 'conflict', error, conflicts, now });
}

/**
 * This till's values stand (or `edited`, what the person typed having seen both): sent again,
 * over what Epos Now had when the conflict was found.
 */
export function keepMine(db: TillDb, seq: number, now: number, edited?: Record<string, unknown>): Promise<void> {
  return settle(db, seq, now, { type: 'keptMine', edited, now }, 'keeping this till’s values');
}

/** Epos Now's values stand: the conflicting fields leave the change; nothing left, it is gone. */
export function keepTheirs(db: TillDb, seq: number, now: number): Promise<void> {
  return settle(db, seq, now, { type: 'keptTheirs', now }, 'keeping Epos Now’s values');
}

async function settle(db: TillDb, seq: number, now: number, event: EntryEvent, action: string): Promise<void> {
  try {
    // Stryker disable next-line ObjectLiteral: strict durability only decides when the commit reaches the disk; every reader, and fake-indexeddb, sees the same commit either way
    const tx = db.transaction(['outbox', 'local', 'pages', 'meta', 'settings'], 'readwrite', { durability: 'strict' });
    const entry = await tx.objectStore('outbox').get(seq);
    if (!entry) throw new Error('that change is no longer waiting (it was sent or discarded meanwhile)');
    const step = next(entry, event);
    if (step.kind === 'refused') throw new Error('that change is not waiting for a decision between two values');
    await record(tx.objectStore('outbox'), seq, step);
    // What the till shows follows what is still queued: the document as it will be saved, or
    // the record with the changes still queued laid over it.
    if (entry.target === 'settings') {
      // Stryker disable next-line ConditionalExpression: a save's decision always leaves it waiting (only an update can be left with nothing to send)
      if (step.kind === 'changed')
        await tx.objectStore('settings').put({ key: 'app', document: step.entry.body, storedAt: now });
    } else await recomputeLocal(tx as unknown as CatalogWriteTx, entry.target as Kind, entry.recordId);
    await tx.done;
  } catch (error) {
    throw storeErrorFrom(error, action);
  }
}
