/**
 * The till's product search: an in-memory index over each product's name and codes, so a keystroke
 * never waits on storage or the network. A pure data structure: no DOM, no IndexedDB.
 *
 * A query is folded (case, accents, ß/æ/ø...) and split into words; a product matches when every
 * word occurs in its Name, Barcode, Sku, ArticleCode or OrderCode (not its Description). Each word
 * is scored by where it was found: 1 starting a word of the name, 2 starting a word of a code,
 * 3 inside a word of the name, 4 inside a code. A product ranks by its worst word, so prefixes
 * come before substrings and the name before codes; above them all comes 0, the whole query being
 * one of its codes exactly. Ties go by folded name, then id.
 *
 * How it stays fast: a keystroke does not read products' strings one by one. Name words are kept
 * sorted with their postings: a prefix is a binary search and a run of postings, a substring one
 * indexOf over the words joined into one string. Code words (nearly one per product) are filed
 * under a number made of their first letters, so a prefix is a range of one sorted Float64Array; a
 * substring of a code is one indexOf over all codes joined. Scores are found level by level, and
 * the search stops at the first level that fills the limit. A dense level ("s", "sku") is walked in
 * name order instead, checking strings until the limit is met; a word most products hold is
 * checked from strings only on products holding the other words; and when the last query's
 * complete matches were few and the new query narrows it (another letter typed), only they are
 * re-checked. A change costs its own products plus a few passes over typed arrays, never a rebuild.
 */
import { recordId } from '../epos/ids.ts';
import type { Product } from '../epos/records.ts';
import { fold, forEachWord, isWordChar, words } from './fold.ts';

/** An in-memory product search the till queries on every keystroke. */
export interface SearchIndex {
  /** Products matching every word of `query`, best first, at most `limit` (default 50); [] for a blank query. */
  search(query: string, limit?: number): Product[];
  /** The product whose Barcode is `code` trimmed (UPC-A and its EAN-13 spelling meet); the first by name if shared. */
  byBarcode(code: string): Product | undefined;
  /** Adds products or replaces them by id (either id style); costs what the batch changes, not a rebuild. */
  upsert(products: readonly Product[]): void;
  /** Drops products by id; unknown ids are ignored. */
  remove(ids: readonly number[]): void;
  /** How many products are indexed. */
  readonly size: number;
}

/** How many results `search` gives when no limit is passed. */
export const DEFAULT_LIMIT = 50;

/** Builds an index over `products`, kept as given (not copied): replace a record with `upsert`, never edit it. */
export function createSearchIndex(products: readonly Product[]): SearchIndex {
  const index = new ProductIndex();
  index.upsert(products);
  return index;
}

/** Words beyond this many in one query are ignored: a slot's matched words are bits of an int32. */
const MAX_WORDS = 30;

/** Re-checking a product's strings costs more than walking postings; above this, use the index. */
const NARROW_MAX = 2000;

/** A level is dense, and walked rather than marked, when each word may match 1/DENSE of the products. */
const DENSE = 4;

/** Products a walk checks before it gives up and the level is marked after all. */
const WALK_MAX = 500;

/** A word is common, and checked from strings rather than marked, when it may start a word of 1/COMMON of the products. */
const COMMON = 4;

/** Score of a word that does not occur at all. */
const MISSING = 5;

/** Slots stay below this, so `key * SLOT_RANGE + slot` is an exact double for any 32-bit key. */
const SLOT_RANGE = 2 ** 21;

/** Leading letters of a code word that make up its prefix key. */
const KEY_LETTERS = 6;

/** Letter ranks in a prefix key: 0 past the end, 1-10 digits, 11-36 a-z, 37 any other script. */
const KEY_BASE = 38;

/** The slot of the one product holding a word, or the slots of several. */
type Posting = number | number[];

/** The last query whose complete match set is known, for narrowing. */
interface LastQuery {
  readonly terms: readonly string[];
  readonly slots: readonly number[];
}

/**
 * Distinct words in sorted order with their postings. The words live in one string, each followed
 * by '\n': a prefix is a binary search over it, a substring a single indexOf scan.
 */
