/**
 * One pass of the outbox runner (sw/outbox/runner.ts) and what it leaves behind: what it tells
 * the reach state, the API limit and the pages, which timer it sets, and when it asks Epos Now
 * first whether it answers at all.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readApiLimit } from '../../../app/store/api-limit.ts';
import type { WorkerMessage } from '../../../app/store/channel.ts';
import type { TillDb } from '../../../app/store/db.ts';
import { enqueue } from '../../../app/store/outbox.ts';
import { pauseForAuth } from '../../../app/store/outbox-outcomes.ts';
import { createApiLimit } from '../../../sw/api-limit.ts';
import { recoveryDelay } from '../../../sw/outbox/recovery.ts';
import { createOutboxRunner, type RunnerDeps } from '../../../sw/outbox/runner.ts';
import { createReachability } from '../../../sw/reachability.ts';
import { freshDb, standinClient } from '../../store/fixture.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

async function runnerOf(options: Partial<RunnerDeps> = {}) {
  const db = await freshDb();
  const { standin, client } = standinClient();
  const timers: { run: () => void; ms: number }[] = [];
  const messages: WorkerMessage[] = [];
  const reach = createReachability(() => undefined);
  let now = Date.now();
  const apiLimit = createApiLimit({ db: async () => db, now: () => now, broadcast: (m) => messages.push(m) });
  const runner = createOutboxRunner({
    replayDeps: async () => ({ db, client, now: () => now, random: () => 0.5 }),
    broadcast: (m) => messages.push(m),
    setTimer: (run, ms) => timers.push({ run, ms }),
    clearTimer: () => undefined,
    withLock: (_name, task) => task(),
    exclusive: true,
    apiLimit,
    reach,
    ...options,
  });
  const asked = () => standin.log.map((e) => `${e.method} ${e.path.replace(/\?.*/, '')}`);
  return {
    db,
    client,
    standin,
    runner,
    reach,
    timers,
    messages,
    apiLimit,
    asked,
    now: () => now,
    setNow: (ms: number) => (now = ms),
  };
}

/** Makes the one queued entry wait out a back-off earned by a send that got no answer. */
async function waitOnOutage(db: TillDb, notBefore: number): Promise<void> {
  const [entry] = await db.getAll('outbox');
  await db.put('outbox', {
    ...entry!,
    notBefore,
    error: {
      code: 'network',
      name: 'NetworkError',
      message: 'fetch failed',
      method: 'PUT',
      path: '',
      mayHaveReached: false,
    },
  });
}

describe('a runner pass', () => {
  it('before the till has a context does nothing', async () => {
    const { runner, asked } = await runnerOf({ replayDeps: async () => undefined });
    expect(await runner.run()).toBeUndefined();
    expect(asked()).toEqual([]);
  });

  it('that lands everything sets no timer: nothing waits', async () => {
    const { db, runner, timers } = await runnerOf();
    await enqueue(db, { op: 'update', kind: 'Product', id: 1, body: { Name: 'Landed' } }, 1);
    expect(await runner.run()).toMatchObject({ sent: 1, done: 1 });
    expect(timers).toEqual([]);
  });

  it('that sends nothing says nothing of reach: a refusal heard before stands', async () => {
    const { runner, reach } = await runnerOf();
    reach.report({ type: 'refused' });
    expect(await runner.run()).toMatchObject({ sent: 0 });
    expect(reach.current()?.state).toBe('refused');
  });

  it('that lands nothing leaves the API limit\u2019s count of hits in a row: only a write that went through clears it', async () => {
    const { runner, apiLimit, messages, now, setNow, db } = await runnerOf();
    const until = await apiLimit.reached(1_000);
    setNow(until + 1);
    expect(await runner.run()).toMatchObject({ sent: 0, done: 0 });
    expect(await readApiLimit(db)).toBeDefined();
    expect(messages.filter((m) => m.type === 'api-limit')).toEqual([{ type: 'api-limit', until }]);
    await enqueue(db, { op: 'update', kind: 'Product', id: 1, body: { Name: 'Through' } }, now());
    expect(await runner.run()).toMatchObject({ done: 1 });
    expect(await readApiLimit(db)).toBeUndefined();
  });

  it('holding the replay lock takes back a claim left by a replayer that died, at once', async () => {
    const { db, runner, standin, now } = await runnerOf();
    await enqueue(db, { op: 'update', kind: 'Product', id: 1, body: { Name: 'Claimed' } }, 1);
    const [entry] = await db.getAll('outbox');
    // Claimed a moment ago by a tab that closed mid-send.
    await db.put('outbox', { ...entry!, state: 'sending', attempts: 1, updatedAt: now() });
    expect(await runner.run()).toMatchObject({ sent: 1, done: 1 });
    expect(standin.record('Product', 1)?.Name).toBe('Claimed');
  });

  it('that fails when started by its own timer is said on the console: no caller hears it', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let storage = true;
    const base = await runnerOf();
    const { runner, timers } = await runnerOf({
      replayDeps: async () => {
        if (!storage) throw new Error('storage gone');
        return { db: base.db, client: base.client, now: Date.now, random: () => 0.5 };
      },
    });
    base.standin.faults.add({ type: 'status', status: 503, times: 1 });
    await enqueue(base.db, { op: 'update', kind: 'Product', id: 1, body: { Name: 'x' } }, 1);
    // A pass that could not send sets the timer of its back-off.
    await runner.run();
    expect(timers).toHaveLength(1);
    storage = false;
    timers[0]!.run();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(errors).toHaveBeenCalledWith('Outbox replay failed:', expect.stringContaining('storage gone'));
  });
});

describe('a runner pass and a refused token', () => {
  it('a refusal just met by a send is not asked about again in the same pass', async () => {
    const { db, runner, asked, standin, timers } = await runnerOf();
    standin.faults.add({ type: 'status', status: 401 });
    await enqueue(db, { op: 'update', kind: 'Product', id: 1, body: { Name: 'Refused' } }, 1);
    expect(await runner.run()).toMatchObject({ sent: 1, paused: true });
    // An update reads the record first: the refusal met there pauses the queue, nothing is put.
    expect(asked()).toEqual(['GET /api/V2/Product/1']);
    expect(timers.map((t) => t.ms)).toEqual([recoveryDelay(1)]);
  });

  it('a queue left paused by an earlier refusal asks once whether the token is taken now, and sends in the same run', async () => {
    const { db, runner, asked, messages, timers } = await runnerOf();
    await enqueue(db, { op: 'update', kind: 'Product', id: 1, body: { Name: 'After the token' } }, 1);
    const [entry] = await db.getAll('outbox');
    await pauseForAuth(
      db,
      entry!,
      { code: 'auth', name: 'AuthError', message: '401', method: 'PUT', path: '', mayHaveReached: true },
      1,
    );
    expect(await runner.run()).toMatchObject({ sent: 1, done: 1, paused: false });
    expect(asked()).toEqual(['GET /api/V2/TenderType/', 'GET /api/V2/Product/1', 'PUT /api/V2/Product/1']);
    // The pages hear of the queue let go before the write lands.
    expect(messages.map((m) => m.type).slice(0, 2)).toEqual(['outbox-changed', 'outbox-changed']);
    expect(timers).toEqual([]);
  });
});

describe('runs that meet', () => {
  it('a write queued as a pass ends, past its last read of the queue, is sent by one more pass at once', async () => {
    const late: Promise<unknown>[] = [];
    const setup = await runnerOf();
    const apiLimit = setup.apiLimit;
    const { runner } = await runnerOf({
      replayDeps: async () => ({ db: setup.db, client: setup.client, now: Date.now, random: () => 0.5 }),
      apiLimit: {
        ...apiLimit,
        // Called once a pass has landed its writes: the replay has read the queue for the last time.
        passed: async () => {
          if (late.length === 0) {
            await enqueue(setup.db, { op: 'update', kind: 'Product', id: 2, body: { Name: 'Late' } }, 2);
            late.push(runner.run());
          }
          return apiLimit.passed();
        },
      },
    });
    await enqueue(setup.db, { op: 'update', kind: 'Product', id: 1, body: { Name: 'First' } }, 1);
    await runner.run();
    expect(setup.standin.record('Product', 2)?.Name).toBe('Late');
    expect(await setup.db.count('outbox')).toBe(0);
  });
});

describe('a runner pass and an outage', () => {
  it('a worker\u2019s first pass with nothing waiting on an outage sends at once, asking nothing first', async () => {
    const { db, runner, asked, reach } = await runnerOf();
    reach.report(true);
    await enqueue(db, { op: 'update', kind: 'Product', id: 1, body: { Name: 'Straight' } }, 1);
    await runner.run();
    expect(asked()).toEqual(['GET /api/V2/Product/1', 'PUT /api/V2/Product/1']);
  });

  it('only a worker\u2019s first pass takes a write waiting on an outage for one: later passes trust what they heard', async () => {
    const { db, runner, asked, reach, now } = await runnerOf();
    await runner.run();
    reach.report(true);
    // Queued and sent by another worker version, which found no answer: its back-off runs on.
    await enqueue(db, { op: 'update', kind: 'Product', id: 1, body: { Name: 'Later' } }, 1);
    await waitOnOutage(db, now() + 60_000);
    expect(await runner.run()).toMatchObject({ sent: 0 });
    expect(asked()).toEqual([]);
    expect(reach.current()?.state).toBe('reachable');
    expect((await db.getAll('outbox')).map((e) => e.notBefore)).toEqual([now() + 60_000]);
  });

  it('Epos Now answering again makes the writes waiting on the outage due in this pass', async () => {
    const { db, runner, asked, reach, now } = await runnerOf();
    reach.report(false);
    await enqueue(db, { op: 'update', kind: 'Product', id: 1, body: { Name: 'Back' } }, 1);
    await waitOnOutage(db, now() + 60_000);
    expect(await runner.run()).toMatchObject({ sent: 1, done: 1 });
    expect(asked()).toEqual(['GET /api/V2/TenderType/', 'GET /api/V2/Product/1', 'PUT /api/V2/Product/1']);
  });
});
