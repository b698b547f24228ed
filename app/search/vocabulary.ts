/**
 * The name-word dictionary: distinct words in sorted order with their postings. The words live in
 * one string, each followed by '\n': a prefix is a binary search over it, a substring one scan.
 */
import { forEachWord } from './fold.ts';
import type { PackedPart } from './packed-part.ts';
import { scan } from './scan.ts';

/**
 * The slot of the one product holding a word, or the slots of several: an Int32Array as opened
 * from a pack (a view, nothing copied), an array once the word gains a slot.
 */
export type Posting = number | number[] | Int32Array;

/** The dictionary as a string and typed arrays: word `w`'s slots are `slots` from `postings[w]` to `postings[w + 1]`. */
export interface PackedVocabulary {
  text: string;
  starts: Int32Array;
  postings: Int32Array;
  slots: Int32Array;
}

/** Sorted words and the slots holding each; changes are batched and merged by `commit`. */
export class Vocabulary {
  private text = '';
  /** Where each word starts in `text`. */
  private starts = new Int32Array(0);
  private postings: Posting[] = [];
  /** Words first seen in the current batch; they join the sorted text at commit. */
  private readonly fresh = new Map<string, Posting>();
  /** Words that may have lost slots in the current batch. */
  private readonly touched = new Set<number>();
  private emptied = false;

  /** Records that `slot` holds each word of folded `text`; all of a slot's words come in one call. */
  addAll(text: string, slot: number): void {
    forEachWord(text, (word) => {
      const at = this.find(word);
      if (at >= 0) {
        this.postings[at] = withSlot(this.postings[at], slot);
        return;
      }
      const posting = this.fresh.get(word);
      const next = withSlot(posting, slot);
      if (next !== posting) this.fresh.set(word, next);
    });
  }

  /** Notes that the slot holding folded `text` is going; `purge` drops it. */
  touchAll(text: string): void {
    forEachWord(text, (word) => {
      const at = this.find(word);
      if (at >= 0) this.touched.add(at);
    });
  }

  /** Drops the slots for which `going` is true from every touched word. */
  purge(going: (slot: number) => boolean): void {
    for (const at of this.touched) {
      const posting = this.postings[at] as Posting;
      const kept =
        typeof posting === 'number' ? (going(posting) ? [] : posting) : posting.filter((slot) => !going(slot));
      this.postings[at] = typeof kept !== 'number' && kept.length === 1 ? (kept[0] as number) : kept;
      if (typeof kept !== 'number' && kept.length === 0) this.emptied = true;
    }
    this.touched.clear();
  }

  /** Merges the batch's new words into the text and drops words no product holds any more. */
  commit(): void {
    if (this.fresh.size === 0 && !this.emptied) return;
    const added = [...this.fresh.keys()].sort();
    const count = this.postings.length;
    const pieces: string[] = [];
    const starts = new Int32Array(count + added.length);
    const postings: Posting[] = [];
    let offset = 0;
    // Runs of kept words are copied as one slice of the old text, not word by word.
    let run = -1;
    const copyRun = (end: number): void => {
      if (run >= 0) pieces.push(this.text.slice(this.starts[run], this.end(end - 1)));
      run = -1;
    };
    for (let i = 0, j = 0; i < count || j < added.length; ) {
      const next = added[j];
      if (next !== undefined && (i === count || this.compareAt(next, i) < 0)) {
        copyRun(i);
        pieces.push(next, '\n');
        starts[postings.length] = offset;
        offset += next.length + 1;
        postings.push(this.fresh.get(next) as Posting);
        j++;
        continue;
      }
      const posting = this.postings[i] as Posting;
      if (typeof posting !== 'number' && posting.length === 0) {
        copyRun(i);
      } else {
        if (run < 0) run = i;
        starts[postings.length] = offset;
        offset += this.end(i) - (this.starts[i] as number);
        postings.push(posting);
      }
      i++;
    }
    copyRun(count);
    this.text = pieces.join('');
    this.starts = starts.length === postings.length ? starts : starts.slice(0, postings.length);
    this.postings = postings;
    this.fresh.clear();
    this.emptied = false;
  }

