/**
 * A product's score for a query read from its folded strings: 0 the whole query is one of its
 * codes, then per word 1 starting a word of the name, 2 starting a word of a code, 3 inside a
 * word of the name, 4 inside a code. A product scores its worst word.
 */
import { isWordChar } from './fold.ts';

/** Score of a word that does not occur at all. */
export const MISSING = 5;

/** A product's score for a query from its strings alone, as lookup would find it; MISSING when a word is absent. */
export function scoreOf(name: string, codes: string, whole: string, terms: readonly string[]): number {
  if (hasCode(codes, whole)) return 0;
  let worst = 1;
  for (const term of terms) {
    worst = Math.max(worst, termScore(name, codes, term));
    if (worst === MISSING) break;
  }
  return worst;
}

/** How one word of a query was found in a product's folded name and codes (see MISSING). */
export function termScore(name: string, codes: string, term: string): number {
  const inName = placement(name, term);
  if (inName === 1) return 1;
  const inCodes = placement(codes, term);
  return inCodes === 1 ? 2 : inName === 2 ? 3 : inCodes === 2 ? 4 : MISSING;
}

/** 1 when `term` starts a word of `text`, 2 when it only occurs inside words, 0 when absent. */
export function placement(text: string, term: string): number {
  let found = 0;
  for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) {
    if (at === 0 || !isWordChar(text.charCodeAt(at - 1))) return 1;
    found = 2;
  }
  return found;
}

/** True when `code` is one of the '\n'-separated codes in `codes`. */
export function hasCode(codes: string, code: string): boolean {
  for (let at = codes.indexOf(code); at >= 0; at = codes.indexOf(code, at + 1)) {
    const end = at + code.length;
    if ((at === 0 || codes[at - 1] === '\n') && (end === codes.length || codes[end] === '\n')) return true;
  }
  return false;
}
