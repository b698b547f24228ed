import { describe, expect, it } from 'vitest';
import {
  addProduct,
  addTender,
  type Basket,
  basketTotals,
  EMPTY_BASKET,
  isEmpty,
  parseBasket,
  removeTender,
  setCustomer,
  setDiscount,
  setQuantity,
  setTable,
} from '../../app/till/basket.ts';

const FLAT_WHITE = { productId: 1, name: 'Flat White', unitPrice: 320 };
const SCONE = { productId: 3, name: 'Cheese Scone', unitPrice: 250 };
const basketOf = (...products: (typeof FLAT_WHITE)[]): Basket => products.reduce(addProduct, EMPTY_BASKET);

describe('basket', () => {
  it('adds one of a product, or one more of it, without changing the basket it was given', () => {
    const one = basketOf(FLAT_WHITE);
    const three = basketOf(FLAT_WHITE, SCONE, FLAT_WHITE);
    expect(one.lines).toEqual([{ ...FLAT_WHITE, quantity: 1 }]);
    expect(three.lines).toEqual([
      { ...FLAT_WHITE, quantity: 2 },
      { ...SCONE, quantity: 1 },
    ]);
    expect(EMPTY_BASKET.lines).toEqual([]);
  });

  it('sets quantities; nothing, a fraction under one or NaN removes the line', () => {
    const basket = basketOf(FLAT_WHITE, SCONE);
    expect(setQuantity(basket, 1, 4).lines[0]?.quantity).toBe(4);
    expect(setQuantity(basket, 1, 2.7).lines[0]?.quantity).toBe(2);
    for (const gone of [0, -1, 0.5, NaN])
      expect(setQuantity(basket, 1, gone).lines.map((line) => line.name)).toEqual(['Cheese Scone']);
    expect(setQuantity(basket, 99, 5)).toEqual(basket);
  });

  it('drops the payments with the last line, keeping the discount and table for the cashier to clear', () => {
    const cash = { typeId: 1, name: 'Cash', amount: 500 };
    const staff = { reasonId: 7, reason: 'Staff', kind: 'percentage', value: 10 } as const;
    const basket = addTender(setDiscount(setTable(basketOf(FLAT_WHITE, SCONE), 12), staff), cash);
    expect(setQuantity(basket, 1, 0).tenders).toEqual([cash]);
    const last = setQuantity(setQuantity(basket, 1, 0), 3, 0);
    expect(last).toEqual({ lines: [], discount: staff, tableId: 12, customer: null, tenders: [] });
    expect(setQuantity(addTender(basketOf(SCONE), cash), 3, -1).tenders).toEqual([]);
  });

  it('is empty only with no lines, discount, table or payments', () => {
    expect(isEmpty(EMPTY_BASKET)).toBe(true);
    expect(isEmpty(setQuantity(basketOf(SCONE), 3, 0))).toBe(true);
    expect(isEmpty(basketOf(SCONE))).toBe(false);
    expect(isEmpty(setTable(EMPTY_BASKET, 4))).toBe(false);
    expect(isEmpty(setDiscount(EMPTY_BASKET, { reasonId: 8, reason: 'Damaged', kind: 'amount', value: 0 }))).toBe(
      false,
    );
    expect(isEmpty(addTender(EMPTY_BASKET, { typeId: 1, name: 'Cash', amount: 100 }))).toBe(false);
  });

  it('sets the table and the tenders', () => {
    const basket = addTender(addTender(setTable(basketOf(SCONE), 12), { typeId: 1, name: 'Cash', amount: 100 }), {
      typeId: 2,
      name: 'Card',
      amount: 150,
    });
    expect(basket.tableId).toBe(12);
    expect(removeTender(basket, 0).tenders).toEqual([{ typeId: 2, name: 'Card', amount: 150 }]);
    expect(setTable(basket, null).tableId).toBeNull();
  });
});

