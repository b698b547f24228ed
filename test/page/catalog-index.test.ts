/** What a re-read changes in the product index, without a database: plain products in, changes out. */
import { describe, expect, it } from 'vitest';
import type { Product } from '../../app/epos/records.ts';
import { applyChanges, changesFromAll, changesFromSome, sameRecord } from '../../app/page/catalog-index.ts';
import { createSearchIndex } from '../../app/search/index.ts';

const product = (id: number, name: string, extra: Partial<Product> = {}): Product =>
  ({ ProductID: id, Name: name, SalePrice: 1.5, ...extra }) as Product;

describe('the index changes a re-read makes', () => {
  it('from the whole kind: new and changed products go in, products no longer stored come out, unchanged ones are left alone', () => {
    const index = createSearchIndex([product(1, 'Apple'), product(2, 'Bread'), product(3, 'Cake')]);
    const changes = changesFromAll(index, [product(1, 'Apple'), product(2, 'Brown Bread'), product(4, 'Dates')]);
    expect(changes.changed.map((p) => p.ProductID)).toEqual([2, 4]);
    expect(changes.gone).toEqual([3]);
    expect(applyChanges(index, changes)).toBe(true);
    expect(index.search('bread').map((p) => p.Name)).toEqual(['Brown Bread']);
    expect(index.get(3)).toBeUndefined();
    expect(index.size).toBe(3);
  });

  it('a change to a field the till does not keep is no change here', () => {
    const index = createSearchIndex([product(1, 'Apple')]);
    const changes = changesFromAll(index, [product(1, 'Apple', { Description: 'crisp' })]);
    expect(changes).toEqual({ changed: [], gone: [] });
    expect(applyChanges(index, changes)).toBe(false);
  });

  it('from some records: a record read back is news only if it differs, one no longer stored goes, one the index never had is left alone', () => {
    const index = createSearchIndex([product(1, 'Apple'), product(2, 'Bread')]);
    const changes = changesFromSome(
      index,
      [1, 2, 9, 5],
      [product(1, 'Apple'), undefined, undefined, product(5, 'Eggs')],
    );
    expect(changes.changed.map((p) => p.ProductID)).toEqual([5]);
    expect(changes.gone).toEqual([2]);
  });

  it('a stored product without an id is a broken store, said as such', () => {
    const index = createSearchIndex([]);
    expect(() => changesFromAll(index, [{ Name: 'No id' } as Product])).toThrow('a stored product has no id');
  });

  it('sameRecord compares flat fields exactly and nested ones by JSON', () => {
    expect(sameRecord({ a: 1, b: null }, { a: 1, b: null })).toBe(true);
    expect(sameRecord({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(sameRecord({ a: 1, b: 'x' }, { a: 1, b: 'y' })).toBe(false);
    expect(sameRecord({ a: { x: [1] } }, { a: { x: [1] } })).toBe(true);
    expect(sameRecord({ a: { x: [1] } }, { a: { x: [2] } })).toBe(false);
    expect(sameRecord({ a: null }, { a: {} })).toBe(false);
  });
});
