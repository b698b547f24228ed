import { describe, expect, it } from 'vitest';
import { createClient } from '../../../app/epos/client.ts';
import { readApiLimit } from '../../../app/store/api-limit.ts';
import type { WorkerMessage } from '../../../app/store/channel.ts';
import { enqueue } from '../../../app/store/outbox.ts';
import { createApiLimit } from '../../../sw/api-limit.ts';
import { recoveryDelay } from '../../../sw/outbox/recovery.ts';
import { createOutboxRunner } from '../../../sw/outbox/runner.ts';
import { createPullSchedule } from '../../../sw/pull-schedule.ts';
import { createReachability } from '../../../sw/reachability.ts';
import { inProcessFetch } from '../../standin/in-process.ts';
import { freshDb, standinClient } from '../../store/fixture.ts';

describe('outbox runner', () => {
  it('replays once at a time, runs again for writes queued meanwhile, and tells the pages', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient();
    standin.faults.add({ type: 'latency', ms: 5 });
    const messages: WorkerMessage[] = [];
    const locks: string[] = [];
    const runner = createOutboxRunner({
      replayDeps: async () => ({ db, client, now: Date.now, random: () => 0.5 }),
      broadcast: (m) => messages.push(m),
      setTimer: () => undefined,
      clearTimer: () => undefined,
      withLock: async (name, task) => {
        locks.push(name);
        return task();
      },
      exclusive: true,
      apiLimit: createApiLimit({ db: async () => db, now: Date.now, broadcast: () => undefined }),
    });
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'One' } }, 1);
    const first = runner.run();
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Two' } }, 2);
    const second = runner.run();
    expect(second).toBe(first);
    await first;
    expect(await db.count('outbox')).toBe(0);
    expect(standin.log.filter((e) => e.method === 'POST')).toHaveLength(2);
    expect(messages.filter((m) => m.type === 'write-landed')).toHaveLength(2);
    expect(messages.some((m) => m.type === 'outbox-changed')).toBe(true);
    expect(locks.every((name) => name === 'epos-till-outbox-replay')).toBe(true);
  });

  it('schedules itself for the end of a backoff, and while paused for a token only the token probe', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient();
    const timers: number[] = [];
    const runner = createOutboxRunner({
      replayDeps: async () => ({ db, client, now: Date.now, random: () => 0.5, retryBaseMs: 1_000 }),
      broadcast: () => undefined,
      setTimer: (_run, ms) => timers.push(ms),
      clearTimer: () => undefined,
      withLock: (_name, task) => task(),
      exclusive: false,
      apiLimit: createApiLimit({ db: async () => db, now: Date.now, broadcast: () => undefined }),
    });
    standin.faults.add({ type: 'status', status: 503, times: 1 });
    await enqueue(db, { op: 'update', kind: 'Product', id: 1, body: { Name: 'x' } }, 1);
    await runner.run();
    expect(timers).toHaveLength(1);
    expect(timers[0]).toBeGreaterThan(0);
    expect(timers[0]).toBeLessThanOrEqual(1_000);

    standin.faults.add({ type: 'status', status: 401 });
    await db.getAll('outbox').then(async ([e]) => db.put('outbox', { ...e!, notBefore: 0 }));
    await runner.run();
    expect(timers).toEqual([timers[0], recoveryDelay(1)]);
    expect((await runner.run())?.paused).toBe(true);
  });
});

describe('outbox runner during an outage', () => {
  it('probes again after 5 s, then less and less often, while the API cannot be reached', async () => {
    const db = await freshDb();
    const { standin } = standinClient();
    const client = createClient({
      baseUrl: 'http://standin.test',
      token: standin.token,
      fetch: () =>
        Promise.reject(
          new TypeError('fetch failed', { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) }),
        ),
    });
    const timers: number[] = [];
    const runner = createOutboxRunner({
      replayDeps: async () => ({ db, client, now: Date.now, random: () => 0.5 }),
      broadcast: () => undefined,
      setTimer: (_run, ms) => timers.push(ms),
      clearTimer: () => undefined,
      withLock: (_name, task) => task(),
      exclusive: true,
      apiLimit: createApiLimit({ db: async () => db, now: Date.now, broadcast: () => undefined }),
    });
    await enqueue(db, { op: 'update', kind: 'Product', id: 1, body: { Name: 'x' } }, 1);
    for (let i = 0; i < 3; i++) expect((await runner.run())?.offline).toBe(true);
    expect(timers).toEqual([recoveryDelay(1), recoveryDelay(2), recoveryDelay(3)]);
  });
});

