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
      {meta.attemptedAt === null
        ? 'The prices of this till\u2019s area are still downloading: products sell at their own prices until they are in.'
        : 'The prices of this till\u2019s area could not be downloaded, so products sell at their own prices. They are tried again at the next sync.'}
    </p>
  );
}