describe('basketTotals', () => {
  it('sums lines in minor units exactly', () => {
    const tenCents = { productId: 5, name: 'Sweet', unitPrice: 10 };
    const basket = setQuantity(basketOf(tenCents), 5, 3);
    expect(basketTotals(basket)).toEqual({
      items: 3,
      subtotal: 30,
      discount: 0,
      total: 30,
      tendered: 0,
      remaining: 30,
    });
  });

  it('rounds a percentage discount to the nearest minor unit', () => {
    const basket = basketOf(FLAT_WHITE, SCONE); // 570
    const off = (value: number) =>
      basketTotals(setDiscount(basket, { reasonId: 7, reason: 'Staff', kind: 'percentage', value })).discount;
    expect(off(10)).toBe(57);
    expect(off(12.5)).toBe(71); // 71.25
    expect(off(15)).toBe(86); // 85.5 rounds up
    expect(off(100)).toBe(570);
    expect(off(0)).toBe(0);
  });

  it('rounds a percentage discount to the penny exact arithmetic gives (half up)', () => {
    const off = (subtotal: number, value: number) =>
      basketTotals(
        setDiscount(
          { ...EMPTY_BASKET, lines: [{ productId: 1, name: 'Sale', unitPrice: subtotal, quantity: 1 }] },
          { reasonId: 7, reason: 'Staff', kind: 'percentage', value },
        ),
      ).discount;
    expect(off(375, 9.2)).toBe(35); // 34.5 exactly; 375 * 9.2 / 100 is 34.4999… in floating point
    const wrong: string[] = [];
    for (let subtotal = 0; subtotal <= 4000; subtotal += 3) {
      for (let basisPoints = 0; basisPoints <= 10_000; basisPoints += 11) {
        // subtotal × bp / 10000, rounded half up: floor((2 × subtotal × bp + 10000) / 20000), in BigInt.
        const exact = Number((2n * BigInt(subtotal) * BigInt(basisPoints) + 10_000n) / 20_000n);
        if (off(subtotal, basisPoints / 100) !== exact) wrong.push(`${subtotal} at ${basisPoints / 100}%`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('caps an amount discount at the subtotal, and never makes it negative', () => {
    const basket = basketOf(SCONE);
    const totals = (value: number) =>
      basketTotals(setDiscount(basket, { reasonId: 8, reason: 'Damaged', kind: 'amount', value }));
    expect(totals(100)).toMatchObject({ discount: 100, total: 150 });
    expect(totals(1000)).toMatchObject({ discount: 250, total: 0 });
    expect(totals(-50)).toMatchObject({ discount: 0, total: 250 });
    expect(
      basketTotals(setDiscount(EMPTY_BASKET, { reasonId: 8, reason: 'Damaged', kind: 'amount', value: 100 })).discount,
    ).toBe(0);
  });

  it('counts tenders: what remains, or the change due as a negative', () => {
    const basket = addTender(basketOf(FLAT_WHITE), { typeId: 1, name: 'Cash', amount: 200 });
    expect(basketTotals(basket)).toMatchObject({ tendered: 200, remaining: 120 });
    expect(basketTotals(addTender(basket, { typeId: 1, name: 'Cash', amount: 500 })).remaining).toBe(-380);
  });
});

describe('parseBasket', () => {
  const good: Basket = {
    lines: [{ ...FLAT_WHITE, quantity: 2 }],
    discount: { reasonId: 7, reason: 'Staff', kind: 'percentage', value: 12.5 },
    tableId: 4,
    tenders: [{ typeId: 1, name: 'Cash', amount: 500 }],
    customer: null,
  };

  it('reads back what was stored', () => {
    expect(parseBasket(JSON.parse(JSON.stringify(good)))).toEqual(good);
    expect(parseBasket({ lines: [], discount: null, tableId: null, tenders: [] })).toEqual(EMPTY_BASKET);
    const amountOff = { ...good, discount: { reasonId: 8, reason: 'Damaged', kind: 'amount', value: 150 } };
    expect(parseBasket(amountOff)).toEqual(amountOff);
    const forOlive = { ...good, customer: { id: 7, name: 'Olive Offline' } };
    expect(parseBasket(JSON.parse(JSON.stringify(forOlive)))).toEqual(forOlive);
    const idOnly = { ...good, customer: { id: 7, name: null } };
    expect(parseBasket(idOnly)).toEqual(idOnly);
  });

  it('reads a basket kept before sales had customers as one with no customer', () => {
    const { customer: _, ...older } = good;
    expect(parseBasket(older)).toEqual(good);
  });

  it('counts a customer as something in the basket, and clears it', () => {
    const forOlive = setCustomer(EMPTY_BASKET, { id: 7, name: 'Olive' });
    expect(isEmpty(forOlive)).toBe(false);
    expect(setCustomer(forOlive, null)).toEqual(EMPTY_BASKET);
  });

  it.each([
    ['nothing', null],
    ['text', 'basket'],
    ['a list', []],
    ['no lines', { ...good, lines: undefined }],
    ['lines not a list', { ...good, lines: 'Flat White' }],
    ['a fractional price', { ...good, lines: [{ ...FLAT_WHITE, unitPrice: 3.2, quantity: 1 }] }],
    ['a zero quantity', { ...good, lines: [{ ...FLAT_WHITE, quantity: 0 }] }],
    ['a line without a name', { ...good, lines: [{ productId: 1, unitPrice: 320, quantity: 1 }] }],
    ['a null line', { ...good, lines: [null] }],
    ['an unknown discount kind', { ...good, discount: { ...good.discount, kind: 'bogof' } }],
    ['a negative discount', { ...good, discount: { ...good.discount, value: -5 } }],
    [
      'a fractional amount discount',
      { ...good, discount: { reasonId: 8, reason: 'Damaged', kind: 'amount', value: 1.5 } },
    ],
    ['a negative tender', { ...good, tenders: [{ typeId: 1, name: 'Cash', amount: -500 }] }],
    ['a missing discount (an older shape)', { lines: good.lines, tableId: null, tenders: [] }],
    ['a table by name', { ...good, tableId: 'T4' }],
    ['a tender in major units', { ...good, tenders: [{ typeId: 1, name: 'Cash', amount: 5.5 }] }],
    ['no tenders', { ...good, tenders: undefined }],
    ['a customer by name alone', { ...good, customer: { name: 'Olive' } }],
    ['a customer id as text', { ...good, customer: { id: '7', name: null } }],
    ['a customer with a numeric name', { ...good, customer: { id: 7, name: 7 } }],
  ])('rejects a damaged basket: %s', (_, value) => {
    expect(parseBasket(value)).toBeNull();
  });
});
