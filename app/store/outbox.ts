/**
 * Queuing a write: one strict transaction stores the outbox entry and lays the change over the
 * local catalog, so the till shows it at once and a crash a moment later still keeps it. Writes
 * to the same record coalesce while they wait, where the result is the same.
 */
import { accountOf } from '../epos/account.ts';
import { type IdStyle, idKey, idStyleOf, isServerId, withoutId } from '../epos/ids.ts';
import { isPlainObject } from '../epos/json-equal.ts';
import { type CachedKind, isCachedKind, type Kind } from '../epos/kinds.ts';
import type { OpenRecord } from '../epos/records.ts';
import { type CatalogTx, type CatalogWriteTx, snapshotRecord } from './catalog.ts';
import type { TillDb } from './db.ts';
import { storeErrorFrom } from './errors.ts';
import { made, next } from './outbox-machine.ts';
import { entriesOf } from './outbox-status.ts';
import { record } from './outbox-transition.ts';
import type { LocalRow, OutboxEntry, QueueRow } from './schema.ts';

/** A write the app wants the server to have. */
export type Write =
  | { op: 'create'; kind: Kind; body: OpenRecord }
  /**
   * `body`: the fields the person changed; `base`: the record as the edit started from it (what
   * the form showed). Without it, the record as this till shows it is the base.
   */
  | { op: 'update'; kind: Kind; id: number; body: OpenRecord; base?: OpenRecord }
  | { op: 'delete'; kind: Kind; id: number }
  /** `base`: the document the save was laid over (what the screen started from). */
  | { op: 'save'; document: unknown; base?: unknown };

/** What queuing did. */
export interface Queued {
  /** The entry that will carry the write, or undefined when the write cancelled queued ones. */
  seq: number | undefined;
  /** The record's id: a temporary negative one for a create. 0 for settings. */
  recordId: number;
}

/** A fresh queue state. */
export function initialQueue(): QueueRow {
  return { key: 'queue', paused: null, lastSentAt: null, nextTempId: -1 };
}

const STORES = ['outbox', 'local', 'queue', 'aliases', 'pages', 'meta', 'settings', 'context'] as const;
type WriteTx = ReturnType<typeof writeTx>;

function writeTx(db: TillDb) {
  // Stryker disable next-line ObjectLiteral: strict durability only decides when the commit reaches the disk; every reader, and fake-indexeddb, sees the same commit either way
  return db.transaction([...STORES], 'readwrite', { durability: 'strict' });
}

/** Stores a write durably; resolves once it is on disk. */
export async function enqueue(db: TillDb, write: Write, now: number): Promise<Queued> {
  try {
    const tx = writeTx(db);
    const queued = await enqueueIn(tx, write, now);
    await tx.done;
    return queued;
  } catch (error) {
    throw storeErrorFrom(error, 'saving the change on this till');
  }
}

/** How long a landed create's temporary id keeps pointing at its real record. */
export const ALIAS_DAYS = 30;

