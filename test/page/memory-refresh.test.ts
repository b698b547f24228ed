import { describe, expect, it } from 'vitest';
import { CACHED_KINDS } from '../../app/epos/kinds.ts';
import { BIG_LIST_MS, dueKinds, SMALL_LIST_PAGES } from '../../app/page/memory-refresh.ts';
import type { KindMeta } from '../../app/store/schema.ts';

const MIN = 60_000;
const T = Date.UTC(2026, 10, 27, 9);

function meta(attemptedAt: number | null, products = 3000): KindMeta[] {
  return CACHED_KINDS.map((kind) => ({
    kind,
    gen: 1,
    lastGen: 1,
    count: kind === 'Product' ? products : 5,
    pulledAt: attemptedAt,
    attemptedAt,
    lastError: null,
  }));
}

describe('when a till without storage fetches its catalog again', () => {
  it('every kind once the interval has passed since its last walk ended, none before', () => {
    expect(dueKinds(meta(T), T + 15 * MIN - 1, 15 * MIN)).toEqual([]);
    expect(dueKinds(meta(T), T + 15 * MIN, 15 * MIN).sort()).toEqual([...CACHED_KINDS].sort());
  });

  it('not a kind whose first walk is still under way', () => {
    expect(dueKinds(meta(null), T + 24 * 60 * MIN, 15 * MIN)).toEqual([]);
  });

  it('a big product list every 4 hours, not every interval: each walk is every page', () => {
    const big = meta(T, SMALL_LIST_PAGES * 200 + 1);
    expect(dueKinds(big, T + 15 * MIN, 15 * MIN)).not.toContain('Product');
    expect(dueKinds(big, T + BIG_LIST_MS, 15 * MIN)).toContain('Product');
    // A list of exactly 17 pages is still small.
    expect(dueKinds(meta(T, SMALL_LIST_PAGES * 200), T + 15 * MIN, 15 * MIN)).toContain('Product');
    // An interval longer than 4 hours stands.
    expect(dueKinds(big, T + BIG_LIST_MS, 8 * 60 * MIN)).not.toContain('Product');
  });
});
