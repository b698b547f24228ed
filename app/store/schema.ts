/**
 * The one IndexedDB schema, shared by the page and the worker.
 *
 * The catalog is stored a page at a time: one row holds up to 200 records of a kind, in id
 * order, exactly as the API listed them, keyed [kind, generation, page]. A row per record costs
 * about 90 µs each to write in Chromium (4.5 s for 50,000 products); a row per page, 0.5 s.
 *
 * A pull writes a whole new generation beside the current one and then flips `meta.gen` in one
 * small transaction, so readers always see one complete snapshot and a failed walk leaves the
 * previous one whole.
 *
 * Records with a local write the server has not confirmed live in `local`, over the snapshot:
 * reads prefer them, and the pull never touches them.
 */
import type { DBSchema } from 'idb';
import type { accountOf } from '../epos/account.ts';
import type { EposErrorData } from '../epos/errors.ts';
import type { FieldConflict } from '../epos/field-merge.ts';
import { recordId } from '../epos/ids.ts';
import type { CachedKind, Kind } from '../epos/kinds.ts';
import type { SegmentOverrides } from '../epos/paths.ts';
import type { OpenRecord } from '../epos/records.ts';
import type { PackedSearch } from '../search/index.ts';

/** Database name; one database per origin. */
export const DB_NAME = 'epos-till';

/** Current schema version. Every older version has an upgrade step in upgrade.ts. */
export const DB_VERSION = 4;

/** One page of one generation of a kind's snapshot. */
export interface PageRow {
  kind: CachedKind;
  gen: number;
  /** From 1, as the API numbers its pages. */
  page: number;
  /** Ids of the first and last record: the rows of a generation cover ascending id ranges. */
  firstId: number;
  lastId: number;
  /** Up to 200 records in ascending id order. */
  records: OpenRecord[];
  /** Barcode keys of the products on this page ({@link barcodeKey}), for the barcode index. */
  codes: string[];
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
  /**
   * When the snapshot was last brought up to date (ms since epoch): the start of its last walk,
   * or of the last refresh that checked it (sw/pull-refresh.ts); null before the first.
   */
  pulledAt: number | null;
  /** When the last whole walk started (ms); absent on rows written before refreshes existed (then `pulledAt`). */
  walkedAt?: number | null;
  /** The next page a refresh's rotating sample reads (from 1); absent: page 1. */
  cursor?: number;
  /** When the last attempt ended, whether it completed or not. */
  attemptedAt: number | null;
  /** Why the last attempt failed, or null when it completed. */
  lastError: string | null;
  /** A completed walk not swapped in because it would empty or badly shrink the kind; absent or null otherwise. */
  held?: HeldPull | null;
}

/** A walk kept aside until a person accepts or rejects it; its pages are stored under `gen`. */
export interface HeldPull {
  gen: number;
  /** Records the walk found. */
  count: number;
  /** When the walk started (ms), as a swap would record it. */
  startedAt: number;
  /** When it completed (ms). */
  at: number;
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
  /**
   * The server's record as a write that landed left it (null: deleted), and when it landed, while
   * writes made since are laid over `record` and no pull has included the landing yet: what the
   * till shows of the record if those writes are discarded. Absent when the snapshot is the base.
   */
  base?: { record: OpenRecord | null; at: number };
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
  /**
   * Path segments this till uses for `baseUrl` where they differ from the build's (chosen in the
   * back office, or learned from a 404: client.ts); absent when none. Dropped when the base changes.
   */
  segments?: SegmentOverrides;
}

/** The app-settings document as the server last gave it, for offline reads. */
export interface SettingsRow {
  key: 'app';
  /** The decoded document. */
  document: unknown;
  /** When it was fetched or saved (ms). */
  storedAt: number;
}

/** What a catalog read saw: the snapshot's generation and the local writes laid over it. */
export interface CatalogStamp {
  gen: number;
  /** The local rows of the kind, as one string: equal strings, equal rows. */
  local: string;
}

/**
 * The product search index as the page last built it, packed, so a cold start opens it instead
 * of reading 50,000 products and indexing them again. Used only while its stamp is current. Two
 * rows, written together: the small stamp is checked before the big pack (~14 MB for 50,000
 * products) is read, so an out-of-date pack costs nothing to pass over.
 */
export type SearchPackRow =
  | ({ key: 'stamp'; storedAt: number } & CatalogStamp)
  | { key: 'packed'; packed: PackedSearch };

/** What an outbox entry writes: a record of a kind, or the app-settings document. */
export type OutboxTarget = Kind | 'settings';

/** The write an entry makes. */
export type OutboxOp = 'create' | 'update' | 'delete' | 'save';

/**
 * Where an entry stands. Only a final outcome (the server accepted it, a person discarded it)
 * removes an entry; every other state keeps it, whatever happens to the page or the worker.
 * - pending: waiting to be sent, not before `notBefore`;
 * - sending: claimed by the replayer, the request may be in flight;
 * - verify: a create that may have landed unheard: look for it before sending it again;
 * - failed: the server refused it; a person edits, retries or discards it;
 * - held: it cannot be decided without a person (several records look like it, say).
 */
export type EntryState = 'pending' | 'sending' | 'verify' | 'failed' | 'held';

