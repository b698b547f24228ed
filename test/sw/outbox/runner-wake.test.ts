/**
 * The runner while Epos Now cannot be reached or refuses the token (issue 25, item 3): it tries
 * again on the capped recovery schedule, and a wake-up (a page's timer, a tap, Background Sync)
 * runs a try only when that schedule allows, however many pages send one.
 */
import { describe, expect, it } from 'vitest';
import { createClient } from '../../../app/epos/client.ts';
import { enqueue } from '../../../app/store/outbox.ts';
import { createApiLimit } from '../../../sw/api-limit.ts';
import { recoveryDelay } from '../../../sw/outbox/recovery.ts';
import { createOutboxRunner } from '../../../sw/outbox/runner.ts';
import { createReachability } from '../../../sw/reachability.ts';
import { inProcessFetch } from '../../standin/in-process.ts';
import { freshDb, standinClient } from '../../store/fixture.ts';

/** A runner over a link that can be cut, with its clock and timers in the test's hands. */
async function till() {
  const db = await freshDb();
  const { standin } = standinClient();
  const answering = inProcessFetch(standin);
  const link = { up: true };
  const client = createClient({
    baseUrl: 'http://standin.test',
    token: standin.token,
    // The uplink dead behind live Wi-Fi: a reset, no answer.
    fetch: (input, init) => (link.up ? answering(input, init) : Promise.reject(new TypeError('Failed to fetch'))),
  });
  const clock = { now: 1_000_000 };
  const timers: { run: () => void; ms: number }[] = [];
  /** A worker as it starts: nothing in memory of the outage. */
  const start = () => {
    const reach = createReachability(() => undefined);
    const runner = createOutboxRunner({
      replayDeps: async () => ({ db, client, now: () => clock.now, random: () => 0.5 }),
      broadcast: () => undefined,
      setTimer: (run, ms) => timers.push({ run, ms }),
      clearTimer: () => undefined,
      withLock: (_name, task) => task(),
      exclusive: true,
      apiLimit: createApiLimit({ db: async () => db, now: () => clock.now, broadcast: () => undefined }),
      reach,
      now: () => clock.now,
    });
    return { reach, runner };
  };
  return { db, standin, link, clock, timers, start, ...start() };
}