class Vocabulary {
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
      const kept = typeof posting === 'number' ? (going(posting) ? [] : posting) : posting.filter((slot) => !going(slot));
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
    const end = this.lowerBound(prefix + '\uffff');
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

/** Slots filed under 32-bit keys, as one sorted Float64Array of `key * SLOT_RANGE + slot`. */
class KeyedSlots {
  private entries = new Float64Array(0);
  /** Entries added and dropped in the current batch. */
  private added: number[] = [];
  private dropped: number[] = [];

  add(key: number, slot: number): void {
    this.added.push(key * SLOT_RANGE + slot);
  }

  drop(key: number, slot: number): void {
    this.dropped.push(key * SLOT_RANGE + slot);
  }

  /** Applies the batch: kept entries move in runs (typed-array copies), the batch's own go between. */
  commit(): void {
    if (this.added.length === 0 && this.dropped.length === 0) return;
    const { entries } = this;
    if (entries.length === 0) {
      this.entries = Float64Array.from(this.added).sort();
      this.added = [];
      this.dropped = [];
      return;
    }
    const gone = new Set<number>();
    for (const entry of this.dropped) {
      const at = lowerBound(entries, entry);
      if (entries[at] === entry) gone.add(at);
    }
    const skip = Int32Array.from(gone).sort();
    const added = Float64Array.from(this.added).sort();
    const merged = new Float64Array(entries.length - skip.length + added.length);
    let from = 0;
    let to = 0;
    let g = 0;
    const copy = (end: number): void => {
      if (end > from) merged.set(entries.subarray(from, end), to);
      to += end - from;
    };
    const keep = (end: number): void => {
      for (; g < skip.length && (skip[g] as number) < end; g++) {
        copy(skip[g] as number);
        from = (skip[g] as number) + 1;
      }
      copy(end);
      from = end;
    };
    for (const entry of added) {
      keep(Math.max(from, lowerBound(entries, entry)));
      merged[to++] = entry;
    }
    keep(entries.length);
    this.entries = merged;
    this.added = [];
    this.dropped = [];
  }

  /** How many entries have a key from `low` to `high`, both included. */
  count(low: number, high: number): number {
    return lowerBound(this.entries, (high + 1) * SLOT_RANGE) - lowerBound(this.entries, low * SLOT_RANGE);
  }

  /** Calls `visit` with each slot filed under a key from `low` to `high`, both included. */
  forRange(low: number, high: number, visit: (slot: number) => void): void {
    const { entries } = this;
    const last = (high + 1) * SLOT_RANGE;
    for (let at = lowerBound(entries, low * SLOT_RANGE); at < entries.length && (entries[at] as number) < last; at++) {
      const entry = entries[at] as number;
      // Division by a power of two is exact, and far cheaper than % on doubles.
      visit(entry - Math.floor(entry / SLOT_RANGE) * SLOT_RANGE);
    }
  }
}

/**
 * Every product's codes in one string, for substring scans: one region per product, appended
 * when it changes; a replaced region stays until there are as many stale regions as live ones.
 */
class CodeText {
  private text = '';
  private pending: string[] = [];
  private length = 0;
  /** Where each region starts, and whose it is. */
  private starts: number[] = [];
  private owners: number[] = [];
  /** The live region of each slot, -1 for none. */
  private readonly current: number[] = [];
  private stale = 0;

  /** Makes folded `codes` the slot's region ('' for none). */
  set(slot: number, codes: string): void {
    this.clear(slot);
    if (codes === '') return;
    this.current[slot] = this.starts.length;
    this.starts.push(this.length);
    this.owners.push(slot);
    this.pending.push(codes, '\n');
    this.length += codes.length + 1;
  }

  clear(slot: number): void {
    const region = this.current[slot] ?? -1;
    if (region < 0) return;
    this.current[slot] = -1;
    this.stale++;
  }

  /** Ends a batch: appends the new regions, and rewrites the text once half its regions are stale. */
  commit(): void {
    this.flush();
    if (this.stale * 2 <= this.starts.length) return;
    const live = this.owners.filter((slot, region) => this.current[slot] === region);
    const regions = live.map((slot) => this.region(this.current[slot] as number));
    this.text = '';
    this.length = 0;
    this.starts = [];
    this.owners = [];
    this.stale = 0;
    live.forEach((slot, k) => {
      this.current[slot] = -1;
      this.set(slot, regions[k] as string);
    });
    this.flush();
  }

