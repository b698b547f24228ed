/**
 * Schema upgrades, one step per version. A step may add stores and indexes and move rows; it
 * never loses data the app still needs. Each step runs inside the version-change transaction,
 * so an upgrade either completes or leaves the old database as it was.
 */
import type { IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import { CACHED_KINDS, PAGE_SIZE } from '../epos/kinds.ts';
import type { OpenRecord } from '../epos/records.ts';
import { type AliasRow, type PageRow, pageRow, type QueueRow, type TillDB } from './schema.ts';

type UpgradeTransaction = IDBPTransaction<TillDB, StoreNames<TillDB>[], 'versionchange'>;
// Stores that later versions dropped are reached through an untyped view.
type Untyped = IDBPDatabase<unknown>;
type UntypedTransaction = IDBPTransaction<unknown, string[], 'versionchange'>;

/** A step from version `n - 1` to `n`, at index `n - 1`. */
type Step = (db: IDBPDatabase<TillDB>, tx: UpgradeTransaction) => Promise<void>;

/** Version 1 kept one catalog row per record: { kind, gen, id, record }. */
interface RecordRowV1 {
  kind: string;
  gen: number;
  id: number;
  record: OpenRecord;
}

const STEPS: Step[] = [
  // 1: a row per catalog record, its per-kind state, the boot context and the settings document.
  async (db) => {
    (db as unknown as Untyped).createObjectStore('catalog', { keyPath: ['kind', 'gen', 'id'] });
    db.createObjectStore('meta', { keyPath: 'kind' });
    db.createObjectStore('context');
    db.createObjectStore('settings', { keyPath: 'key' });
  },
  // 2: a row per page (eight times faster to write), a barcode index, local writes over the snapshot.
  async (db, tx) => {
    const pages = db.createObjectStore('pages', { keyPath: ['kind', 'gen', 'page'] });
    pages.createIndex('lastId', ['kind', 'gen', 'lastId']);
    pages.createIndex('barcode', 'codes', { multiEntry: true });
    db.createObjectStore('local', { keyPath: ['kind', 'id'] });
    const old = (tx as unknown as UntypedTransaction).objectStore('catalog');
    for (const kind of CACHED_KINDS) {
      const gen = (await tx.objectStore('meta').get(kind))?.gen ?? 0;
      const rows = (await old.getAll(
        IDBKeyRange.bound([kind, gen, -Infinity], [kind, gen, Infinity]),
      )) as RecordRowV1[];
      const records = rows.map((row) => row.record);
      for (let start = 0; start < records.length; start += PAGE_SIZE) {
        const row: PageRow = pageRow(kind, gen, start / PAGE_SIZE + 1, records.slice(start, start + PAGE_SIZE));
        await pages.put(row);
      }
    }
    (db as unknown as Untyped).deleteObjectStore('catalog');
  },
  // 3: the outbox of writes waiting for the server, and the queue's own state.
  async (db) => {
    db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true }).createIndex('byRecord', [
      'target',
      'recordId',
      'seq',
    ]);
    db.createObjectStore('queue', { keyPath: 'key' });
  },
  // 4: the packed product search index, so a cold start need not rebuild it; the landed creates'
  // temporary ids move out of the queue row (read by every send) into a row each.
  async (db, tx) => {
    db.createObjectStore('searchPack', { keyPath: 'key' });
    const aliases = db.createObjectStore('aliases', { keyPath: 'tempId' });
    aliases.createIndex('at', 'at');
    const queue = (await tx.objectStore('queue').get('queue')) as (QueueRow & { aliases?: AliasRow[] }) | undefined;
    if (queue) {
      const { aliases: kept = [], ...rest } = queue;
      for (const alias of kept) await aliases.put(alias);
      await tx.objectStore('queue').put(rest);
    }
  },
];

/** Runs every step from `oldVersion` up to `newVersion`. */
export async function upgrade(
  db: IDBPDatabase<TillDB>,
  oldVersion: number,
  newVersion: number,
  tx: UpgradeTransaction,
): Promise<void> {
  for (let version = oldVersion + 1; version <= newVersion; version++) {
    const step = STEPS[version - 1];
    if (!step) throw new Error(`no upgrade step to schema version ${version}`);
    await step(db, tx);
  }
}

/** Number of versions upgrade() knows. */
export const KNOWN_VERSIONS = STEPS.length;
