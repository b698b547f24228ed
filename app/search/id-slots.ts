/**
 * Product ids to slots. An opened index reads them from a packed table sorted by id (binary
 * search) instead of filling a Map of 50,000 entries; changes since go in a Map over it.
 */
import { lowerBound } from './keyed-slots.ts';
import type { PackedPart } from './packed-part.ts';

/** Live ids in ascending order, and the slot of each. */
export interface PackedIdSlots {
  ids: Float64Array;
  slots: Int32Array;
}

/** The slot of each indexed id. */
export class IdSlots {
  /** Ids added, moved or (slot -1) removed since the packed table. */
  private readonly changes = new Map<number, number>();
  private count: number;

  private constructor(
    /** As packed: ascending, no repeats. Empty for a built index. */
    private readonly ids: Float64Array,
    private readonly slots: Int32Array,
  ) {
    this.count = ids.length;
  }

  /** No ids yet. */
  static empty(): IdSlots {
    return new IdSlots(new Float64Array(0), new Int32Array(0));
  }

  /** The table packed in `part`, its arrays taken as they are: they are never written (changes go in the Map). */
  static from(part: PackedPart): IdSlots {
    const ids = part.array('ids', Float64Array);
    return new IdSlots(ids, part.array('slots', Int32Array, ids.length));
  }

  /** How many ids have a slot. */
  get size(): number {
    return this.count;
  }

  /** The slot of `id`, if it has one. */
  get(id: number): number | undefined {
    const changed = this.changes.get(id);
    if (changed !== undefined) return changed < 0 ? undefined : changed;
    const at = this.packedAt(id);
    return at < 0 ? undefined : this.slots[at];
  }

  /** Gives `id` the slot `slot`. */
  set(id: number, slot: number): void {
    if (this.get(id) === undefined) this.count++;
    this.changes.set(id, slot);
  }

  /** Takes `id`'s slot away, if it has one. */
  delete(id: number): void {
    if (this.get(id) === undefined) return;
    this.count--;
    // Only an id of the packed table needs remembering as gone.
    if (this.packedAt(id) >= 0) this.changes.set(id, -1);
    else this.changes.delete(id);
  }

  /** Every id and its slot, sorted by id. */
  pack(): PackedIdSlots {
    const added: number[] = [];
    for (const [id, slot] of this.changes) if (slot >= 0) added.push(id);
    // Usually nearly sorted already (products arrive by id), which Array#sort is quick on.
    added.sort((a, b) => a - b);
    const packed = { ids: new Float64Array(this.count), slots: new Int32Array(this.count) };
    let to = 0;
    let k = 0;
    const takeAdded = (below: number): void => {
      for (; k < added.length && (added[k] as number) < below; k++) {
        const id = added[k] as number;
        packed.ids[to] = id;
        packed.slots[to++] = this.changes.get(id) as number;
      }
    };
    this.ids.forEach((id, at) => {
      takeAdded(id);
      if (this.changes.has(id)) return;
      packed.ids[to] = id;
      packed.slots[to++] = this.slots[at] as number;
    });
    takeAdded(Infinity);
    return packed;
  }

  /** Where `id` is in the packed table, or -1. */
  private packedAt(id: number): number {
    const at = lowerBound(this.ids, id);
    return this.ids[at] === id ? at : -1;
  }
}
