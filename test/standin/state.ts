/**
 * What the stand-in stores: one table per kind, in one id style, and the app-settings text.
 * Every change goes through here so persistence hears about all of them.
 */

import { type IdStyle, recordId } from '../../app/epos/ids.ts';
import { KIND_NAMES, type Kind } from '../../app/epos/kinds.ts';
import type { OpenRecord } from '../../app/epos/records.ts';
import { settableFields, shapeRecord } from './fields.ts';
import { RecordTable } from './table.ts';

/** The stored records and settings of one stand-in. */
export class StandinState {
  /** The id style every stored record is keyed in. */
  readonly idStyle: IdStyle;
  private readonly tables = new Map<Kind, RecordTable>();
  private settings: string | null = null;
  private readonly onChange: () => void;

  constructor(idStyle: IdStyle, onChange: () => void = () => {}) {
    this.idStyle = idStyle;
    this.onChange = onChange;
    for (const kind of KIND_NAMES) this.tables.set(kind, new RecordTable());
  }

  /** The table of a kind. Callers must not change its records in place. */
  table(kind: Kind): RecordTable {
    return this.tables.get(kind) as RecordTable;
  }

  /** The stored app-settings body, byte for byte, or null before any save. */
  get settingsText(): string | null {
    return this.settings;
  }

  set settingsText(text: string | null) {
    this.settings = text;
    this.onChange();
  }

  /** Stores new records under ids 1..n in one go, without change notifications (seeding). */
  load(kind: Kind, rows: readonly Record<string, unknown>[]): void {
    const table = this.table(kind);
    for (const row of rows) {
      const id = table.allocateId();
      table.set(id, shapeRecord(kind, this.idStyle, id, row));
    }
  }

  /** Stores saved records under their own ids, rekeyed to this state's style, without notifications (restoring a file). */
  restore(kind: Kind, records: readonly OpenRecord[], nextId: number): void {
    const table = this.table(kind);
    for (const record of records) {
      const id = recordId(kind, record) as number;
      table.set(id, shapeRecord(kind, this.idStyle, id, record));
    }
    table.reserveUpTo(nextId);
  }

  /** A create: the server assigns the id, whatever the body said. */
  create(kind: Kind, fields: Record<string, unknown>): OpenRecord {
    const table = this.table(kind);
    const id = table.allocateId();
    const record = shapeRecord(kind, this.idStyle, id, fields);
    table.set(id, record);
    this.onChange();
    return record;
  }

  /** An update: merges the given fields; the id never changes. Undefined when there is no such record. */
  update(kind: Kind, id: number, changes: Record<string, unknown>): OpenRecord | undefined {
    const table = this.table(kind);
    const current = table.get(id);
    if (current === undefined) return undefined;
    const record = { ...current, ...settableFields(kind, changes) };
    table.set(id, record);
    this.onChange();
    return record;
  }

  /** Inserts or replaces by the record's own id (either style), or under a new id when it has none. */
  put(kind: Kind, fields: OpenRecord): OpenRecord {
    const table = this.table(kind);
    const given = recordId(kind, fields);
    if (given !== undefined && given <= 0) throw new RangeError(`${kind} id must be positive, got ${given}`);
    const id = given ?? table.allocateId();
    const record = shapeRecord(kind, this.idStyle, id, fields);
    table.set(id, record);
    this.onChange();
    return record;
  }

  /** Deletes a record; false when there was none. */
  remove(kind: Kind, id: number): boolean {
    const removed = this.table(kind).delete(id);
    if (removed) this.onChange();
    return removed;
  }
}
