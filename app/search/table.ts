/** The indexed products by slot, with the word indexes over them: what search reads and update.ts changes. */
import { CodeText, type PackedCodeText } from './code-text.ts';
import { CodeWords, type PackedCodeWords } from './code-words.ts';
import { foldName } from './fields.ts';
import { IdSlots, type PackedIdSlots } from './id-slots.ts';
import { type PackedPart, plainArray } from './packed-part.ts';
import type { PackedProducts } from './product-columns.ts';
import { SlotProducts } from './slot-products.ts';
import { SlotText } from './slot-text.ts';
import { type PackedVocabulary, Vocabulary } from './vocabulary.ts';

/**
 * A ProductTable as strings and typed arrays, slot for slot (free slots included). Folded names
 * and codes are left out: an opened table works them out per slot from the products and codeText.
 */
export interface PackedTable {
  products: PackedProducts;
  ids: Float64Array;
  slotOf: PackedIdSlots;
  free: Int32Array;
  order: Int32Array;
  rank: Int32Array;
  nameWords: PackedVocabulary;
  codeWords: PackedCodeWords;
  codeText: PackedCodeText;
}

/** What a table is made of: all empty in a new one. */
interface TableParts {
  products: SlotProducts;
  ids: number[] | Float64Array;
  slotOf: IdSlots;
  free: number[];
  names: SlotText;
  codes: SlotText;
  nameWords: Vocabulary;
  codeWords: CodeWords;
  codeText: CodeText;
}

/**
 * Each product lives in a slot, a small integer reused once freed; the per-slot arrays below are
 * indexed by it. Between batches every index agrees with `products`.
 */
export class ProductTable {
  readonly products: SlotProducts;
  /**
   * The id of each slot (kept when the slot is freed): an opened table reads them in the pack's
   * Float64Array and copies them into a growing array at its first `setId` (update.ts).
   */
  private slotIds: number[] | Float64Array;
  readonly slotOf: IdSlots;
  readonly free: number[];
  /** Folded Name per slot. */
  readonly names: SlotText;
  /** Folded codes per slot with '\n' between them, so no word or code spans two. */
  readonly codes: SlotText;
  readonly nameWords: Vocabulary;
  readonly codeWords: CodeWords;
  readonly codeText: CodeText;
  /**
   * Live slots by folded name, then id. Replaced whole by each batch, never written in place, so an
   * opened table reads it in the pack's own array (50,000 numbers not copied on every start).
   */
  order = new Int32Array(0);
  /** Position of each live slot in `order`; its length is the slot capacity. */
  rank = new Int32Array(0);
  /** Batch scratch: 1 for slots being replaced or removed. */
  going = new Uint8Array(0);
  /** Counts the batches applied, so a search remembered from before one is not narrowed. */
  version = 0;

  constructor(parts: Partial<TableParts> = {}) {
    this.products = parts.products ?? SlotProducts.empty();
    this.slotIds = parts.ids ?? [];
    this.slotOf = parts.slotOf ?? IdSlots.empty();
    this.free = parts.free ?? [];
    this.names = parts.names ?? new SlotText();
    this.codes = parts.codes ?? new SlotText();
    this.nameWords = parts.nameWords ?? new Vocabulary();
    this.codeWords = parts.codeWords ?? new CodeWords();
    this.codeText = parts.codeText ?? new CodeText();
  }

  /** The id of each slot, by slot; its length is how many slots there are. */
  get ids(): ArrayLike<number> {
    return this.slotIds;
  }

  /** Gives `slot` the id `id`; `slot` is an existing slot or the next new one. */
  setId(slot: number, id: number): void {
    if (!Array.isArray(this.slotIds)) this.slotIds = plainArray(this.slotIds);
    this.slotIds[slot] = id;
  }

  /** The table, copied into strings and typed arrays (taken between batches, as every call is). */
  pack(): PackedTable {
    return {
      products: this.products.pack(this.ids.length),
      ids: Float64Array.from(this.slotIds),
      slotOf: this.slotOf.pack(),
      free: Int32Array.from(this.free),
      order: this.order.slice(),
      rank: this.rank.slice(),
      nameWords: this.nameWords.pack(),
      codeWords: this.codeWords.pack(),
      codeText: this.codeText.pack(),
    };
  }

  /** The table packed in `part`: nothing is sorted, folded or built per product until a slot is read. */
  static from(part: PackedPart): ProductTable {
    const ids = part.array('ids', Float64Array);
    const free = part.numbers('free', Int32Array);
    const products = SlotProducts.from(part.part('products'), ids.length);
    const codeText = CodeText.from(part.part('codeText'));
    const table = new ProductTable({
      products,
      ids,
      slotOf: IdSlots.from(part.part('slotOf')),
      free,
      // Folded as update.ts folds them, from what the slot held when packed.
      names: new SlotText(ids.length, (slot) => foldName(products.packedField(slot, 'Name'))),
      codes: new SlotText(ids.length, (slot) => codeText.codesOf(slot)),
      nameWords: Vocabulary.from(part.part('nameWords')),
      codeWords: CodeWords.from(part.part('codeWords')),
      codeText,
    });
    table.order = part.array('order', Int32Array, ids.length - free.length);
    if (table.slotOf.size !== table.order.length)
      throw part.error(`slotOf holds ${table.slotOf.size} ids for ${table.order.length} products`);
    const rank = part.array('rank', Int32Array);
    if (rank.length < ids.length)
      throw part.error(`rank holds ${rank.length} items, fewer than the ${ids.length} slots`);
    table.rank = rank.slice();
    table.going = new Uint8Array(rank.length);
    return table;
  }
}
