/**
 * An update or a settings save that met a change made elsewhere to the same fields: it is held
 * with each field's three values (where the edit started, this till's, Epos Now's now) until a
 * person decides. Keeping mine makes Epos Now's value the new base, so the next send lays this
 * till's value over it; keeping theirs takes the field out of the change.
 */
import type { EposErrorData } from '../epos/errors.ts';
import type { FieldConflict } from '../epos/field-merge.ts';
import type { Kind } from '../epos/kinds.ts';
import type { CatalogWriteTx } from './catalog.ts';
import type { TillDb } from './db.ts';
import { storeErrorFrom } from './errors.ts';
import { recomputeLocal } from './outbox.ts';
import type { OutboxEntry } from './schema.ts';

/** `name` of the note on an entry held for a conflict. */
const CONFLICT = 'EditConflict';

/** Holds an entry whose fields were changed on Epos Now too. */
export async function markConflict(
  db: TillDb,
  entry: OutboxEntry,
  conflicts: FieldConflict[],
  now: number,
): Promise<void> {
  const fields = conflicts.map((conflict) => conflict.field).join(', ');
  const error: EposErrorData = {
    code: 'conflict',
    name: CONFLICT,
    message: `Changed on Epos Now too since this edit started (${fields}): nothing was sent. Keep mine sends this till's values; Keep theirs keeps Epos Now's.`,
    method: 'GET',
    path: '',
    mayHaveReached: false,
  };
  // Stryker disable next-line ObjectLiteral: strict durability only changes when a browser reports the commit on disk; fake-indexeddb has no disk
  const tx = db.transaction('outbox', 'readwrite', { durability: 'strict' });
  const current = await tx.store.get(entry.seq);
  // Gone means a person discarded it meanwhile: their decision stands.
  if (current) await tx.store.put({ ...current, state: 'held', error, conflicts, updatedAt: now });
  await tx.done;
}

/**
 * This till's values stand (or `edited`, what the person typed having seen both): sent again,
 * over what Epos Now had when the conflict was found.
 */
export function keepMine(db: TillDb, seq: number, now: number, edited?: Record<string, unknown>): Promise<void> {
  return settle(db, seq, now, 'keeping this till’s values', (entry, conflicts) => {
    const base: Record<string, unknown> = { ...entry.base };
    for (const { field, theirs } of conflicts) base[field] = theirs;
    return { ...entry, base, ...(edited ? { body: edited } : {}) };
  });
}

/** Epos Now's values stand: the conflicting fields leave the change; nothing left, it is gone. */
export function keepTheirs(db: TillDb, seq: number, now: number): Promise<void> {
  return settle(db, seq, now, 'keeping Epos Now’s values', (entry, conflicts) => {
    const body = { ...(entry.body as Record<string, unknown>) };
    const base: Record<string, unknown> = { ...entry.base };
    for (const { field, theirs } of conflicts) {
      // A record's change drops the field; a settings document takes Epos Now's value in it.
      if (entry.op === 'save') {
        if (theirs === undefined) delete body[field];
        else body[field] = theirs;
        base[field] = theirs;
      } else {
        delete body[field];
        delete base[field];
      }
    }
    return { ...entry, body, base };
  });
}

async function settle(
  db: TillDb,
  seq: number,
  now: number,
  action: string,
  decide: (entry: OutboxEntry, conflicts: FieldConflict[]) => OutboxEntry,
): Promise<void> {
  try {
    // Stryker disable next-line ObjectLiteral: strict durability only decides when the commit reaches the disk; every reader, and fake-indexeddb, sees the same commit either way
    const tx = db.transaction(['outbox', 'local', 'pages', 'meta', 'settings'], 'readwrite', { durability: 'strict' });
    const entry = await tx.objectStore('outbox').get(seq);
    if (!entry) throw new Error('that change is no longer waiting (it was sent or discarded meanwhile)');
    if (entry.state !== 'held' || !entry.conflicts)
      throw new Error('that change is not waiting for a decision between two values');
    const { conflicts: _settled, ...rest } = decide(entry, entry.conflicts);
    const settled: OutboxEntry = { ...rest, state: 'pending', error: null, notBefore: 0, updatedAt: now };
    const empty = entry.op === 'update' && Object.keys(settled.body as object).length === 0;
    if (empty) await tx.objectStore('outbox').delete(seq);
    else await tx.objectStore('outbox').put(settled);
    // What the till shows follows what is still queued: the document as it will be saved, or
    // the record with the changes still queued laid over it.
    if (entry.target === 'settings')
      await tx.objectStore('settings').put({ key: 'app', document: settled.body, storedAt: now });
    else await recomputeLocal(tx as unknown as CatalogWriteTx, entry.target as Kind, entry.recordId);
    await tx.done;
  } catch (error) {
    throw storeErrorFrom(error, action);
  }
}
