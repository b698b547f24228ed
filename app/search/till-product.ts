/**
 * What the till keeps of a product: its ids, name, prices and codes. The index holds these
 * projections, not whole records, so its heap and its packed form carry nothing the till never reads.
 */
import type { Product } from '../epos/records.ts';

/** A product as the till reads it: id field(s), Name, both prices and the four codes, each only when the record has it. */
export type TillProduct = Pick<Product, 'ProductID' | 'Id' | 'Name'> &
  Partial<Pick<Product, 'SalePrice' | 'EatOutPrice' | 'Barcode' | 'Sku' | 'ArticleCode' | 'OrderCode'>>;

/** The fields of a TillProduct, in the order a projection and its packed columns hold them. */
export const TILL_FIELDS = [
  'ProductID',
  'Id',
  'Name',
  'SalePrice',
  'EatOutPrice',
  'Barcode',
  'Sku',
  'ArticleCode',
  'OrderCode',
] as const;

/** The name of a TillProduct field. */
export type TillField = (typeof TILL_FIELDS)[number];

/**
 * The till's fields of `product`: those it has (undefined counts as absent), values as they are,
 * except a price no basket can hold, which becomes null ("no price", which the till refuses to sell).
 */
export function tillProduct(product: TillProduct): TillProduct {
  const fields = product as Readonly<Record<string, unknown>>;
  const projection: Record<string, unknown> = {};
  for (const field of TILL_FIELDS) {
    const value = fields[field];
    if (value === undefined) continue;
    projection[field] = (field === 'SalePrice' || field === 'EatOutPrice') && !isSanePrice(value) ? null : value;
  }
  return projection as TillProduct;
}

/**
 * Whether a price can be counted in whole minor units: finite, and small enough that its minor
 * units (up to 4 decimals in ISO 4217) stay a safe integer. `1e309` in JSON parses to Infinity, and a
 * basket line of Infinity (or of an unsafe integer) is unreadable after a reload. A price that is
 * not a number at all is left as it is: the till already shows it as having none.
 */
function isSanePrice(value: unknown): boolean {
  return typeof value !== 'number' || Math.abs(value) * 10_000 <= Number.MAX_SAFE_INTEGER;
}