  /** Calls `visit` with each slot whose codes hold `part`. */
  forEachHolding(part: string, visit: (slot: number) => void): void {
    scan(this.text, this.starts, part, (region) => {
      const slot = this.owners[region] as number;
      if (this.current[slot] === region) visit(slot);
    });
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    this.text += this.pending.join('');
    this.pending = [];
  }

  /** The codes of a region, without its '\n'. */
  private region(region: number): string {
    const end = region + 1 < this.starts.length ? (this.starts[region + 1] as number) : this.text.length;
    return this.text.slice(this.starts[region], end - 1);
  }
}

class ProductIndex implements SearchIndex {
  private readonly products: (Product | undefined)[] = [];
  private readonly ids: number[] = [];
  /** Folded Name per slot. */
  private readonly names: string[] = [];
  /** Folded codes per slot with '\n' between them, so no word or code spans two. */
  private readonly codes: string[] = [];
  private readonly slotOf = new Map<number, number>();
  private readonly free: number[] = [];
  private readonly nameWords = new Vocabulary();
  /** Each code word by its prefix key. */
  private readonly codeWords = new KeyedSlots();
  /** Each whole code by its hash. */
  private readonly wholeCodes = new KeyedSlots();
  private readonly codeText = new CodeText();
  /** Live slots by folded name, then id. */
  private order: number[] = [];
  /** Position of each live slot in `order`. */
  private rank = new Int32Array(0);
  /** Search scratch: the words a slot matched (valid while its stamp is `generation`) and its score. */
  private stamp = new Int32Array(0);
  private mask = new Int32Array(0);
  private score = new Uint8Array(0);
  private generation = 0;
  /** Batch scratch: 1 for slots being replaced or removed. */
  private going = new Uint8Array(0);
  private last: LastQuery | undefined;

  get size(): number {
    return this.slotOf.size;
  }

  search(query: string, limit = DEFAULT_LIMIT): Product[] {
    const whole = squash(fold(query));
    const terms = words(whole).slice(0, MAX_WORDS);
    const max = Math.floor(limit);
    if (terms.length === 0 || !(max > 0)) return [];
    this.nextGeneration();
    const last = this.last;
    let slots: number[];
    if (last !== undefined && narrows(last.terms, terms)) {
      const found = this.recheck(last.slots, whole, terms).sort(this.byScore);
      this.last = { terms, slots: found };
      slots = found.slice(0, max);
    } else {
      const found = this.lookup(whole, terms, max);
      this.last = found.complete && found.slots.length <= NARROW_MAX ? { terms, slots: [...found.slots] } : undefined;
      slots = this.best(found.slots, max, found.full);
    }
    return slots.map((slot) => this.products[slot] as Product);
  }

  byBarcode(code: string): Product | undefined {
    const wanted = barcodeSpellings(code.trim());
    let best: number | undefined;
    for (const spelling of wanted) {
      const key = codeHash(squash(fold(spelling)));
      this.wholeCodes.forRange(key, key, (slot) => {
        const barcode = text(this.products[slot]?.Barcode).trim();
        if (wanted.includes(barcode) && (best === undefined || this.rankOf(slot) < this.rankOf(best))) best = slot;
      });
    }
    return best === undefined ? undefined : this.products[best];
  }

  upsert(products: readonly Product[]): void {
    if (products.length === 0) return;
    const batch = new Map<number, Product>();
    for (const product of products) {
      const id = recordId('Product', product);
      // Checked before any change, so a bad batch leaves the index as it was.
      if (id === undefined) throw new TypeError(`A product without an id cannot be indexed: ${JSON.stringify(product.Name)}`);
      batch.set(id, product);
    }
    const replaced: number[] = [];
    for (const id of batch.keys()) {
      const slot = this.slotOf.get(id);
      if (slot !== undefined) replaced.push(slot);
    }
    this.detach(replaced);
    const added: number[] = [];
    for (const [id, product] of batch) {
      const slot = this.slotOf.get(id) ?? this.allocate(id);
      this.attach(slot, id, product);
      added.push(slot);
    }
    this.commit(replaced, added);
  }

