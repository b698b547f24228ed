/**
 * One kind's records: a map by id plus the ids in ascending order, so listing a page of 50,000
 * products is a slice of the id array, never a copy or sort of the whole table.
 */
import type { OpenRecord } from '../../app/epos/records.ts';

/** The records of one kind, ordered by id, with the id the next create gets. */
export class RecordTable {
  // Holds every record read or written so far; seeded records not yet read are built by `make`.
  private readonly byId = new Map<number, OpenRecord>();
  private readonly ids: number[] = [];
  private next = 1;
  private make: ((id: number) => OpenRecord) | undefined;

  /** How many records the table holds. */
  get size(): number {
    return this.ids.length;
  }

  /**
   * The id the next create gets. It only grows: like an identity column, a deleted id is never
   * handed out again, so a client cannot confuse a new record with one it saw deleted.
   */
  get nextId(): number {
    return this.next;
  }

  /** Raises the next id (used when restoring saved state); never lowers it. */
  reserveUpTo(nextId: number): void {
    this.next = Math.max(this.next, nextId);
  }

  /**
   * Seeds ids 1..count into an empty table; record `id` is built by `make(id)` when first read,
   * so a table of 50,000 costs nothing until it is listed.
   */
  seedLazily(count: number, make: (id: number) => OpenRecord): void {
    if (this.ids.length > 0) throw new Error('seedLazily needs an empty table');
    for (let id = 1; id <= count; id++) this.ids.push(id);
    this.make = make;
    this.reserveUpTo(count + 1);
  }

  /** Takes the next id. */
  allocateId(): number {
    return this.next++;
  }

  /** The stored record (not a copy). */
  get(id: number): OpenRecord | undefined {
    const found = this.byId.get(id);
    if (found !== undefined || this.make === undefined || !this.has(id)) return found;
    const made = this.make(id);
    this.byId.set(id, made);
    return made;
  }

  /** Whether a record with this id exists. */
  has(id: number): boolean {
    return this.ids[this.indexOf(id)] === id;
  }

  /** Inserts or replaces the record with this id. */
  set(id: number, record: OpenRecord): void {
    if (!this.has(id)) this.insertId(id);
    this.byId.set(id, record);
    this.reserveUpTo(id + 1);
  }

  /** Removes a record; false when there was none. */
  delete(id: number): boolean {
    if (!this.has(id)) return false;
    this.byId.delete(id);
    this.ids.splice(this.indexOf(id), 1);
    return true;
  }

  /** The stored records of one page (1-based), in ascending id order; empty past the end. */
  page(page: number, size: number): OpenRecord[] {
    const start = (page - 1) * size;
    return this.ids.slice(start, start + size).map((id) => this.get(id) as OpenRecord);
  }

  /** Every stored record in ascending id order. */
  all(): OpenRecord[] {
    return this.ids.map((id) => this.get(id) as OpenRecord);
  }

  // Appending is the common case (seeding, creates), so check the end before searching.
  private insertId(id: number): void {
    const last = this.ids[this.ids.length - 1];
    if (last === undefined || id > last) this.ids.push(id);
    else this.ids.splice(this.indexOf(id), 0, id);
  }

  // The position of id, or where it would be inserted.
  private indexOf(id: number): number {
    let low = 0;
    let high = this.ids.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.ids[mid] as number) < id) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
