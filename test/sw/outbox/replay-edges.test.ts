/**
 * The replayer's edges that no other test pinned down (issue 17, items 3, 4, 5, 6, 8 and the
 * first half of 9): each a way a small change could lose or double a write unnoticed.
 */
import { describe, expect, it } from 'vitest';
import { createClient } from '../../../app/epos/client.ts';
import type { TillDb } from '../../../app/store/db.ts';
import { enqueue } from '../../../app/store/outbox.ts';
import { discardEntry } from '../../../app/store/outbox-admin.ts';
import { claim, recoverInterrupted } from '../../../app/store/outbox-outcomes.ts';
import type { OutboxEntry } from '../../../app/store/schema.ts';
import { type ReplayDeps, replay } from '../../../sw/outbox/replay.ts';
import { pullKind } from '../../../sw/pull.ts';
import { inProcessFetch } from '../../standin/in-process.ts';
import { createStandin, type Standin } from '../../standin/standin.ts';
import { freshDb } from '../../store/fixture.ts';
import { drain } from '../drain.ts';

/** What stands between the till and the stand-in: a proxy that may change or hold answers. */
type Proxy = (request: Request, forward: (request: Request) => Promise<Response>) => Promise<Response>;

const VERIFY_AFTER = 20_000;

async function setup(proxy: Proxy = (request, forward) => forward(request), timeoutMs?: number) {
  const db = await freshDb();
  // 201 customers: a verification's walk then ends on a short page, which it can trust.
  const standin = createStandin({ products: 450 });
  standin.put('Customer', { Forename: 'Walk-in' });
  const direct = inProcessFetch(standin);
  const fetch: typeof globalThis.fetch = (input, init) => proxy(new Request(input, init), (request) => direct(request));
  const client = createClient({
    baseUrl: 'http://standin.test',
    token: standin.token,
    fetch,
    ...(timeoutMs ? { timeoutMs } : {}),
  });
  await pullKind({ db, client }, 'Product');
  const clock = { now: Date.now() };
  const deps: ReplayDeps = {
    db,
    client,
    now: () => clock.now,
    random: () => 0.5,
    retryBaseMs: 1_000,
    maxRetryMs: 8_000,
    leaseMs: 0,
    verifyAfterMs: VERIFY_AFTER,
  };
  return { db, standin, client, deps, clock };
}

const entries = (db: TillDb): Promise<OutboxEntry[]> => db.getAll('outbox');
const sent = (standin: Standin, method: string) => standin.log.filter((e) => e.method === method).length;

describe('a create the server applied, answered with an error or not in time', () => {
  it.each([502, 504])(
    'answered %i by a gateway after the server applied it: looked for, adopted, never sent twice',
    async (status) => {
      let used = false;
      const { db, standin, deps, clock } = await setup(async (request, forward) => {
        if (used || request.method !== 'POST') return forward(request);
        used = true;
        await (await forward(request)).text();
        return new Response('Bad gateway', { status });
      });
      await enqueue(
        db,
        { op: 'create', kind: 'Customer', body: { Forename: 'Gated', Surname: String(status) } },
        clock.now,
      );
      await replay(deps);
      expect((await entries(db))[0]?.state).toBe('verify');
      await drain(deps, clock);
      expect(standin.records('Customer').filter((c) => c.Forename === 'Gated')).toHaveLength(1);
      expect(sent(standin, 'POST')).toBe(1);
      expect(await entries(db)).toEqual([]);
    },
  );

  it('answered after the client gave up (its time limit), applied: looked for, adopted, never sent twice', async () => {
    let used = false;
    const { db, standin, deps, clock } = await setup(async (request, forward) => {
      if (used || request.method !== 'POST') return forward(request);
      used = true;
      const answer = await forward(request);
      // The answer is slower than the client waits: it aborts (and, like fetch, rejects), the
      // server having applied it already.
      await answer.text();
      return new Promise<Response>((_resolve, reject) =>
        request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true }),
      );
    }, 50);
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Slow', Surname: 'Answer' } }, clock.now);
    await replay(deps);
    const [waiting] = await entries(db);
    expect(waiting?.state).toBe('verify');
    expect(waiting?.error?.code).toBe('timeout');
    await drain(deps, clock);
    expect(standin.records('Customer').filter((c) => c.Forename === 'Slow')).toHaveLength(1);
    expect(sent(standin, 'POST')).toBe(1);
  });
});

