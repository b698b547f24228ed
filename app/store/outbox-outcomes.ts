/**
 * The replayer's side of the outbox: which entries may go now, claiming one, and recording what
 * happened. Every change is one strict transaction (a landing and the claim of the entry to send
 * next may share one); none stays open across a request.
 */
import type { EposErrorData } from '../epos/errors.ts';
import { recordId } from '../epos/ids.ts';
import { isCachedKind, KINDS, type Kind } from '../epos/kinds.ts';
import type { OpenRecord } from '../epos/records.ts';
import type { TillDb } from './db.ts';
import { ALIAS_DAYS, initialQueue } from './outbox.ts';
import { changed, made, next, waitsOnOutage } from './outbox-machine.ts';
import { entriesOf } from './outbox-status.ts';
import { applyEvent, applyToAll, type OutboxStore, record } from './outbox-transition.ts';
import type { OutboxEntry, TwinCheck } from './schema.ts';

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

/** An entry as the replayer read it: enough to find it again and check that it may still go. */
export type Waiting = Pick<OutboxEntry, 'seq' | 'target' | 'recordId'>;

/** What {@link markDone} left behind. */
export interface Landed {
  /** The record's server id (a create's real one). */
  id: number;
  /** The record's next entry, now first of its record, or undefined when none waits. */
  next: OutboxEntry | undefined;
}

