/**
 * Every first letter looked up ahead, in idle moments, and again after each change of the catalog
 * (which drops what the index kept): a search's first keystroke is its costliest, since most
 * products hold a word starting with any one letter, and a kept letter costs 0.02 ms. Measured at
 * CPU 6x, 50,000 products, 24 first letters of which 9 never typed before (test/bench/interaction.ts's
 * first letters, two back-to-back pairs): p90 45 / 43 ms against 48 / 46, max 49 / 46 against 59 / 53.
 */
import { useEffect } from 'preact/hooks';
import { whenIdle } from '../../page/idle.ts';
import type { SearchIndex } from '../../search/index.ts';

/** What a search's first keystroke folds to: a letter of a name, or a digit of a code. */
export const FIRST_LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * How long the catalog must stay as it is before the letters are looked up: a start's first
 * frames, and the pages of a sync, come first. Started at once, the first results of a reload
 * at CPU 4x came 15-20 ms later (333-352 ms against 316-330, medians of 7, four pairs).
 */
export const SETTLE_MS = 1_000;

/** Looks up each of FIRST_LETTERS in `index` (at `limit`, as the search asks), one each idle moment, once the catalog has settled. */
export function useWarmLetters(index: SearchIndex | undefined, revision: number, limit: number): void {
  useEffect(() => {
    if (!index) return;
    let next = 0;
    const step = (): void => {
      index.warm(FIRST_LETTERS.charAt(next++), limit);
      if (next < FIRST_LETTERS.length) cancel = whenIdle(step);
    };
    const settled = setTimeout(() => {
      cancel = whenIdle(step);
    }, SETTLE_MS);
    let cancel = (): void => clearTimeout(settled);
    return () => cancel();
  }, [index, revision, limit]);
}
