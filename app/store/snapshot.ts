/**
 * Writing a new snapshot of a kind: take a fresh generation number, fill it page by page in
 * relaxed transactions (a crash only costs the unfinished walk), then swap it in with one small
 * strict transaction. Readers never see a half-written generation.
 */
import type { IDBPTransaction } from 'idb';
import type { CachedKind } from '../epos/kinds.ts';
import type { OpenRecord } from '../epos/records.ts';
import { emptyMeta } from './catalog.ts';
import type { TillDb } from './db.ts';
import { storeErrorFrom } from './errors.ts';
import { generationRange, generationsBelow, type KindMeta, pageRow, type TillDB } from './schema.ts';

/** One API page of records, numbered from 1, in ascending id order. */
export interface SnapshotPage {
  page: number;
  records: OpenRecord[];
}

/** Takes a generation number no other pull has, for a new snapshot of `kind`. */
export async function beginGeneration(db: TillDb, kind: CachedKind): Promise<number> {
  const tx = db.transaction('meta', 'readwrite');
  const meta = (await tx.store.get(kind)) ?? emptyMeta(kind);
  const gen = Math.max(meta.lastGen, meta.gen) + 1;
  await tx.store.put({ ...meta, lastGen: gen });
  await tx.done;
  return gen;
}

/** Adds pages to a generation being built, in one transaction: the more pages a call, the cheaper each. */
export async function writeGeneration(
  db: TillDb,
  kind: CachedKind,
  gen: number,
  pages: readonly SnapshotPage[],
): Promise<void> {
  const count = pages.reduce((n, p) => n + p.records.length, 0);
  try {
    const rows = pages.filter((p) => p.records.length > 0).map((p) => pageRow(kind, gen, p.page, p.records));
    const tx = db.transaction('pages', 'readwrite', { durability: 'relaxed' });
    for (const row of rows) void tx.store.put(row);
    await tx.done;
  } catch (error) {
    throw storeErrorFrom(error, `storing ${count} ${kind} records`);
  }
}

/** What a completed walk or refresh knows when it swaps its generation in. */
export interface Completion {
  /** Records written to the generation. */
  count: number;
  /** When the walk started (ms): local writes confirmed before then are in the new snapshot. */
  startedAt: number;
  /** When it completed (ms). */
  now: number;
  /**
   * A refresh read only some pages: the ids they cover, whose local writes the new snapshot now
   * holds. Absent for a whole walk, which covers every id.
   */
  covers?: (id: number) => boolean;
  /** A refresh's next page of its rotating sample. */
  cursor?: number;
}

/**
 * Makes a completed generation current, unless a newer one already is (two pulls that overlap:
 * the later generation wins). Returns whether it was swapped in. Older generations are deleted
 * afterwards, outside the swap, so readers are never blocked behind a large delete.
 */
export async function commitGeneration(db: TillDb, kind: CachedKind, gen: number, done: Completion): Promise<boolean> {
  const tx = db.transaction(['meta', 'local'], 'readwrite', { durability: 'strict' });
  const meta = (await tx.objectStore('meta').get(kind)) ?? emptyMeta(kind);
  if (gen <= meta.gen) {
    tx.abort();
    await tx.done.catch(expectAbort);
    await discardGeneration(db, kind, gen);
    return false;
  }
  await tx.objectStore('meta').put({ ...updatedMeta(meta, done), gen, count: done.count, held: null });
  await settleLocal(tx, kind, done);
  await tx.done;
  await db.delete('pages', generationsBelow(kind, gen));
  // A walk held for a person is answered by this newer one.
  if (meta.held && meta.held.gen > gen) await discardGeneration(db, kind, meta.held.gen);
  return true;
}

/**
 * A refresh that found nothing changed on the pages it read: the snapshot stays, checked as of
 * `done.startedAt`, and the local writes on those pages that the server had confirmed by then
 * give way to it.
 */
export async function confirmSnapshot(db: TillDb, kind: CachedKind, done: Completion): Promise<void> {
  const tx = db.transaction(['meta', 'local'], 'readwrite', { durability: 'strict' });
  const meta = (await tx.objectStore('meta').get(kind)) ?? emptyMeta(kind);
  await tx.objectStore('meta').put(updatedMeta(meta, done));
  await settleLocal(tx, kind, done);
  await tx.done;
}

/**
 * Copies generation `from` of a kind into `to`, all but the pages in `skip`: a refresh lays the
 * pages it read over the rest of the snapshot without asking the API for them again. A few pages
 * per transaction, so the worker never holds the whole catalog at once.
 */
export async function copyGeneration(
  db: TillDb,
  kind: CachedKind,
  from: number,
  to: number,
  skip: ReadonlySet<number>,
): Promise<void> {
  const keys = (await db.getAllKeys('pages', generationRange(kind, from))).filter(([, , page]) => !skip.has(page));
  for (let at = 0; at < keys.length; at += COPY_BATCH) {
    const tx = db.transaction('pages', 'readonly');
    const rows = await Promise.all(keys.slice(at, at + COPY_BATCH).map((key) => tx.store.get(key)));
    await writeGeneration(
      db,
      kind,
      to,
      rows.flatMap((row) => (row ? [{ page: row.page, records: row.records }] : [])),
    );
  }
}

