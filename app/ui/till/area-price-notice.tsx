/**
 * What the cashier is told while the prices of the till's area are not in: the pad does not wait
 * for them (a shop would rather sell than stand still), it sells at the products' own prices and
 * says so, so a cashier who knows the terrace is dearer can tell a customer or wait.
 */
import type { CatalogView } from '../../page/catalog-state.ts';

/** Props of {@link AreaPriceNotice}. */
export interface AreaPriceNoticeProps {
  /** Undefined while the catalog loads. */
  catalog: CatalogView | undefined;
}

/** Nothing for a till without an area, or once its area's prices are stored (even none for it). */
export function AreaPriceNotice({ catalog }: AreaPriceNoticeProps) {
  if (!catalog || catalog.areaId === null) return null;
  const meta = catalog.meta.find((m) => m.kind === 'ProductLocationAreaPrice');
  if (!meta || meta.gen > 0) return null;
  return (
    <p class="notice">
      {/* The other notices word the failure (pull-error.tsx); this says what it means for the prices. */}
      {`This area\u2019s prices are ${meta.attemptedAt === null ? 'still downloading' : 'not downloaded'}: selling at product prices.`}
    </p>
  );
}