/** One write waiting for the server. */
export interface OutboxEntry {
  /** Order of making; the key. */
  seq: number;
  target: OutboxTarget;
  op: OutboxOp;
  /** The record's server id, a temporary negative id for a create not yet landed, 0 for settings. */
  recordId: number;
  /** Fields to create, the fields an update changes, the settings document, or null for a delete. */
  body: unknown;
  /**
   * Where the edit started: for an update, the value each field of `body` had then; for a save,
   * the document it was laid over. Before sending, the worker compares it with what Epos Now has
   * now (app/epos/field-merge.ts). Absent on entries queued before bases were kept, and on an
   * update of a record this till did not show.
   */
  base?: Record<string, unknown>;
  /** For an entry held because Epos Now changed the same fields meanwhile: each field's three values. */
  conflicts?: FieldConflict[];
  state: EntryState;
  /** Sends attempted; a verification is not a send. */
  attempts: number;
  /** Earliest time (ms) of the next attempt: backoff and Retry-After. */
  notBefore: number;
  createdAt: number;
  updatedAt: number;
  /** The last failure, as the server or the network gave it. */
  error: EposErrorData | null;
  /** Looks at the server that could not be made since the last send (a verification's back-off grows with them). */
  looks?: number;
  /** For a held create: the server's records that may be this one. */
  candidates?: OpenRecord[];
  /**
   * For a held delete of a twin: the id of the record the till kept. A browser that resends a
   * create on its own makes two records of one write; the older one, this entry's, is the twin.
   */
  twinOf?: number;
  /**
   * The Epos Now account it was made under ({@link accountOf} of the token then in use); it is
   * sent only with that account's token. Absent on entries made before accounts were recorded.
   */
  account?: string;
  /** While held for another account: the state and note it had, given back when it may go. */
  previousState?: 'pending' | 'verify';
  previousError?: EposErrorData | null;
}

/** The queue's own state: one row. */
export interface QueueRow {
  key: 'queue';
  /** Set when the server refused the token: nothing is sent until a new token is stored. */
  paused: { reason: 'auth'; since: number; error: EposErrorData } | null;
  /** When an entry last reached the server (ms). */
  lastSentAt: number | null;
  /** The next temporary id for an offline create; counts down from -1 and is never reused. */
  nextTempId: number;
  /** Creates landed whose twin (sw/outbox/twins.ts) is still to be looked for; absent when none. */
  twinChecks?: TwinCheck[];
}

/** A landed create to look for a twin of: what was sent, and the id the answer named. */
export interface TwinCheck {
  kind: Kind;
  id: number;
  body: OpenRecord;
}

/**
 * The temporary id of a create that landed, with its real id, so a screen still holding the
 * temporary id writes to the right record. Kept 30 days after landing. A row each, not a list in
 * the queue row: every create adds one, and the queue row is read by every send.
 */
export interface AliasRow {
  tempId: number;
  id: number;
  /** When the create landed (ms). */
  at: number;
}

/** The typed schema for idb. */
export interface TillDB extends DBSchema {
  pages: {
    key: [string, number, number];
    value: PageRow;
    indexes: { lastId: [string, number, number]; barcode: string };
  };
  meta: { key: string; value: KindMeta };
  local: { key: [string, number]; value: LocalRow };
  context: { key: 'boot'; value: BootContext };
  settings: { key: 'app'; value: SettingsRow };
  outbox: { key: number; value: OutboxEntry; indexes: { byRecord: [string, number, number] } };
  queue: { key: 'queue'; value: QueueRow };
  aliases: { key: number; value: AliasRow; indexes: { at: number } };
  searchPack: { key: SearchPackRow['key']; value: SearchPackRow };
}

/** Page key range of one generation of a kind. */
export function generationRange(kind: CachedKind, gen: number): IDBKeyRange {
  return IDBKeyRange.bound([kind, gen, -Infinity], [kind, gen, Infinity]);
}

/** Page key range of every generation of a kind below `gen`. */
export function generationsBelow(kind: CachedKind, gen: number): IDBKeyRange {
  return IDBKeyRange.bound([kind, -Infinity, -Infinity], [kind, gen, -Infinity], false, true);
}

/** Key of a barcode in the `barcode` index: only products carry barcodes, so generation and code suffice. */
export function barcodeKey(gen: number, barcode: string): string {
  return `${gen}\t${barcode}`;
}

/** A product's barcode as indexed and looked up: trimmed; undefined when it has none. */
export function barcodeOf(record: OpenRecord): string | undefined {
  const code = record.Barcode;
  if (typeof code !== 'string' && typeof code !== 'number') return undefined;
  const trimmed = String(code).trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * A page row from records in ascending id order (as the API lists them). Throws for a record
 * without an id, which could never be found again.
 */
export function pageRow(kind: CachedKind, gen: number, page: number, records: OpenRecord[]): PageRow {
  const codes: string[] = [];
  for (const record of records) {
    if (recordId(kind, record) === undefined) throw new Error(`a ${kind} record without an id cannot be stored`);
    const barcode = kind === 'Product' ? barcodeOf(record) : undefined;
    if (barcode !== undefined) codes.push(barcodeKey(gen, barcode));
  }
  const firstId = recordId(kind, records[0]) ?? 0;
  const lastId = recordId(kind, records[records.length - 1]) ?? 0;
  return { kind, gen, page, firstId, lastId, records, codes };
}
