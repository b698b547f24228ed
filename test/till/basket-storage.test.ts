// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { type Basket, EMPTY_BASKET } from '../../app/till/basket.ts';
import { BASKET_KEY, type BasketStorage, loadBasket, saveBasket } from '../../app/till/basket-storage.ts';

const BASKET: Basket = {
  lines: [{ productId: 1, name: 'Flat White', unitPrice: 320, quantity: 2 }],
  discount: null,
  tableId: 3,
  tenders: [],
  customer: null,
};

function storage(fail?: { get?: Error; set?: Error }): BasketStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem(key) {
      if (fail?.get) throw fail.get;
      return items.get(key) ?? null;
    },
    setItem(key, value) {
      if (fail?.set) throw fail.set;
      items.set(key, value);
    },
  };
}

afterEach(() => localStorage.clear());

describe('basket storage', () => {
  it('keeps a basket and reads it back', () => {
    const kept = storage();
    expect(saveBasket(BASKET, 'GBP', kept)).toBeNull();
    expect(JSON.parse(kept.items.get(BASKET_KEY) ?? '')).toEqual({ currency: 'GBP', basket: BASKET });
    expect(loadBasket('GBP', kept)).toEqual({ basket: BASKET, currency: 'GBP', problem: null });
  });

  it('uses localStorage unless told otherwise', () => {
    expect(saveBasket(BASKET, 'GBP')).toBeNull();
    expect(localStorage.getItem(BASKET_KEY)).toBe(JSON.stringify({ currency: 'GBP', basket: BASKET }));
    expect(loadBasket('GBP').basket).toEqual(BASKET);
  });

  it('starts empty, quietly, when nothing was kept', () => {
    expect(loadBasket('GBP', storage())).toEqual({ basket: EMPTY_BASKET, currency: 'GBP', problem: null });
  });

  it('gives back a basket kept in another currency with that currency, for the cashier to decide; an empty one in the till’s', () => {
    const kept = storage();
    saveBasket(BASKET, 'GBP', kept);
    // 320 pence must not come back as ¥320: the basket keeps its own currency.
    expect(loadBasket('JPY', kept)).toEqual({ basket: BASKET, currency: 'GBP', problem: null });
    saveBasket(EMPTY_BASKET, 'GBP', kept);
    expect(loadBasket('JPY', kept)).toEqual({ basket: EMPTY_BASKET, currency: 'JPY', problem: null });
  });

  it.each([
    ['not JSON', '{"lines":['],
    ['not a basket', '{"currency":"GBP","basket":{"lines":"Flat White"}}'],
    ['JSON null', 'null'],
    ['a basket without its currency (an older shape)', JSON.stringify(BASKET)],
    ['a currency that is not text', JSON.stringify({ currency: 826, basket: BASKET })],
  ])('starts empty, saying so, when what was kept is %s', (_, text) => {
    const kept = storage();
    kept.items.set(BASKET_KEY, text);
    expect(loadBasket('GBP', kept)).toEqual({
      basket: EMPTY_BASKET,
      currency: 'GBP',
      problem: 'The basket kept from before could not be read; the till started a new one.',
    });
  });

  it('says storage is full, and what to do', () => {
    expect(saveBasket(BASKET, 'GBP', storage({ set: new DOMException('full', 'QuotaExceededError') }))).toBe(
      'Storage on this till is full: the basket will not survive a reload. Free some space (the back office shows what is stored).',
    );
  });

  it('says storage is blocked, for saving and for reading', () => {
    const blocked = new DOMException('The operation is insecure.', 'SecurityError');
    expect(saveBasket(BASKET, 'GBP', storage({ set: blocked }))).toBe(
      'The basket could not be kept (The operation is insecure.): it will not survive a reload.',
    );
    expect(loadBasket('GBP', storage({ get: blocked }))).toEqual({
      basket: EMPTY_BASKET,
      currency: 'GBP',
      problem: "This till's storage is blocked (The operation is insecure.): the basket will not survive a reload.",
    });
  });

  it('lets an unexpected error through', () => {
    expect(() => saveBasket(BASKET, 'GBP', storage({ set: new TypeError('bug') }))).toThrow(TypeError);
    expect(() => loadBasket('GBP', storage({ get: new TypeError('bug') }))).toThrow(TypeError);
  });
});
