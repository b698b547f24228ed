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
  };
}
