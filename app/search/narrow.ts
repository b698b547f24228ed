/**
 * Incremental narrowing: when the last query's complete matches were few and the new query
 * narrows it (another letter typed), only they are re-checked from their strings.
 */
import type { Marks } from './marks.ts';
import { MISSING, scoreOf } from './score.ts';
import type { ProductTable } from './table.ts';

/** The last query whose complete match set is known, as of a table version. */
export interface LastQuery {
  readonly terms: readonly string[];
  readonly slots: readonly number[];
  readonly version: number;
}

/** True when every match of `terms` also matched `before`: each earlier word lies inside a new one. */
export function narrows(before: readonly string[], terms: readonly string[]): boolean {
  return before.every((old) => terms.some((term) => term.includes(old)));
}

/** The matches among a few known candidates, scored into `marks` from their strings. */
export function recheck(
  table: ProductTable,
  marks: Marks,
  candidates: readonly number[],
  whole: string,
  terms: readonly string[],
): number[] {
  const slots: number[] = [];
  for (const slot of candidates) {
    const scored = scoreOf(table.names.get(slot), table.codes.get(slot), whole, terms);
    if (scored === MISSING) continue;
    marks.score[slot] = scored;
    slots.push(slot);
  }
  return slots;
}
