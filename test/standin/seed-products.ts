/**
 * Seeded products: a café, bakery and deli catalogue with real V2 field names, prices in pennies,
 * unique EAN-13 barcodes and SKUs, each built the first time it is read.
 */
import type { OpenRecord } from '../../app/epos/records.ts';
import { chance, intBetween, money, mulberry32, pick, type Random, substream } from './prng.ts';

/** How product families are named and priced. */
interface Family {
  readonly categoryId: number;
  readonly taxRateId: number;
  readonly name: (random: Random) => { name: string; size: string | null; price: number };
  readonly weighed?: boolean;
}

const MILKS = ['', 'Oat ', 'Soy ', 'Almond ', 'Coconut ', 'Skinny '];
const COFFEES = [
  'Flat White',
  'Latte',
  'Cappuccino',
  'Americano',
  'Mocha',
  'Hot Chocolate',
  'Chai Latte',
  'Cortado',
  'Macchiato',
  'Café au Lait',
];
const CUPS: readonly [string, number][] = [
  ['8oz', 0],
  ['12oz', 0.4],
  ['16oz', 0.8],
];
const COLD = [
  'Iced Latte',
  'Orange Juice',
  'Apple Juice',
  'Sparkling Water',
  'Still Water',
  'Lemonade',
  'Cola',
  'Kombucha',
];
const BAKES = [
  'Sourdough Loaf',
  'Seeded Rye Loaf',
  'Baguette',
  'Croissant',
  'Pain au Chocolat',
  'Almond Croissant',
  'Cinnamon Bun',
  'Focaccia',
  'Brioche Bun',
  'Bagel',
  'Fougasse',
  'Pain aux Raisins',
];
const CAKES = [
  'Crème Brûlée',
  'Tarte Tatin',
  'Carrot Cake',
  'Lemon Drizzle',
  'Victoria Sponge',
  'Brownie',
  'Millionaire Shortbread',
  'Pastel de Nata',
  'Flapjack',
  'Red Velvet Slice',
  'Banana Bread',
  'Éclair',
];
const FILLINGS = [
  'Ham & Cheese',
  'Cheddar & Pickle',
  'BLT',
  'Egg Mayo',
  'Tuna Melt',
  'Chicken Caesar',
  'Falafel & Hummus',
  'Smoked Salmon',
  'Brie & Cranberry',
  'Coronation Chicken',
];
const BREADS = ['Sandwich', 'Baguette', 'Wrap', 'Toastie', 'Panini', 'Bagel'];
const HOT = [
  'Jalapeño Poppers',
  'Croque Monsieur',
  'Soup of the Day',
  'Mac & Cheese',
  'Sausage Roll',
  'Chilli con Carne',
  'Shakshuka',
  'Full Breakfast',
  'Halloumi Fries',
  'Pâté on Toast',
];
const DELI = [
  'Manchego',
  'Gruyère',
  'Jamón Serrano',
  'Chorizo',
  'Stilton',
  'Olives',
  'Crème Fraîche',
  'Prosciutto',
  'Feta',
  'Houmous',
];
const GROCERY: readonly [string, string][] = [
  ['Whole Milk', '1L'],
  ['Oat Milk', '1L'],
  ['Free Range Eggs', 'x6'],
  ['Coffee Beans', '250g'],
  ['Ground Coffee', '227g'],
  ['Earl Grey Tea', '40 bags'],
  ['Strawberry Jam', '340g'],
  ['Honey', '227g'],
  ['Butter', '250g'],
  ['Granola', '500g'],
];
const ORIGINS = ['', 'Organic ', 'Local ', 'Italian ', 'Spanish ', 'Welsh '];

