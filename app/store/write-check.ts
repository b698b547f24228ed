/**
 * A write checked against what the API takes, before it is stored (issue 16): ASP.NET's model
 * binding answers a value of the wrong type with a 400 naming the field, and an id past its
 * 32-bit integers cannot name a record. Found here, the person who typed it hears at once,
 * field by field; found in the outbox, it would fail hours later, once the connection returned.
 * Kinds with a field table (kind-fields.ts) are checked field by field; every kind's numbers
 * must be finite (JSON would send NaN and Infinity as null) and its `...ID` references whole
 * numbers in range. A settings save is the app's own document: not the API's to type.
 */

import { INT32_MAX, isServerId } from '../epos/ids.ts';
import { type FieldProblems, validateFields } from '../epos/kind-fields.ts';
import { KINDS, type Kind } from '../epos/kinds.ts';
import type { OpenRecord } from '../epos/records.ts';
import type { TillDb } from './db.ts';
import { enqueue, type Queued, type Write } from './outbox.ts';
import { InvalidWriteError } from './write-error.ts';

/** Throws {@link InvalidWriteError} when the API would refuse `write`. */
export function checkWrite(write: Write): void {
  if (write.op === 'save') return;
  const problems: FieldProblems =
    write.op === 'delete' ? {} : bodyProblems(write.kind, write.body, write.op === 'update');
  // A queued create's temporary id (negative) names it until it lands.
  if (write.op !== 'create' && !(isServerId(write.id) || (Number.isSafeInteger(write.id) && write.id < 0))) {
    problems.id = `The ${KINDS[write.kind].label} id must be a whole number from 1 to ${INT32_MAX}, got ${String(write.id)}.`;
  }
  if (Object.keys(problems).length > 0) throw new InvalidWriteError(problems);
}

/**
 * What is wrong with a body's fields: an update (`partial`) sends only what changed, a create
 * must carry the required fields.
 */
export function bodyProblems(kind: Kind, body: OpenRecord, partial: boolean): FieldProblems {
  const problems = validateFields(kind, body, { partial });
  for (const [key, value] of Object.entries(body)) {
    if (problems[key] !== undefined || typeof value !== 'number') continue;
    if (!Number.isFinite(value)) problems[key] = `${key} must be a number.`;
    else if (key.endsWith('ID') && !(Number.isInteger(value) && value >= 1 && value <= INT32_MAX))
      problems[key] = `${key} must be a whole number from 1 to ${INT32_MAX}.`;
  }
  return problems;
}

/**
 * The page's one way to queue: the check, then {@link enqueue}. What the writer loads with its
 * first write; the worker, which only sends what is queued, never loads the check.
 */
export async function queueChecked(db: TillDb, write: Write, now: number): Promise<Queued> {
  checkWrite(write);
  return enqueue(db, write, now);
}
