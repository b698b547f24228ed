/**
 * Two edits of one list merged entry by entry, for the lists a manager edits in the settings
 * (favourites: product ids). Each side's additions and removals since the base are both kept, in
 * the order Epos Now has the list with this edit's additions after. A reorder here of entries
 * Epos Now also changed is not merged: which order stands is a person's call.
 */
import { sameJson } from './json-equal.ts';

/** The list with both sides' changes, or undefined when only a person can say. */
export function mergeLists(base: unknown, mine: unknown, theirs: unknown): unknown[] | undefined {
  if (!isScalarList(base) || !isScalarList(mine) || !isScalarList(theirs)) return undefined;
  const kept = mine.filter((item) => base.includes(item));
  // Reordered here: the order was the change, and Epos Now's list changed too.
  if (
    !sameJson(
      kept,
      base.filter((item) => mine.includes(item)),
    )
  )
    return undefined;
  const removed = base.filter((item) => !mine.includes(item));
  const added = mine.filter((item) => !base.includes(item) && !theirs.includes(item));
  return [...theirs.filter((item) => !removed.includes(item)), ...added];
}

type Scalar = string | number | boolean | null;

function isScalarList(value: unknown): value is Scalar[] {
  return Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object');
}
