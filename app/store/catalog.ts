/**
 * Reading the offline catalog: the current snapshot of a kind with local writes laid over it.
 * Each read runs in one transaction, so it sees one generation even while a pull swaps.
 */
import { recordId } from '../epos/ids.ts';
import { CACHED_KINDS, type CachedKind, type Kind, PAGE_SIZE } from '../epos/kinds.ts';
import type { OpenRecord, Product, RecordOf } from '../epos/records.ts';
import type { TillDb } from './db.ts';
import { generationRange, type KindMeta, type LocalRow } from './schema.ts';

/** Every record of a kind in id order, as the till should show them. */
export async function readAll<K extends CachedKind>(db: TillDb, kind: K): Promise<RecordOf<K>[]> {
  const tx = db.transaction(['meta', 'catalog', 'local'], 'readonly');
  const gen = (await tx.objectStore('meta').get(kind))?.gen ?? 0;
  const [rows, local] = await Promise.all([tx.objectStore('catalog').getAll(generationRange(kind, gen)), localRows(tx.objectStore('local'), kind)]);
  const records = rows.map((row) => row.record);
  return (local.length === 0 ? records : overlay(kind, records, local)) as RecordOf<K>[];
}

/**
 * One page (from 1) of up to 200 records in id order, the shape of a V2 list answer. Skips
 * through the snapshot with a cursor rather than loading the whole kind.
 */
export async function readPage(db: TillDb, kind: CachedKind, page: number): Promise<OpenRecord[]> {
  const tx = db.transaction(['meta', 'catalog', 'local'], 'readonly');
  const gen = (await tx.objectStore('meta').get(kind))?.gen ?? 0;
  const local = await localRows(tx.objectStore('local'), kind);
  const skip = (page - 1) * PAGE_SIZE;
  if (local.length > 0) {
    // Local writes shift positions; they are few, so merging everything is the simple, right answer.
    const all = overlay(kind, (await tx.objectStore('catalog').getAll(generationRange(kind, gen))).map((row) => row.record), local);
    return all.slice(skip, skip + PAGE_SIZE);
  }
  let cursor = await tx.objectStore('catalog').openCursor(generationRange(kind, gen));
  if (cursor && skip > 0) cursor = await cursor.advance(skip);
  const records: OpenRecord[] = [];
  for (; cursor && records.length < PAGE_SIZE; cursor = await cursor.continue()) records.push(cursor.value.record);
  return records;
}

/** One record by id: a local write if there is one, else the snapshot's. */
export async function readOne<K extends CachedKind>(db: TillDb, kind: K, id: number): Promise<RecordOf<K> | undefined> {
  const tx = db.transaction(['meta', 'catalog', 'local'], 'readonly');
  const local = await tx.objectStore('local').get([kind, id]);
  if (local) return (local.record ?? undefined) as RecordOf<K> | undefined;
  const gen = (await tx.objectStore('meta').get(kind))?.gen ?? 0;
  return (await tx.objectStore('catalog').get([kind, gen, id]))?.record as RecordOf<K> | undefined;
}

/** The product with this barcode (exact, trimmed), local writes included. */
export async function readByBarcode(db: TillDb, barcode: string): Promise<Product | undefined> {
  const code = barcode.trim();
  if (code === '') return undefined;
  const tx = db.transaction(['meta', 'catalog', 'local'], 'readonly');
  const local = await localRows(tx.objectStore('local'), 'Product');
  const shadowed = new Set(local.map((row) => row.id));
  const mine = local.find((row) => row.record !== null && String(row.record['Barcode'] ?? '').trim() === code);
  if (mine) return mine.record as Product;
  const gen = (await tx.objectStore('meta').get('Product'))?.gen ?? 0;
  const rows = await tx.objectStore('catalog').index('barcode').getAll(['Product', gen, code]);
  // A product changed or deleted locally may no longer carry this barcode.
  return rows.find((row) => !shadowed.has(row.id))?.record as Product | undefined;
}

/** Snapshot state of every cached kind, with defaults for kinds never pulled. */
export async function readMeta(db: TillDb): Promise<KindMeta[]> {
  const stored = await db.getAll('meta');
  return CACHED_KINDS.map((kind) => stored.find((m) => m.kind === kind) ?? emptyMeta(kind));
}

/** The state of a kind that has never been pulled. */
export function emptyMeta(kind: CachedKind): KindMeta {
  return { kind, gen: 0, lastGen: 0, count: 0, pulledAt: null, attemptedAt: null, lastError: null };
}

type LocalStore = { getAll(range: IDBKeyRange): Promise<LocalRow[]> };

function localRows(store: LocalStore, kind: Kind): Promise<LocalRow[]> {
  return store.getAll(IDBKeyRange.bound([kind, -Infinity], [kind, Infinity]));
}

/** Snapshot records with local rows applied: replaced, deleted or added, in id order. */
function overlay(kind: Kind, records: OpenRecord[], local: LocalRow[]): OpenRecord[] {
  const byId = new Map(local.map((row) => [row.id, row]));
  const result: OpenRecord[] = [];
  for (const record of records) {
    const id = recordId(kind, record) as number;
    const row = byId.get(id);
    if (!row) result.push(record);
    else {
      byId.delete(id);
      if (row.record) result.push(row.record);
    }
  }
  for (const row of byId.values()) if (row.record) result.push(row.record);
  return result.sort((a, b) => (recordId(kind, a) as number) - (recordId(kind, b) as number));
}
