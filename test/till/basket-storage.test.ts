// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { BASKET_KEY, type BasketStorage, loadBasket, saveBasket } from '../../app/till/basket-storage.ts';
import { type Basket, EMPTY_BASKET } from '../../app/till/basket.ts';

const BASKET: Basket = { lines: [{ productId: 1, name: 'Flat White', unitPrice: 320, quantity: 2 }], discount: null, tableId: 3, tenders: [] };

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
    expect(saveBasket(BASKET, kept)).toBeNull();
    expect(JSON.parse(kept.items.get(BASKET_KEY) ?? '')).toEqual(BASKET);
    expect(loadBasket(kept)).toEqual({ basket: BASKET, problem: null });
  });

  it('uses localStorage unless told otherwise', () => {
    expect(saveBasket(BASKET)).toBeNull();
    expect(localStorage.getItem(BASKET_KEY)).toBe(JSON.stringify(BASKET));
    expect(loadBasket().basket).toEqual(BASKET);
  });

  it('starts empty, quietly, when nothing was kept', () => {
    expect(loadBasket(storage())).toEqual({ basket: EMPTY_BASKET, problem: null });
  });

  it.each([['not JSON', '{"lines":['], ['not a basket', '{"lines":"Flat White"}'], ['JSON null', 'null']])('starts empty, saying so, when what was kept is %s', (_, text) => {
    const kept = storage();
    kept.items.set(BASKET_KEY, text);
    expect(loadBasket(kept)).toEqual({ basket: EMPTY_BASKET, problem: 'The basket kept from before could not be read; the till started a new one.' });
  });

  it('says storage is full, and what to do', () => {
    expect(saveBasket(BASKET, storage({ set: new DOMException('full', 'QuotaExceededError') }))).toBe(
      'Storage on this till is full: the basket will not survive a reload. Free some space (the back office shows what is stored).',
    );
  });

  it('says storage is blocked, for saving and for reading', () => {
    const blocked = new DOMException('The operation is insecure.', 'SecurityError');
    expect(saveBasket(BASKET, storage({ set: blocked }))).toBe('The basket could not be kept (The operation is insecure.): it will not survive a reload.');
    expect(loadBasket(storage({ get: blocked }))).toEqual({ basket: EMPTY_BASKET, problem: "This till's storage is blocked (The operation is insecure.): the basket will not survive a reload." });
  });

  it('lets an unexpected error through', () => {
    expect(() => saveBasket(BASKET, storage({ set: new TypeError('bug') }))).toThrow(TypeError);
    expect(() => loadBasket(storage({ get: new TypeError('bug') }))).toThrow(TypeError);
  });
});
