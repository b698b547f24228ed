/** A query from keystroke to products: folded and split, then narrowed from the last query or looked up. */
import { squash } from './fields.ts';
import { fold, words } from './fold.ts';
import { lookup, NARROW_MAX } from './lookup.ts';
import { Marks } from './marks.ts';
import { type LastQuery, narrows, recheck } from './narrow.ts';
import { best, scoreOrder } from './rank.ts';
import type { ProductTable } from './table.ts';
import type { TillProduct } from './till-product.ts';

/** How many results `search` gives when no limit is passed. */
export const DEFAULT_LIMIT = 50;

/** Words beyond this many in one query are ignored: a slot's matched words are bits of an int32. */
const MAX_WORDS = 30;

/** A search over one table: the keystroke's, and the first letters' ahead of it. */
export interface TableSearch {
  /** Products matching every word of `query`, best first, at most `limit`. */
  search(query: string, limit?: number): TillProduct[];
  /**
   * Looks up one letter's matches ahead of its keystroke and keeps them until the table changes,
   * leaving the last query (which the next keystroke narrows from) as it is. False when they were
   * kept already, `letter` does not fold to one letter or `limit` is under 1. Costs a first letter's lookup.
   */
  warm(letter: string, limit?: number): boolean;
}

/** A search over `table`: products matching every word of a query, best first, at most `limit`. */
export function createSearch(table: ProductTable): TableSearch {
  const marks = new Marks();
  const byScore = scoreOrder(table, marks);
  let last: LastQuery | undefined;
  // Every search starts with one letter, and its lookup is the costliest (most products have a
  // word that starts with it): kept per letter and limit until the table changes.
  let firsts = { version: -1, found: new Map<string, { slots: number[]; last: LastQuery | undefined }>() };
  /** The letters kept for the table as it is now. */
  const keptLetters = () => {
    if (firsts.version !== table.version) firsts = { version: table.version, found: new Map() };
    return firsts.found;
  };
  /** Where a folded query's results are kept: one letter at one limit; undefined for longer queries. */
  const letterKey = (whole: string, max: number): string | undefined =>
    whole.length === 1 ? `${max} ${whole}` : undefined;
  const search = (query: string, limit = DEFAULT_LIMIT): TillProduct[] => {
    const whole = squash(fold(query));
    const terms = words(whole).slice(0, MAX_WORDS);
    const max = Math.floor(limit);
    if (terms.length === 0 || !(max > 0)) return [];
    const { version } = table;
    const key = letterKey(whole, max);
    const kept = key === undefined ? undefined : keptLetters().get(key);
    if (kept) {
      last = kept.last;
      return kept.slots.map((slot) => table.products.get(slot) as TillProduct);
    }
    marks.next(table.rank.length);
    let slots: number[];
    if (last !== undefined && last.version === version && narrows(last.terms, terms)) {
      const found = recheck(table, marks, last.slots, whole, terms).sort(byScore);
      last = { terms, slots: found, version };
      slots = found.slice(0, max);
    } else {
      const found = lookup(table, marks, whole, terms, max);
      last =
        found.complete && found.slots.length <= NARROW_MAX ? { terms, slots: [...found.slots], version } : undefined;
      slots = best(table, marks, found.slots, max, found.full, byScore);
    }
    if (key !== undefined) keptLetters().set(key, { slots, last });
    return slots.map((slot) => table.products.get(slot) as TillProduct);
  };
  return {
    search,
    warm(letter, limit = DEFAULT_LIMIT) {
      const whole = squash(fold(letter));
      const max = Math.floor(limit);
      const key = letterKey(whole, max);
      if (key === undefined || !(max > 0) || words(whole).length !== 1 || keptLetters().has(key)) return false;
      const before = last;
      search(whole, limit);
      last = before;
      return true;
    },
  };
}
