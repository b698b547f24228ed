/**
 * What a re-read changes in the product index: the products that are new or differ in a field
 * the till uses, and the ones that went. Pure (no IndexedDB, no DOM), so a big catalog is never
 * re-indexed for one rename and the rule can be tested with plain arrays.
 */
import { recordId } from '../epos/ids.ts';
import type { Product } from '../epos/records.ts';
import { type SearchIndex, tillProduct } from '../search/index.ts';

/** What to put into and drop from the index. */
export interface IndexChanges {
  changed: Product[];
  gone: number[];
}

/** The changes that make the index hold exactly `fresh`, the whole kind as stored. */
export function changesFromAll(index: SearchIndex, fresh: readonly Product[]): IndexChanges {
  const changed: Product[] = [];
  const seen = new Set<number>();
  for (const product of fresh) {
    const id = productId(product);
    seen.add(id);
    if (isNews(index, id, product)) changed.push(product);
  }
  return { changed, gone: index.ids().filter((id) => !seen.has(id)) };
}

/** The changes for some records: `read[i]` is what is stored under `ids[i]`, undefined when nothing is. */
export function changesFromSome(
  index: SearchIndex,
  ids: readonly number[],
  read: readonly (Product | undefined)[],
): IndexChanges {
  const changed: Product[] = [];
  const gone: number[] = [];
  ids.forEach((id, at) => {
    const product = read[at];
    if (product !== undefined) {
      if (isNews(index, id, product)) changed.push(product);
    } else if (index.get(id) !== undefined) gone.push(id);
  });
  return { changed, gone };
}

/** Applies `changes` to the index in place; returns whether it changed at all. */
export function applyChanges(index: SearchIndex, { changed, gone }: IndexChanges): boolean {
  if (gone.length > 0) index.remove(gone);
  if (changed.length > 0) index.upsert(changed);
  return gone.length > 0 || changed.length > 0;
}

/** Whether `product` differs from what the index holds under `id`. The index keeps the till's fields only: a change to any other field is not one here. */
function isNews(index: SearchIndex, id: number, product: Product): boolean {
  const old = index.get(id);
  return old === undefined || !sameRecord(old, tillProduct(product));
}

function productId(product: Product): number {
  const id = recordId('Product', product);
  // The store keys every row by id, so a stored product without one cannot exist.
  if (id === undefined) throw new Error('a stored product has no id');
  return id;
}

/** Field-by-field equality: products are flat, so this is exact and allocates nothing. */
export function sameRecord(a: object, b: object): boolean {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  for (const key of keys) {
    const x = left[key];
    const y = right[key];
    if (x === y) continue;
    // A nested value (rare in V2 records) compares by its JSON.
    if (
      typeof x !== 'object' ||
      typeof y !== 'object' ||
      x === null ||
      y === null ||
      JSON.stringify(x) !== JSON.stringify(y)
    )
      return false;
  }
  return true;
}
