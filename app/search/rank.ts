/** Ranking and result collection: best first by score, then by folded name and id. */
import type { Marks } from './marks.ts';
import type { ProductTable } from './table.ts';

/** Best first: by score in `marks`, then by name order. */
export function scoreOrder(table: ProductTable, marks: Marks): (a: number, b: number) => number {
  return (a, b) =>
    (marks.score[a] as number) - (marks.score[b] as number) || (table.rank[a] as number) - (table.rank[b] as number);
}

/** The best `limit` of what lookup found (scores never decrease along `found`; `full` marks a match). */
export function best(
  table: ProductTable,
  marks: Marks,
  found: number[],
  limit: number,
  full: number,
  byScore: (a: number, b: number) => number,
): number[] {
  if (found.length <= limit) return found.sort(byScore);
  // Only the worst score present can overflow the limit (lookup stops at the first level that
  // fills it), so those are taken by walking the name order instead of sorting them all.
  const { stamp, mask, score, generation } = marks;
  const { order } = table;
  const worst = score[found[found.length - 1] as number] as number;
  let better = 0;
  while (score[found[better] as number] !== worst) better++;
  const best = found.slice(0, better).sort(byScore);
  for (let i = 0; i < order.length && best.length < limit; i++) {
    const slot = order[i] as number;
    if (stamp[slot] === generation && mask[slot] === full && score[slot] === worst) best.push(slot);
  }
  return best;
}