  remove(ids: readonly number[]): void {
    const removed: number[] = [];
    for (const id of new Set(ids)) {
      const slot = this.slotOf.get(id);
      if (slot === undefined) continue;
      removed.push(slot);
      this.slotOf.delete(id);
    }
    if (removed.length === 0) return;
    this.detach(removed);
    for (const slot of removed) {
      this.products[slot] = undefined;
      this.names[slot] = '';
      this.codes[slot] = '';
      this.free.push(slot);
    }
    this.commit(removed, []);
  }

  /**
   * Finds matches level by level (see MISSING), stopping once `limit` are found. `full` is the
   * mask of a match: one bit per word marked through the indexes.
   */
  private lookup(whole: string, terms: readonly string[], limit: number): { slots: number[]; complete: boolean; full: number } {
    const { stamp, mask, score, generation, names, codes } = this;
    // A word most products start a word with ("sku", "s") is not marked product by product: it is
    // checked from the strings of the products holding all the other words. One word is always marked.
    const estimates = terms.map((term) => this.prefixCount(term, 2));
    const rarest = estimates.indexOf(Math.min(...estimates));
    const common = terms.filter((_, t) => t !== rarest && (estimates[t] as number) >= this.order.length / COMMON);
    const marked = terms.filter((term) => !common.includes(term));
    const full = (1 << marked.length) - 1;
    const slots: number[] = [];
    /** Products holding every marked word whose common words score worse than the level they got there. */
    const later: number[][] = [[], [], [], [], []];
    const key = codeHash(whole);
    this.wholeCodes.forRange(key, key, (slot) => {
      if (stamp[slot] === generation || !hasCode(codes[slot] as string, whole)) return;
      stamp[slot] = generation;
      mask[slot] = full;
      score[slot] = 0;
      slots.push(slot);
    });
    /** How many slots hold each marked word so far. */
    const holders = marked.map(() => 0);
    const marker = (t: number, level: number) => {
      const bit = 1 << t;
      return (slot: number): void => {
        if (stamp[slot] !== generation) {
          stamp[slot] = generation;
          mask[slot] = 0;
        }
        const had = mask[slot] as number;
        if ((had & bit) !== 0) return;
        mask[slot] = had | bit;
        holders[t] = (holders[t] as number) + 1;
        if ((had | bit) !== full) return;
        let scored = level;
        for (const term of common) scored = Math.max(scored, termScore(names[slot] as string, codes[slot] as string, term));
        score[slot] = scored;
        if (scored === level) slots.push(slot);
        else if (scored < MISSING) later[scored]?.push(slot);
      };
    };
    for (let level = 1; level < MISSING; level++) {
      if (slots.length >= limit) return { slots, complete: false, full };
      const walked = level < 3 ? this.walk(whole, terms, level, limit - slots.length, full) : undefined;
      if (walked !== undefined) return { slots: [...slots, ...walked], complete: false, full };
      slots.push(...(later[level] as number[]));
      if (level === 4) break;
      marked.forEach((term, t) => {
        const hit = marker(t, level);
        const visit = (posting: Posting): void => {
          if (typeof posting === 'number') hit(posting);
          else for (const slot of posting) hit(slot);
        };
        if (level === 1) this.nameWords.withPrefix(term, visit);
        else if (level === 2) this.codesStarting(term, hit);
        else this.nameWords.withInside(term, visit);
      });
    }
    // Level 4, inside a code, is the one that scans text. Only a product holding every word can
    // complete, so the rarest word so far is scanned for and the others checked on its holders.
    let survivors: number[] | undefined;
    for (const t of marked.map((_, t) => t).sort((a, b) => (holders[a] as number) - (holders[b] as number))) {
      const term = marked[t] as string;
      const bit = 1 << t;
      const hit = marker(t, 4);
      if (survivors === undefined || survivors.length > NARROW_MAX) this.codeText.forEachHolding(term, hit);
      else for (const slot of survivors) if (((mask[slot] as number) & bit) === 0 && (codes[slot] as string).includes(term)) hit(slot);
      const holds = (slot: number): boolean => stamp[slot] === generation && ((mask[slot] as number) & bit) !== 0;
      survivors = (survivors ?? this.order).filter(holds);
    }
    return { slots, complete: true, full };
  }

