import { describe, expect, it } from 'vitest';
import { type Basket, EMPTY_BASKET } from '../../app/till/basket.ts';
import { createMoney } from '../../app/till/money.ts';
import { tillMessage } from '../../app/till/till-message.ts';

const BASKET: Basket = {
  lines: [
    { productId: 1, name: 'Flat White', unitPrice: 320, quantity: 2 },
    { productId: 3, name: 'Cheese Scone', unitPrice: 250, quantity: 1 },
  ],
  discount: { reasonId: 7, reason: 'Staff', kind: 'percentage', value: 12.5 },
  tableId: 4,
  tenders: [
    { typeId: 1, name: 'Cash', amount: 500 },
    { typeId: 2, name: 'Card', amount: 290 },
  ],
  customer: null,
};

describe('tillMessage', () => {
  it('writes products, tenders and a percentage discount in major units, with the table', () => {
    expect(tillMessage(BASKET, createMoney('GBP', 'en-GB'))).toEqual({
      type: 'epos-till-basket',
      version: 1,
      products: [
        { ProductID: 1, Quantity: 2, Price: 3.2 },
        { ProductID: 3, Quantity: 1, Price: 2.5 },
      ],
      tenders: [
        { TypeID: 1, Amount: 5 },
        { TypeID: 2, Amount: 2.9 },
      ],
      discount: { reasonId: 7, percentage: 12.5 },
      TableID: 4,
    });
  });

  it('writes an amount discount in major units, and yen as they are', () => {
    const amount: Basket = { ...BASKET, discount: { reasonId: 8, reason: 'Damaged', kind: 'amount', value: 150 } };
    expect(tillMessage(amount, createMoney('GBP', 'en-GB')).discount).toEqual({ reasonId: 8, amount: 1.5 });
    expect(tillMessage(amount, createMoney('JPY', 'ja-JP')).discount).toEqual({ reasonId: 8, amount: 150 });
    expect(tillMessage(amount, createMoney('JPY', 'ja-JP')).products[0]?.Price).toBe(320);
  });

  it('sends an amount discount capped at the subtotal, as the basket shows it', () => {
    const scone: Basket = {
      lines: [{ productId: 3, name: 'Cheese Scone', unitPrice: 250, quantity: 1 }],
      discount: { reasonId: 8, reason: 'Damaged', kind: 'amount', value: 1000 },
      tableId: null,
      tenders: [],
      customer: null,
    };
    expect(tillMessage(scone, createMoney('GBP', 'en-GB')).discount).toEqual({ reasonId: 8, amount: 2.5 });
  });

  it('writes an empty basket as empty lists, no discount and no table', () => {
    expect(tillMessage(EMPTY_BASKET, createMoney('GBP', 'en-GB'))).toEqual({
      type: 'epos-till-basket',
      version: 1,
      products: [],
      tenders: [],
      discount: null,
      TableID: null,
    });
  });

  it('is plain data that survives structured cloning', () => {
    const message = tillMessage(BASKET, createMoney('GBP', 'en-GB'));
    expect(structuredClone(message)).toEqual(message);
  });
});
