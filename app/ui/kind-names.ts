/** How each cached kind is named on screen, in the plural ("3,000 products"). */
import type { CachedKind } from '../epos/kinds.ts';

/** The plural, lower-case name of a kind. */
export const KIND_PLURALS: Readonly<Record<CachedKind, string>> = {
  Product: 'products',
  TenderType: 'tender types',
  SeatingTable: 'tables',
  DiscountReason: 'discount reasons',
  ProductLocationAreaPrice: 'area prices',
};
