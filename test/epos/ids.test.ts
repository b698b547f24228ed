import { describe, expect, it } from 'vitest';
import { idKey, idStyleOf, isServerId, recordId } from '../../app/epos/ids.ts';
import { CACHED_KINDS, KIND_NAMES, KINDS } from '../../app/epos/kinds.ts';
import { collectionPath, listPath, recordPath } from '../../app/epos/paths.ts';

describe('kinds', () => {
  it('has the 19 kinds of the contract with its segments, DiscoutReason spelled as the contract spells it', () => {
    expect(KIND_NAMES).toHaveLength(19);
    expect(KIND_NAMES.map((k) => KINDS[k].segment)).toEqual([
      'Product',
      'Customer',
      'CustomerType',
      'PopupNote',
      'MultipleChoiceOption',
      'MultipleChoiceProductGroupItem',
      'ProductLocationAreaPrice',
      'BookingCustomer',
      'ProductStock',
      'StockTransfer',
      'StockTransferItem',
      'TransactionItem',
      'BaseItem',
      'TenderType',
      'DiscoutReason',
      'SeatingTable',
      'AccessRight',
      'Clocking',
      'ClockingType',
    ]);
    expect(KIND_NAMES.filter((k) => KINDS[k].cached)).toEqual([
      'Product',
      'ProductLocationAreaPrice',
      'TenderType',
      'DiscountReason',
      'SeatingTable',
    ]);
    // Screens list them with the area prices, which only adjust products, last.
    expect(CACHED_KINDS).toEqual([
      'Product',
      'TenderType',
      'DiscountReason',
      'SeatingTable',
      'ProductLocationAreaPrice',
    ]);
  });
});

describe('recordId', () => {
  it('reads the contract Id and the real V2 key of each kind', () => {
    for (const kind of KIND_NAMES) {
      expect(recordId(kind, { Id: 7 })).toBe(7);
      expect(recordId(kind, { [KINDS[kind].v2IdKey]: 9, Name: 'x' })).toBe(9);
      expect(recordId(kind, { [idKey(kind, 'v2')]: 3 })).toBe(3);
    }
    expect(recordId('TenderType', { TypeID: 2 })).toBe(2);
    expect(recordId('SeatingTable', { TableID: 4 })).toBe(4);
    expect(recordId('DiscountReason', { DiscountReasonID: 5 })).toBe(5);
    expect(recordId('ProductStock', { StockID: 6 })).toBe(6);
  });

  it('prefers the real key, tolerates numeric strings and rejects the rest', () => {
    expect(recordId('Product', { Id: 1, ProductID: 2 })).toBe(2);
    expect(recordId('Product', { ProductID: '42' })).toBe(42);
    expect(recordId('Product', { ProductID: 1.5 })).toBeUndefined();
    expect(recordId('Product', { ProductID: null })).toBeUndefined();
    expect(recordId('Product', { TypeID: 3 })).toBeUndefined();
    expect(recordId('Product', null)).toBeUndefined();
    expect(recordId('Product', [1])).toBeUndefined();
    expect(recordId('Product', { Id: -3 })).toBe(-3);
  });

  it('tells the style a record uses', () => {
    expect(idStyleOf('TenderType', { TypeID: 1 })).toBe('v2');
    expect(idStyleOf('TenderType', { Id: 1 })).toBe('contract');
    expect(idStyleOf('TenderType', { Name: 'Cash' })).toBeUndefined();
  });

  it('knows which ids the server can address: its 32-bit integers from 1', () => {
    expect([1, 2 ** 31 - 1].every(isServerId)).toBe(true);
    expect([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '1', null, 2 ** 31, 3_000_000_000].some(isServerId)).toBe(
      false,
    );
  });
});

describe('paths', () => {
  it('builds the Product list path without the slash and every other with it', () => {
    expect(listPath('Product', 3)).toBe('/api/V2/Product?page=3');
    expect(listPath('Customer', 1)).toBe('/api/V2/Customer/?page=1');
    expect(listPath('DiscountReason', 2)).toBe('/api/V2/DiscoutReason/?page=2');
    expect(listPath('DiscountReason', 2, { DiscountReason: 'DiscountReason' })).toBe('/api/V2/DiscountReason/?page=2');
    expect(collectionPath('SeatingTable')).toBe('/api/V2/SeatingTable');
    expect(recordPath('TenderType', 12)).toBe('/api/V2/TenderType/12');
  });
});

describe('kind labels', () => {
  it('reads the kind names as words', () => {
    expect(KINDS.CustomerType.label).toBe('Customer type');
    expect(KINDS.MultipleChoiceProductGroupItem.label).toBe('Multiple choice product group item');
    expect(KINDS.Product.label).toBe('Product');
    expect(KINDS.ProductStock.v2IdKey).toBe('StockID');
    expect(KINDS.ClockingType.v2IdKey).toBe('ClockingTypeID');
  });
});
