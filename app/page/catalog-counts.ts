/**
 * Records of each kind as the till shows them. A module of its own, not in catalog-state.ts: the
 * back office needs it too, and importing catalog-state there would split the catalog and its
 * search index out of the till's main bundle into a shared chunk.
 */

import type { CachedKind } from '../epos/kinds.ts';
import type { CatalogView } from './catalog-state.ts';

/** Counts with local writes included (a table deleted offline no longer counts). */
export function shownCounts(view: CatalogView): Record<CachedKind, number> {
  return {
    Product: view.index.size,
    TenderType: view.tenderTypes.length,
    SeatingTable: view.seatingTables.length,
    DiscountReason: view.discountReasons.length,
    ProductLocationAreaPrice: view.areaPriceCount,
  };
}

/**
 * Whether the till has heard how many records of `kind` there are: it has a snapshot, or a walk of
 * it ended (even failed). Until then an empty list means "not yet", not "none", and the till keeps
 * room for what is coming rather than saying there is nothing.
 */
export function kindKnown(view: CatalogView, kind: CachedKind): boolean {
  const meta = view.meta.find((m) => m.kind === kind);
  return meta !== undefined && (meta.gen > 0 || meta.attemptedAt !== null);
}
