/**
 * The catalog's IndexedDB side as the page needs it: the first read of the five kinds, the
 * product index opened from its stored pack when that still matches the products (with 50,000
 * products, a first search in about 0.2 s instead of 0.6 s), and storing a new pack.
 */
import { errorText } from '../epos/error-text.ts';
import type { DiscountReason, ProductLocationAreaPrice, SeatingTable, TenderType } from '../epos/records.ts';
import { createSearchIndex, openSearchIndex, type SearchIndex } from '../search/index.ts';
import { readAll, readMeta, readStamped } from '../store/catalog.ts';
import type { TillDb } from '../store/db.ts';
import type { CatalogStamp, KindMeta } from '../store/schema.ts';
import { readPack, writePack } from '../store/search-pack.ts';

/** The product index a start begins with, and where it came from. */
export interface OpenedProducts {
  index: SearchIndex;
  /** What the index was built from. */
  stamp: CatalogStamp;
  /** Opened from the stored pack (nothing to store), rather than built from the records. */
  packed: boolean;
}

/** Everything a page starts with. */
export interface FirstRead {
  products: OpenedProducts;
  tenderTypes: TenderType[];
  seatingTables: SeatingTable[];
  discountReasons: DiscountReason[];
  /** Every area's prices: the page keeps its own area's (till/area-price.ts). */
  areaPrices: ProductLocationAreaPrice[];
  meta: KindMeta[];
}

/** Reads the five kinds and their state at once. */
export async function readFirst(db: TillDb): Promise<FirstRead> {
  const [products, tenderTypes, seatingTables, discountReasons, areaPrices, meta] = await Promise.all([
    openProducts(db),
    readAll(db, 'TenderType'),
    readAll(db, 'SeatingTable'),
    readAll(db, 'DiscountReason'),
    readAll(db, 'ProductLocationAreaPrice'),
    readMeta(db),
  ]);
  return { products, tenderTypes, seatingTables, discountReasons, areaPrices, meta };
}

/** First reads begun at boot and not yet taken, by database. */
const begun = new WeakMap<TillDb, Promise<FirstRead>>();

/**
 * Begins the first read at boot, before the page's first render and its session: the catalog is
 * what the cashier waits for, and the read is mostly IndexedDB's own work. Whoever takes it
 * listens for changes only from then on, so it must check for changes stored in between.
 */
export function beginFirstRead(db: TillDb): void {
  const read = readFirst(db);
  // Its failure is the taker's to report (the catalog state does); this only keeps the browser
  // from calling it unhandled in the moment before it is taken.
  read.catch(() => undefined);
  begun.set(db, read);
}

/** The read {@link beginFirstRead} began for `db`, once; undefined when none was begun. */
export function takeFirstRead(db: TillDb): Promise<FirstRead> | undefined {
  const read = begun.get(db);
  begun.delete(db);
  return read;
}

async function openProducts(db: TillDb): Promise<OpenedProducts> {
  try {
    const kept = await readPack(db);
    if (kept) return { index: openSearchIndex(kept.packed), stamp: kept.stamp, packed: true };
  } catch (error) {
    // A pack another build wrote (a TypeError), one damaged in storage, or one IndexedDB can no
    // longer read (Chromium keeps a value this big in a file beside the database: a
    // NotReadableError once that file is gone). It is only a cache, so the till builds the index
    // from the records below and stores a new pack, rather than failing every start on it.
    if (!(error instanceof Error)) throw error;
    console.warn('The stored search index could not be opened; indexing the catalog afresh:', errorText(error));
  }
  const { records, stamp } = await readStamped(db, 'Product');
  return { index: createSearchIndex(records), stamp, packed: false };
}

/** Packs and stores the index; only a cache, so a failure is said (the next start builds the index instead), not thrown. */
export async function storePack(db: TillDb, stamp: CatalogStamp, index: SearchIndex): Promise<void> {
  try {
    if ((await writePack(db, stamp, index.pack(), Date.now())) === 'no room') {
      console.warn(
        'Not keeping the packed search index: storage is nearly full, and pending changes need the room. The next start indexes the catalog afresh.',
      );
    }
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    console.warn(
      'Keeping the packed search index failed; the next start indexes the catalog afresh:',
      errorText(error),
    );
  }
}
