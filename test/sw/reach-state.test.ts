/**
 * One answer to "can we reach Epos Now?": the worker keeps it from what its requests found (an
 * answer, none, a time-out, a refused token, the API limit), stores it so a restarted worker keeps
 * when the outage began, and tells every page.
 */
import { describe, expect, it } from 'vitest';
import { createClient } from '../../app/epos/client.ts';
import type { WorkerMessage } from '../../app/store/channel.ts';
import { enqueue } from '../../app/store/outbox.ts';
import { type Reach, readReach, writeReach } from '../../app/store/reach.ts';
import { createApiLimit } from '../../sw/api-limit.ts';
import { createOutboxRunner } from '../../sw/outbox/runner.ts';
import { createPullSchedule } from '../../sw/pull-schedule.ts';
import {
  CATCH_UP_AFTER_MS,
  createReachability,
  PROBE_TIMEOUT_MS,
  probeReach,
  pullsToCatchUp,
  reporting,
} from '../../sw/reachability.ts';
import { inProcessFetch } from '../standin/in-process.ts';
import { createStandin } from '../standin/standin.ts';
import { freshDb } from '../store/fixture.ts';

const BASE = 'http://standin.test';

/** A fetch that never answers, as a dead uplink behind live Wi-Fi; it gives up only when aborted. */
function blackHole(_input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });
}

async function tracked(startAt = 1_000) {
  const db = await freshDb();
  let time = startAt;
  const messages: WorkerMessage[] = [];
  const backs: Reach[] = [];
  const make = () =>
    createReachability((from) => backs.push(from), {
      now: () => time,
      load: () => readReach(db),
      store: (reach) => writeReach(db, reach),
      broadcast: (message) => messages.push(message),
    });
  return { db, make, messages, backs, setTime: (ms: number) => (time = ms) };
}

