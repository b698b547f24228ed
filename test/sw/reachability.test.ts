/**
 * A reconnect is not forgotten when the page reloads: the worker itself sees its requests fail
 * and then get answers again, and catches up (a pull, the queued writes) whatever the pages do.
 * Wired as sw/sw.ts wires it, with injected clocks and a network that can be cut.
 */
import { describe, expect, it } from 'vitest';
import { createClient } from '../../app/epos/client.ts';
import { readOne } from '../../app/store/catalog.ts';
import { enqueue } from '../../app/store/outbox.ts';
import { answerApiGet } from '../../sw/api-answers.ts';
import { createApiLimit } from '../../sw/api-limit.ts';
import { routeOf } from '../../sw/api-routes.ts';
import { createOutboxRunner } from '../../sw/outbox/runner.ts';
import { createPullSchedule } from '../../sw/pull-schedule.ts';
import { createReachability, reporting } from '../../sw/reachability.ts';
import { inProcessFetch } from '../standin/in-process.ts';
import { freshDb, standinClient } from '../store/fixture.ts';

const BASE = 'http://standin.test';

async function worker() {
  const db = await freshDb();
  const { standin } = standinClient();
  let online = true;
  const network = inProcessFetch(standin);
  const fetch = (request: Request): Promise<Response> =>
    online
      ? network(request)
      : Promise.reject(
          new TypeError('fetch failed', { cause: Object.assign(new Error('offline'), { code: 'ENETUNREACH' }) }),
        );
  const client = createClient({
    baseUrl: BASE,
    token: standin.token,
    fetch: (input, init) => fetch(new Request(input, init)),
  });
  const timers: { run: () => void; ms: number }[] = [];
  const now = () => 1_000_000;
  const apiLimit = createApiLimit({ db: async () => db, now, broadcast: () => undefined });
  const catchUps: Promise<unknown>[] = [];
  const reach = createReachability(() => {
    catchUps.push(scheduler.pullNow(), runner.run());
  });
  const scheduler = createPullSchedule({
    pullDeps: async () => ({ db, client, now }),
    broadcast: () => undefined,
    now,
    setTimer: (run, ms) => timers.push({ run, ms }),
    clearTimer: () => undefined,
    random: () => 0.5,
    withLock: (_name, task) => task(),
    apiLimit,
    reach,
  });
  const runner = createOutboxRunner({
    replayDeps: async () => ({ db, client, now: Date.now, random: () => 0.5 }),
    broadcast: () => undefined,
    setTimer: () => undefined,
    clearTimer: () => undefined,
    withLock: (_name, task) => task(),
    exclusive: true,
    apiLimit,
    reach,
  });
  /** A page's API GET through the worker, as a reloaded page makes for its settings. */
  const pageGet = (path: string) => {
    const request = new Request(BASE + path, { headers: { Authorization: `Basic ${standin.token}` } });
    return answerApiGet(request, routeOf(request, `${BASE}/`)!, {
      db: async () => db,
      token: async () => standin.token,
      timeoutMs: 1_000,
      now,
      fetch: reporting(fetch, reach),
    });
  };
  return { db, standin, scheduler, runner, reach, pageGet, catchUps, setOnline: (value: boolean) => (online = value) };
}

describe('the worker catches up when Epos Now answers again', () => {
  it('a rename made during an outage is pulled as soon as a reloaded page\u2019s first API GET is answered, with no page asking', async () => {
    const { db, standin, scheduler, pageGet, catchUps, setOnline } = await worker();
    await scheduler.pullNow();
    setOnline(false);
    // During the outage the worker's own pull fails (its retry, a stale check).
    expect((await scheduler.pullNow()).every((o) => o.unreachable)).toBe(true);
    standin.put('Product', { ...standin.record('Product', 1), Name: 'Renamed during the outage' });

    setOnline(true);
    // The page reloads within its settle time: no 'pull-now' ever comes; its settings GET does.
    expect((await pageGet('/api/integration/appsettings')).status).toBeLessThan(500);
    expect(catchUps).toHaveLength(2);
    await Promise.all(catchUps);
    expect((await readOne(db, 'Product', 1))?.Name).toBe('Renamed during the outage');
  });

  it('writes that found the API unreachable go, and a pull follows, on the first answer to any request', async () => {
    const { db, standin, runner, pageGet, catchUps, setOnline } = await worker();
    setOnline(false);
    await enqueue(db, { op: 'update', kind: 'Product', id: 2, body: { Name: 'Queued offline' } }, 1);
    expect((await runner.run())?.offline).toBe(true);
    // Failing GETs of the page say the same, and start nothing.
    await pageGet('/api/V2/Product?page=1');
    expect(catchUps).toEqual([]);
    setOnline(true);
    await pageGet('/api/V2/Product?page=1');
    await Promise.all(catchUps);
    expect(standin.record('Product', 2)?.Name).toBe('Queued offline');
    expect(await db.count('outbox')).toBe(0);
    // Answers while reachable start nothing more.
    await pageGet('/api/V2/Product?page=1');
    expect(catchUps).toHaveLength(2);
  });

  it('the tracker starts a catch-up only on a return after failures', () => {
    let backs = 0;
    const reach = createReachability(() => backs++);
    reach.report(true);
    reach.report(false);
    reach.report(false);
    expect(reach.unreachable).toBe(true);
    reach.report(true);
    reach.report(true);
    expect(backs).toBe(1);
  });
});