async function enqueueIn(tx: WriteTx, requested: Write, now: number): Promise<Queued> {
  let write = requested;
  if (write.op === 'save') return { seq: await queueSave(tx, write.document, write.base, now), recordId: 0 };
  if (write.op === 'create') {
    const queue = (await tx.objectStore('queue').get('queue')) ?? initialQueue();
    const tempId = queue.nextTempId;
    await tx.objectStore('queue').put({ ...queue, nextTempId: tempId - 1 });
    const body = withoutId(write.kind, write.body);
    if (isCachedKind(write.kind))
      await setLocal(tx, write.kind, tempId, await withOwnId(tx as unknown as CatalogTx, write.kind, body, tempId));
    return { seq: await add(tx, { target: write.kind, op: 'create', recordId: tempId, body }, now), recordId: tempId };
  }

  // A temporary id whose create has landed means the real record now (only temporary ids have aliases).
  const alias = await tx.objectStore('aliases').get(write.id);
  if (alias) write = { ...write, id: alias.id };
  const waiting = await entriesOf(tx.objectStore('outbox').index('byRecord'), write.kind, write.id);
  const last = waiting.at(-1);
  // Only an entry nobody has started on may be changed: one being sent is already on its way.
  const open = last && replaceable(last) ? last : undefined;

  if (write.op === 'update') {
    const body = withoutId(write.kind, write.body);
    let shown: OpenRecord | undefined;
    // Stryker disable next-line ConditionalExpression: a kind the till does not cache has no snapshot and no local row, so shownRecord finds nothing to lay the update over
    if (isCachedKind(write.kind)) {
      const { record: current, base } = await shownRecord(tx, write.kind, write.id);
      shown = current;
      if (current !== undefined) await setLocal(tx, write.kind, write.id, { ...current, ...body }, base);
    }
    const base = baseOf(body, write.base ?? shown);
    if (open && (open.op === 'create' || open.op === 'update')) {
      await record(tx.objectStore('outbox'), open.seq, next(open, { type: 'folded', body, base, now }));
      return { seq: open.seq, recordId: write.id };
    }
    return {
      seq: await add(
        tx,
        { target: write.kind, op: 'update', recordId: write.id, body, ...(base ? { base } : {}) },
        now,
      ),
      recordId: write.id,
    };
  }

  // Delete. A record whose create never left (or was discarded: a temporary id with nothing
  // queued and no landing): cancel everything, nothing reaches the server.
  const unsent = waiting.filter(replaceable);
  if (!isServerId(write.id) && unsent.length === waiting.length) {
    for (const entry of unsent) await record(tx.objectStore('outbox'), entry.seq, next(entry, { type: 'replaced' }));
    await tx.objectStore('local').delete([write.kind, write.id]);
    return { seq: undefined, recordId: write.id };
  }
  // Updates still waiting would change a record about to go: drop them.
  for (const entry of unsent)
    if (entry.op === 'update') await record(tx.objectStore('outbox'), entry.seq, next(entry, { type: 'replaced' }));
  if (isCachedKind(write.kind)) {
    const base = landedBase(await tx.objectStore('local').get([write.kind, write.id]));
    await tx
      .objectStore('local')
      .put({ kind: write.kind, id: write.id, record: null, landedAt: null, ...(base ? { base } : {}) });
  }
  return {
    seq: await add(tx, { target: write.kind, op: 'delete', recordId: write.id, body: null }, now),
    recordId: write.id,
  };
}

async function queueSave(tx: WriteTx, document: unknown, from: unknown, now: number): Promise<number> {
  // Only the last saved document matters: the saves still waiting are replaced. The first of them
  // was laid over the oldest document, which stays the base.
  const waiting = await entriesOf(tx.objectStore('outbox').index('byRecord'), 'settings', 0);
  const unsent = waiting.filter(replaceable);
  const [oldest] = unsent;
  const base = oldest ? oldest.base : isPlainObject(from) ? from : undefined;
  for (const entry of unsent) await record(tx.objectStore('outbox'), entry.seq, next(entry, { type: 'replaced' }));
  await tx.objectStore('settings').put({ key: 'app', document, storedAt: now });
  return add(tx, { target: 'settings', op: 'save', recordId: 0, body: document, ...(base ? { base } : {}) }, now);
}

/** Whether a later write may still replace or change the entry: nobody has started on it. */
function replaceable(entry: OutboxEntry): boolean {
  return next(entry, { type: 'replaced' }).kind === 'removed';
}

/** The value each changed field had in `from`, where the edit started (null: it was not there). */
function baseOf(changes: OpenRecord, from: OpenRecord | undefined): Record<string, unknown> | undefined {
  if (!from) return undefined;
  return Object.fromEntries(Object.keys(changes).map((field) => [field, from[field] ?? null]));
}