/** Pages copied per transaction: 2,000 records. */
const COPY_BATCH = 10;

/** The meta row after a walk or refresh completed. */
function updatedMeta(meta: KindMeta, done: Completion): KindMeta {
  const walked = done.covers === undefined;
  return {
    ...meta,
    pulledAt: done.startedAt,
    walkedAt: walked ? done.startedAt : (meta.walkedAt ?? meta.pulledAt),
    attemptedAt: done.now,
    lastError: null,
    ...(done.cursor === undefined ? {} : { cursor: done.cursor }),
  };
}

/**
 * Local writes the server confirmed before the walk or refresh began, on records it read, are now
 * part of the snapshot; so is a landing that writes made since are laid over: the snapshot is
 * their base again. Writes to records it did not read stay over the snapshot.
 */
async function settleLocal(
  tx: IDBPTransaction<TillDB, ('meta' | 'local')[], 'readwrite'>,
  kind: CachedKind,
  done: Completion,
): Promise<void> {
  const local = tx.objectStore('local');
  for (
    let cursor = await local.openCursor(IDBKeyRange.bound([kind, -Infinity], [kind, Infinity]));
    cursor;
    cursor = await cursor.continue()
  ) {
    const { landedAt, base, ...row } = cursor.value;
    if (done.covers && !done.covers(row.id)) continue;
    if (landedAt !== null && landedAt < done.startedAt) await cursor.delete();
    else if (base && base.at < done.startedAt) await cursor.update({ ...row, landedAt });
  }
}

/** Share of a kind's records a pull may lose before a person must confirm it. */
const MAX_SHRINK = 0.5;

/**
 * Whether a completed walk of `count` records must wait for a person before it replaces the
 * snapshot: it would empty the kind, or shrink it by more than {@link MAX_SHRINK}. An empty list
 * from a misrouted request or a broken server looks exactly like a shop that deleted everything,
 * and a till with no products cannot sell. A first pull has nothing to lose.
 */
export function needsConfirmation(meta: KindMeta, count: number): boolean {
  if (meta.pulledAt === null || meta.count === 0) return false;
  return count === 0 || count < meta.count * (1 - MAX_SHRINK);
}

/**
 * Keeps a completed generation aside instead of swapping it in; the current snapshot stays in
 * use. A walk held earlier is replaced (the newer walk is what Epos Now says now).
 */
export async function holdGeneration(db: TillDb, kind: CachedKind, gen: number, done: Completion): Promise<void> {
  const tx = db.transaction('meta', 'readwrite', { durability: 'strict' });
  const meta = (await tx.store.get(kind)) ?? emptyMeta(kind);
  await tx.store.put({
    ...meta,
    attemptedAt: done.now,
    lastError: null,
    held: { gen, count: done.count, startedAt: done.startedAt, at: done.now },
  });
  await tx.done;
  if (meta.held && meta.held.gen !== gen) await discardGeneration(db, kind, meta.held.gen);
}

/**
 * A person's answer to a held walk: accepted, it is swapped in as the walk would have been;
 * rejected, it is deleted and the current snapshot stays. Returns whether there was one to settle.
 */
export async function settleHeld(
  db: TillDb,
  kind: CachedKind,
  gen: number,
  accept: boolean,
  now: number,
): Promise<boolean> {
  // Only the walk the person saw is settled: a newer one (held or swapped in since) stands.
  const held = (await db.get('meta', kind))?.held;
  if (!held || held.gen !== gen) return false;
  if (accept) return commitGeneration(db, kind, gen, { count: held.count, startedAt: held.startedAt, now });
  const tx = db.transaction('meta', 'readwrite', { durability: 'strict' });
  const meta = await tx.store.get(kind);
  const same = meta?.held?.gen === gen;
  if (meta && same) await tx.store.put({ ...meta, held: null });
  await tx.done;
  if (same) await discardGeneration(db, kind, gen);
  return same;
}

/** Deletes a generation that will not be used (a failed walk). */
export async function discardGeneration(db: TillDb, kind: CachedKind, gen: number): Promise<void> {
  await db.delete('pages', generationRange(kind, gen));
}

/** Records a failed attempt; the current snapshot stays as it was. */
export async function recordFailure(db: TillDb, kind: CachedKind, message: string, now: number): Promise<void> {
  const tx = db.transaction('meta', 'readwrite');
  const meta = (await tx.store.get(kind)) ?? emptyMeta(kind);
  await tx.store.put({ ...meta, attemptedAt: now, lastError: message });
  await tx.done;
}

function expectAbort(error: unknown): void {
  if (!(error instanceof DOMException && error.name === 'AbortError')) throw error;
}
