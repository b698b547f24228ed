/** Slots filed under 32-bit keys in one sorted Float64Array: a key range is two binary searches. */
import type { PackedPart } from './packed-part.ts';

/** Slots stay below this, so `key * SLOT_RANGE + slot` is an exact double for any 32-bit key. */
export const SLOT_RANGE = 2 ** 21;

/** Slots filed under 32-bit keys, as one sorted Float64Array of `key * SLOT_RANGE + slot`. */
export class KeyedSlots {
  private entries: Float64Array = new Float64Array(0);
  /** Entries added and dropped in the current batch. */
  private added: number[] = [];
  private dropped: number[] = [];

  /** Files `slot` under `key` at the next commit. */
  add(key: number, slot: number): void {
    this.added.push(key * SLOT_RANGE + slot);
  }

  /** Unfiles `slot` from `key` at the next commit; an entry never filed is ignored. */
  drop(key: number, slot: number): void {
    this.dropped.push(key * SLOT_RANGE + slot);
  }

  /** Applies the batch's adds and drops. */
  commit(): void {
    if (this.added.length === 0 && this.dropped.length === 0) return;
    // The first batch (a build) has nothing to merge with.
    this.entries = this.entries.length === 0 ? Float64Array.from(this.added).sort() : this.merged();
    this.added = [];
    this.dropped = [];
  }

  /** The entries with the batch applied: kept ones move in runs (typed-array copies), the batch's own go between. */
  private merged(): Float64Array {
    const { entries } = this;
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
    return merged;
  }

  /** The entries, copied: a packed index never shares memory with a live one. */
  pack(): Float64Array {
    return this.entries.slice();
  }

  /**
   * The slots packed as field `key` of `part`. The array is taken as it is, not copied (a 1.9 MB
   * copy at 50,000 products, on every cold start): entries are replaced on commit, never written
   * in place, so an index opened from a pack cannot change the pack under another.
   */
  static from(part: PackedPart, key: string): KeyedSlots {
    const slots = new KeyedSlots();
    slots.entries = part.array(key, Float64Array);
    return slots;
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

/** The first entry of sorted `entries` not below `value`. */
export function lowerBound(entries: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((entries[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