  /**
   * When a level is dense, the first `need` products scoring exactly `level` in name order are
   * found sooner by checking strings along the name order than by marking every posting: "sku"
   * would mark all 50,000. Undefined when the level looks sparse or the walk runs long.
   */
  private walk(whole: string, terms: readonly string[], level: number, need: number, full: number): number[] | undefined {
    const { order, stamp, mask, score, generation } = this;
    if (Math.min(...terms.map((term) => this.prefixCount(term, level))) < order.length / DENSE) return undefined;
    const found: number[] = [];
    for (let i = 0; i < order.length && i < WALK_MAX; i++) {
      const slot = order[i] as number;
      // Already among the results: every earlier level was marked in full.
      if (stamp[slot] === generation && mask[slot] === full && (score[slot] as number) < level) continue;
      if (scoreOf(this.names[slot] as string, this.codes[slot] as string, whole, terms) !== level) continue;
      score[slot] = level;
      found.push(slot);
      if (found.length === need) return found;
    }
    return undefined;
  }

  /** At most how many products `term` starts a word of, in the name (level 1) or the name or a code (level 2). */
  private prefixCount(term: string, level: number): number {
    const inCodes = level === 2 ? this.codeWords.count(prefixKey(term, 0, term.length, 0), prefixKey(term, 0, term.length, KEY_BASE - 1)) : 0;
    return this.nameWords.countPrefix(term) + inCodes;
  }

  /** Calls `hit` with each slot having a code word that starts with `term`. */
  private codesStarting(term: string, hit: (slot: number) => void): void {
    const low = prefixKey(term, 0, term.length, 0);
    const high = prefixKey(term, 0, term.length, KEY_BASE - 1);
    // The key covers the first letters exactly only for a short term in digits and a-z.
    const exact = term.length <= KEY_LETTERS && /^[0-9a-z]+$/.test(term);
    this.codeWords.forRange(low, high, exact ? hit : (slot) => {
      if (placement(this.codes[slot] as string, term) === 1) hit(slot);
    });
  }

  /** The matches among a few known candidates, scored by their strings: narrowing the last query. */
  private recheck(candidates: readonly number[], whole: string, terms: readonly string[]): number[] {
    const slots: number[] = [];
    for (const slot of candidates) {
      const scored = scoreOf(this.names[slot] as string, this.codes[slot] as string, whole, terms);
      if (scored === MISSING) continue;
      this.score[slot] = scored;
      slots.push(slot);
    }
    return slots;
  }

  /** The best `limit` of what lookup found (scores never decrease along `found`; `full` marks a match). */
  private best(found: number[], limit: number, full: number): number[] {
    if (found.length <= limit) return found.sort(this.byScore);
    // Only the worst score present can overflow the limit (lookup stops at the first level that
    // fills it), so those are taken by walking the name order instead of sorting them all.
    const { stamp, mask, score, generation } = this;
    const worst = score[found[found.length - 1] as number] as number;
    let better = 0;
    while (score[found[better] as number] !== worst) better++;
    const best = found.slice(0, better).sort(this.byScore);
    for (let i = 0; i < this.order.length && best.length < limit; i++) {
      const slot = this.order[i] as number;
      if (stamp[slot] === generation && mask[slot] === full && score[slot] === worst) best.push(slot);
    }
    return best;
  }

  /** Best first: by score, then by name order. */
  private readonly byScore = (a: number, b: number): number =>
    (this.score[a] as number) - (this.score[b] as number) || (this.rank[a] as number) - (this.rank[b] as number);

  /** Takes products out of the word indexes (their slots stay until commit). */
  private detach(slots: readonly number[]): void {
    if (slots.length === 0) return;
    for (const slot of slots) {
      this.going[slot] = 1;
      this.nameWords.touchAll(this.names[slot] as string);
      const codes = this.codes[slot] as string;
      codeKeys(
        codes,
        (key) => this.codeWords.drop(key, slot),
        (hash) => this.wholeCodes.drop(hash, slot),
      );
      this.codeText.clear(slot);
    }
    this.nameWords.purge((slot) => this.going[slot] === 1);
  }