describe('answers that are not the record, and the client refusing to send', () => {
  it.each([
    ['an empty body', ''],
    ['a record without an id', JSON.stringify({ Forename: 'No id' })],
    ['an HTML page', '<!doctype html><title>Portal</title>'],
  ])('a create answered 201 with %s is looked for, not taken as landed with no id', async (_name, body) => {
    let used = false;
    const { db, standin, deps, clock } = await setup(async (request, forward) => {
      if (used || request.method !== 'POST') return forward(request);
      used = true;
      await (await forward(request)).text();
      return new Response(body, { status: 201 });
    });
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Bodiless' } }, clock.now);
    await replay(deps);
    expect((await entries(db))[0]?.state).toBe('verify');
    await drain(deps, clock);
    const made = standin.records('Customer').filter((c) => c.Forename === 'Bodiless');
    expect(made).toHaveLength(1);
    // The till's temporary id now names the server's record.
    expect((await db.getAll('aliases')).map((a) => a.id)).toEqual([made[0]!.CustomerID]);
  });

  it('an update answered 200 with an empty body is looked for, not done on faith', async () => {
    const { db, standin, deps, clock } = await setup(async (request, forward) =>
      request.method === 'PUT' ? new Response('', { status: 200 }) : forward(request),
    );
    await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'Unproven' } }, clock.now);
    await replay(deps);
    expect((await entries(db))[0]?.state).toBe('verify');
    expect(standin.record('Product', 3)?.Name).not.toBe('Unproven');
  });

  it('a write the client refuses to send (an update to a discarded create\u2019s temporary id) waits for a person and blocks nothing else', async () => {
    const { db, standin, deps, clock } = await setup();
    // A create that went out once and failed, then was discarded by a person, leaves an update
    // queued to its temporary id, which no request can carry.
    await db.add('outbox', {
      target: 'Customer',
      op: 'update',
      recordId: -7,
      body: { Surname: 'Orphan' },
      state: 'pending',
      attempts: 0,
      notBefore: 0,
      createdAt: clock.now,
      updatedAt: clock.now,
      error: null,
    } as OutboxEntry);
    await enqueue(db, { op: 'update', kind: 'Product', id: 4, body: { Name: 'Still goes' } }, clock.now);
    const report = await replay(deps);
    expect(report.offline).toBe(false);
    expect(standin.record('Product', 4)?.Name).toBe('Still goes');
    const [orphan] = await entries(db);
    expect(orphan).toMatchObject({ recordId: -7, state: 'failed' });
    expect(orphan?.error?.code).toBe('invalid-request');
    expect(standin.log.some((e) => e.path.includes('/-7'))).toBe(false);
  });
});

describe('recovery after a crash', () => {
  it('interrupted updates and deletes are sent again at once; an interrupted create is looked for only after the verify delay', async () => {
    const { db, standin, deps, clock } = await setup();
    await enqueue(db, { op: 'update', kind: 'Product', id: 5, body: { Name: 'Again' } }, clock.now);
    await enqueue(db, { op: 'delete', kind: 'Product', id: 6 }, clock.now);
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Crashed', Surname: 'Create' } }, clock.now);
    // The dying replayer claimed all three and sent none of them.
    for (const entry of await entries(db)) await claim(db, entry, clock.now);
    expect((await entries(db)).map((e) => e.state)).toEqual(['sending', 'sending', 'sending']);
    const gets = sent(standin, 'GET');

    const report = await replay(deps);
    expect(standin.record('Product', 5)?.Name).toBe('Again');
    expect(standin.record('Product', 6)).toBeUndefined();
    // The create may have reached the server: not sent again, and not looked for yet either.
    const [create] = await entries(db);
    expect(create).toMatchObject({ op: 'create', state: 'verify', notBefore: clock.now + VERIFY_AFTER });
    expect(sent(standin, 'POST')).toBe(0);
    // The one read is the update's, of its record before the PUT: no look for the create yet.
    expect(
      standin.log
        .filter((e) => e.method === 'GET')
        .slice(gets)
        .map((e) => e.path),
    ).toEqual(['/api/V2/Product/5']);
    expect(report.nextAt).toBe(clock.now + VERIFY_AFTER);

    // It never went out: the look finds nothing, and it is sent, once.
    clock.now += VERIFY_AFTER;
    await drain(deps, clock);
    expect(sent(standin, 'GET')).toBeGreaterThan(gets);
    expect(standin.records('Customer').filter((c) => c.Forename === 'Crashed')).toHaveLength(1);
    expect(await entries(db)).toEqual([]);
  });

  it('recoverInterrupted leaves a claim younger than the lease alone', async () => {
    const { db, clock } = await setup();
    await enqueue(db, { op: 'update', kind: 'Product', id: 5, body: { Name: 'Live' } }, clock.now);
    const [entry] = await entries(db);
    await claim(db, entry!, clock.now);
    expect(await recoverInterrupted(db, clock.now + 1_000, 120_000, VERIFY_AFTER)).toBe(0);
    expect((await entries(db))[0]?.state).toBe('sending');
    expect(await recoverInterrupted(db, clock.now + 120_001, 120_000, VERIFY_AFTER)).toBe(1);
    expect((await entries(db))[0]).toMatchObject({ state: 'pending', notBefore: 0 });
  });
});

