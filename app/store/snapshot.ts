/**
 * Writing a new snapshot of a kind: take a fresh generation number, fill it page by page in
 * relaxed transactions (a crash only costs the unfinished walk), then swap it in with one small
 * strict transaction. Readers never see a half-written generation.
 */
import type { CachedKind } from '../epos/kinds.ts';
import type { OpenRecord } from '../epos/records.ts';
import { emptyMeta } from './catalog.ts';
import type { TillDb } from './db.ts';
import { storeErrorFrom } from './errors.ts';
import { generationRange, generationsBelow, type KindMeta, pageRow } from './schema.ts';

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

/** What a completed walk knows when it swaps its generation in. */
export interface Completion {
  /** Records written to the generation. */
  count: number;
  /** When the walk started (ms): local writes confirmed before then are in the new snapshot. */
  startedAt: number;
  /** When it completed (ms). */
  now: number;
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
  await tx.objectStore('meta').put({
    ...meta,
    gen,
    count: done.count,
    pulledAt: done.startedAt,
    attemptedAt: done.now,
    lastError: null,
    held: null,
  });
  // Local writes the server confirmed before this walk began are now part of the snapshot; so is
  // a landing that writes made since are laid over: the snapshot is their base again.
  const local = tx.objectStore('local');
  for (
    let cursor = await local.openCursor(IDBKeyRange.bound([kind, -Infinity], [kind, Infinity]));
    cursor;
    cursor = await cursor.continue()
  ) {
    const { landedAt, base, ...row } = cursor.value;
    if (landedAt !== null && landedAt < done.startedAt) await cursor.delete();
    else if (base && base.at < done.startedAt) await cursor.update({ ...row, landedAt });
  }
  await tx.done;
  await db.delete('pages', generationsBelow(kind, gen));
  // A walk held for a person is answered by this newer one.
  if (meta.held && meta.held.gen > gen) await discardGeneration(db, kind, meta.held.gen);
  return true;
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