describe('the reach state', () => {
  it('an outage is unreachable from its first failed request, stored and told once, and keeps its start', async () => {
    const { db, make, messages, setTime } = await tracked();
    const reach = make();
    await reach.ready;
    reach.report({ type: 'failed' });
    setTime(5_000);
    reach.report({ type: 'timed-out' });
    reach.report(false);
    expect(reach.current()).toEqual({ state: 'unreachable', since: 1_000 });
    expect(reach.unreachable).toBe(true);
    expect(messages).toEqual([{ type: 'reach', reach: { state: 'unreachable', since: 1_000 } }]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await readReach(db)).toEqual({ state: 'unreachable', since: 1_000 });
  });

  it('a worker started again during an outage keeps when it began', async () => {
    const { make, setTime } = await tracked();
    const first = make();
    await first.ready;
    first.report({ type: 'failed' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    setTime(90_000);
    const restarted = make();
    await restarted.ready;
    expect(restarted.current()).toEqual({ state: 'unreachable', since: 1_000 });
    restarted.report({ type: 'failed' });
    expect(restarted.current()?.since).toBe(1_000);
  });

  it('the first answer after an outage makes it reachable, with when it answered, and starts one catch-up', async () => {
    const { make, messages, backs, setTime } = await tracked();
    const reach = make();
    reach.report(true);
    expect(backs).toEqual([]);
    setTime(2_000);
    reach.report({ type: 'failed' });
    setTime(3_000);
    reach.report({ type: 'answered' });
    reach.report({ type: 'answered' });
    expect(backs).toEqual([{ state: 'unreachable', since: 2_000, lastAnsweredAt: 1_000 }]);
    expect(reach.current()).toEqual({ state: 'reachable', since: 3_000, lastAnsweredAt: 3_000 });
    expect(messages.map((m) => m.type === 'reach' && m.reach.state)).toEqual(['reachable', 'unreachable', 'reachable']);
  });

  it('a refused token and the API limit are states of their own, the limit with its time', async () => {
    const { make, messages } = await tracked();
    const reach = make();
    reach.report({ type: 'refused' });
    expect(reach.current()).toMatchObject({ state: 'refused', since: 1_000 });
    expect(reach.unreachable).toBe(false);
    reach.report({ type: 'limited', until: 60_000 });
    reach.report({ type: 'limited', until: 90_000 });
    expect(reach.current()).toMatchObject({ state: 'limited', since: 1_000, until: 90_000 });
    // A later limit is news to the pages (the time they show), the same one is not.
    reach.report({ type: 'limited', until: 90_000 });
    expect(messages.map((m) => m.type === 'reach' && m.reach.until)).toEqual([undefined, 60_000, 90_000]);
  });
});

describe('what requests report', () => {
  it('a probe that times out counts as unreachable at once', async () => {
    const { make } = await tracked();
    const reach = make();
    const client = createClient({ baseUrl: BASE, token: 'dG9rZW4=', fetch: blackHole, timeoutMs: 20 });
    expect(await probeReach(client, reach)).toBe(false);
    expect(reach.current()?.state).toBe('unreachable');
  });

  it('a probe gives up after its own short limit, well before the client\u2019s 15 s for a write', async () => {
    const { make } = await tracked();
    const reach = make();
    const client = createClient({ baseUrl: BASE, token: 'dG9rZW4=', fetch: blackHole });
    const started = Date.now();
    expect(await probeReach(client, reach, 50)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(reach.current()?.state).toBe('unreachable');
    expect(PROBE_TIMEOUT_MS).toBeLessThanOrEqual(5_000);
  });

  it('a probe refused by the token says refused, not reachable', async () => {
    const { make } = await tracked();
    const reach = make();
    const standin = createStandin({ products: 10 });
    const client = createClient({ baseUrl: BASE, token: 'd3Jvbmc6dG9rZW4=', fetch: inProcessFetch(standin) });
    expect(await probeReach(client, reach)).toBe(true);
    expect(reach.current()?.state).toBe('refused');
  });

  it('a page GET with no answer in its time counts as unreachable then, while the request still hangs', async () => {
    const { make } = await tracked();
    const reach = make();
    const fetch = reporting((request) => blackHole(request, { signal: request.signal }), reach, 20);
    void fetch(new Request(`${BASE}/api/V2/Product?page=1`));
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(reach.current()?.state).toBe('unreachable');
  });

  it('a page GET answered 401 says refused; one answered with the API limit says nothing of reach', async () => {
    const { make } = await tracked();
    const reach = make();
    const standin = createStandin({ products: 10 });
    const fetch = reporting(inProcessFetch(standin), reach);
    await fetch(new Request(`${BASE}/api/V2/Product?page=1`));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reach.current()?.state).toBe('refused');
    standin.faults.add({ type: 'rate-limit', status: 403 });
    reach.report(true);
    await fetch(new Request(`${BASE}/api/V2/Product?page=1`, { headers: { Authorization: `Basic ${standin.token}` } }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reach.current()?.state).toBe('reachable');
  });
});

describe('the worker\u2019s own requests', () => {
  it('the API limit met by a pull or a send makes the state limited until its time', async () => {
    const { db, make } = await tracked();
    const reach = make();
    const apiLimit = createApiLimit({ db: async () => db, now: () => 1_000, broadcast: () => undefined, reach });
    await apiLimit.reached(60_000);
    expect(reach.current()).toMatchObject({ state: 'limited', since: 1_000, until: 61_000 });
  });

  it('a pull whose requests time out makes Epos Now unreachable, not reachable', async () => {
    const { db, make } = await tracked();
    const reach = make();
    const client = createClient({ baseUrl: BASE, token: 'dG9rZW4=', fetch: blackHole, timeoutMs: 20 });
    const scheduler = createPullSchedule({
      pullDeps: async () => ({ db, client }),
      broadcast: () => undefined,
      now: Date.now,
      setTimer: () => undefined,
      clearTimer: () => undefined,
      random: () => 0.5,
      withLock: (_name, task) => task(),
      apiLimit: createApiLimit({ db: async () => db, now: Date.now, broadcast: () => undefined }),
      reach,
    });
    await scheduler.pullNow();
    expect(reach.current()?.state).toBe('unreachable');
  });

  it('a send refused for the token makes the state refused', async () => {
    const { db, make } = await tracked();
    const reach = make();
    const standin = createStandin({ products: 10 });
    const client = createClient({ baseUrl: BASE, token: 'd3Jvbmc6dG9rZW4=', fetch: inProcessFetch(standin) });
    const runner = createOutboxRunner({
      replayDeps: async () => ({ db, client, now: Date.now, random: () => 0.5 }),
      broadcast: () => undefined,
      setTimer: () => undefined,
      clearTimer: () => undefined,
      withLock: (_name, task) => task(),
      exclusive: true,
      apiLimit: createApiLimit({ db: async () => db, now: Date.now, broadcast: () => undefined }),
      reach,
    });
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Rita' } }, 1);
    expect((await runner.run())?.paused).toBe(true);
    expect(reach.current()?.state).toBe('refused');
  });
});

describe('the catch-up pull after a return', () => {
  it('follows an outage long enough to have missed changes, a refusal or a limit, not a moment past a GET\u2019s time limit', () => {
    // A page's GET past its 4 s on a slow line, answered by the next pull: pulling again would
    // bring the settings GET that every pull brings, past its 4 s again, and so on without end.
    expect(pullsToCatchUp({ state: 'unreachable', since: 1_000 }, 1_000 + 5_000)).toBe(false);
    expect(pullsToCatchUp({ state: 'unreachable', since: 1_000 }, 1_000 + CATCH_UP_AFTER_MS)).toBe(true);
    expect(pullsToCatchUp({ state: 'refused', since: 1_000 }, 1_001)).toBe(true);
    expect(pullsToCatchUp({ state: 'limited', since: 1_000, until: 2_000 }, 1_001)).toBe(true);
    expect(CATCH_UP_AFTER_MS).toBeLessThanOrEqual(60_000);
  });
});