const FAMILIES: readonly Family[] = [
  {
    categoryId: 1,
    taxRateId: 1,
    name: (r) => {
      const [cup, extra] = pick(r, CUPS);
      return {
        name: `${pick(r, MILKS)}${pick(r, COFFEES)} ${cup}`,
        size: cup,
        price: 2.6 + extra + intBetween(r, 0, 6) / 10,
      };
    },
  },
  {
    categoryId: 2,
    taxRateId: 1,
    name: (r) => ({ name: pick(r, COLD), size: pick(r, ['330ml', '500ml']), price: 1.5 + r() * 2 }),
  },
  { categoryId: 3, taxRateId: 2, name: (r) => ({ name: pick(r, BAKES), size: null, price: 1.2 + r() * 4 }) },
  { categoryId: 4, taxRateId: 1, name: (r) => ({ name: pick(r, CAKES), size: null, price: 2.5 + r() * 2.5 }) },
  {
    categoryId: 5,
    taxRateId: 1,
    name: (r) => ({ name: `${pick(r, FILLINGS)} ${pick(r, BREADS)}`, size: null, price: 3.95 + r() * 3 }),
  },
  { categoryId: 6, taxRateId: 1, name: (r) => ({ name: pick(r, HOT), size: null, price: 4.5 + r() * 7 }) },
  {
    categoryId: 7,
    taxRateId: 2,
    weighed: true,
    name: (r) => {
      const grams = pick(r, [100, 150, 200, 250]);
      return {
        name: `${pick(r, ORIGINS)}${pick(r, DELI)} ${grams}g`,
        size: `${grams}g`,
        price: 1.8 + grams / 40 + r() * 2,
      };
    },
  },
  {
    categoryId: 8,
    taxRateId: 2,
    name: (r) => {
      const [item, size] = pick(r, GROCERY);
      return { name: `${pick(r, ORIGINS)}${item} ${size}`, size, price: 0.95 + r() * 6 };
    },
  },
];

const DESCRIPTIONS = [
  'Made fresh every morning.',
  'Contains nuts.',
  'Suitable for vegetarians.',
  'Vegan.',
  'Gluten free.',
  'Served warm.',
  'Locally sourced.',
];

/** An EAN-13 check digit for the first 12 digits. */
function ean13(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return first12 + String((10 - (sum % 10)) % 10);
}

/**
 * Builds product `id` on demand, from a stream of its own: a product does not depend on how many
 * there are or which were read first, so 50,000 can be "seeded" without building any of them.
 * Barcodes are unique because the 10 digits after the country prefix are id * k + offset
 * modulo 10^10 with k coprime to 10, a bijection on ids.
 */
export function productMaker(seed: number, idKey: string): (id: number) => OpenRecord {
  const base = substream(seed, 'Product');
  const offset = Math.floor(base() * 1e10);
  const salt = Math.floor(base() * 4294967296);
  return (id) => {
    const random = mulberry32((salt ^ Math.imul(id, 0x9e3779b1)) >>> 0);
    const family = pick(random, FAMILIES);
    const { name, size, price } = family.name(random);
    const salePrice = money(price);
    const supplierId = chance(random, 0.7) ? intBetween(random, 1, 12) : null;
    const code = String(id).padStart(6, '0');
    return {
      [idKey]: id,
      Name: name,
      Description: chance(random, 0.35) ? pick(random, DESCRIPTIONS) : null,
      CostPrice: money(salePrice * (0.28 + random() * 0.17)),
      SalePrice: salePrice,
      EatOutPrice: family.taxRateId === 2 ? salePrice : money(salePrice * 1.1),
      CategoryID: family.categoryId,
      Barcode: ean13(`50${String((id * 7368787 + offset) % 1e10).padStart(10, '0')}`),
      TaxRateID: family.taxRateId,
      EatOutTaxRateID: 1,
      BrandID: chance(random, 0.15) ? intBetween(random, 1, 6) : null,
      SupplierID: supplierId,
      PopupNoteID: chance(random, 0.05) ? intBetween(random, 1, 6) : null,
      UnitOfSale: 1,
      VolumeOfSale: family.weighed ? 1 : null,
      MultiChoiceID: family.categoryId === 1 && chance(random, 0.5) ? intBetween(random, 1, 4) : null,
      ColourID: null,
      VariantGroupID: null,
      Size: size,
      Sku: `SKU-${code}`,
      SellOnWeb: chance(random, 0.2),
      SellOnTill: true,
      OrderCode: supplierId === null ? null : `S${String(supplierId).padStart(2, '0')}-${code}`,
      ButtonColourID: intBetween(random, 1, 8),
      SortPosition: null,
      MagentoAttributeSetID: null,
      CostPriceTaxRateID: null,
      RRPrice: chance(random, 0.1) ? money(salePrice * 1.2) : null,
      ProductType: 0,
      TareWeight: family.weighed ? 0.005 : null,
      ArticleCode: `A${code}`,
    };
  };
}
