/**
 * The code-word table. Code words (nearly one per product) are filed under a number made of their
 * first letters, so a prefix is a range of one sorted array; whole codes are filed by hash, so an
 * exact code (a scanned barcode) is one lookup.
 */
import { isWordChar } from './fold.ts';
import { KeyedSlots } from './keyed-slots.ts';
import type { PackedPart } from './packed-part.ts';
import { placement } from './score.ts';
import type { SlotText } from './slot-text.ts';

/** Leading letters of a code word that make up its prefix key. */
const KEY_LETTERS = 6;

/** Letter ranks in a prefix key: 0 past the end, 1-10 digits, 11-36 a-z, 37 any other script. */
const KEY_BASE = 38;

/** The code-word table as typed arrays (see KeyedSlots). */
export interface PackedCodeWords {
  words: Float64Array;
  wholes: Float64Array;
}

/** Slots by the words and the whole codes of their folded codes; changes are batched until `commit`. */
export class CodeWords {
  constructor(
    /** Each code word by its prefix key. */
    private readonly words = new KeyedSlots(),
    /** Each whole code by its hash. */
    private readonly wholes = new KeyedSlots(),
  ) {}

  /** Files the slot under folded `codes`. */
  add(slot: number, codes: string): void {
    codeKeys(
      codes,
      (key) => this.words.add(key, slot),
      (hash) => this.wholes.add(hash, slot),
    );
  }

  /** Unfiles the slot from folded `codes`, as they were added. */
  drop(slot: number, codes: string): void {
    codeKeys(
      codes,
      (key) => this.words.drop(key, slot),
      (hash) => this.wholes.drop(hash, slot),
    );
  }

  /** Applies the batch's adds and drops. */
  commit(): void {
    this.words.commit();
    this.wholes.commit();
  }

  /** The table, copied. */
  pack(): PackedCodeWords {
    return { words: this.words.pack(), wholes: this.wholes.pack() };
  }

  /** The table packed in `part`. */
  static from(part: PackedPart): CodeWords {
    return new CodeWords(KeyedSlots.from(part, 'words'), KeyedSlots.from(part, 'wholes'));
  }

  /** At most how many slots have a code word starting with `term`. */
  countPrefix(term: string): number {
    return this.words.count(prefixKey(term, 0, term.length, 0), prefixKey(term, 0, term.length, KEY_BASE - 1));
  }

  /** Calls `hit` with each slot having a code word that starts with `term`; `codes` are the slots' folded codes. */
  withPrefix(term: string, codes: SlotText, hit: (slot: number) => void): void {
    const low = prefixKey(term, 0, term.length, 0);
    const high = prefixKey(term, 0, term.length, KEY_BASE - 1);
    // The key covers the first letters exactly only for a short term in digits and a-z.
    const exact = term.length <= KEY_LETTERS && /^[0-9a-z]+$/.test(term);
    this.words.forRange(
      low,
      high,
      exact
        ? hit
        : (slot) => {
            if (placement(codes.get(slot), term) === 1) hit(slot);
          },
    );
  }

  /** Calls `visit` with each slot having a code that hashes as folded `code` does: the caller checks the code. */
  withCode(code: string, visit: (slot: number) => void): void {
    const key = codeHash(code);
    this.wholes.forRange(key, key, visit);
  }
}

/**
 * The first KEY_LETTERS letters of a folded word as a base-KEY_BASE number, `pad` standing in for
 * letters past its end. Keys order as the words do, so the words starting with a prefix lie
 * between its keys padded with 0 and with KEY_BASE - 1. Every other script shares one rank: a
 * range over such letters is a superset, and the caller checks.
 */
function prefixKey(text: string, start: number, end: number, pad: number): number {
  let key = 0;
  for (let i = start; i < start + KEY_LETTERS; i++) {
    const code = text.charCodeAt(i);
    const rank = i >= end ? pad : code <= 0x39 ? code - 0x2f : code <= 0x7a ? code - 0x56 : KEY_BASE - 1;
    key = key * KEY_BASE + rank;
  }
  return key;
}

/** Calls `file` with each distinct prefix key of the words of folded `codes`, and `fileWhole` with each code's hash. */
function codeKeys(codes: string, file: (key: number) => void, fileWhole: (hash: number) => void): void {
  const keys: number[] = [];
  let word = -1;
  let code = 0;
  for (let i = 0; i <= codes.length; i++) {
    const char = i < codes.length ? codes.charCodeAt(i) : 0x0a;
    if (char !== 0x0a && isWordChar(char)) {
      if (word < 0) word = i;
      continue;
    }
    if (word >= 0) {
      const key = prefixKey(codes, word, i, 0);
      if (!keys.includes(key)) {
        keys.push(key);
        file(key);
      }
      word = -1;
    }
    if (char === 0x0a) {
      if (i > code) fileWhole(codeHash(codes, code, i));
      code = i + 1;
    }
  }
}

/** FNV-1a of `text` from `start` to `end`: 32 bits, unsigned. */
function codeHash(text: string, start = 0, end = text.length): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
