/**
 * Finding a query's matches through the indexes, level by level (see score.ts), stopping at the
 * first level that fills the limit. A dense level ("s", "sku") is walked in name order instead,
 * checking strings until the limit is met; a word most products hold is checked from strings only
 * on products holding the other words.
 */
import type { Marks } from './marks.ts';
import { hasCode, MISSING, scoreOf, termScore } from './score.ts';
import type { ProductTable } from './table.ts';
import type { Posting } from './vocabulary.ts';

/** What lookup found: scores never decrease along `slots`; `complete` when they are every match. */
export interface Found {
  slots: number[];
  complete: boolean;
  /** The mask of a match: one bit per word marked through the indexes. */
  full: number;
}

/** Re-checking a product's strings costs more than walking postings; above this, use the index. */
export const NARROW_MAX = 2000;

/** A level is dense, and walked rather than marked, when each word may match 1/DENSE of the products. */
const DENSE = 4;

/** Products a walk checks before it gives up and the level is marked after all. */
const WALK_MAX = 500;

/** A word is common, and checked from strings rather than marked, when it may start a word of 1/COMMON of the products. */
const COMMON = 4;

/** Finds matches of `terms` (the words of folded query `whole`), stopping once `limit` are found; scores land in `marks`. */
export function lookup(
  table: ProductTable,
  marks: Marks,
  whole: string,
  terms: readonly string[],
  limit: number,
): Found {
  const { stamp, mask, score, generation } = marks;
  const { names, codes } = table;
  // A word most products start a word with ("sku", "s") is not marked product by product: it is
  // checked from the strings of the products holding all the other words. One word is always marked.
  const estimates = terms.map((term) => prefixCount(table, term, 2));
  const rarest = estimates.indexOf(Math.min(...estimates));
  const common = terms.filter((_, t) => t !== rarest && (estimates[t] as number) >= table.order.length / COMMON);
  const marked = terms.filter((term) => !common.includes(term));
  const full = (1 << marked.length) - 1;
  const slots: number[] = [];
  /** Products holding every marked word whose common words score worse than the level they got there. */
  const later: number[][] = [[], [], [], [], []];
  table.codeWords.withCode(whole, (slot) => {
    if (stamp[slot] === generation || !hasCode(codes.get(slot), whole)) return;
    stamp[slot] = generation;
    mask[slot] = full;
    score[slot] = 0;
    slots.push(slot);
  });
  /** How many slots hold each marked word so far. */
  const holders = marked.map(() => 0);
  const marker = (t: number, level: number) => {
    const bit = 1 << t;
    return (slot: number): void => {
      if (stamp[slot] !== generation) {
        stamp[slot] = generation;
        mask[slot] = 0;
      }
      const had = mask[slot] as number;
      if ((had & bit) !== 0) return;
      mask[slot] = had | bit;
      holders[t] = (holders[t] as number) + 1;
      if ((had | bit) !== full) return;
      let scored = level;
      for (const term of common) scored = Math.max(scored, termScore(names.get(slot), codes.get(slot), term));
      score[slot] = scored;
      if (scored === level) slots.push(slot);
      else if (scored < MISSING) later[scored]?.push(slot);
    };
  };
  for (let level = 1; level < MISSING; level++) {
    if (slots.length >= limit) return { slots, complete: false, full };
    const walked = level < 3 ? walk(table, marks, whole, terms, level, limit - slots.length, full) : undefined;
    if (walked !== undefined) return { slots: [...slots, ...walked], complete: false, full };
    slots.push(...(later[level] as number[]));
    if (level === 4) break;
    marked.forEach((term, t) => {
      const hit = marker(t, level);
      const visit = (posting: Posting): void => {
        if (typeof posting === 'number') hit(posting);
        else for (const slot of posting) hit(slot);
      };
      if (level === 1) table.nameWords.withPrefix(term, visit);
      else if (level === 2) table.codeWords.withPrefix(term, codes, hit);
      else table.nameWords.withInside(term, visit);
    });
  }
  // Level 4, inside a code, is the one that scans text. Only a product holding every word can
  // complete, so the rarest word so far is scanned for and the others checked on its holders.
  let survivors: Int32Array | undefined;
  for (const t of marked.map((_, t) => t).sort((a, b) => (holders[a] as number) - (holders[b] as number))) {
    const term = marked[t] as string;
    const bit = 1 << t;
    const hit = marker(t, 4);
    if (survivors === undefined || survivors.length > NARROW_MAX) table.codeText.forEachHolding(term, hit);
    else
      for (const slot of survivors)
        if (((mask[slot] as number) & bit) === 0 && codes.get(slot).includes(term)) hit(slot);
    const holds = (slot: number): boolean => stamp[slot] === generation && ((mask[slot] as number) & bit) !== 0;
    survivors = (survivors ?? table.order).filter(holds);
  }
  return { slots, complete: true, full };
}

/**
 * When a level is dense, the first `need` products scoring exactly `level` in name order are
 * found sooner by checking strings along the name order than by marking every posting: "sku"
 * would mark all 50,000. Undefined when the level looks sparse or the walk runs long.
 */
function walk(
  table: ProductTable,
  marks: Marks,
  whole: string,
  terms: readonly string[],
  level: number,
  need: number,
  full: number,
): number[] | undefined {
  const { order, names, codes } = table;
  const { stamp, mask, score, generation } = marks;
  if (Math.min(...terms.map((term) => prefixCount(table, term, level))) < order.length / DENSE) return undefined;
  const found: number[] = [];
  for (let i = 0; i < order.length && i < WALK_MAX; i++) {
    const slot = order[i] as number;
    // Already among the results: every earlier level was marked in full.
    if (stamp[slot] === generation && mask[slot] === full && (score[slot] as number) < level) continue;
    if (scoreOf(names.get(slot), codes.get(slot), whole, terms) !== level) continue;
    score[slot] = level;
    found.push(slot);
    if (found.length === need) return found;
  }
  return undefined;
}

/** At most how many products `term` starts a word of, in the name (level 1) or the name or a code (level 2). */
function prefixCount(table: ProductTable, term: string, level: number): number {
  const inCodes = level === 2 ? table.codeWords.countPrefix(term) : 0;
  return table.nameWords.countPrefix(term) + inCodes;
}
