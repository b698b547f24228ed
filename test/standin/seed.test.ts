import { afterEach, describe, expect, it, vi } from 'vitest';
import { idKey } from '../../app/epos/ids.ts';
import { KIND_NAMES, type Kind } from '../../app/epos/kinds.ts';
import { FIELDS } from './fields.ts';
import { harness } from './harness.ts';
import { createStandin } from './standin.ts';

const NO_ZONE_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

function validEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(code[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(code[12]);
}

function all(kind: Kind, seed = 1, products = 3000): Record<string, unknown>[] {
  return createStandin({ seed, products }).records(kind) as Record<string, unknown>[];
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('seeded data', () => {
  it('is the same for the same seed and differs for another', () => {
    const one = createStandin({ seed: 42, products: 500 });
    const two = createStandin({ seed: 42, products: 500 });
    // Read products in a different order first: a product must not depend on what was read before.
    expect(two.record('Product', 321)).toEqual(one.records('Product')[320]);
    for (const kind of KIND_NAMES) expect(two.records(kind), kind).toEqual(one.records(kind));
    const other = createStandin({ seed: 43, products: 500 });
    expect(other.records('Product')).not.toEqual(one.records('Product'));
    expect(other.records('Customer')).not.toEqual(one.records('Customer'));
  });

  it('does not depend on the product count, except for how many products there are', () => {
    const small = createStandin({ products: 20 });
    const large = createStandin({ products: 3000 });
    expect(large.records('Product').slice(0, 20)).toEqual(small.records('Product'));
    expect(large.records('TenderType')).toEqual(small.records('TenderType'));
    expect(large.records('Customer')).toEqual(small.records('Customer'));
  });

  it('never calls Math.random', async () => {
    const random = vi.spyOn(Math, 'random').mockImplementation(() => {
      throw new Error('Math.random called');
    });
    const { standin, call } = harness({ products: 400 });
    standin.faults.add({ type: 'status', status: 500, probability: 0.5 });
    for (const kind of KIND_NAMES) standin.records(kind);
    await call('GET', '/api/V2/Product?page=2');
    expect(random).not.toHaveBeenCalled();
  });

  it('seeds 50,000 products well under a second and pages them without delay', async () => {
    const started = performance.now();
    const { standin, call } = harness({ products: 50_000 });
    expect(performance.now() - started).toBeLessThan(500);
    const paged = performance.now();
    const last = (await call('GET', '/api/V2/Product?page=250')).json() as Record<string, number>[];
    expect(last).toHaveLength(200);
    expect([last[0]?.ProductID, last[199]?.ProductID]).toEqual([49_801, 50_000]);
    expect((await call('GET', '/api/V2/Product?page=251')).json()).toEqual([]);
    for (let page = 1; page <= 20; page++) await call('GET', `/api/V2/Product?page=${page * 12}`);
    expect(performance.now() - paged).toBeLessThan(1000);
    expect(standin.record('Product', 50_000)?.Sku).toBe('SKU-050000');
  });

  it('gives every record of every kind the same fields, ids from 1, in both styles', () => {
    for (const style of ['v2', 'contract'] as const) {
      const standin = createStandin({ idStyle: style, products: 300 });
      for (const kind of KIND_NAMES) {
        const records = standin.records(kind);
        expect(records.length, kind).toBeGreaterThanOrEqual(4);
        records.forEach((record, index) => {
          expect(Object.keys(record), kind).toEqual([idKey(kind, style), ...FIELDS[kind]]);
          expect(record[idKey(kind, style)]).toBe(index + 1);
        });
      }
    }
  });

  it('has realistic products: unique EAN-13 barcodes and SKUs, pennies, accents', () => {
    const products = all('Product');
    expect(products).toHaveLength(3000);
    expect(new Set(products.map((p) => p.Barcode)).size).toBe(3000);
    expect(new Set(products.map((p) => p.Sku)).size).toBe(3000);
    expect(products.every((p) => validEan13(p.Barcode as string))).toBe(true);
    expect(products.every((p) => /^SKU-\d{6}$/.test(p.Sku as string))).toBe(true);
    expect(products[122]?.Sku).toBe('SKU-000123');
    for (const field of ['SalePrice', 'CostPrice', 'EatOutPrice']) {
      expect(
        products.every(
          (p) => typeof p[field] === 'number' && Math.round((p[field] as number) * 100) / 100 === p[field],
        ),
      ).toBe(true);
    }
    expect(products.every((p) => (p.CostPrice as number) < (p.SalePrice as number))).toBe(true);
    expect(products.every((p) => p.SellOnTill === true && typeof p.ArticleCode === 'string')).toBe(true);
    const names = new Set(products.map((p) => p.Name));
    expect(names.has('Crème Brûlée')).toBe(true);
    expect(names.has('Jalapeño Poppers')).toBe(true);
    expect(names.has('Sourdough Loaf')).toBe(true);
    expect(names.has('Oat Flat White 12oz')).toBe(true);
    expect(names.size).toBeGreaterThan(300);
    expect(products.some((p) => p.Description === null)).toBe(true);
    expect(products.some((p) => p.RRPrice === null)).toBe(true);
  });

  it('has the till set-up the facts describe', () => {
    const tenders = all('TenderType').map((t) => t.Name);
    expect(tenders).toEqual(expect.arrayContaining(['Cash', 'Card', 'Voucher', 'Gift Card', 'Account']));
    const tables = all('SeatingTable');
    expect(tables).toHaveLength(40);
    expect(tables[0]).toMatchObject({ TableID: 1, Name: 'Table 1' });
    expect(tables.every((t) => (t.Seats as number) >= 2 && (t.Seats as number) <= 8)).toBe(true);
    expect(new Set(tables.map((t) => `${t.PosX},${t.PosY}`)).size).toBe(40);
    const reasons = all('DiscountReason');
    expect(reasons).toHaveLength(8);
    expect(reasons.map((r) => r.Reason)).toEqual(expect.arrayContaining(['Staff', 'Loyalty', 'Damaged', 'Manager']));
    expect(reasons.every((r) => typeof r.DefaultVal === 'number')).toBe(true);
  });

  it('has 200 customers with dates without a time zone', () => {
    const customers = all('Customer');
    expect(customers).toHaveLength(200);
    expect(customers.every((c) => NO_ZONE_DATE.test(c.SignUpDate as string))).toBe(true);
    expect(customers.every((c) => c.DateOfBirth === null || NO_ZONE_DATE.test(c.DateOfBirth as string))).toBe(true);
    expect(customers.some((c) => /[^\x00-\x7f]/.test(`${c.Forename}${c.Surname}`))).toBe(true);
    expect(
      customers.every((c) => c.EmailAddress === null || /^[a-z.]+\d+@example\.com$/.test(c.EmailAddress as string)),
    ).toBe(true);
    const clockings = all('Clocking');
    expect(clockings.every((c) => NO_ZONE_DATE.test(c.InTime as string))).toBe(true);
  });
});