/** What {@link markDoneAndClaim} left behind. */
export interface LandedAndClaimed extends Landed {
  /** The entry claimed for sending in the same transaction, or undefined when none may go now. */
  claimed: OutboxEntry | undefined;
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
export async function claim(db: TillDb, waiting: Waiting, now: number): Promise<OutboxEntry | undefined> {
  // Stryker disable next-line ObjectLiteral: strict durability only changes when a browser reports the commit on disk; fake-indexeddb has no disk
  const tx = db.transaction(['outbox', 'queue'], 'readwrite', { durability: 'strict' });
  const outbox = tx.objectStore('outbox');
  // Asked together: each request waits a round trip to the storage process, one after another they add up.
  const [queue, found] = await Promise.all([tx.objectStore('queue').get('queue'), lookUp(outbox, waiting)]);
  const claimed = queue?.paused ? undefined : await claimable(outbox, waiting, found, now);
  if (!claimed) {
    await tx.done;
    return undefined;
  }
  // The write needs no wait of its own: the commit is the one that says it is on disk.
  await Promise.all([record(outbox, claimed.seq, { kind: 'changed', entry: claimed }), tx.done]);
  return claimed;
}

/**
 * The server accepted the entry: it leaves the outbox. A create's real id replaces its
 * temporary one everywhere it was used; the local record becomes the server's, with the
 * changes still queued behind it laid over. A create's landing is noted for a twin check.
 */
export async function markDone(
  db: TillDb,
  entry: OutboxEntry,
  answer: OpenRecord | undefined,
  now: number,
): Promise<Landed> {
  const { id, next } = await land(db, entry, answer, now, null);
  return { id, next };
}

/**
 * {@link markDone}, and in the same transaction {@link claim} of the entry to send next: the
 * earlier made of `waiting` and the record's own next entry, of those that may go now. A
 * replayer sending one entry after another then commits once per entry instead of twice.
 */
export function markDoneAndClaim(
  db: TillDb,
  entry: OutboxEntry,
  answer: OpenRecord | undefined,
  now: number,
  waiting: Waiting | undefined,
): Promise<LandedAndClaimed> {
  return land(db, entry, answer, now, { waiting });
}

/** What this till made, or may have made, on the server: what a twin walk (sw/outbox/twins.ts) passes over. */
export interface MadeHere {
  /** Records this till's creates became (kept ALIAS_DAYS), and twins already held for a person. */
  ids: Set<number>;
  /** Creates sent and not yet landed: a resend of any of them may have made a record too. */
  unsettled: { kind: Kind; body: OpenRecord }[];
}

/** {@link MadeHere}: one read of the aliases and one of the outbox. */
export async function madeHere(db: TillDb): Promise<MadeHere> {
  const [aliases, entries] = await Promise.all([db.getAll('aliases'), db.getAll('outbox')]);
  const ids = new Set(aliases.map((row) => row.id));
  const unsettled: MadeHere['unsettled'] = [];
  for (const entry of entries) {
    if (entry.twinOf !== undefined) ids.add(entry.recordId);
    else if (entry.op === 'create' && entry.target !== 'settings' && entry.attempts > 0)
      unsettled.push({ kind: entry.target, body: entry.body as OpenRecord });
  }
  return { ids, unsettled };
}

async function land(
  db: TillDb,
  entry: OutboxEntry,
  answer: OpenRecord | undefined,
  now: number,
  then: { waiting: Waiting | undefined } | null,
): Promise<LandedAndClaimed> {
  const kind = entry.target === 'settings' ? undefined : entry.target;
  // The real id a create's answer names (a create is always of a kind: settings are saved, never created).
  const realId = entry.op === 'create' ? recordId(entry.target as Kind, answer) : undefined;
  const id = realId ?? entry.recordId;
  const cached = kind !== undefined && isCachedKind(kind);
  const waiting = then?.waiting;
  // Stryker disable next-line ObjectLiteral: strict durability only changes when a browser reports the commit on disk; fake-indexeddb has no disk
  const tx = db.transaction(['outbox', 'local', 'queue', 'aliases'], 'readwrite', { durability: 'strict' });
  const outbox = tx.objectStore('outbox');
  const local = tx.objectStore('local');
  // One round trip for every read. Requests in a transaction run in the order made: the entries
  // read are those after the delete. Only an update landed without an answer needs its local row
  // (a create's is its temporary one, deleted below; a delete leaves none).
  const [, stored, later, row, found] = await Promise.all([
    record(outbox, entry.seq, next(entry, { type: 'landed' })),
    tx.objectStore('queue').get('queue'),
    entriesOf(outbox.index('byRecord'), entry.target, entry.recordId),
    // Stryker disable next-line LogicalOperator: the row of a kind not cached is never used (nothing of it is kept locally), so reading it changes nothing
    cached && entry.op === 'update' && !answer ? local.get([kind, id]) : undefined,
    waiting && lookUp(outbox, waiting),
  ]);
  const queue = stored ?? initialQueue();
  // Renumbering is allowed from every state and keeps the entry.
  const moved = later.map((n) => changed(n, { type: 'renumbered', recordId: id }) as OutboxEntry);
  const following = moved[0];
  let claimed: OutboxEntry | undefined;
  if (then && !queue.paused) {
    const own = following && changed(following, { type: 'claimed', now });
    // The record's own next entry is judged from what was just read, not from an older copy.
    // Stryker disable next-line LogicalOperator: found is read only when waiting is given, so both are set or neither
    const elsewhere = waiting && found && waiting.seq !== following?.seq ? { waiting, found } : undefined;
    const other = elsewhere ? await claimable(outbox, elsewhere.waiting, elsewhere.found, now) : undefined;
    // Stryker disable next-line EqualityOperator: other is looked up only when waiting is not the record's next, so own and other never share a seq
    claimed = own && (!other || own.seq < other.seq) ? own : other;
  }

  // The writes are issued without waiting on each: the commit is the one wait that matters.
  // A create answered by the server may have been made twice by a resend: looked at later (sw/outbox/twins.ts).
  const twinCheck =
    realId !== undefined ? [{ kind: entry.target as Kind, id: realId, body: entry.body as OpenRecord }] : [];
  const twinChecks = [...(queue.twinChecks ?? []), ...twinCheck];
  const writes: Promise<unknown>[] = [
    tx.objectStore('queue').put({ ...queue, lastSentAt: now, ...(twinChecks.length > 0 ? { twinChecks } : {}) }),
  ];
  const puts = new Map<number, OutboxEntry>();
  if (realId !== undefined) {
    writes.push(tx.objectStore('aliases').put({ tempId: entry.recordId, id: realId, at: now }));
    // Rewriting the key moves each entry in the byRecord index; its seq keeps its place.
    for (const n of moved) puts.set(n.seq, n);
    writes.push(local.delete([entry.target as Kind, entry.recordId]));
  }
  if (claimed) puts.set(claimed.seq, claimed);
  for (const put of puts.values()) writes.push(record(outbox, put.seq, { kind: 'changed', entry: put }));
  if (cached) {
    // What the server has now: what the till shows again if the writes still queued are discarded.
    // A delete lands without an answer and its row is not read: null.
    const landed: OpenRecord | null =
      answer ?? (row?.base?.record ? { ...row.base.record, ...(entry.body as OpenRecord) } : row?.record) ?? null;
    let record = landed;
    // Later entries are updates and deletes: a create is always the first of its record.
    for (const n of later) {
      if (n.op === 'delete') record = null;
      else if (record) record = { ...record, ...(n.body as OpenRecord) };
    }
    // With writes still queued the row is not released by a pull; the landing is kept as their base.
    writes.push(
      local.put(
        later.length > 0
          ? { kind, id, record, landedAt: null, base: { record: landed, at: now } }
          : { kind, id, record, landedAt: now },
      ),
    );
  }
  // Stryker disable next-line ArrayDeclaration: the wait for the commit; fake-indexeddb runs any later transaction after this one anyway, and none of these writes can fail, so no test can tell
  await Promise.all([...writes, tx.done]);
  return { id, next: following, claimed };
}

/**
 * Ends a twin check: the check leaves the queue and a delete of each of the `twins` found is
 * held for a person to confirm (see sw/outbox/twins.ts). One strict transaction.
 */
export async function settleTwinCheck(
  db: TillDb,
  check: TwinCheck,
  twins: readonly OpenRecord[],
  now: number,
): Promise<void> {
  // Stryker disable next-line ObjectLiteral: strict durability only changes when a browser reports the commit on disk; fake-indexeddb has no disk
  const tx = db.transaction(['outbox', 'queue'], 'readwrite', { durability: 'strict' });
  const queue = (await tx.objectStore('queue').get('queue')) ?? initialQueue();
  const twinChecks = (queue.twinChecks ?? []).filter((c) => c.kind !== check.kind || c.id !== check.id);
  const { twinChecks: _settled, ...rest } = queue;
  const writes: Promise<unknown>[] = [
    tx.objectStore('queue').put(twinChecks.length > 0 ? { ...rest, twinChecks } : rest),
  ];
  for (const twin of twins) writes.push(tx.objectStore('outbox').add(twinDelete(check.kind, twin, check.id, now)));
  // Stryker disable next-line ArrayDeclaration: the wait for the commit; fake-indexeddb runs any later transaction after this one anyway, and none of these writes can fail, so no test can tell
  await Promise.all([...writes, tx.done]);
}

/** A delete of the twin a resent create made, held until a person confirms it (see sw/outbox/twins.ts). */
function twinDelete(kind: Kind, twin: OpenRecord, keptId: number, now: number): OutboxEntry {
  const twinId = recordId(kind, twin) as number;
  const label = KINDS[kind].label;
  const message = `Epos Now made this ${label} more than once from one create of this till (the browser sent it again on its own): ${twinId} is a copy of ${keptId}, the one the till uses. Retry deletes ${twinId}; Discard keeps both.`;
  const error: EposErrorData = {
    code: 'bad-response',
    name: 'Twin',
    message,
    method: 'POST',
    path: '',
    mayHaveReached: true,
  };
  const fields = { target: kind, op: 'delete', recordId: twinId, body: null, twinOf: keptId } as const;
  // The key is generated: the stored entry gets its `seq` from the key path.
  return made(fields, now, { error, candidates: [twin] }) as OutboxEntry;
}

/** Asks for an entry and for the entries of its record as the caller saw it, together. */
function lookUp(outbox: OutboxStore, waiting: Waiting): Promise<[OutboxEntry | undefined, OutboxEntry[]]> {
  return Promise.all([outbox.get(waiting.seq), entriesOf(outbox.index('byRecord'), waiting.target, waiting.recordId)]);
}

/** The entry as stored, claimed, if it may be sent now: the machine lets it be claimed, and it is first of its record. */
async function claimable(
  outbox: OutboxStore,
  waiting: Waiting,
  [entry, seen]: [OutboxEntry | undefined, OutboxEntry[]],
  now: number,
): Promise<OutboxEntry | undefined> {
  const claimed = entry && changed(entry, { type: 'claimed', now });
  if (!claimed) return undefined;
  // A landed create moved its later entries to the real id: then its record is read under that key.
  const key = recordKey(claimed);
  const byRecord = outbox.index('byRecord');
  // Stryker disable next-line ConditionalExpression: seen is that same read, made in this transaction: reading it again gives the same entries
  const ofRecord = key === recordKey(waiting) ? seen : await entriesOf(byRecord, claimed.target, claimed.recordId);
  // Stryker disable next-line OptionalChaining: the entry is among its own record's entries, read in the same transaction: the list is never empty
  return ofRecord[0]?.seq === claimed.seq ? claimed : undefined;
}

/**
 * Holds the entries made under another account than `account` (the token in use now), so they
 * are never sent with it, and lets go of those held for `account`, which may go again. Returns
 * how many entries changed. One strict transaction; a scan of the outbox.
 */
export function holdOtherAccounts(db: TillDb, account: string, now: number): Promise<number> {
  return applyToAll(db, (entry) => {
    if (entry.account === undefined) return undefined;
    return { type: entry.account === account ? 'accountBack' : 'heldForAccount', now };
  });
}

/** Drops the aliases of creates that landed more than ALIAS_DAYS ago; returns how many. */
export async function expireAliases(db: TillDb, now: number): Promise<number> {
  const tx = db.transaction('aliases', 'readwrite');
  let expired = 0;
  const old = IDBKeyRange.upperBound(now - ALIAS_DAYS * 86_400_000, true);
  for (let cursor = await tx.store.index('at').openKeyCursor(old); cursor; cursor = await cursor.continue()) {
    await tx.store.delete(cursor.primaryKey);
    expired++;
  }
  await tx.done;
  return expired;
}

/** Puts an entry back to wait until `notBefore`, keeping why it did not go. */
export function markRetry(
  db: TillDb,
  entry: OutboxEntry,
  error: EposErrorData,
  notBefore: number,
  now: number,
): Promise<void> {
  return applyEvent(db, entry.seq, { type: 'retry', error, notBefore, now });
}

/** The server refused the entry: it waits for a person. */
export function markFailed(db: TillDb, entry: OutboxEntry, error: EposErrorData, now: number): Promise<void> {
  return applyEvent(db, entry.seq, { type: 'failed', error, now });
}

/** A create that may have landed: look for it before sending again. */
export function markVerify(
  db: TillDb,
  entry: OutboxEntry,
  error: EposErrorData | null,
  notBefore: number,
  now: number,
): Promise<void> {
  return applyEvent(db, entry.seq, { type: 'verify', error, notBefore, now });
}

/** A look for `entry` on the server could not be made: look again at `notBefore`, one more failed look counted. */
export function markLookFailed(
  db: TillDb,
  entry: OutboxEntry,
  error: EposErrorData,
  notBefore: number,
  now: number,
): Promise<void> {
  return applyEvent(db, entry.seq, { type: 'lookFailed', error, notBefore, now });
}

/** Only a person can decide: keep the records that may be it. */
export function markHeld(
  db: TillDb,
  entry: OutboxEntry,
  error: EposErrorData | null,
  candidates: OpenRecord[],
  now: number,
): Promise<void> {
  return applyEvent(db, entry.seq, { type: 'held', error, candidates, now });
}

/**
 * The request never left: the entry goes back as it was, due at once, the attempt not counted,
 * so it goes the moment the network is back rather than after a backoff earned offline.
 */
export function markUnsent(db: TillDb, entry: OutboxEntry, error: EposErrorData, now: number): Promise<void> {
  return applyEvent(db, entry.seq, { type: 'unsent', error, now });
}

/** The token was refused: stop sending everything, and put the entry back as it was. */
export async function pauseForAuth(db: TillDb, entry: OutboxEntry, error: EposErrorData, now: number): Promise<void> {
  // Stryker disable next-line ObjectLiteral: strict durability only changes when a browser reports the commit on disk; fake-indexeddb has no disk
  const tx = db.transaction(['outbox', 'queue'], 'readwrite', { durability: 'strict' });
  const queue = (await tx.objectStore('queue').get('queue')) ?? initialQueue();
  await tx.objectStore('queue').put({ ...queue, paused: { reason: 'auth', since: now, error } });
  const outbox = tx.objectStore('outbox');
  const current = await outbox.get(entry.seq);
  if (current) await record(outbox, entry.seq, next(current, { type: 'authPaused', now }));
  await tx.done;
}

/** A new token was stored: sending may resume. */
export async function resume(db: TillDb): Promise<void> {
  // Stryker disable next-line ObjectLiteral: strict durability only changes when a browser reports the commit on disk; fake-indexeddb has no disk
  const tx = db.transaction('queue', 'readwrite', { durability: 'strict' });
  const queue = (await tx.store.get('queue')) ?? initialQueue();
  await tx.store.put({ ...queue, paused: null });
  await tx.done;
}

/** Whether any entry {@link waitsOnOutage}: a worker that starts knows no more of the link than that. */
export async function anyWaitsOnOutage(db: TillDb, now: number): Promise<boolean> {
  return (await db.getAll('outbox')).some((entry) => waitsOnOutage(entry, now));
}

/**
 * Epos Now answers again after an outage: the entries that {@link waitsOnOutage} are due now.
 * Their back-off grew with each failure, up to minutes, and was about the link. Returns how many
 * were moved.
 */
export function outageOver(db: TillDb, now: number): Promise<number> {
  return applyToAll(db, () => ({ type: 'outageOver', now }));
}

/**
 * Entries left `sending` by a replayer that died (a closed tab, a stopped worker). Updates,
 * deletes and saves are safe to send again; a create may have landed, so it is verified first,
 * but only `verifyAfterMs` after it was sent: the server may still be working on a request
 * whose sender is gone, and a look too early would miss it and send it twice.
 * Only claims older than `leaseMs` are taken back: a replayer holding the replay lock knows no
 * other one runs and passes 0; without the lock, the lease keeps a live send from being reset.
 */
export function recoverInterrupted(db: TillDb, now: number, leaseMs: number, verifyAfterMs: number): Promise<number> {
  return applyToAll(db, () => ({ type: 'interrupted', now, leaseMs, verifyAfterMs }));
}
