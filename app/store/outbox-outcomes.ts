/**
 * The replayer's side of the outbox: which entries may go now, claiming one, and recording what
 * happened. Every change is its own strict transaction; none stays open across a request.
 */
import type { EposErrorData } from '../epos/errors.ts';
import { recordId } from '../epos/ids.ts';
import { isCachedKind, type Kind } from '../epos/kinds.ts';
import type { OpenRecord } from '../epos/records.ts';
import type { TillDb } from './db.ts';
import { ALIAS_DAYS, initialQueue } from './outbox.ts';
import { entriesOf } from './outbox-status.ts';
import type { OutboxEntry } from './schema.ts';

/** What may be sent now, and when to look again. */
export interface Ready {
  /** Entries to send: the first of each record, pending, due; in order of making. */
  send: OutboxEntry[];
  /** Creates to look for on the server before sending again, due now. */
  verify: OutboxEntry[];
  /** Earliest time (ms) a waiting entry becomes due, or null when none waits. */
  nextAt: number | null;
  /** Whether the queue is paused for a new token. */
  paused: boolean;
}

/** One string per record an entry writes: entries with the same key go in order, one at a time. */
export function recordKey(entry: Pick<OutboxEntry, 'target' | 'recordId'>): string {
  return `${entry.target}\u0000${entry.recordId}`;
}

/** Reads what may be sent now. An entry blocks the later entries of its own record only. */
export async function readReady(db: TillDb, now: number): Promise<Ready> {
  const tx = db.transaction(['outbox', 'queue'], 'readonly');
  const [entries, queue] = await Promise.all([tx.objectStore('outbox').getAll(), tx.objectStore('queue').get('queue')]);
  const heads = new Map<string, OutboxEntry>();
  for (const entry of entries) {
    const key = recordKey(entry);
    if (!heads.has(key)) heads.set(key, entry);
  }
  const send: OutboxEntry[] = [];
  const verify: OutboxEntry[] = [];
  let nextAt: number | null = null;
  for (const head of heads.values()) {
    if (head.state !== 'pending' && head.state !== 'verify') continue;
    if (head.notBefore > now) nextAt = nextAt === null ? head.notBefore : Math.min(nextAt, head.notBefore);
    else (head.state === 'pending' ? send : verify).push(head);
  }
  return { send, verify, nextAt, paused: queue?.paused != null };
}

/**
 * Claims an entry for sending, if it is still pending, due and first of its record (another
 * tab's replayer, or a person, may have moved it since it was read). Returns the claimed entry.
 */
export async function claim(db: TillDb, seq: number, now: number): Promise<OutboxEntry | undefined> {
  const tx = db.transaction(['outbox', 'queue'], 'readwrite', { durability: 'strict' });
  // Asked together: each request waits a round trip to the storage process, one after another they add up.
  const [entry, queue] = await Promise.all([tx.objectStore('outbox').get(seq), tx.objectStore('queue').get('queue')]);
  const first = entry ? (await entriesOf(tx.objectStore('outbox').index('byRecord'), entry.target, entry.recordId))[0] : undefined;
  if (!entry || entry.state !== 'pending' || entry.notBefore > now || first?.seq !== seq || queue?.paused) {
    await tx.done;
    return undefined;
  }
  const claimed: OutboxEntry = { ...entry, state: 'sending', attempts: entry.attempts + 1, updatedAt: now };
  await tx.objectStore('outbox').put(claimed);
  await tx.done;
  return claimed;
}

/** What {@link markDone} left behind. */
export interface Landed {
  /** The record's server id (a create's real one). */
  id: number;
  /** The record's next entry, now first of its record, or undefined when none waits. */
  next: OutboxEntry | undefined;
}

/**
 * The server accepted the entry: it leaves the outbox. A create's real id replaces its
 * temporary one everywhere it was used; the local record becomes the server's, with the
 * changes still queued behind it laid over.
 */
export async function markDone(db: TillDb, entry: OutboxEntry, answer: OpenRecord | undefined, now: number): Promise<Landed> {
  const tx = db.transaction(['outbox', 'local', 'queue'], 'readwrite', { durability: 'strict' });
  const outbox = tx.objectStore('outbox');
  // Requests in a transaction run in the order made: the entries read are those after the delete.
  const [, stored, later] = await Promise.all([
    outbox.delete(entry.seq),
    tx.objectStore('queue').get('queue'),
    entriesOf(outbox.index('byRecord'), entry.target, entry.recordId),
  ]);
  const queue = stored ?? initialQueue();
  let id = entry.recordId;
  if (entry.op === 'create' && entry.target !== 'settings' && answer) id = recordId(entry.target, answer) ?? id;
  const keepAfter = now - ALIAS_DAYS * 86_400_000;
  const aliases = queue.aliases.filter((a) => a.at >= keepAfter);
  if (id !== entry.recordId) aliases.push({ tempId: entry.recordId, id, at: now });
  await tx.objectStore('queue').put({ ...queue, lastSentAt: now, aliases });

  if (entry.target !== 'settings') {
    const kind: Kind = entry.target;
    if (entry.op === 'create') {
      // Rewriting the key moves each entry in the byRecord index; its seq keeps its place.
      for (const next of later) await outbox.put({ ...next, recordId: id });
      await tx.objectStore('local').delete([kind, entry.recordId]);
    }
    if (isCachedKind(kind)) {
      let record: OpenRecord | null = entry.op === 'delete' ? null : (answer ?? (await tx.objectStore('local').get([kind, id]))?.record ?? null);
      for (const next of later) {
        if (next.op === 'delete') record = null;
        else if (record && next.op === 'update') record = { ...record, ...(next.body as OpenRecord) };
      }
      await tx.objectStore('local').put({ kind, id, record, landedAt: later.length > 0 ? null : now });
    }
  }
  await tx.done;
  const next = later[0];
  return { id, next: next && { ...next, recordId: id } };
}

