/** The indexed products by slot, with the word indexes over them: what search reads and update.ts changes. */
import type { Product } from '../../epos/records.ts';
import { CodeText } from './code-text.ts';
import { CodeWords } from './code-words.ts';
import { Vocabulary } from './vocabulary.ts';

/**
 * Each product lives in a slot, a small integer reused once freed; the per-slot arrays below are
 * indexed by it. Between batches every index agrees with `products`.
 */
export class ProductTable {
  readonly products: (Product | undefined)[] = [];
  readonly ids: number[] = [];
  /** Folded Name per slot. */
  readonly names: string[] = [];
  /** Folded codes per slot with '\n' between them, so no word or code spans two. */
  readonly codes: string[] = [];
  readonly slotOf = new Map<number, number>();
  readonly free: number[] = [];
  readonly nameWords = new Vocabulary();
  readonly codeWords = new CodeWords();
  readonly codeText = new CodeText();
  /** Live slots by folded name, then id. */
  order: number[] = [];
  /** Position of each live slot in `order`; its length is the slot capacity. */
  rank = new Int32Array(0);
  /** Batch scratch: 1 for slots being replaced or removed. */
  going = new Uint8Array(0);
  /** Counts the batches applied, so a search remembered from before one is not narrowed. */
  version = 0;
}
