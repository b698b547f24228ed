/**
 * Laying this till's changes over what Epos Now has now, field by field. Epos Now has no
 * revision or ETag to ask for, so the check is made here: a field the server still has as it was
 * where the edit started takes this till's value; a field the server already has at this
 * till's value needs nothing; any other field was changed by someone else too, and only a
 * person may say which value stays.
 */
import { sameField } from './field-equal.ts';

/** A field changed both here and elsewhere since the edit started. */
export interface FieldConflict {
  field: string;
  /** Its value where the edit started (undefined: the field was not there). */
  base: unknown;
  /** The value this till set. */
  mine: unknown;
  /** The value Epos Now has now. */
  theirs: unknown;
}

/** What {@link mergeFields} decided. */
export interface FieldMerge {
  /** The fields to send: those the server still has at their base. */
  send: Record<string, unknown>;
  /** The fields changed on both sides, in the order of `changes`. */
  conflicts: FieldConflict[];
}

/**
 * Compares each changed field with the server's value and its base. A field `base` does not name
 * has no known start (an entry queued before bases were kept, a field a person added to a held
 * change): it goes as every field did then, this till's value winning. A base names a field that
 * was not there with an undefined or null value.
 */
export function mergeFields(
  server: Readonly<Record<string, unknown>>,
  changes: Readonly<Record<string, unknown>>,
  base: Readonly<Record<string, unknown>> | undefined,
): FieldMerge {
  const send: Record<string, unknown> = {};
  const conflicts: FieldConflict[] = [];
  for (const [field, mine] of Object.entries(changes)) {
    const theirs = server[field];
    if (sameField(theirs, mine)) continue;
    if (!base || !Object.hasOwn(base, field) || sameField(theirs, base[field])) send[field] = mine;
    else conflicts.push({ field, base: base[field], mine, theirs });
  }
  return { send, conflicts };
}

/** The fields of `edited` that differ from `from`, as the API compares them: what an edit changed. */
export function changedFields(
  from: Readonly<Record<string, unknown>>,
  edited: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(edited).filter(([field, value]) => !sameField(value, from[field])));
}
