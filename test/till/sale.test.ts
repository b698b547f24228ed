import { describe, expect, it } from 'vitest';
import { type Basket, EMPTY_BASKET } from '../../app/till/basket.ts';
import { createMoney } from '../../app/till/money.ts';
import { saleOf, saleText, type Transaction } from '../../app/till/sale.ts';

const GBP = createMoney('GBP', 'en-GB');
const JPY = createMoney('JPY', 'ja-JP');

/** Three items (2 x 3.20 + 2.50 = 8.90), 15% off for reason 6 (1.34), at table 3, 7.56 paid in cash. */
const SALE: Basket = {
  lines: [
    { productId: 40, name: 'Flat White', unitPrice: 320, quantity: 2 },
    { productId: 41, name: 'Cheese Scone', unitPrice: 250, quantity: 1 },
  ],
  discount: { reasonId: 6, reason: 'Regulars', kind: 'percentage', value: 15 },
  tableId: 3,
  tenders: [{ typeId: 1, name: 'Cash', amount: 756 }],
  customer: null,
};

describe('saleOf: the sale in the documents’ shape', () => {
  it('is an SDK Transaction whose keys are also TillData’s', () => {
    // Epos Now's till SDK (EposnowHQ/till.app, README, 2022): Transaction { CustomerId?, MiscItems[],
    // Products[], Tenders[], TransactionDetails[], Discount? }, Product { ProductID, Quantity,
    // ItemPrice, IsTaxExempt }, Tender { TypeID, Amount }, TransactionDetail { Name, Details },
    // Discount { reasonId, amount?, percentage? }.
    // The reply's TillData (Epos Now's developer page for embedded apps): { "MiscItems": [],
    // "Products": [], "Tenders": [], "TransactionDetails": [] } plus an optional "Discount".
    const sale: Transaction = saleOf(SALE, GBP, { tableName: 'Table 3' });
    expect(sale).toStrictEqual({
      Products: [
        { ProductID: 40, Quantity: 2, ItemPrice: 3.2, IsTaxExempt: false },
        { ProductID: 41, Quantity: 1, ItemPrice: 2.5, IsTaxExempt: false },
      ],
      MiscItems: [],
      Tenders: [{ TypeID: 1, Amount: 7.56 }],
      TransactionDetails: [{ Name: 'Table', Details: 'Table 3' }],
      Discount: { reasonId: 6, percentage: 15 },
    });
    // Nothing but the documented keys, in either model.
    const documented = ['CustomerId', 'Products', 'MiscItems', 'Tenders', 'TransactionDetails', 'Discount'];
    expect(Object.keys(sale).every((key) => documented.includes(key))).toBe(true);
  });

  it('is sent as JSON text, the string the reply and Send to till both carry', () => {
    // "e.source.postMessage(JSON.stringify(tillData), e.origin)": a string, not an object.
    const text = saleText(SALE, GBP, { tableName: 'Table 3' });
    expect(typeof text).toBe('string');
    expect(text).toBe(
      '{"Products":[{"ProductID":40,"Quantity":2,"ItemPrice":3.2,"IsTaxExempt":false},' +
        '{"ProductID":41,"Quantity":1,"ItemPrice":2.5,"IsTaxExempt":false}],"MiscItems":[],' +
        '"Tenders":[{"TypeID":1,"Amount":7.56}],"TransactionDetails":[{"Name":"Table","Details":"Table 3"}],' +
        '"Discount":{"reasonId":6,"percentage":15}}',
    );
    expect(JSON.parse(text)).toStrictEqual(saleOf(SALE, GBP, { tableName: 'Table 3' }));
  });

  it('prices one item, not the line, in major units: pounds with pence, yen as they are', () => {
    // "Amounts are in major units (3.95), as everywhere in the API."
    expect(saleOf(SALE, GBP).Products.map((p) => p.ItemPrice)).toEqual([3.2, 2.5]);
    expect(saleOf(SALE, JPY).Products.map((p) => p.ItemPrice)).toEqual([320, 250]);
    expect(saleOf(SALE, GBP).Tenders).toEqual([{ TypeID: 1, Amount: 7.56 }]);
    expect(saleOf(SALE, JPY).Tenders).toEqual([{ TypeID: 1, Amount: 756 }]);
  });

  it('sends an amount discount as the basket shows it, in major units', () => {
    const amount: Basket = { ...SALE, discount: { reasonId: 8, reason: 'Damaged', kind: 'amount', value: 150 } };
    expect(saleOf(amount, GBP).Discount).toStrictEqual({ reasonId: 8, amount: 1.5 });
    expect(saleOf(amount, JPY).Discount).toStrictEqual({ reasonId: 8, amount: 150 });
  });

  it('caps an amount discount at the subtotal, as basketTotals does', () => {
    const scone: Basket = {
      ...EMPTY_BASKET,
      lines: [{ productId: 41, name: 'Cheese Scone', unitPrice: 250, quantity: 1 }],
      discount: { reasonId: 8, reason: 'Damaged', kind: 'amount', value: 1000 },
    };
    expect(saleOf(scone, GBP).Discount).toStrictEqual({ reasonId: 8, amount: 2.5 });
  });

  it('has no Discount key without a discount', () => {
    expect('Discount' in saleOf({ ...SALE, discount: null }, GBP)).toBe(false);
  });

  it('names the customer by CustomerId only when the sale has one', () => {
    expect(saleOf({ ...SALE, customer: { id: 7, name: 'Ada Lovelace' } }, GBP).CustomerId).toBe(7);
    expect(saleOf({ ...SALE, customer: { id: 7, name: null } }, GBP).CustomerId).toBe(7);
    expect('CustomerId' in saleOf(SALE, GBP)).toBe(false);
    expect(saleText(SALE, GBP)).not.toContain('CustomerId');
  });

  it('tells the table as a TransactionDetail, by the name the caller gives, else by its id', () => {
    expect(saleOf(SALE, GBP, { tableName: 'Window 2' }).TransactionDetails).toEqual([
      { Name: 'Table', Details: 'Window 2' },
    ]);
    // A table the catalog no longer has is still told, by id.
    expect(saleOf(SALE, GBP).TransactionDetails).toEqual([{ Name: 'Table', Details: '#3' }]);
    expect(saleOf({ ...SALE, tableId: null }, GBP, { tableName: 'Table 3' }).TransactionDetails).toEqual([]);
    // Never as a key the till does not know.
    expect(saleText(SALE, GBP)).not.toMatch(/"Table(ID)?"\s*:/);
  });

  it('writes an empty basket as an empty but valid sale: every list present', () => {
    expect(saleOf(EMPTY_BASKET, GBP)).toStrictEqual({
      Products: [],
      MiscItems: [],
      Tenders: [],
      TransactionDetails: [],
    });
    expect(saleText(EMPTY_BASKET, GBP)).toBe('{"Products":[],"MiscItems":[],"Tenders":[],"TransactionDetails":[]}');
  });
});
