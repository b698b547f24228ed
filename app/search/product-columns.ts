/**
 * The indexed products (TillProducts) as columns: a kind per field, numbers in one Float64Array,
 * strings in one joined string. Structured clone copies these at memory speed, where 50,000
 * small objects would each be rebuilt field by field.
 */
import { lowerBound } from './keyed-slots.ts';
import type { PackedPart } from './packed-part.ts';
import { TILL_FIELDS, type TillProduct } from './till-product.ts';

/**
 * Products by slot in columns. Slot `s`, field `f` (TILL_FIELDS order) is `kinds[s * FIELDS + f]`;
 * its value is the slot's next number or string, or in `others` for any other type.
 */
export interface PackedProducts {
  /** 1 for a slot holding a product. */
  live: Uint8Array;
  kinds: Uint8Array;
  /** NUMBER values, slot by slot; a slot's first is at `numberStarts[slot]`. */
  numbers: Float64Array;
  numberStarts: Int32Array;
  /**
   * STRING values, slot by slot, joined: string `i` is `text.slice(bounds[i], bounds[i + 1])`, and
   * a slot's first is string `textStarts[slot]`. One long string, not 250,000 short ones, to clone.
   */
  strings: { text: string; bounds: Int32Array };
  textStarts: Int32Array;
  /**
   * OTHER values (a numeric-string id, a boolean, a string with a character past U+00FF...), each
   * with its `slot * FIELDS + field`, ascending.
   */
  otherAt: Int32Array;
  others: unknown[];
}

/** How a field of a product is held; 0 is absent. Absent and NULL need no value. */
const NULL = 1;
const NUMBER = 2;
const STRING = 3;
const OTHER = 4;

const FIELDS = TILL_FIELDS.length;

/** Packed products, read one slot (or one field) at a time: opening an index builds no product objects. */
export class ProductColumns {
  private constructor(
    /** Never changed: `read` and ColumnWriter.copy (a repack) take products from it. */
    readonly packed: PackedProducts,
  ) {}

  /** How many slots the columns hold. */
  get slots(): number {
    return this.packed.live.length;
  }

  /** The `slots` slots of columns packed in `part`, checked for shape. */
  static from(part: PackedPart, slots: number): ProductColumns {
    const numberStarts = part.array('numberStarts', Int32Array, slots + 1);
    const textStarts = part.array('textStarts', Int32Array, slots + 1);
    const otherAt = part.array('otherAt', Int32Array);
    const strings = part.part('strings');
    const text = strings.string('text');
    const bounds = strings.array('bounds', Int32Array, (textStarts[slots] as number) + 1);
    if (bounds[0] !== 0 || bounds[bounds.length - 1] !== text.length)
      throw strings.error('the bounds do not span the text');
    // Taken, not copied (2.6 MB for 50,000 products): the columns are never written, and no one
    // changes a pack once it is opened (KeyedSlots.from takes its array the same way).
    return new ProductColumns({
      live: part.array('live', Uint8Array, slots),
      kinds: part.array('kinds', Uint8Array, slots * FIELDS),
      numbers: part.array('numbers', Float64Array, numberStarts[slots]),
      numberStarts,
      strings: { text, bounds },
      textStarts,
      otherAt,
      others: part.array('others', Array, otherAt.length),
    });
  }

  /** A new object with the product of `slot`, fields in TILL_FIELDS order; undefined for a free slot. */
  read(slot: number): TillProduct | undefined {
    if (this.packed.live[slot] !== 1) return undefined;
    const product: Record<string, unknown> = {};
    // forEach skips the holes: the fields the product lacks stay absent.
    this.values(slot, FIELDS).forEach((value, field) => {
      product[TILL_FIELDS[field] as string] = value;
    });
    return product as TillProduct;
  }

  /** One field of the product of `slot` (TILL_FIELDS index `field`), without building the product. */
  field(slot: number, field: number): unknown {
    return this.values(slot, field + 1)[field];
  }

  /** The values of the fields of `slot` below `end`, a hole for each it lacks. */
  private values(slot: number, end: number): unknown[] {
    const { kinds, numbers, numberStarts, strings, textStarts } = this.packed;
    const values = new Array<unknown>(end);
    let number = numberStarts[slot] as number;
    let string = textStarts[slot] as number;
    for (let field = 0; field < end; field++) {
      const kind = kinds[slot * FIELDS + field];
      if (kind === NULL) values[field] = null;
      else if (kind === NUMBER) values[field] = numbers[number++];
      else if (kind === STRING) values[field] = strings.text.slice(strings.bounds[string], strings.bounds[++string]);
      else if (kind === OTHER) values[field] = this.other(slot * FIELDS + field);
    }
    return values;
  }

  /** The OTHER value at `at`, by binary search. */
  private other(at: number): unknown {
    const { otherAt, others } = this.packed;
    return others[lowerBound(otherAt, at)];
  }
}

/** Writes PackedProducts slot after slot: from product objects, or copying runs of slots that are still columns. */
export class ColumnWriter {
  private readonly live: Uint8Array;
  private readonly kinds: Uint8Array;
  private readonly numberStarts: Int32Array;
  private readonly textStarts: Int32Array;
  /** Sized for every field of every slot, then cut to what was used. */
  private readonly numbers: Float64Array;
  private readonly bounds: Int32Array;
  /** Built by `+=`, which V8 keeps as a rope until it is read: quicker than joining 250,000 pieces. */
  private text = '';
  private readonly otherAt: number[] = [];
  private readonly others: unknown[] = [];
  private slot = 0;
  private number = 0;
  private string = 0;