async function add(
  tx: WriteTx,
  entry: Pick<OutboxEntry, 'target' | 'op' | 'recordId' | 'body' | 'base'>,
  now: number,
): Promise<number> {
  const full = made(entry, now);
  // Bound to the account whose token the till holds now: another account's token never sends it.
  const context = await tx.objectStore('context').get('boot');
  if (context) full.account = accountOf(context.token);
  // The key is generated: the stored entry gets its `seq` from the key path.
  return tx.objectStore('outbox').add(full as OutboxEntry);
}

/** The record as the till shows it now (a local row, else the snapshot's), and the landed record under it, if any. */
async function shownRecord(
  tx: WriteTx,
  kind: CachedKind,
  id: number,
): Promise<{ record: OpenRecord | undefined; base: LocalRow['base'] }> {
  const local = await tx.objectStore('local').get([kind, id]);
  if (local) return { record: local.record ?? undefined, base: landedBase(local) };
  return { record: await snapshotRecord(tx as unknown as CatalogTx, kind, id), base: undefined };
}

/**
 * The server's record as the last landing left it, when the snapshot may not have it yet: a
 * landed row is it; a row with writes laid over a landing keeps it aside. Undefined when the
 * snapshot is the server's record as far as the till knows.
 */
function landedBase(row: LocalRow | undefined): LocalRow['base'] {
  if (!row) return undefined;
  if (row.base) return row.base;
  return row.landedAt === null ? undefined : { record: row.record, at: row.landedAt };
}

/**
 * Rebuilds what the till shows of a record from the server's record (the snapshot's, or a
 * landing the snapshot does not have yet) and the entries still queued for it, after a person
 * changed or discarded one of them. With nothing queued, the server's record is the truth again:
 * a landed one stays until the next pull includes it.
 */
export async function recomputeLocal(tx: CatalogWriteTx, kind: Kind, id: number): Promise<void> {
  if (!isCachedKind(kind)) return;
  const local = tx.objectStore('local');
  const current = await local.get([kind, id]);
  const base = landedBase(current);
  const queued = await entriesOf(tx.objectStore('outbox').index('byRecord'), kind, id);
  if (queued.length === 0) {
    if (base) await local.put({ kind, id, record: base.record, landedAt: base.at });
    else await local.delete([kind, id]);
    return;
  }
  let record: OpenRecord | null = base
    ? base.record
    : ((await snapshotRecord(tx as unknown as CatalogTx, kind, id)) ?? null);
  for (const entry of queued) {
    if (entry.op === 'delete') record = null;
    else if (entry.op === 'create')
      record = await withOwnId(tx as unknown as CatalogTx, kind, entry.body as OpenRecord, id);
    else if (record) record = { ...record, ...(entry.body as OpenRecord) };
  }
  await local.put({ kind, id, record, landedAt: null, ...(base ? { base } : {}) });
}

async function setLocal(
  tx: WriteTx,
  kind: CachedKind,
  id: number,
  record: OpenRecord,
  base?: LocalRow['base'],
): Promise<void> {
  const row: LocalRow = { kind, id, record, landedAt: null, ...(base ? { base } : {}) };
  await tx.objectStore('local').put(row);
}

/** A record made on this till, as it shows: its fields and its temporary id, under the key its neighbours use. */
async function withOwnId(tx: CatalogTx, kind: CachedKind, fields: OpenRecord, tempId: number): Promise<OpenRecord> {
  return { ...fields, [idKey(kind, await styleOf(tx, kind))]: tempId };
}

/** The id style the kind's stored records use. */
async function styleOf(tx: CatalogTx, kind: CachedKind): Promise<IdStyle> {
  const gen = (await tx.objectStore('meta').get(kind))?.gen ?? 0;
  const first = (await tx.objectStore('pages').get([kind, gen, 1]))?.records[0];
  // Stryker disable next-line StringLiteral: idKey reads every style but 'contract' as V2, so any other word here picks the same key
  return idStyleOf(kind, first) ?? 'v2';
}

/** The body without any id field: the server assigns ids, and the path carries them. */
