/**
 * Prices by location area: Epos Now opens the till with `locationAreaID` (the bar, the terrace),
 * and a product with a ProductLocationAreaPrice for that area sells there at that price. The
 * choice is made here, once, for what the pad shows, what it adds to the basket and so what the
 * till is handed (the basket lines' prices).
 */
import type { PriceField } from '../epos/app-config.ts';
import { recordId } from '../epos/ids.ts';
import type { ProductLocationAreaPrice } from '../epos/records.ts';

/** A product's prices in the till's area; either may be missing (null), and then the product's own applies. */
export interface AreaPrice {
  SalePrice: number | null;
  EatOutPrice: number | null;
}

/** The till's area prices, by product id. */
export type AreaPrices = ReadonlyMap<number, AreaPrice>;

/** A product's own prices, as the search index holds them. */
export interface OwnPrices {
  SalePrice?: number | null;
  EatOutPrice?: number | null;
}

/**
 * The till's area from the query string's `locationAreaID`: a whole number from 1, else null (no
 * area, or one no record could carry, so the products' own prices apply).
 */
export function areaIdOf(param: string | null): number | null {
  const id = wholeNumber(param);
  return id !== undefined && id > 0 ? id : null;
}

/**
 * The prices of area `areaId` by product. Where a product has two records for the area (the API
 * does not say it cannot), the newest (highest id) wins, whatever order they were read in.
 */
export function areaPricesFor(records: readonly ProductLocationAreaPrice[], areaId: number | null): AreaPrices {
  const prices = new Map<number, AreaPrice>();
  if (areaId === null) return prices;
  const newest = new Map<number, number>();
  for (const record of records) {
    if (wholeNumber(record.LocationAreaID) !== areaId) continue;
    const productId = wholeNumber(record.ProductID);
    if (productId === undefined) continue;
    const id = recordId('ProductLocationAreaPrice', record) ?? 0;
    if ((newest.get(productId) ?? Number.NEGATIVE_INFINITY) > id) continue;
    newest.set(productId, id);
    prices.set(productId, { SalePrice: record.SalePrice ?? null, EatOutPrice: record.EatOutPrice ?? null });
  }
  return prices;
}

/**
 * The price a product sells at in major units: the area's in `field` where it is a usable number,
 * else the product's own; undefined when neither is (the till refuses to sell it).
 */
export function priceIn(product: OwnPrices, field: PriceField, area: AreaPrice | undefined): number | undefined {
  const inArea = area?.[field];
  if (isPrice(inArea)) return inArea;
  const own = product[field];
  return isPrice(own) ? own : undefined;
}

/**
 * A price a basket can hold: finite, and small enough that its minor units (up to 4 decimals in
 * ISO 4217) stay a safe integer, as search/till-product.ts keeps the products' own.
 */
function isPrice(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) * 10_000 <= Number.MAX_SAFE_INTEGER;
}

// Ids are integers on the wire; a numeric string is tolerated, as ids.ts tolerates it ('' and
// other junk read as 0 or NaN, which match no area and no product).
function wholeNumber(value: unknown): number | undefined {
  const id = typeof value === 'string' ? Number(value) : value;
  return Number.isSafeInteger(id) ? (id as number) : undefined;
}