describe('a verification that cannot reach the server', () => {
  it('backs off, growing, and sends nothing until it can look', async () => {
    const { db, standin, deps, clock } = await setup();
    standin.faults.add({ match: { method: 'POST' }, type: 'drop-after-apply', times: 1 });
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Unlooked' } }, clock.now);
    await replay(deps);
    expect((await entries(db))[0]?.state).toBe('verify');
    standin.faults.add({ match: { method: 'GET' }, type: 'status', status: 503 });
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      clock.now = (await entries(db))[0]!.notBefore;
      const before = sent(standin, 'GET');
      await replay(deps);
      // It did look (a GET went out), and it waits again.
      expect(sent(standin, 'GET')).toBeGreaterThan(before);
      const [entry] = await entries(db);
      expect(entry?.state).toBe('verify');
      waits.push(entry!.notBefore - clock.now);
    }
    // Each look that fails waits twice as long as the one before (retryBaseMs 1 s, one attempt made), up to maxRetryMs.
    expect(waits).toEqual([2_000, 4_000, 8_000]);
    expect(sent(standin, 'POST')).toBe(1);
    standin.faults.clear();
    clock.now = (await entries(db))[0]!.notBefore;
    await drain(deps, clock);
    expect(standin.records('Customer').filter((c) => c.Forename === 'Unlooked')).toHaveLength(1);
    expect(sent(standin, 'POST')).toBe(1);
  });
});

describe('races with a person and another tab', () => {
  it('an entry a person discards while its send is in flight does not come back', async () => {
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived: (() => void) | undefined;
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    for (const status of [503, 200]) {
      const { db, deps, clock } = await setup(async (request, forward) => {
        if (request.method !== 'PUT') return forward(request);
        arrived?.();
        await held;
        return status === 200 ? forward(request) : new Response('{"Message":"busy"}', { status });
      });
      await enqueue(db, { op: 'update', kind: 'Product', id: 6, body: { Name: 'Ghost?' } }, clock.now);
      const pass = replay(deps);
      await inFlight;
      const [entry] = await entries(db);
      await discardEntry(db, entry!.seq);
      release?.();
      await pass;
      expect(await entries(db), `answered ${status}`).toEqual([]);
    }
  });

  it('claim refuses an entry that is no longer first of its record (another tab changed the queue)', async () => {
    const { db, clock } = await setup();
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Head' } }, clock.now);
    const [head] = await entries(db);
    await db.put('outbox', { ...head!, attempts: 1 });
    const { recordId } = await enqueue(
      db,
      { op: 'update', kind: 'Customer', id: head!.recordId, body: { Surname: 'Behind' } },
      clock.now,
    );
    const behind = (await entries(db)).find((e) => e.op === 'update')!;
    expect(behind.recordId).toBe(recordId);
    expect(await claim(db, behind, clock.now)).toBeUndefined();
    expect((await db.get('outbox', behind.seq))?.state).toBe('pending');
    expect(await claim(db, head!, clock.now)).toMatchObject({ seq: head!.seq, state: 'sending' });
  });
});

describe('the retry delay', () => {
  it('doubles with each attempt from retryBaseMs, with the jitter the random source gives, up to maxRetryMs', async () => {
    const { db, standin, deps, clock } = await setup();
    standin.faults.add({ match: { method: 'PUT' }, type: 'status', status: 500 });
    await enqueue(db, { op: 'update', kind: 'Product', id: 7, body: { Name: 'Later' } }, clock.now);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      await replay(deps);
      const [entry] = await entries(db);
      waits.push(entry!.notBefore - clock.now);
      clock.now = entry!.notBefore;
    }
    // random() is 0.5: the jitter factor (0.5 + random) is 1, so each wait is the base itself.
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 8_000]);
    const spread = await setup();
    spread.standin.faults.add({ match: { method: 'PUT' }, type: 'status', status: 500 });
    await enqueue(spread.db, { op: 'update', kind: 'Product', id: 7, body: { Name: 'Later' } }, spread.clock.now);
    await replay({ ...spread.deps, random: () => 0 });
    expect((await entries(spread.db))[0]!.notBefore - spread.clock.now).toBe(500);
  });
});

describe('a pass that meets no network, a refused token or the API limit, with several records in flight', () => {
  it.each([
    ['the network gone', () => Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }))],
    [
      'a refused token',
      () =>
        Promise.resolve(new Response('{"Message":"Authorization has been denied for this request."}', { status: 401 })),
    ],
    [
      'the API limit',
      () => Promise.resolve(new Response('API Limit Exceeded', { status: 429, headers: { 'retry-after': '30' } })),
    ],
  ])('lands what was already out, and claims nothing more: %s', async (_name, answer) => {
    const { db, standin, deps, clock } = await setup(async (request, forward) => {
      if (request.method !== 'PUT') return forward(request);
      if (request.url.endsWith('/Product/2')) return answer();
      // Product 1's answer comes after Product 2's: its lane lands it once the pass has stopped.
      await new Promise((resolve) => setTimeout(resolve, 30));
      return forward(request);
    });
    for (const id of [1, 2, 3])
      await enqueue(db, { op: 'update', kind: 'Product', id, body: { Name: `Stop ${id}` } }, clock.now);
    await replay({ ...deps, concurrency: 2 });
    expect(standin.record('Product', 1)?.Name).toBe('Stop 1');
    expect(standin.log.some((e) => e.method === 'PUT' && e.path.endsWith('/Product/3'))).toBe(false);
    expect((await entries(db)).find((e) => e.recordId === 3)).toMatchObject({ state: 'pending', attempts: 0 });
  });
});
