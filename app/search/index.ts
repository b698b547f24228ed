/**
 * The till's product search: an in-memory index over each product's name and codes, so a keystroke
 * never waits on storage or the network. A pure data structure: no DOM, no IndexedDB.
 *
 * A query is folded (case, accents, ß/æ/ø...: fold.ts) and split into words; a product matches
 * when every word occurs in its Name, Barcode, Sku, ArticleCode or OrderCode (not its Description).
 * Each word is scored by where it was found: 1 starting a word of the name, 2 starting a word of a
 * code, 3 inside a word of the name, 4 inside a code. A product ranks by its worst word, so
 * prefixes come before substrings and the name before codes; above them all comes 0, the whole
 * query being one of its codes exactly. Ties go by folded name, then id.
 *
 * No keystroke reads every product's strings: name words are a sorted dictionary (vocabulary.ts),
 * code words a sorted table of numeric prefix keys (code-words.ts), substrings one scan over joined
 * text (scan.ts, code-text.ts); lookup.ts walks them level by level, narrow.ts re-checks the last
 * query's few matches when another letter is typed, and update.ts changes only what a batch touches.
 *
 * The index keeps of each product only what the till reads (till-product.ts). `pack` turns it into
 * strings and typed arrays (packed.ts) that IndexedDB stores and reads back at memory speed, and
 * `openSearchIndex` resumes from them without folding, sorting or building a product object.
 */
import { byBarcode } from './barcode.ts';
import { type PackedSearch, packTable, unpackTable } from './packed.ts';
import { createSearch } from './search.ts';
import { ProductTable } from './table.ts';
import type { TillProduct } from './till-product.ts';
import { remove, upsert } from './update.ts';

/** An in-memory product search the till queries on every keystroke. */
export interface SearchIndex {
  /** Products matching every word of `query`, best first, at most `limit` (default 50); [] for a blank query. */
  search(query: string, limit?: number): TillProduct[];
  /**
   * Looks up a one-letter query ahead of its keystroke (0.1-0.7 ms at full speed over 50,000
   * products), so that keystroke costs what a kept letter does (0.02 ms); false when it was kept
   * already or `letter` does not fold to one letter. The last query's narrowing is left as it is.
   */
  warm(letter: string, limit?: number): boolean;
  /** The product whose Barcode is `code` trimmed (UPC-A and its EAN-13 spelling meet); the first by name if shared. */
  byBarcode(code: string): TillProduct | undefined;
  /** The product with this id (either id style), if indexed. */
  get(id: number): TillProduct | undefined;
  /** Adds products or replaces them by id (either id style); costs what the batch changes, not a rebuild. */
  upsert(products: readonly TillProduct[]): void;
  /** Drops products by id; unknown ids are ignored. */
  remove(ids: readonly number[]): void;
  /** The indexed ids (as `get` takes it) in name order: every one, or the first `limit`; costs what it returns. */
  ids(limit?: number): number[];
  /** The index as strings and typed arrays, for `openSearchIndex`: a copy, which later changes leave as it is. */
  pack(): PackedSearch;
  /** How many products are indexed. */
  readonly size: number;
}

export { PACKED_SEARCH_VERSION, type PackedSearch, packedSize } from './packed.ts';
export { DEFAULT_LIMIT } from './search.ts';
export { type TillProduct, tillProduct } from './till-product.ts';

/** Builds an index over the TillProduct fields of `products` (a projection of each is kept, never the record). */
export function createSearchIndex(products: readonly TillProduct[]): SearchIndex {
  const table = new ProductTable();
  upsert(table, products);
  return indexOver(table);
}

/**
 * The index `packed` holds, as it was when packed (through structuredClone or IndexedDB as well).
 * Throws a TypeError when `packed` is of another PACKED_SEARCH_VERSION or shape: build afresh then.
 */
export function openSearchIndex(packed: PackedSearch): SearchIndex {
  return indexOver(unpackTable(packed));
}

function indexOver(table: ProductTable): SearchIndex {
  const { search, warm } = createSearch(table);
  return {
    search,
    warm,
    byBarcode: (code) => byBarcode(table, code),
    get: (id) => {
      const slot = table.slotOf.get(id);
      return slot === undefined ? undefined : table.products.get(slot);
    },
    upsert: (batch) => upsert(table, batch),
    remove: (ids) => remove(table, ids),
    ids: (limit = Number.POSITIVE_INFINITY) => {
      const count = Math.min(Math.max(0, Math.floor(limit)), table.order.length);
      const ids = new Array<number>(count);
      for (let at = 0; at < count; at++) ids[at] = table.ids[table.order[at] as number] as number;
      return ids;
    },
    pack: () => packTable(table),
    get size() {
      return table.slotOf.size;
    },
  };
}
