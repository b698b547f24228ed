import { describe, expect, it } from 'vitest';
import { createClient } from '../../app/epos/client.ts';
import type { WorkerMessage } from '../../app/store/channel.ts';
import { enqueue } from '../../app/store/outbox.ts';
import { createOutboxRunner, FIRST_PROBE_MS } from '../../sw/outbox-runner.ts';
import { freshDb, standinClient } from '../store/fixture.ts';

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

  it('schedules itself for the end of a backoff, and not while paused for a token', async () => {
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
    expect(timers).toHaveLength(1);
    expect((await runner.run())?.paused).toBe(true);
  });
});

describe('outbox runner during an outage', () => {
  it('probes again after 15 s, then less and less often, while the API cannot be reached', async () => {
    const db = await freshDb();
    const { standin } = standinClient();
    const client = createClient({
      baseUrl: 'http://standin.test',
      token: standin.token,
      fetch: () => Promise.reject(new TypeError('fetch failed', { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) })),
    });
    const timers: number[] = [];
    const runner = createOutboxRunner({
      replayDeps: async () => ({ db, client, now: Date.now, random: () => 0.5 }),
      broadcast: () => undefined,
      setTimer: (_run, ms) => timers.push(ms),
      clearTimer: () => undefined,
      withLock: (_name, task) => task(),
      exclusive: true,
    });
    await enqueue(db, { op: 'update', kind: 'Product', id: 1, body: { Name: 'x' } }, 1);
    for (let i = 0; i < 3; i++) expect((await runner.run())?.offline).toBe(true);
    expect(timers).toEqual([FIRST_PROBE_MS, FIRST_PROBE_MS * 2, FIRST_PROBE_MS * 4]);
  });
});
