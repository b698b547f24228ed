/**
 * When a till without storage fetches its catalog again. Each refresh is a whole walk (there is
 * no stored snapshot to lay a sample of pages over, as sw/pull-refresh.ts does), and Epos Now's
 * request limit is shared by every till of the account: so the small kinds and a small product
 * list go at the settings' interval, and a big product list every few hours, as fresh as a
 * stored till's refresh by sample keeps a product that is not a favourite.
 */
import type { CachedKind } from '../epos/kinds.ts';
import { PAGE_SIZE } from '../epos/kinds.ts';
import type { KindMeta } from '../store/schema.ts';

/** Products above this many pages are walked every {@link BIG_LIST_MS} rather than every interval. */
export const SMALL_LIST_PAGES = 17;
/** How often a big product list is walked again: 4 hours. */
export const BIG_LIST_MS = 4 * 60 * 60_000;

/** The kinds due a walk at `now`: their last attempt ended at least their period ago. A walk under way is not due. */
export function dueKinds(meta: readonly KindMeta[], now: number, intervalMs: number): CachedKind[] {
  return meta
    .filter((m) => {
      if (m.attemptedAt === null) return false;
      const big = m.kind === 'Product' && m.count > SMALL_LIST_PAGES * PAGE_SIZE;
      return now - m.attemptedAt >= (big ? Math.max(BIG_LIST_MS, intervalMs) : intervalMs);
    })
    .map((m) => m.kind);
}