  private attach(slot: number, id: number, product: Product): void {
    const name = fold(text(product.Name));
    const codes = codesOf(product);
    this.products[slot] = product;
    this.ids[slot] = id;
    this.names[slot] = name;
    this.codes[slot] = codes;
    this.nameWords.addAll(name, slot);
    codeKeys(
      codes,
      (key) => this.codeWords.add(key, slot),
      (hash) => this.wholeCodes.add(hash, slot),
    );
    this.codeText.set(slot, codes);
  }

  /** Ends a batch: indexes merged, name order and ranks brought up to date. */
  private commit(going: readonly number[], added: readonly number[]): void {
    this.nameWords.commit();
    this.codeWords.commit();
    this.wholeCodes.commit();
    this.codeText.commit();
    const byName = (a: number, b: number): number => {
      const x = this.names[a] as string;
      const y = this.names[b] as string;
      return x < y ? -1 : x > y ? 1 : (this.ids[a] as number) - (this.ids[b] as number);
    };
    const kept = going.length === 0 ? this.order : this.order.filter((slot) => this.going[slot] !== 1);
    // Each new slot finds its place by binary search, so a small batch compares a few names, not all.
    const order: number[] = [];
    let from = 0;
    for (const slot of this.byNames(added)) {
      let lo = from;
      let hi = kept.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (byName(kept[mid] as number, slot) < 0) lo = mid + 1;
        else hi = mid;
      }
      for (; from < lo; from++) order.push(kept[from] as number);
      order.push(slot);
    }
    for (; from < kept.length; from++) order.push(kept[from] as number);
    this.order = order;
    for (let k = 0; k < order.length; k++) this.rank[order[k] as number] = k;
    for (const slot of going) this.going[slot] = 0;
    this.last = undefined;
  }

  /**
   * `slots` by folded name, then id. Equal names are grouped first, so a catalogue with many
   * products of one name (sizes, milks) sorts its distinct names, not every product.
   */
  private byNames(slots: readonly number[]): number[] {
    const groups = new Map<string, number[]>();
    for (const slot of slots) {
      const name = this.names[slot] as string;
      const group = groups.get(name);
      if (group === undefined) groups.set(name, [slot]);
      else group.push(slot);
    }
    const sorted: number[] = [];
    for (const name of [...groups.keys()].sort()) {
      const group = groups.get(name) as number[];
      if (group.length > 1) group.sort((a, b) => (this.ids[a] as number) - (this.ids[b] as number));
      for (const slot of group) sorted.push(slot);
    }
    return sorted;
  }

  private allocate(id: number): number {
    const slot = this.free.pop() ?? this.products.length;
    if (slot === this.products.length) {
      if (slot >= SLOT_RANGE) throw new RangeError(`A search index holds at most ${SLOT_RANGE} products`);
      this.products.push(undefined);
      this.ids.push(id);
      this.names.push('');
      this.codes.push('');
      if (slot >= this.rank.length) this.grow(Math.max(1024, slot * 2));
    }
    this.slotOf.set(id, slot);
    return slot;
  }

  private grow(capacity: number): void {
    const rank = new Int32Array(capacity);
    rank.set(this.rank);
    this.rank = rank;
    const going = new Uint8Array(capacity);
    going.set(this.going);
    this.going = going;
    // Search scratch holds nothing between searches.
    this.stamp = new Int32Array(capacity);
    this.mask = new Int32Array(capacity);
    this.score = new Uint8Array(capacity);
  }

  private nextGeneration(): void {
    // Wrapping would let a stale stamp pass for current, so start over with clean stamps.
    if (this.generation === 0x7fffffff) {
      this.stamp.fill(0);
      this.generation = 0;
    }
    this.generation++;
  }

  private rankOf(slot: number): number {
    return this.rank[slot] as number;
  }
}

/**
 * Calls `visit(region, pos)` once for each region of `text` holding `part`, with the first
 * position found in it; `starts` are the regions' offsets, ascending. `part` must not hold '\n'.
 */
