import { describe, expect, it } from 'vitest';
import type { ProductLocationAreaPrice } from '../../app/epos/records.ts';
import { areaIdOf, areaPricesFor, priceIn } from '../../app/till/area-price.ts';

const price = (fields: Partial<ProductLocationAreaPrice>): ProductLocationAreaPrice => ({
  ProductID: 1,
  LocationAreaID: 2,
  SalePrice: 3,
  EatOutPrice: 3.3,
  ...fields,
});

describe('areaIdOf: the query string\u2019s locationAreaID', () => {
  it('is the area\u2019s id when it is a whole number from 1', () => {
    expect(areaIdOf('2')).toBe(2);
    expect(areaIdOf(' 17 ')).toBe(17);
  });

  it('is null without one, or for one no record can carry (the till then sells at the products\u2019 own prices)', () => {
    expect(areaIdOf(null)).toBeNull();
    expect(areaIdOf('')).toBeNull();
    expect(areaIdOf('0')).toBeNull();
    expect(areaIdOf('-2')).toBeNull();
    expect(areaIdOf('2.5')).toBeNull();
    expect(areaIdOf('bar')).toBeNull();
  });
});

describe('areaPricesFor: the till\u2019s area prices by product', () => {
  it('keeps only the area\u2019s records, keyed by product, with both prices', () => {
    const prices = areaPricesFor(
      [
        price({ Id: 1, ProductID: 5, LocationAreaID: 2, SalePrice: 4, EatOutPrice: 4.4 }),
        price({ ProductLocationAreaPriceID: 2, ProductID: 6, LocationAreaID: 3, SalePrice: 9 }),
        price({ Id: 3, ProductID: 7, LocationAreaID: 2, SalePrice: null, EatOutPrice: 8 }),
      ],
      2,
    );
    expect([...prices]).toEqual([
      [5, { SalePrice: 4, EatOutPrice: 4.4 }],
      [7, { SalePrice: null, EatOutPrice: 8 }],
    ]);
  });

  it('is empty for a till without an area', () => {
    expect(areaPricesFor([price({ Id: 1 })], null).size).toBe(0);
  });

  it('tolerates ids quoted as text, and skips a record without a product', () => {
    const prices = areaPricesFor(
      [
        price({ Id: 1, ProductID: '5' as unknown as number, LocationAreaID: '2' as unknown as number }),
        price({ Id: 2, ProductID: null }),
      ],
      2,
    );
    expect([...prices.keys()]).toEqual([5]);
  });

  it('takes the newest record (the highest id) where a product has two in the area, in whatever order they come', () => {
    const older = price({ ProductLocationAreaPriceID: 4, ProductID: 5, SalePrice: 4 });
    const newer = price({ ProductLocationAreaPriceID: 9, ProductID: 5, SalePrice: 6 });
    expect(areaPricesFor([older, newer], 2).get(5)?.SalePrice).toBe(6);
    expect(areaPricesFor([newer, older], 2).get(5)?.SalePrice).toBe(6);
  });
});

describe('priceIn: the price a product sells at', () => {
  const product = { SalePrice: 2.5, EatOutPrice: 3 };

  it('is the area\u2019s price in the chosen field where there is one', () => {
    expect(priceIn(product, 'SalePrice', { SalePrice: 4, EatOutPrice: 4.4 })).toBe(4);
    expect(priceIn(product, 'EatOutPrice', { SalePrice: 4, EatOutPrice: 4.4 })).toBe(4.4);
  });

  it('is the product\u2019s own without an area price, or where the area\u2019s is no usable number', () => {
    expect(priceIn(product, 'SalePrice', undefined)).toBe(2.5);
    expect(priceIn(product, 'EatOutPrice', { SalePrice: 4, EatOutPrice: null })).toBe(3);
    expect(priceIn(product, 'SalePrice', { SalePrice: Number.NaN, EatOutPrice: null })).toBe(2.5);
    expect(priceIn(product, 'SalePrice', { SalePrice: Number.POSITIVE_INFINITY, EatOutPrice: null })).toBe(2.5);
    expect(priceIn(product, 'SalePrice', { SalePrice: 1e300, EatOutPrice: null })).toBe(2.5);
    expect(priceIn(product, 'SalePrice', { SalePrice: '4' as unknown as number, EatOutPrice: null })).toBe(2.5);
  });

  it('keeps an area price of 0 (given away in that area), which is a price', () => {
    expect(priceIn(product, 'SalePrice', { SalePrice: 0, EatOutPrice: null })).toBe(0);
  });

  it('is undefined when neither has a usable price: the till refuses to sell it', () => {
    expect(priceIn({ SalePrice: null }, 'SalePrice', undefined)).toBeUndefined();
    expect(priceIn({}, 'EatOutPrice', { SalePrice: 1, EatOutPrice: null })).toBeUndefined();
    expect(priceIn({ SalePrice: Number.NaN }, 'SalePrice', undefined)).toBeUndefined();
  });
});
