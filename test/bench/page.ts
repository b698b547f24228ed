/**
 * The benchmark's page: the app's own pull, storage and search code, run in Chromium against the
 * stand-in over HTTP, with the floors and naive baselines measured beside them in the same run.
 */
import { createClient, type EposClient } from '../../app/epos/client.ts';
import { CACHED_KINDS, type CachedKind } from '../../app/epos/kinds.ts';
import type { OpenRecord, Product } from '../../app/epos/records.ts';
import { createSearchIndex, type SearchIndex } from '../../app/search/index.ts';
import { readAll } from '../../app/store/catalog.ts';
import { openTillDb, type TillDb } from '../../app/store/db.ts';
import { beginGeneration, commitGeneration, writeGeneration } from '../../app/store/snapshot.ts';
import { pullCatalog, pullKind } from '../../sw/pull.ts';
import { outboxBench } from './outbox-page.ts';

let runs = 0;
let fetched = new Map<CachedKind, OpenRecord[]>();
let index: SearchIndex | undefined;
let products: Product[] = [];

async function freshDb(): Promise<TillDb> {
  return openTillDb({ name: `bench-${Date.now()}-${++runs}` });
}

function client(token: string): EposClient {
  return createClient({ baseUrl: location.origin, token, timeoutMs: 60_000 });
}

async function timed<T>(task: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await task();
  return { ms: performance.now() - started, value };
}

const bench = {
  ...outboxBench,
  /** The app's pull of every cached kind into a fresh database. */
  async pull(token: string): Promise<{ ms: number; records: number; failed: string[] }> {
    const db = await freshDb();
    const { ms, value } = await timed(() => pullCatalog({ db, client: client(token) }));
    db.close();
    return {
      ms,
      records: value.reduce((n, o) => n + o.count, 0),
      failed: value.filter((o) => !o.ok).map((o) => `${o.kind}: ${o.error}`),
    };
  },

  /** Floor 1: every page fetched and parsed, nothing stored (same pages in flight as the pull). */
  async fetchOnly(token: string): Promise<{ ms: number; records: number }> {
    const api = client(token);
    const { ms, value } = await timed(async () => {
      const byKind = new Map<CachedKind, OpenRecord[]>();
      for (const kind of CACHED_KINDS) byKind.set(kind, await api.listAll(kind));
      return byKind;
    });
    fetched = value;
    return { ms, records: [...value.values()].reduce((n, records) => n + records.length, 0) };
  },

  /** Floor 2: the records fetched above stored in one transaction per kind (rows of 200), no network. */
  async storeOnly(): Promise<{ ms: number; records: number }> {
    const db = await freshDb();
    let count = 0;
    const { ms } = await timed(async () => {
      for (const [kind, records] of fetched) {
        count += records.length;
        const gen = await beginGeneration(db, kind);
        const pages = Array.from({ length: Math.ceil(records.length / 200) }, (_, i) => ({
          page: i + 1,
          records: records.slice(i * 200, i * 200 + 200),
        }));
        await writeGeneration(db, kind, gen, pages);
        await commitGeneration(db, kind, gen, { count: records.length, startedAt: 0, now: 0 });
      }
    });
    db.close();
    return { ms, records: count };
  },

  /** Naive baseline: one page at a time, fetch then store, a transaction per page. */
  async naive(token: string): Promise<{ ms: number; records: number }> {
    const db = await freshDb();
    const api = client(token);
    const { ms, value } = await timed(async () => {
      let count = 0;
      for (const kind of CACHED_KINDS) {
        count += (await pullKind({ db, client: api, concurrency: 1, batch: 1 }, kind)).count;
      }
      return count;
    });
    db.close();
    return { ms, records: value };
  },

  /** Reads products back from IndexedDB and builds the search index. */
  async buildIndex(token: string): Promise<{ readMs: number; buildMs: number; size: number }> {
    const db = await freshDb();
    await pullKind({ db, client: client(token) }, 'Product');
    const read = await timed(() => readAll(db, 'Product'));
    products = read.value;
    const started = performance.now();
    index = createSearchIndex(products);
    const buildMs = performance.now() - started;
    db.close();
    return { readMs: read.ms, buildMs, size: index.size };
  },

  /** Per-keystroke latency typing each query letter by letter: the index against a naive filter. */
  search(queries: string[]): { index: number[]; naive: number[]; hits: number } {
    if (!index) throw new Error('buildIndex first');
    const indexTimes: number[] = [];
    const naiveTimes: number[] = [];
    let hits = 0;
    for (const query of queries) {
      for (let i = 1; i <= query.length; i++) {
        const typed = query.slice(0, i);
        let started = performance.now();
        hits += index.search(typed).length;
        indexTimes.push(performance.now() - started);
        started = performance.now();
        const needle = typed.toLowerCase();
        products.filter((p) => String(p.Name).toLowerCase().includes(needle)).slice(0, 50);
        naiveTimes.push(performance.now() - started);
      }
    }
    return { index: indexTimes, naive: naiveTimes, hits };
  },
};

(globalThis as unknown as { bench: typeof bench }).bench = bench;
