/**
 * The refresh of a big kind (issue 14): a walk of 50,000 products is 251 requests, every
 * interval, from every till of an account that shares one request limit. Most intervals nothing
 * changed. So, where it is cheaper, a refresh reads only the pages that tell most:
 * - the last page and any after it: new records land there, and a record deleted anywhere moves
 *   every later one, so the last page no longer starts where it did;
 * - the pages holding the till's hot products (favourites, best sellers): a price a cashier sells
 *   at is as fresh as with a whole walk;
 * - a window of {@link SAMPLE_PAGES} that moves on each time, so every other page is read again
 *   every few hours.
 * Found as stored, nothing is written. Edited or grown, the pages read are laid over a copy of
 * the snapshot (local work, no request). Anything else (a record gone, ids that moved) is left to
 * a whole walk, as is a first pull, a held one, a small kind and a snapshot whose last whole walk
 * is a day old. The API lists records in ascending id order (see app/store/schema.ts).
 */

import { DEFAULT_LIST_CONCURRENCY } from '../app/epos/client.ts';
import { recordId } from '../app/epos/ids.ts';
import { type CachedKind, PAGE_SIZE } from '../app/epos/kinds.ts';
import type { OpenRecord } from '../app/epos/records.ts';
import { readKindMeta } from '../app/store/catalog.ts';
import type { TillDb } from '../app/store/db.ts';
import type { KindMeta } from '../app/store/schema.ts';
import {
  beginGeneration,
  commitGeneration,
  confirmSnapshot,
  copyGeneration,
  discardGeneration,
  writeGeneration,
} from '../app/store/snapshot.ts';
import type { PullDeps, PullOutcome } from './pull.ts';

/** Pages of the rotating sample a refresh reads. */
export const SAMPLE_PAGES = 16;
/** Most pages a refresh reads for hot products. */
export const MAX_HOT_PAGES = 16;
/** How old the last whole walk may be before a refresh walks instead. */
export const FULL_WALK_MS = 24 * 60 * 60_000;

/**
 * Refreshes `kind` by reading a few pages, or says 'walk' when only a whole walk will do (it asks
 * nothing then). Rejects when a request or storage fails; the snapshot stays as it was.
 */
export async function refreshKind(
  deps: PullDeps,
  kind: CachedKind,
  hot: readonly number[],
): Promise<PullOutcome | 'walk'> {
  const { db, client } = deps;
  const now = deps.now ?? Date.now;
  const startedAt = now();
  const meta = await readKindMeta(db, kind);
  const last = Math.max(1, Math.ceil(meta.count / PAGE_SIZE));
  if (needsWalk(meta, last, startedAt)) return 'walk';

  const cursor = meta.cursor !== undefined && meta.cursor <= last ? meta.cursor : 1;
  const sample = Array.from({ length: SAMPLE_PAGES }, (_, i) => ((cursor - 1 + i) % last) + 1);
  const wanted = [...new Set([...(await hotPages(db, kind, meta.gen, hot)), ...sample, last])].sort((a, b) => a - b);
  deps.onProgress?.({ kind, state: 'running', pages: 0, records: 0, expected: meta.count });

  const fresh = new Map<number, OpenRecord[]>();
  await inParallel(wanted, deps.concurrency ?? DEFAULT_LIST_CONCURRENCY, async (page) => {
    fresh.set(page, await client.list(kind, page));
  });
  // A full last page may have more after it.
  for (let page = last + 1, tail = fresh.get(last) ?? []; tail.length === PAGE_SIZE; page++) {
    tail = await client.list(kind, page);
    fresh.set(page, tail);
  }

  const changed = new Map<number, OpenRecord[]>();
  let count = meta.count;
  for (const [page, records] of fresh) {
    // Past the snapshot's last page there is no row: nothing stored.
    const stored = await storedPage(db, kind, meta.gen, page);
    if (!inPlace(kind, stored, records)) return 'walk';
    // Only the last page and those after it can grow: the others are full, as the API pages.
    count += records.length - stored.length;
    if (JSON.stringify(stored) !== JSON.stringify(records)) changed.set(page, records);
  }

  const done = {
    count,
    startedAt,
    now: now(),
    covers: covering(kind, [...fresh.values()]),
    cursor: ((cursor - 1 + SAMPLE_PAGES) % last) + 1,
  };
  if (changed.size === 0) {
    await confirmSnapshot(db, kind, done);
    deps.onProgress?.({ kind, state: 'done', pages: fresh.size, records: count });
    return { kind, ok: true, count, unchanged: true };
  }
  const gen = await beginGeneration(db, kind);
  try {
    await copyGeneration(db, kind, meta.gen, gen, new Set(changed.keys()));
    await writeGeneration(
      db,
      kind,
      gen,
      [...changed].map(([page, records]) => ({ page, records })),
    );
    await commitGeneration(db, kind, gen, { ...done, now: now() });
  } catch (error) {
    await discardGeneration(db, kind, gen);
    throw error;
  }
  deps.onProgress?.({ kind, state: 'done', pages: fresh.size, records: count });
  return { kind, ok: true, count };
}

/**
 * Whether only a whole walk will do, before anything is asked: a first pull or a small kind (a
 * walk costs about as much as a sample), a walk held for a person, a day since the last walk.
 */
function needsWalk(meta: KindMeta, last: number, now: number): boolean {
  const walkedAt = meta.walkedAt ?? meta.pulledAt ?? 0;
  return last <= SAMPLE_PAGES + 1 || (meta.held ?? null) !== null || now - walkedAt >= FULL_WALK_MS;
}

/**
 * Whether a page read now holds the stored page's records in place: the stored ids, in order,
 * first (a page before the last is full both times, so that is all of it; the last may have
 * new ones after them).
 */
function inPlace(kind: CachedKind, stored: readonly OpenRecord[], fresh: readonly OpenRecord[]): boolean {
  return stored.every((record, i) => recordId(kind, record) === recordId(kind, fresh[i]));
}

/** The ids the pages read cover: from each page's first id to its last, gaps included. */
function covering(kind: CachedKind, pages: readonly OpenRecord[][]): (id: number) => boolean {
  const ranges = pages
    .filter((records) => records.length > 0)
    .map((records) => [recordId(kind, records[0]) ?? 0, recordId(kind, records.at(-1)) ?? 0] as const);
  return (id) => ranges.some(([first, lastId]) => id >= first && id <= lastId);
}

/** The snapshot's pages (generation `gen`) that hold the hot ids, at most {@link MAX_HOT_PAGES}. */
async function hotPages(db: TillDb, kind: CachedKind, gen: number, hot: readonly number[]): Promise<number[]> {
  const pages = new Set<number>();
  const index = db.transaction('pages').store.index('lastId');
  for (const id of hot) {
    if (pages.size >= MAX_HOT_PAGES) break;
    // The first page whose last id is at or past `id` is the only one that can hold it; its key
    // is read, not the page.
    const cursor = await index.openKeyCursor(IDBKeyRange.bound([kind, gen, id], [kind, gen, Infinity]));
    if (cursor) pages.add(cursor.primaryKey[2]);
  }
  return [...pages];
}

async function storedPage(db: TillDb, kind: CachedKind, gen: number, page: number): Promise<OpenRecord[]> {
  return (await db.get('pages', [kind, gen, page]))?.records ?? [];
}

/** Runs `task` for each item, at most `limit` at once; rejects with the first failure. */
async function inParallel<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await task(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