/** Puts an entry back to wait until `notBefore`, keeping why it did not go. */
export function markRetry(db: TillDb, entry: OutboxEntry, error: EposErrorData, notBefore: number, now: number): Promise<void> {
  return update(db, entry.seq, { state: 'pending', notBefore, error, updatedAt: now });
}

/** The server refused the entry: it waits for a person. */
export function markFailed(db: TillDb, entry: OutboxEntry, error: EposErrorData, now: number): Promise<void> {
  return update(db, entry.seq, { state: 'failed', error, updatedAt: now });
}

/** A create that may have landed: look for it before sending again. */
export function markVerify(db: TillDb, entry: OutboxEntry, error: EposErrorData | null, notBefore: number, now: number): Promise<void> {
  return update(db, entry.seq, { state: 'verify', error, notBefore, updatedAt: now });
}

/** Only a person can decide: keep the records that may be it. */
export function markHeld(db: TillDb, entry: OutboxEntry, error: EposErrorData | null, candidates: OpenRecord[], now: number): Promise<void> {
  return update(db, entry.seq, { state: 'held', error, candidates, updatedAt: now });
}

/**
 * The request never left: the entry goes back as it was, due at once, the attempt not counted,
 * so it goes the moment the network is back rather than after a backoff earned offline.
 */
export function markUnsent(db: TillDb, entry: OutboxEntry, error: EposErrorData, now: number): Promise<void> {
  return update(db, entry.seq, { state: 'pending', attempts: Math.max(0, entry.attempts - 1), notBefore: 0, error, updatedAt: now });
}

/** The token was refused: stop sending everything, and put the entry back as it was. */
export async function pauseForAuth(db: TillDb, entry: OutboxEntry, error: EposErrorData, now: number): Promise<void> {
  const tx = db.transaction(['outbox', 'queue'], 'readwrite', { durability: 'strict' });
  const queue = (await tx.objectStore('queue').get('queue')) ?? initialQueue();
  await tx.objectStore('queue').put({ ...queue, paused: { reason: 'auth', since: now, error } });
  const current = await tx.objectStore('outbox').get(entry.seq);
  // A refused token says nothing about the entry: it does not count as an attempt.
  if (current) await tx.objectStore('outbox').put({ ...current, state: 'pending', attempts: Math.max(0, current.attempts - 1), updatedAt: now });
  await tx.done;
}

/** A new token was stored: sending may resume. */
export async function resume(db: TillDb): Promise<void> {
  const tx = db.transaction('queue', 'readwrite', { durability: 'strict' });
  const queue = (await tx.store.get('queue')) ?? initialQueue();
  await tx.store.put({ ...queue, paused: null });
  await tx.done;
}

/**
 * Entries left `sending` by a replayer that died (a closed tab, a stopped worker). Updates,
 * deletes and saves are safe to send again; a create may have landed, so it is verified first,
 * but only `verifyAfterMs` after it was sent: the server may still be working on a request
 * whose sender is gone, and a look too early would miss it and send it twice.
 * Only claims older than `leaseMs` are taken back: a replayer holding the replay lock knows no
 * other one runs and passes 0; without the lock, the lease keeps a live send from being reset.
 */
export async function recoverInterrupted(db: TillDb, now: number, leaseMs: number, verifyAfterMs: number): Promise<number> {
  const tx = db.transaction('outbox', 'readwrite', { durability: 'strict' });
  let recovered = 0;
  for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
    if (cursor.value.state !== 'sending' || cursor.value.updatedAt > now - leaseMs) continue;
    recovered++;
    const create = cursor.value.op === 'create';
    // A claim's updatedAt is when its request went out.
    const notBefore = create ? cursor.value.updatedAt + verifyAfterMs : 0;
    await cursor.update({ ...cursor.value, state: create ? 'verify' : 'pending', notBefore, updatedAt: now });
  }
  await tx.done;
  return recovered;
}

async function update(db: TillDb, seq: number, change: Partial<OutboxEntry>): Promise<void> {
  const tx = db.transaction('outbox', 'readwrite', { durability: 'strict' });
  const current = await tx.store.get(seq);
  // Gone means a person discarded it meanwhile: their decision stands.
  if (current) await tx.store.put({ ...current, ...change });
  await tx.done;
}
