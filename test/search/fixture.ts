/**
 * Products for search tests and measurements: the stand-in's seeded catalogue (café, bakery and
 * deli names with accents, unique EAN-13 barcodes, SKUs, article and order codes), the same for the
 * same seed, in either id style.
 */
import type { IdStyle } from '../../app/epos/ids.ts';
import type { Product } from '../../app/epos/records.ts';
import { createStandin } from '../standin/standin.ts';

/** `count` seeded products with ids 1..count. */
export function seededProducts(count: number, options: { idStyle?: IdStyle; seed?: number } = {}): Product[] {
  return createStandin({ products: count, ...options }).records('Product') as Product[];
}

/** A hand-made product keyed by `ProductID`: every other field null unless `fields` sets it. */
export function product(id: number, name: string, fields: Partial<Product> = {}): Product {
  return {
    ProductID: id,
    Name: name,
    Description: null,
    CostPrice: null,
    SalePrice: null,
    EatOutPrice: null,
    CategoryID: null,
    Barcode: null,
    TaxRateID: null,
    EatOutTaxRateID: null,
    BrandID: null,
    SupplierID: null,
    PopupNoteID: null,
    UnitOfSale: null,
    VolumeOfSale: null,
    MultiChoiceID: null,
    ColourID: null,
    VariantGroupID: null,
    Size: null,
    Sku: null,
    SellOnWeb: null,
    SellOnTill: true,
    OrderCode: null,
    ButtonColourID: null,
    SortPosition: null,
    MagentoAttributeSetID: null,
    CostPriceTaxRateID: null,
    RRPrice: null,
    ProductType: null,
    TareWeight: null,
    ArticleCode: null,
    ...fields,
  };
}