  constructor(private readonly slots: number) {
    this.live = new Uint8Array(slots);
    this.kinds = new Uint8Array(slots * FIELDS);
    this.numberStarts = new Int32Array(slots + 1);
    this.textStarts = new Int32Array(slots + 1);
    this.numbers = new Float64Array(slots * FIELDS);
    this.bounds = new Int32Array(slots * FIELDS + 1);
  }

  /** Writes the next slot: `product`, or nothing for a free slot. */
  add(product: TillProduct | undefined): void {
    this.numberStarts[this.slot] = this.number;
    this.textStarts[this.slot] = this.string;
    if (product !== undefined) {
      this.live[this.slot] = 1;
      // Named reads in TILL_FIELDS order, not a loop over the names: this runs 50,000 times in a pack.
      const at = this.slot * FIELDS;
      this.put(at, product.ProductID);
      this.put(at + 1, product.Id);
      this.put(at + 2, product.Name);
      this.put(at + 3, product.SalePrice);
      this.put(at + 4, product.EatOutPrice);
      this.put(at + 5, product.Barcode);
      this.put(at + 6, product.Sku);
      this.put(at + 7, product.ArticleCode);
      this.put(at + 8, product.OrderCode);
    }
    this.slot++;
  }

  /** Writes slots `from` to `to` - 1 of `columns` as the next slots (the writer must be at `from`). */
  copy(columns: ProductColumns, from: number, to: number): void {
    if (from !== this.slot) throw new RangeError(`Slots are written in order: at ${this.slot}, not ${from}`);
    const source = columns.packed;
    this.live.set(source.live.subarray(from, to), from);
    this.kinds.set(source.kinds.subarray(from * FIELDS, to * FIELDS), from * FIELDS);
    const firstNumber = source.numberStarts[from] as number;
    const firstString = source.textStarts[from] as number;
    for (let slot = from; slot < to; slot++) {
      this.numberStarts[slot] = this.number + (source.numberStarts[slot] as number) - firstNumber;
      this.textStarts[slot] = this.string + (source.textStarts[slot] as number) - firstString;
    }
    const lastNumber = source.numberStarts[to] as number;
    this.numbers.set(source.numbers.subarray(firstNumber, lastNumber), this.number);
    this.number += lastNumber - firstNumber;
    // The run's strings are one stretch of the source text: one piece, its bounds shifted.
    const lastString = source.textStarts[to] as number;
    const { text, bounds } = source.strings;
    const shift = (this.bounds[this.string] as number) - (bounds[firstString] as number);
    for (let string = firstString; string < lastString; string++)
      this.bounds[++this.string] = (bounds[string + 1] as number) + shift;
    this.text += text.slice(bounds[firstString], bounds[lastString]);
    // Found by binary search: with names past U+00FF among them, others may be thousands, and a
    // repack copies as many runs as there are slots read since opening.
    const { otherAt, others } = source;
    for (let k = lowerBound(otherAt, from * FIELDS); k < otherAt.length && (otherAt[k] as number) < to * FIELDS; k++) {
      this.otherAt.push(otherAt[k] as number);
      this.others.push(others[k]);
    }
    this.slot = to;
  }

  /** The columns written, once every slot has been. */
  finish(): PackedProducts {
    if (this.slot !== this.slots) throw new RangeError(`${this.slot} of ${this.slots} slots were written`);
    this.numberStarts[this.slots] = this.number;
    this.textStarts[this.slots] = this.string;
    return {
      live: this.live,
      kinds: this.kinds,
      numbers: this.numbers.slice(0, this.number),
      numberStarts: this.numberStarts,
      strings: { text: this.text, bounds: this.bounds.slice(0, this.string + 1) },
      textStarts: this.textStarts,
      otherAt: Int32Array.from(this.otherAt),
      others: this.others,
    };
  }

  private put(at: number, value: unknown): void {
    if (value === undefined) return;
    if (value === null) {
      this.kinds[at] = NULL;
    } else if (typeof value === 'number') {
      this.kinds[at] = NUMBER;
      this.numbers[this.number++] = value;
    } else if (typeof value === 'string' && oneByte(value)) {
      this.kinds[at] = STRING;
      this.text += value;
      this.bounds[this.string + 1] = (this.bounds[this.string] as number) + value.length;
      this.string++;
    } else {
      this.kinds[at] = OTHER;
      this.otherAt.push(at);
      this.others.push(value);
    }
  }
}

/**
 * Whether every character of `text` is one byte (U+0000 to U+00FF). V8 keeps a string of such
 * characters one byte a character, and a joined string two bytes a character as soon as one piece
 * has any other: one "Nando’s" among 50,000 names made the pack 16.29 MB instead of 13.65, and
 * reading the joined names back took 20 ms more at CPU 4x (IndexedDB 47 -> 56 ms, deserialising
 * 61 -> 73). So such a string is kept apart, as an OTHER value. A loop, not a regular expression:
 * this runs 250,000 times in a pack.
 */
export function oneByte(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) return false;
  return true;
}