describe('the runner during an outage', () => {
  it('tries again after 5 s, 10 s, then every 20 s, not 15 s doubling to 5 minutes', async () => {
    const { db, link, timers, runner, reach } = await till();
    link.up = false;
    reach.report(false);
    await enqueue(db, { op: 'update', kind: 'Product', id: 1, body: { Name: 'x' } }, 1);
    for (let i = 0; i < 6; i++) expect((await runner.run())?.offline).toBe(true);
    expect(timers.map((t) => t.ms)).toEqual([5_000, 10_000, 20_000, 20_000, 20_000, 20_000]);
  });

  it('ignores wake-ups inside the back-off: ten pages waking it at once cost no request', async () => {
    const { db, standin, link, clock, runner, reach } = await till();
    await enqueue(db, { op: 'update', kind: 'Product', id: 1, body: { Name: 'Waited' } }, 1);
    link.up = false;
    reach.report(false);
    expect((await runner.run())?.offline).toBe(true);
    link.up = true;
    clock.now += recoveryDelay(1) - 1;
    const reports = await Promise.all(Array.from({ length: 10 }, () => runner.wake()));
    expect(reports.every((report) => report === undefined)).toBe(true);
    expect(standin.log).toEqual([]);
    expect(await db.count('outbox')).toBe(1);
  });

  it('a wake-up once the back-off has ended is one try: the link back, the write lands', async () => {
    const { db, standin, link, clock, runner, reach } = await till();
    await enqueue(db, { op: 'update', kind: 'Product', id: 1, body: { Name: 'Waited' } }, 1);
    link.up = false;
    reach.report(false);
    await runner.run();
    clock.now += recoveryDelay(1);
    // Still down: one GET, and the next try waits longer.
    expect((await Promise.all([runner.wake(), runner.wake(), runner.wake()]))[0]?.offline).toBe(true);
    clock.now += recoveryDelay(2) - 1;
    expect(await runner.wake()).toBeUndefined();
    clock.now += 1;
    link.up = true;
    expect(await runner.wake()).toMatchObject({ sent: 1, done: 1 });
    expect(standin.record('Product', 1)?.Name).toBe('Waited');
    expect(reach.unreachable).toBe(false);
  });

  it('a restarted worker whose first pass only looks for a create, unanswered, counts Epos Now unreachable and tries on the schedule', async () => {
    const { db, standin, link, clock, timers, runner, start } = await till();
    link.up = false;
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Rita', Surname: 'Outage' } }, 1);
    // Sent, no answer: it may have landed, so it waits 20 s to be looked for.
    expect(await runner.run()).toMatchObject({ sent: 1, unanswered: true });
    clock.now += 20_000;
    const restarted = start();
    expect(restarted.reach.unreachable).toBe(false);
    timers.length = 0;
    expect(await restarted.runner.wake()).toMatchObject({ sent: 0, unanswered: true });
    expect(restarted.reach.unreachable).toBe(true);
    expect(timers.map((t) => t.ms)).toEqual([5_000]);
    // Inside the back-off a wake-up asks nothing; the look's own back-off is not what decides.
    const asked = standin.log.length;
    expect(await restarted.runner.wake()).toBeUndefined();
    expect(standin.log.length).toBe(asked);
  });

  it('the link back: the write whose look failed goes at the first try that is answered, not at the end of its back-off', async () => {
    const { db, standin, link, clock, runner, start } = await till();
    // A kind that lists nothing holds a create for a person: Epos Now has customers.
    standin.put('Customer', { Forename: 'Ann', Surname: 'Before' });
    link.up = false;
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Rita', Surname: 'Outage' } }, 1);
    await runner.run();
    // Looks failed while the worker did not know Epos Now was unreachable (restarts): a back-off built up.
    for (let i = 0; i < 3; i++) {
      clock.now = (await db.getAll('outbox'))[0]!.notBefore;
      await start().runner.run();
    }
    const { notBefore, looks } = (await db.getAll('outbox'))[0]!;
    expect(looks).toBe(3);
    expect(notBefore - clock.now).toBeGreaterThan(recoveryDelay(1));
    const { runner: last } = start();
    await last.run();
    link.up = true;
    clock.now += recoveryDelay(1);
    // The look, at once; not found, the create goes again after the replayer's short wait.
    const looked = await last.wake();
    expect(looked?.nextAt).not.toBeNull();
    expect(looked!.nextAt! - clock.now).toBeLessThanOrEqual(2_000);
    clock.now = looked!.nextAt!;
    expect(await last.run()).toMatchObject({ done: 1 });
    expect(standin.records('Customer').filter((c) => c.Surname === 'Outage')).toHaveLength(1);
    expect(await db.count('outbox')).toBe(0);
  });

  it('a wake-up while nothing failed runs a pass: a worker restarted during an outage looks at once', async () => {
    const { db, standin, link, runner } = await till();
    await enqueue(db, { op: 'update', kind: 'Product', id: 1, body: { Name: 'Sent' } }, 1);
    link.up = true;
    expect(await runner.wake()).toMatchObject({ sent: 1, done: 1 });
    expect(standin.record('Product', 1)?.Name).toBe('Sent');
  });
});

describe('the runner while the token is refused', () => {
  it('probes the token after 5 s, 10 s, then every 20 s, and a wake-up in between asks nothing', async () => {
    const { db, standin, clock, timers, runner } = await till();
    standin.faults.add({ type: 'status', status: 401 });
    await enqueue(db, { op: 'update', kind: 'Product', id: 1, body: { Name: 'Waited' } }, 1);
    expect((await runner.run())?.paused).toBe(true);
    const asked = standin.log.length;
    expect(await runner.wake()).toBeUndefined();
    expect(standin.log.length).toBe(asked);
    for (let i = 1; i <= 4; i++) {
      clock.now += recoveryDelay(i);
      expect((await runner.wake())?.paused).toBe(true);
    }
    // One GET a probe.
    expect(standin.log.length).toBe(asked + 4);
    expect(timers.map((t) => t.ms)).toEqual([5_000, 10_000, 20_000, 20_000, 20_000]);
  });

  it('a token that works again resumes at the next wake-up past the back-off, with nobody typing it', async () => {
    const { db, standin, clock, runner } = await till();
    standin.faults.add({ type: 'status', status: 401 });
    await enqueue(db, { op: 'update', kind: 'Product', id: 1, body: { Name: 'Waited' } }, 1);
    await runner.run();
    standin.faults.clear();
    clock.now += recoveryDelay(1);
    await runner.wake();
    expect(await db.getAll('outbox')).toEqual([]);
    expect(standin.record('Product', 1)?.Name).toBe('Waited');
    expect((await db.get('queue', 'queue'))?.paused).toBeNull();
  });
});
