/**
 * Reading the offline catalog: the current snapshot of a kind with local writes laid over it.
 * Each read runs in one transaction, so it sees one generation even while a pull swaps.
 */
import type { IDBPTransaction, StoreNames } from 'idb';
import { recordId } from '../epos/ids.ts';
import { CACHED_KINDS, type CachedKind, type Kind, PAGE_SIZE } from '../epos/kinds.ts';
import type { OpenRecord, Product, RecordOf } from '../epos/records.ts';
import type { TillDb } from './db.ts';
import {
  barcodeKey,
  barcodeOf,
  type CatalogStamp,
  generationRange,
  type KindMeta,
  type LocalRow,
  type TillDB,
} from './schema.ts';

/** Any transaction that includes the meta and pages stores (readers' and writers' alike). */
export type CatalogTx = IDBPTransaction<TillDB, ArrayLike<StoreNames<TillDB>>, IDBTransactionMode>;

/** The same, for writing. */
export type CatalogWriteTx = IDBPTransaction<TillDB, ArrayLike<StoreNames<TillDB>>, 'readwrite'>;

type ReadTx = ReturnType<typeof readTx>;

/** Every record of a kind in id order, as the till should show them. */
export async function readAll<K extends CachedKind>(db: TillDb, kind: K): Promise<RecordOf<K>[]> {
  return (await readStamped(db, kind)).records;
}

/**
 * The same, with what the read saw (kept with anything derived from the records, to know when it
 * is out of date). `at` reads a generation still being filled instead of the current one: what a
 * first walk has stored so far (sw/pull.ts).
 */
export async function readStamped<K extends CachedKind>(
  db: TillDb,
  kind: K,
  at?: number,
): Promise<{ records: RecordOf<K>[]; stamp: CatalogStamp }> {
  const tx = readTx(db);
  const gen = at ?? (await currentGen(tx, kind));
  const [records, local] = await Promise.all([snapshotRecords(tx, kind, gen), localRows(tx, kind)]);
  return {
    records: (local.length === 0 ? records : overlay(kind, records, local)) as RecordOf<K>[],
    stamp: { gen, local: localStamp(local) },
  };
}

/** The stamp of a kind's catalog as it stands: a few rows, not the records. */
export async function readStamp(db: TillDb, kind: CachedKind): Promise<CatalogStamp> {
  return currentStamp(readTx(db) as unknown as CatalogTx, kind);
}

/** The stamp of a kind's catalog as it stands, read in `tx`. */
export async function currentStamp(tx: CatalogTx, kind: CachedKind): Promise<CatalogStamp> {
  const [meta, local] = await Promise.all([
    tx.objectStore('meta').get(kind),
    tx.objectStore('local').getAll(localRange(kind)),
  ]);
  return { gen: meta?.gen ?? 0, local: localStamp(local) };
}

function localStamp(local: readonly LocalRow[]): string {
  return JSON.stringify(local.map((row) => [row.id, row.record]));
}

/** One page (from 1) of up to 200 records in id order, the shape of a V2 list answer. */
export async function readPage(db: TillDb, kind: CachedKind, page: number): Promise<OpenRecord[]> {
  const tx = readTx(db);
  const local = await localRows(tx, kind);
  if (local.length > 0) {
    // Local writes shift positions; they are few, so merging everything is the simple, right answer.
    const all = overlay(kind, await snapshotRecords(tx, kind, await currentGen(tx, kind)), local);
    return all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  }
  const gen = await currentGen(tx, kind);
  return (await tx.objectStore('pages').get([kind, gen, page]))?.records ?? [];
}

/** One record by id: a local write if there is one, else the snapshot's. */
export async function readOne<K extends CachedKind>(db: TillDb, kind: K, id: number): Promise<RecordOf<K> | undefined> {
  const tx = readTx(db);
  const local = await tx.objectStore('local').get([kind, id]);
  if (local) return (local.record ?? undefined) as RecordOf<K> | undefined;
  return (await snapshotRecord(tx as unknown as CatalogTx, kind, id)) as RecordOf<K> | undefined;
}

/** The current snapshot's record of that id, ignoring local writes. */
export async function snapshotRecord(tx: CatalogTx, kind: CachedKind, id: number): Promise<OpenRecord | undefined> {
  const gen = (await tx.objectStore('meta').get(kind))?.gen ?? 0;
  // The first page whose last id is at or past `id` is the only one that can hold it.
  const cursor = await tx
    .objectStore('pages')
    .index('lastId')
    .openCursor(IDBKeyRange.bound([kind, gen, id], [kind, gen, Infinity]));
  return cursor?.value.records.find((record) => recordId(kind, record) === id);
}

/** The product with this barcode (exact, trimmed), local writes included. */
export async function readByBarcode(db: TillDb, barcode: string): Promise<Product | undefined> {
  const code = barcode.trim();
  if (code === '') return undefined;
  const tx = readTx(db);
  const local = await localRows(tx, 'Product');
  const mine = local.find((row) => row.record !== null && barcodeOf(row.record) === code);
  if (mine) return mine.record as Product;
  const shadowed = new Set(local.map((row) => row.id));
  const gen = await currentGen(tx, 'Product');
  const pages = await tx.objectStore('pages').index('barcode').getAll(barcodeKey(gen, code));
  for (const page of pages) {
    // A product changed or deleted locally may no longer carry this barcode.
    const hit = page.records.find(
      (record) => barcodeOf(record) === code && !shadowed.has(recordId('Product', record) as number),
    );
    if (hit) return hit as Product;
  }
  return undefined;
}

/** Snapshot state of every cached kind, with defaults for kinds never pulled. */
export async function readMeta(db: TillDb): Promise<KindMeta[]> {
  const stored = await db.getAll('meta');
  return CACHED_KINDS.map((kind) => stored.find((m) => m.kind === kind) ?? emptyMeta(kind));
}

/** Snapshot state of one cached kind, with defaults when it was never pulled. */
export async function readKindMeta(db: TillDb, kind: CachedKind): Promise<KindMeta> {
  return (await db.get('meta', kind)) ?? emptyMeta(kind);
}

/** The state of a kind that has never been pulled. */
export function emptyMeta(kind: CachedKind): KindMeta {
  return { kind, gen: 0, lastGen: 0, count: 0, pulledAt: null, attemptedAt: null, lastError: null };
}

function readTx(db: TillDb) {
  return db.transaction(['meta', 'pages', 'local'], 'readonly');
}

async function currentGen(tx: ReadTx, kind: CachedKind): Promise<number> {
  return (await tx.objectStore('meta').get(kind))?.gen ?? 0;
}

async function snapshotRecords(tx: ReadTx, kind: CachedKind, gen: number): Promise<OpenRecord[]> {
  const pages = await tx.objectStore('pages').getAll(generationRange(kind, gen));
  return pages.flatMap((page) => page.records);
}

function localRows(tx: ReadTx, kind: Kind): Promise<LocalRow[]> {
  return tx.objectStore('local').getAll(localRange(kind));
}

function localRange(kind: Kind): IDBKeyRange {
  return IDBKeyRange.bound([kind, -Infinity], [kind, Infinity]);
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
