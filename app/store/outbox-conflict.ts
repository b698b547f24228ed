/**
 * An update or a settings save that met a change made elsewhere to the same fields: it is held
 * with each field's three values (where the edit started, this till's, Epos Now's now) until a
 * person decides (the machine's conflict row; the decisions are keptMine and keptTheirs, made
 * through outbox-admin.ts).
 */
import type { EposErrorData } from '../epos/errors.ts';
import type { FieldConflict } from '../epos/field-merge.ts';
import type { TillDb } from './db.ts';
import { applyEvent } from './outbox-transition.ts';
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
