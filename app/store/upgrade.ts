/**
 * Schema upgrades, one step per version. A step may add stores and indexes and rewrite rows;
 * it never deletes data the app still needs. Each step runs inside the version-change
 * transaction, so an upgrade either completes or leaves the old database untouched.
 */
import type { IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { CatalogRow, TillDB } from './schema.ts';

type UpgradeTransaction = IDBPTransaction<TillDB, StoreNames<TillDB>[], 'versionchange'>;

/** A step from version `n - 1` to `n`, at index `n - 1`. */
type Step = (db: IDBPDatabase<TillDB>, tx: UpgradeTransaction) => Promise<void>;

const STEPS: Step[] = [
  // 1: the catalog snapshot, its per-kind state, the boot context and the settings document.
  async (db) => {
    db.createObjectStore('catalog', { keyPath: ['kind', 'gen', 'id'] });
    db.createObjectStore('meta', { keyPath: 'kind' });
    db.createObjectStore('context');
    db.createObjectStore('settings', { keyPath: 'key' });
  },
  // 2: barcode lookups without loading every product, and local writes over the snapshot.
  async (db, tx) => {
    tx.objectStore('catalog').createIndex('barcode', ['kind', 'gen', 'barcode']);
    db.createObjectStore('local', { keyPath: ['kind', 'id'] });
    // Rows written by version 1 have no barcode field yet.
    for (let cursor = await tx.objectStore('catalog').openCursor(); cursor; cursor = await cursor.continue()) {
      const barcode = barcodeOf(cursor.value);
      if (barcode !== undefined) await cursor.update({ ...cursor.value, barcode });
    }
  },
];

/** Runs every step from `oldVersion` up to `newVersion`. */
export async function upgrade(db: IDBPDatabase<TillDB>, oldVersion: number, newVersion: number, tx: UpgradeTransaction): Promise<void> {
  for (let version = oldVersion + 1; version <= newVersion; version++) {
    const step = STEPS[version - 1];
    if (!step) throw new Error(`no upgrade step to schema version ${version}`);
    await step(db, tx);
  }
}

/** Number of versions upgrade() knows. */
export const KNOWN_VERSIONS = STEPS.length;

/** The indexed barcode of a catalog row: products only, trimmed, absent when empty. */
export function barcodeOf(row: Pick<CatalogRow, 'kind' | 'record'>): string | undefined {
  if (row.kind !== 'Product') return undefined;
  const code = row.record['Barcode'];
  if (typeof code !== 'string' && typeof code !== 'number') return undefined;
  const trimmed = String(code).trim();
  return trimmed === '' ? undefined : trimmed;
}