function scan(text: string, starts: ArrayLike<number>, part: string, visit: (region: number, pos: number) => void): void {
  let at = 0;
  for (let pos = text.indexOf(part); pos >= 0; pos = text.indexOf(part, starts[at])) {
    // Hits are often close together: a few steps forward before a binary search.
    let steps = 0;
    while (at + 1 < starts.length && (starts[at + 1] as number) <= pos && steps++ < 8) at++;
    if (at + 1 < starts.length && (starts[at + 1] as number) <= pos) {
      let hi = starts.length - 1;
      while (at < hi) {
        const mid = (at + hi + 1) >>> 1;
        if ((starts[mid] as number) <= pos) at = mid;
        else hi = mid - 1;
      }
    }
    visit(at, pos);
    if (++at === starts.length) return;
  }
}

/** `posting` with `slot` added (an array is reused); a word repeated in one product adds nothing. */
function withSlot(posting: Posting | undefined, slot: number): Posting {
  if (posting === undefined) return slot;
  if (typeof posting === 'number') return posting === slot ? posting : [posting, slot];
  if (posting[posting.length - 1] !== slot) posting.push(slot);
  return posting;
}

/** True when every match of `terms` also matched `before`: each earlier word lies inside a new one. */
function narrows(before: readonly string[], terms: readonly string[]): boolean {
  return before.every((old) => terms.some((term) => term.includes(old)));
}

/** A product's score for a query from its strings alone, as lookup would find it; MISSING when a word is absent. */
function scoreOf(name: string, codes: string, whole: string, terms: readonly string[]): number {
  if (hasCode(codes, whole)) return 0;
  let worst = 1;
  for (const term of terms) {
    worst = Math.max(worst, termScore(name, codes, term));
    if (worst === MISSING) break;
  }
  return worst;
}

/** How one word of a query was found in a product's folded name and codes (see MISSING). */
function termScore(name: string, codes: string, term: string): number {
  const inName = placement(name, term);
  if (inName === 1) return 1;
  const inCodes = placement(codes, term);
  return inCodes === 1 ? 2 : inName === 2 ? 3 : inCodes === 2 ? 4 : MISSING;
}

/** 1 when `term` starts a word of `text`, 2 when it only occurs inside words, 0 when absent. */
function placement(text: string, term: string): number {
  let found = 0;
  for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) {
    if (at === 0 || !isWordChar(text.charCodeAt(at - 1))) return 1;
    found = 2;
  }
  return found;
}

/** True when `code` is one of the '\n'-separated codes in `codes`. */
function hasCode(codes: string, code: string): boolean {
  for (let at = codes.indexOf(code); at >= 0; at = codes.indexOf(code, at + 1)) {
    const end = at + code.length;
    if ((at === 0 || codes[at - 1] === '\n') && (end === codes.length || codes[end] === '\n')) return true;
  }
  return false;
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

/** The first entry of sorted `entries` not below `value`. */
function lowerBound(entries: Float64Array, value: number): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((entries[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** FNV-1a of `text` from `start` to `end`: 32 bits, unsigned. */
function codeHash(text: string, start = 0, end = text.length): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** A product's folded codes (Barcode, Sku, ArticleCode, OrderCode), '\n' between them. */
function codesOf(product: Product): string {
  // Folded in one go: most codes are short ASCII.
  const folded = fold(
    [text(product.Barcode), text(product.Sku), text(product.ArticleCode), text(product.OrderCode)].filter((code) => code !== '').join('\n'),
  );
  // Rare spaced codes are trimmed and squashed one by one, so they compare as typed.
  if (!/[^\S\n]/.test(folded)) return folded;
  return folded
    .split('\n')
    .map(squash)
    .filter((code) => code !== '')
    .join('\n');
}

/** A UPC-A code and its EAN-13 spelling (a leading 0) are the same barcode. */
function barcodeSpellings(code: string): string[] {
  if (/^\d{12}$/.test(code)) return [code, `0${code}`];
  if (/^0\d{12}$/.test(code)) return [code, code.slice(1)];
  return code === '' ? [] : [code];
}

/** Trimmed, with each run of white space one space, so codes compare as typed. */
function squash(text: string): string {
  return /\s/.test(text) ? text.trim().replace(/\s+/g, ' ') : text;
}

/** A field as text; a code the server sent as a number still reads as its digits. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}
