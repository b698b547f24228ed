/**
 * Incremental upsert and remove. A batch costs its own products plus a few passes over typed
 * arrays, never a rebuild: words are detached and attached per product, then each index merges
 * the batch once at commit.
 */
import { recordId } from '../epos/ids.ts';
import { codesOf, nameOf } from './fields.ts';
import { SLOT_RANGE } from './keyed-slots.ts';
import type { ProductTable } from './table.ts';
import { type TillProduct, tillProduct } from './till-product.ts';

/** Adds products to `table` (their TillProduct fields) or replaces them by id (either id style); a product without an id throws before any change. */
export function upsert(table: ProductTable, products: readonly TillProduct[]): void {
  if (products.length === 0) return;
  const batch = new Map<number, TillProduct>();
  for (const product of products) {
    const id = recordId('Product', product);
    // Checked before any change, so a bad batch leaves the index as it was.
    if (id === undefined)
      throw new TypeError(`A product without an id cannot be indexed: ${JSON.stringify(product.Name)}`);
    batch.set(id, product);
  }
  const replaced: number[] = [];
  for (const id of batch.keys()) {
    const slot = table.slotOf.get(id);
    if (slot !== undefined) replaced.push(slot);
  }
  detach(table, replaced);
  const added: number[] = [];
  for (const [id, product] of batch) {
    const slot = table.slotOf.get(id) ?? allocate(table, id);
    attach(table, slot, id, product);
    added.push(slot);
  }
  commit(table, replaced, added);
}

/** Drops products from `table` by id; unknown ids are ignored. */
export function remove(table: ProductTable, ids: readonly number[]): void {
  const removed: number[] = [];
  for (const id of new Set(ids)) {
    const slot = table.slotOf.get(id);
    if (slot === undefined) continue;
    removed.push(slot);
    table.slotOf.delete(id);
  }
  if (removed.length === 0) return;
  detach(table, removed);
  for (const slot of removed) {
    table.products.set(slot, undefined);
    table.names.set(slot, '');
    table.codes.set(slot, '');
    table.free.push(slot);
  }
  commit(table, removed, []);
}

/** Takes products out of the word indexes (their slots stay until commit). */
function detach(table: ProductTable, slots: readonly number[]): void {
  if (slots.length === 0) return;
  for (const slot of slots) {
    table.going[slot] = 1;
    table.nameWords.touchAll(table.names.get(slot));
    // Codes are read before codeText forgets them: an opened table works them out from it.
    table.codeWords.drop(slot, table.codes.get(slot));
    table.codeText.clear(slot);
  }
  table.nameWords.purge((slot) => table.going[slot] === 1);
}

/** Puts a product's projection in `slot` and files it under its folded name and codes. */
function attach(table: ProductTable, slot: number, id: number, product: TillProduct): void {
  const name = nameOf(product);
  const codes = codesOf(product);
  table.products.set(slot, tillProduct(product));
  table.setId(slot, id);
  table.names.set(slot, name);
  table.codes.set(slot, codes);
  table.nameWords.addAll(name, slot);
  table.codeWords.add(slot, codes);
  table.codeText.set(slot, codes);
}

/** Ends a batch: indexes merged, name order and ranks brought up to date. */
function commit(table: ProductTable, going: readonly number[], added: readonly number[]): void {
  table.nameWords.commit();
  table.codeWords.commit();
  table.codeText.commit();
  const { names, ids } = table;
  const byName = (a: number, b: number): number => {
    const x = names.get(a);
    const y = names.get(b);
    return x < y ? -1 : x > y ? 1 : (ids[a] as number) - (ids[b] as number);
  };
  const kept = going.length === 0 ? table.order : table.order.filter((slot) => table.going[slot] !== 1);
  // Each new slot finds its place by binary search, so a small batch compares a few names, not all.
  const order = new Int32Array(kept.length + added.length);
  let to = 0;
  let from = 0;
  for (const slot of byNames(table, added)) {
    let lo = from;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (byName(kept[mid] as number, slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    for (; from < lo; from++) order[to++] = kept[from] as number;
    order[to++] = slot;
  }
  for (; from < kept.length; from++) order[to++] = kept[from] as number;
  table.order = order;
  for (let k = 0; k < order.length; k++) table.rank[order[k] as number] = k;
  for (const slot of going) table.going[slot] = 0;
  table.version++;
}

/**
 * `slots` by folded name, then id. Equal names are grouped first, so a catalogue with many
 * products of one name (sizes, milks) sorts its distinct names, not every product.
 */
function byNames(table: ProductTable, slots: readonly number[]): number[] {
  const { names, ids } = table;
  const groups = new Map<string, number[]>();
  for (const slot of slots) {
    const name = names.get(slot);
    const group = groups.get(name);
    if (group === undefined) groups.set(name, [slot]);
    else group.push(slot);
  }
  const sorted: number[] = [];
  for (const name of [...groups.keys()].sort()) {
    const group = groups.get(name) as number[];
    if (group.length > 1) group.sort((a, b) => (ids[a] as number) - (ids[b] as number));
    for (const slot of group) sorted.push(slot);
  }
  return sorted;
}

/** A free slot for `id`, or a new one; slots are bounded so keyed entries stay exact (see SLOT_RANGE). */
function allocate(table: ProductTable, id: number): number {
  const slot = table.free.pop() ?? table.ids.length;
  if (slot === table.ids.length) {
    if (slot >= SLOT_RANGE) throw new RangeError(`A search index holds at most ${SLOT_RANGE} products`);
    table.setId(slot, id);
    table.names.set(slot, '');
    table.codes.set(slot, '');
    if (slot >= table.rank.length) grow(table, Math.max(1024, slot * 2));
  }
  table.slotOf.set(id, slot);
  return slot;
}

/** Widens the per-slot typed arrays; search scratch follows `rank`'s length (see Marks). */
function grow(table: ProductTable, capacity: number): void {
  const rank = new Int32Array(capacity);
  rank.set(table.rank);
  table.rank = rank;
  const going = new Uint8Array(capacity);
  going.set(table.going);
  table.going = going;
}
