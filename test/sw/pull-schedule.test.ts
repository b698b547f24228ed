import { describe, expect, it } from 'vitest';
import { readApiLimit } from '../../app/store/api-limit.ts';
import { readAll, readMeta } from '../../app/store/catalog.ts';
import type { WorkerMessage } from '../../app/store/channel.ts';
import { createApiLimit } from '../../sw/api-limit.ts';
import { createPullSchedule, FIRST_RETRY_MS, MAX_RETRY_MS, type PullScheduleDeps } from '../../sw/pull-schedule.ts';
import { freshDb, standinClient } from '../store/fixture.ts';

async function setup(products = 450, random = 0.5) {
  const db = await freshDb();
  const { standin, client } = standinClient({ products });
  const messages: WorkerMessage[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  let now = 1_000_000;
  const locks: string[] = [];
  const deps: PullScheduleDeps = {
    pullDeps: async () => ({ db, client, now: () => now }),
    broadcast: (m) => messages.push(m),
    now: () => now,
    setTimer: (run, ms) => {
      const timer = { run, ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      const index = timers.indexOf(timer as (typeof timers)[number]);
      if (index >= 0) timers.splice(index, 1);
    },
    random: () => random,
    withLock: async (name, task) => {
      locks.push(name);
      return task();
    },
    apiLimit: createApiLimit({ db: async () => db, now: () => now, broadcast: (m) => messages.push(m) }),
  };
  return {
    db,
    standin,
    messages,
    timers,
    locks,
    scheduler: createPullSchedule(deps),
    advance: (ms: number) => (now += ms),
  };
}

describe('sync scheduler', () => {
  it('refreshes big kinds by sample, walks them all for a person, and tells the pages either way', async () => {
    const { standin, scheduler, messages, advance } = await setup(5_000);
    await scheduler.pullNow();
    const hot = standin.records('Product')[20 * 200]?.ProductID as number;
    advance(15 * 60_000);
    messages.length = 0;
    const before = standin.log.length;
    // The page's minute check brings the hot ids; a refresh reads their page (21) beside the window.
    await scheduler.pullIfStale(15 * 60_000, [hot]);
    const products = () => standin.log.slice(before).filter((e) => e.path.startsWith('/api/V2/Product?'));
    expect(products().map((e) => e.path)).toContain('/api/V2/Product?page=21');
    expect(products()).toHaveLength(16 + 3);
    // Nothing changed: no kind to re-read, but the pages hear that the catalog was checked.
    expect(messages.filter((m) => m.type === 'catalog-changed')).toEqual([
      {
        type: 'catalog-changed',
        kinds: ['TenderType', 'DiscountReason', 'SeatingTable', 'ProductLocationAreaPrice'],
        pull: 1_000_000 + 15 * 60_000,
      },
    ]);

    // "Sync now" during a refresh: the walk of every page follows it. Page 12 is outside the
    // second refresh's window (17-25, then 1-7): only a walk asks for it.
    const mark = standin.log.length;
    await Promise.all([scheduler.pullNow(), scheduler.pullNow(true)]);
    expect(standin.log.slice(mark).filter((e) => e.path === '/api/V2/Product?page=12')).toHaveLength(1);
  });

  it('shares one pull between callers that arrive while it runs, under the pull lock', async () => {
    const { standin, scheduler, locks } = await setup();
    const [a, b] = await Promise.all([scheduler.pullNow(), scheduler.pullNow()]);
    expect(a).toBe(b);
    // One walk: the first page asked for once (pages in flight may overshoot the end by design).
    expect(standin.log.filter((e) => e.path === '/api/V2/Product?page=1')).toHaveLength(1);
    expect(locks).toEqual(['epos-till-catalog-pull']);
    expect(scheduler.running).toBe(false);
  });

  it('broadcasts progress and a change notice per completed kind', async () => {
    const { scheduler, messages } = await setup();
    await scheduler.pullNow();
    expect(
      messages.filter((m) => m.type === 'pull-progress' && m.state === 'done').map((m) => (m as { kind: string }).kind),
    ).toEqual(['TenderType', 'DiscountReason', 'SeatingTable', 'ProductLocationAreaPrice', 'Product']);
    // Which pull it was: when it started, the same for every page that hears it.
    expect(messages.at(-1)).toEqual({
      type: 'catalog-changed',
      kinds: ['TenderType', 'DiscountReason', 'SeatingTable', 'ProductLocationAreaPrice', 'Product'],
      pull: 1_000_000,
    });
  });

  it('pulls when stale or never pulled, not otherwise', async () => {
    const { standin, scheduler, advance } = await setup();
    expect((await scheduler.pullIfStale(60_000)).length).toBe(5);
    const requests = standin.log.length;
    advance(30_000);
    expect(await scheduler.pullIfStale(60_000)).toEqual([]);
    expect(standin.log.length).toBe(requests);
    advance(31_000);
    expect((await scheduler.pullIfStale(60_000)).length).toBe(5);
  });

  it('a till whose catalog predates the area prices pulls at its next check, however fresh the rest', async () => {
    const { standin, scheduler, advance, db } = await setup();
    await scheduler.pullNow();
    // A database from before the kind was cached: no state for it, no pages.
    await db.delete('meta', 'ProductLocationAreaPrice');
    await db.delete('pages', IDBKeyRange.bound(['ProductLocationAreaPrice'], ['ProductLocationAreaPrice', []]));
    advance(60_000);
    const outcomes = await scheduler.pullIfStale(15 * 60_000);
    expect(outcomes.find((o) => o.kind === 'ProductLocationAreaPrice')).toMatchObject({ ok: true });
    expect(await readAll(db, 'ProductLocationAreaPrice')).toEqual(standin.records('ProductLocationAreaPrice'));
  });

  it('spreads tills that pulled together over the last tenth of the interval, never past it', async () => {
    const interval = 15 * 60_000;
    // random() 0: stale at the interval, as before; 0.99: about 90 s early; none later.
    for (const [random, staleAfter] of [
      [0, interval],
      [0.5, interval * 0.95],
      [0.99, Math.ceil(interval * 0.901)],
    ] as const) {
      const { scheduler, advance } = await setup(20, random);
      await scheduler.pullNow();
      advance(staleAfter - 1);
      expect(await scheduler.pullIfStale(interval), `random ${random}`).toEqual([]);
      advance(1);
      expect((await scheduler.pullIfStale(interval)).length, `random ${random}`).toBe(5);
    }
  });

  it('pulls when the last attempt failed, however fresh the snapshot: a worker that stopped during an outage catches up when it starts again', async () => {
    const { standin, scheduler, advance, db } = await setup();
    await scheduler.pullNow();
    // The outage: a pull that gets no answer. What a new worker knows of it is what was stored.
    advance(1_000);
    standin.faults.add({ type: 'drop-before-apply' });
    await scheduler.pullNow();
    expect((await readMeta(db)).every((m) => m.lastError !== null)).toBe(true);
    standin.faults.clear();
    // Not at every minute's check: a kind that keeps failing would be walked each time.
    advance(60_000);
    expect(await scheduler.pullIfStale(15 * 60_000)).toEqual([]);
    // Still inside the refresh interval, past the longest retry wait: only the failed attempt
    // says the snapshot may be missing changes.
    advance(MAX_RETRY_MS);
    expect((await scheduler.pullIfStale(15 * 60_000)).filter((o) => o.ok)).toHaveLength(5);
    expect(await scheduler.pullIfStale(15 * 60_000)).toEqual([]);
  });

  it('retries a failed pull with growing, jittered delays, and stops retrying once it succeeds', async () => {
    const { standin, scheduler, timers } = await setup();
    standin.faults.add({ match: { path: '/api/V2/Product?page=2' }, type: 'status', status: 500 });
    const outcomes = await scheduler.pullNow();
    expect(outcomes.find((o) => o.kind === 'Product')?.ok).toBe(false);
    expect(timers.map((t) => t.ms)).toEqual([FIRST_RETRY_MS]);
    timers.shift()?.run();
    await new Promise((resolve) => setTimeout(resolve, 50));
    while (scheduler.running) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(timers.map((t) => t.ms)).toEqual([FIRST_RETRY_MS * 2]);
    standin.faults.clear();
    await scheduler.pullNow();
    expect(timers).toEqual([]);
  });

  it("applies a person's answer to a held pull under the pull lock, and tells the pages", async () => {
    const { db, standin, scheduler, messages, locks } = await setup();
    await scheduler.pullNow();
    standin.faults.add({ match: { kind: 'Product' }, type: 'empty-list' });
    const outcomes = await scheduler.pullNow();
    expect(outcomes.find((o) => o.kind === 'Product')?.held).toBe(true);
    const gen = (await db.get('meta', 'Product'))?.held?.gen as number;
    messages.length = 0;
    locks.length = 0;
    await scheduler.settleHeld('Product', gen, false);
    expect(locks).toEqual(['epos-till-catalog-pull']);
    expect(messages).toEqual([{ type: 'catalog-changed', kinds: ['Product'] }]);
    expect(await db.get('meta', 'Product')).toMatchObject({ count: 450, held: null });
    // Settled already: nothing more to tell.
    messages.length = 0;
    await scheduler.settleHeld('Product', gen, true);
    expect(messages).toEqual([]);
    expect(await db.get('meta', 'Product')).toMatchObject({ count: 450 });
  });

  it("waits out Epos Now's API limit, whatever its status, for its Retry-After instead of the 5 s retry, asking nothing more meanwhile", async () => {
    const { db, standin, scheduler, timers, messages, advance } = await setup();
    standin.faults.add({ type: 'rate-limit', status: 403, form: 'text', retryAfter: 120 });
    const outcomes = await scheduler.pullNow();
    // One request (the first kind's page 1): no other page, no other kind.
    expect(standin.log).toHaveLength(1);
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ ok: false, limited: { retryAfterMs: 120_000 } });
    expect(timers.map((t) => t.ms)).toEqual([120_000]);
    expect(await readApiLimit(db)).toEqual({ kind: 'api-limit', until: 1_120_000, hits: 1 });
    expect(messages).toContainEqual({ type: 'api-limit', until: 1_120_000 });
    // Not a refused token: the stored error says what it was.
    expect((await db.get('meta', 'TenderType'))?.lastError).toMatch(/HTTP 403: API Limit Exceeded/);

    // Asked again before then (a page's Sync now, a stale check): nothing is sent.
    advance(60_000);
    expect(await scheduler.pullNow()).toEqual([]);
    expect(await scheduler.pullIfStale(1)).toEqual([]);
    expect(standin.log).toHaveLength(1);
    expect(timers.map((t) => t.ms)).toEqual([60_000]);

    advance(60_000);
    standin.faults.clear();
    timers.shift()?.run();
    while (scheduler.running) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await readApiLimit(db)).toBeUndefined();
    expect(messages).toContainEqual({ type: 'api-limit', until: 0 });
    expect(timers).toEqual([]);
  });

  it('does nothing before the till has a context', async () => {
    const { scheduler } = await setup();
    const bare = createPullSchedule({ ...({} as PullScheduleDeps), random: () => 0, pullDeps: async () => undefined });
    expect(await bare.pullNow()).toEqual([]);
    expect(scheduler.running).toBe(false);
  });
});
