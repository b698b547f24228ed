/**
 * The one IndexedDB schema, shared by the page and the worker.
 *
 * Catalog rows are keyed [kind, generation, id]. A pull writes a whole new generation beside
 * the current one and then flips `meta.gen` in one small transaction, so readers always see one
 * complete snapshot and a failed walk leaves the previous one whole.
 *
 * Records with a local write the server has not confirmed live in `local`, over the snapshot:
 * reads prefer them, and the pull never touches them.
 */
import type { DBSchema } from 'idb';
import type { CachedKind, Kind } from '../epos/kinds.ts';
import type { OpenRecord } from '../epos/records.ts';

/** Database name; one database per origin. */
export const DB_NAME = 'epos-till';

/** Current schema version. Every older version has an upgrade step in upgrade.ts. */
export const DB_VERSION = 2;

/** A record of one generation of a kind's snapshot. */
export interface CatalogRow {
  kind: CachedKind;
  gen: number;
  id: number;
  record: OpenRecord;
  /** The product's barcode, trimmed; absent when it has none (so the index skips it). */
  barcode?: string;
}

/** Per-kind state of the snapshot and its pulls. */
export interface KindMeta {
  kind: CachedKind;
  /** Generation readers use; 0 before the first complete pull. */
  gen: number;
  /** Highest generation handed out, so concurrent pulls never share one. */
  lastGen: number;
  /** Records in the current generation. */
  count: number;
  /** When the current generation's walk started (ms since epoch), or null. */
  pulledAt: number | null;
  /** When the last attempt ended, whether it completed or not. */
  attemptedAt: number | null;
  /** Why the last attempt failed, or null when it completed. */
  lastError: string | null;
}

/** A record changed locally and not yet confirmed by a complete pull. */
export interface LocalRow {
  kind: Kind;
  /** Server id, or a temporary negative id for a create not yet sent. */
  id: number;
  /** The record as the till should show it; null for a local delete. */
  record: OpenRecord | null;
  /** When the server confirmed the write (ms), or null while it is pending. */
  landedAt: number | null;
}

/** How the app was opened: what Epos Now put in the query string, or what was stored last time. */
export interface BootContext {
  /** API base URL; '' means the page's own origin. */
  baseUrl: string;
  token: string;
  deviceId: string | null;
  locationId: string | null;
  staffId: string | null;
  username: string | null;
  locationAreaId: string | null;
}

/** The app-settings document as the server last gave it, for offline reads. */
export interface SettingsRow {
  key: 'app';
  /** The decoded document. */
  document: unknown;
  /** When it was fetched or saved (ms). */
  storedAt: number;
}

/** The typed schema for idb. */
export interface TillDB extends DBSchema {
  catalog: {
    key: [string, number, number];
    value: CatalogRow;
    indexes: { barcode: [string, number, string] };
  };
  meta: { key: string; value: KindMeta };
  local: { key: [string, number]; value: LocalRow };
  context: { key: 'boot'; value: BootContext };
  settings: { key: 'app'; value: SettingsRow };
}

/** Catalog key range of one generation of a kind. */
export function generationRange(kind: CachedKind, gen: number): IDBKeyRange {
  return IDBKeyRange.bound([kind, gen, -Infinity], [kind, gen, Infinity]);
}

/** Catalog key range of every generation of a kind below `gen`. */
export function generationsBelow(kind: CachedKind, gen: number): IDBKeyRange {
  return IDBKeyRange.bound([kind, -Infinity, -Infinity], [kind, gen, -Infinity], false, true);
}
