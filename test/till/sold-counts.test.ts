import { describe, expect, it } from 'vitest';
import type { BasketLine } from '../../app/till/basket.ts';
import { countSale, mostSold, SOLD_KEY } from '../../app/till/sold-counts.ts';
import { memoryStorage } from '../ui/till/fixture.ts';

const line = (productId: number, quantity: number): BasketLine => ({
  productId,
  name: `#${productId}`,
  unitPrice: 100,
  quantity,
});

describe('what this till sold', () => {
  it('counts each sale by quantity, most sold first, ties to the lower id', () => {
    const storage = memoryStorage();
    expect(mostSold(12, storage)).toEqual([]);
    countSale([line(5, 1), line(3, 2)], storage);
    countSale([line(5, 2), line(9, 2)], storage);
    expect(mostSold(12, storage)).toEqual([5, 3, 9]);
    expect(mostSold(2, storage)).toEqual([5, 3]);
    expect(JSON.parse(storage.items.get(SOLD_KEY) ?? '')).toEqual({ 3: 2, 5: 3, 9: 2 });
  });

  it('keeps the 200 most sold products only', () => {
    const storage = memoryStorage();
    countSale(
      Array.from({ length: 250 }, (_, i) => line(i + 1, i < 200 ? 2 : 1)),
      storage,
    );
    const kept = Object.keys(JSON.parse(storage.items.get(SOLD_KEY) ?? '{}')).map(Number);
    expect(kept).toHaveLength(200);
    expect(Math.max(...kept)).toBe(200);
  });

  it('reads something else kept under its key as no counts, and counts afresh', () => {
    for (const junk of ['not json', '[1,2]', '{"7":"many","x":3,"8":-1,"9":2}', 'null']) {
      const storage = memoryStorage();
      storage.items.set(SOLD_KEY, junk);
      expect(mostSold(12, storage), junk).toEqual(junk.startsWith('{') ? [9] : []);
      countSale([line(1, 1)], storage);
      expect(mostSold(12, storage)[0], junk).toBe(junk.startsWith('{') ? 9 : 1);
    }
  });

  it('a full or blocked storage loses the count, not the sale; other errors are not hidden', () => {
    const storage = memoryStorage();
    storage.failWith = new DOMException('full', 'QuotaExceededError');
    expect(() => countSale([line(1, 1)], storage)).not.toThrow();
    expect(mostSold(12, storage)).toEqual([]);
    storage.failWith = new TypeError('a bug');
    expect(() => countSale([line(1, 1)], storage)).toThrow('a bug');
    const blocked = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => undefined,
    };
    expect(mostSold(12, blocked)).toEqual([]);
  });
});