describe('outbox runner as the connection comes back', () => {
  /**
   * A runner whose link can be down while the page thinks it is up: a failure with no code, which
   * for a send may have reached the server (what a page hears as 'online' while its worker still
   * cannot fetch, a reconnect still settling).
   */
  async function settlingLink(linkUp: boolean) {
    const db = await freshDb();
    const { standin } = standinClient();
    const answering = inProcessFetch(standin);
    const link = { up: linkUp };
    const client = createClient({
      baseUrl: 'http://standin.test',
      token: standin.token,
      fetch: (input, init) => (link.up ? answering(input, init) : Promise.reject(new TypeError('Failed to fetch'))),
    });
    const reach = createReachability(() => undefined);
    const timers: number[] = [];
    const runner = createOutboxRunner({
      replayDeps: async () => ({ db, client, now: Date.now, random: () => 0.5 }),
      broadcast: () => undefined,
      setTimer: (_run, ms) => timers.push(ms),
      clearTimer: () => undefined,
      withLock: (_name, task) => task(),
      exclusive: true,
      apiLimit: createApiLimit({ db: async () => db, now: Date.now, broadcast: () => undefined }),
      reach,
    });
    const asked = () => standin.log.map((e) => `${e.method} ${e.path.replace(/\?.*/, '')}`);
    return { db, standin, link, reach, timers, runner, asked };
  }

  it('after failures to reach the API asks once before sending: a link that says it is up but passes nothing costs no write an attempt', async () => {
    const { db, link, reach, timers, runner, asked } = await settlingLink(false);
    reach.report(false);
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Ada' } }, 1);

    expect(await runner.run()).toMatchObject({ sent: 0, offline: true });
    // Sent, it would now wait to be looked for on the server (and be held where the kind lists nothing).
    expect((await db.getAll('outbox')).map((e) => [e.state, e.attempts])).toEqual([['pending', 0]]);
    expect(timers).toEqual([recoveryDelay(1)]);
    expect(reach.unreachable).toBe(true);

    link.up = true;
    expect(await runner.run()).toMatchObject({ sent: 1, done: 1, offline: false });
    // The one small GET, then the write (then the landed create's own twin check).
    expect(asked().slice(0, 2)).toEqual(['GET /api/V2/TenderType/', 'POST /api/V2/Customer']);
    expect(reach.unreachable).toBe(false);
    // Reached, the next pass asks nothing first.
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Bea' } }, 2);
    await runner.run();
    expect(asked().filter((line) => line.startsWith('GET /api/V2/TenderType'))).toHaveLength(1);
    expect(asked().filter((line) => line === 'POST /api/V2/Customer')).toHaveLength(2);
  });

  it('a send that got no answer does not count as reaching the API: the next pass asks first', async () => {
    const { db, standin, link, reach, runner, asked } = await settlingLink(true);
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Eve' } }, 1);
    link.up = false;
    // Maybe sent (the create will be looked for before any resend), but nothing answered.
    expect(await runner.run()).toMatchObject({ sent: 1, done: 0, offline: false, unanswered: true });
    expect(reach.unreachable).toBe(true);
    expect(standin.log).toEqual([]);
    link.up = true;
    await db.getAll('outbox').then(async ([e]) => db.put('outbox', { ...e!, notBefore: 0 }));
    await runner.run();
    // The small GET first, then the look for the create that may have landed.
    expect(asked().slice(0, 2)).toEqual(['GET /api/V2/TenderType/', 'GET /api/V2/Customer/']);
    expect(reach.unreachable).toBe(false);
  });
});

describe("outbox runner and Epos Now's API limit", () => {
  it('a limit met by a write stops the pass, waits for Retry-After, and holds the pull back too', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient();
    let now = 1_000_000;
    const timers: number[] = [];
    const messages: WorkerMessage[] = [];
    const apiLimit = createApiLimit({ db: async () => db, now: () => now, broadcast: (m) => messages.push(m) });
    const runner = createOutboxRunner({
      replayDeps: async () => ({ db, client, now: () => now, random: () => 0.5 }),
      broadcast: () => undefined,
      setTimer: (_run, ms) => timers.push(ms),
      clearTimer: () => undefined,
      withLock: (_name, task) => task(),
      exclusive: true,
      apiLimit,
    });
    standin.faults.add({ type: 'rate-limit', status: 200, form: 'text', retryAfter: 90, times: 1 });
    for (let i = 1; i <= 3; i++)
      await enqueue(db, { op: 'update', kind: 'Product', id: i, body: { Name: `x${i}` } }, i);

    const report = await runner.run();
    // One request: the other two entries were not sent into the same refusal.
    expect(report).toMatchObject({ sent: 1, done: 0, limited: { retryAfterMs: 90_000 } });
    expect(standin.log).toHaveLength(1);
    expect(timers).toEqual([90_000]);
    const entries = await db.getAll('outbox');
    expect(entries.map((e) => e.state)).toEqual(['pending', 'pending', 'pending']);
    expect(entries[0]?.error?.code).toBe('rate-limit');
    expect(await readApiLimit(db)).toMatchObject({ until: 1_090_000 });

    // The pull honours the same wait: nothing is asked of Epos Now before it ends.
    const pulls = createPullSchedule({
      pullDeps: async () => ({ db, client, now: () => now }),
      broadcast: () => undefined,
      now: () => now,
      setTimer: (_run, ms) => timers.push(ms),
      clearTimer: () => undefined,
      random: () => 0.5,
      withLock: (_name, task) => task(),
      apiLimit,
    });
    now += 30_000;
    expect(await pulls.pullNow()).toEqual([]);
    expect(await runner.run()).toBeUndefined();
    expect(standin.log).toHaveLength(1);
    expect(timers.slice(1)).toEqual([60_000, 60_000]);

    now += 60_000;
    expect(await runner.run()).toMatchObject({ sent: 3, done: 3 });
    expect(await readApiLimit(db)).toBeUndefined();
    expect(messages).toEqual([
      { type: 'api-limit', until: 1_090_000 },
      { type: 'api-limit', until: 0 },
    ]);
  });
});