  /** The dictionary, copied. */
  pack(): PackedVocabulary {
    const postings = new Int32Array(this.postings.length + 1);
    let total = 0;
    this.postings.forEach((posting, at) => {
      total += typeof posting === 'number' ? 1 : posting.length;
      postings[at + 1] = total;
    });
    const slots = new Int32Array(total);
    this.postings.forEach((posting, at) => {
      if (typeof posting === 'number') slots[postings[at] as number] = posting;
      else slots.set(posting, postings[at]);
    });
    return { text: this.text, starts: this.starts.slice(), postings, slots };
  }

  /** The dictionary packed in `part`. */
  static from(part: PackedPart): Vocabulary {
    const vocabulary = new Vocabulary();
    const starts = part.array('starts', Int32Array);
    const postings = part.array('postings', Int32Array, starts.length + 1);
    const slots = part.array('slots', Int32Array, postings[starts.length]);
    vocabulary.text = part.string('text');
    vocabulary.starts = starts.slice();
    const own = slots.slice();
    for (let at = 0; at < starts.length; at++) {
      const from = postings[at] as number;
      const to = postings[at + 1] as number;
      vocabulary.postings.push(to - from === 1 ? (own[from] as number) : own.subarray(from, to));
    }
    return vocabulary;
  }

  /** How many slots hold a word starting with `prefix`, counting a slot once per such word. */
  countPrefix(prefix: string): number {
    let count = 0;
    this.withPrefix(prefix, (posting) => {
      count += typeof posting === 'number' ? 1 : posting.length;
    });
    return count;
  }

  /** Calls `visit` with the posting of each word starting with `prefix`. */
  withPrefix(prefix: string, visit: (posting: Posting) => void): void {
    const end = this.lowerBound(`${prefix}\uffff`);
    for (let at = this.lowerBound(prefix); at < end; at++) visit(this.postings[at] as Posting);
  }

  /** Calls `visit` with the posting of each word holding `part` other than at its start. */
  withInside(part: string, visit: (posting: Posting) => void): void {
    scan(this.text, this.starts, part, (at, pos) => {
      // A word that starts with `part` was visited as a prefix, which scores better.
      if (pos > (this.starts[at] as number)) visit(this.postings[at] as Posting);
    });
  }

  /** Offset just past the '\n' ending word `at`. */
  private end(at: number): number {
    return at + 1 < this.starts.length ? (this.starts[at + 1] as number) : this.text.length;
  }

  private find(word: string): number {
    const at = this.lowerBound(word);
    return at < this.starts.length && this.compareAt(word, at) === 0 ? at : -1;
  }

  /** The first word not below `word`. */
  private lowerBound(word: string): number {
    let lo = 0;
    let hi = this.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compareAt(word, mid) > 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** `word` against word `at`, in UTF-16 code unit order as Array#sort orders strings. */
  private compareAt(word: string, at: number): number {
    const start = this.starts[at] as number;
    const length = this.end(at) - 1 - start;
    const common = Math.min(word.length, length);
    for (let k = 0; k < common; k++) {
      const diff = word.charCodeAt(k) - this.text.charCodeAt(start + k);
      if (diff !== 0) return diff;
    }
    return word.length - length;
  }
}

/** `posting` with `slot` added (an array is reused); a word repeated in one product adds nothing. */
function withSlot(posting: Posting | undefined, slot: number): Posting {
  if (posting === undefined) return slot;
  if (typeof posting === 'number') return posting === slot ? posting : [posting, slot];
  if (posting[posting.length - 1] === slot) return posting;
  const list = Array.isArray(posting) ? posting : toArray(posting);
  list.push(slot);
  return list;
}

/** A packed posting as an array that can grow: a loop, several times quicker than Array.from. */
function toArray(posting: Int32Array): number[] {
  const list = new Array<number>(posting.length);
  for (let i = 0; i < posting.length; i++) list[i] = posting[i] as number;
  return list;
}
