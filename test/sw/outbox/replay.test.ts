/** The replayer against the stand-in's injected faults: every outcome class, crashes, races, temp ids. */
import { describe, expect, it } from 'vitest';
import { createClient } from '../../../app/epos/client.ts';
import { recordId } from '../../../app/epos/ids.ts';
import { readOne } from '../../../app/store/catalog.ts';
import type { TillDb } from '../../../app/store/db.ts';
import { enqueue, type Write } from '../../../app/store/outbox.ts';
import { claim } from '../../../app/store/outbox-outcomes.ts';
import type { OutboxEntry } from '../../../app/store/schema.ts';
import { type ReplayDeps, replay } from '../../../sw/outbox/replay.ts';
import { pullKind } from '../../../sw/pull.ts';
import type { Fault } from '../../standin/faults.ts';
import { inProcessFetch } from '../../standin/in-process.ts';
import { freshDb, standinClient } from '../../store/fixture.ts';
import { drain } from '../drain.ts';

async function setup() {
  const db = await freshDb();
  const { standin, client } = standinClient();
  await pullKind({ db, client }, 'Product');
  // A clock the test moves, so waiting out a backoff takes no time.
  const clock = { now: Date.now() };
  const deps: ReplayDeps = { db, client, now: () => clock.now, random: () => 0.5, retryBaseMs: 1_000, leaseMs: 0 };
  return { db, standin, client, deps, clock };
}

const entries = (db: TillDb): Promise<OutboxEntry[]> => db.getAll('outbox');
const writes = (standin: { log: { method: string; path: string }[] }) =>
  standin.log.filter((e) => e.method !== 'GET').map((e) => `${e.method} ${e.path}`);

describe('outcomes, one replay each', () => {
  type Case = {
    name: string;
    write: Write;
    fault?: Fault;
    state: OutboxEntry['state'] | 'gone';
    check?: (ctx: Awaited<ReturnType<typeof setup>>, before: number) => void | Promise<void>;
  };
  const cases: Case[] = [
    {
      name: '2xx create is done',
      write: { op: 'create', kind: 'Customer', body: { Forename: 'Done' } },
      state: 'gone',
    },
    {
      name: '2xx update is done',
      write: { op: 'update', kind: 'Product', id: 3, body: { Name: 'New' } },
      state: 'gone',
    },
    { name: '2xx delete is done', write: { op: 'delete', kind: 'Customer', id: 4 }, state: 'gone' },
    { name: '2xx settings save is done', write: { op: 'save', document: { a: 1 } }, state: 'gone' },
    {
      name: '500 is retried later',
      write: { op: 'update', kind: 'Product', id: 3, body: { Name: 'x' } },
      fault: { type: 'status', status: 500 },
      state: 'pending',
    },
    // A browser's own resend may be what met the 503 or 408, after the first send was applied.
    {
      name: '503 on a create is looked for before it is sent again',
      write: { op: 'create', kind: 'Customer', body: { Forename: 'R' } },
      fault: { type: 'status', status: 503 },
      state: 'verify',
    },
    {
      name: '408 on a create is looked for before it is sent again',
      write: { op: 'create', kind: 'Customer', body: { Forename: 'R' } },
      fault: { type: 'status', status: 408 },
      state: 'verify',
    },
    {
      name: '408 on an update is retried later',
      write: { op: 'update', kind: 'Product', id: 3, body: { Name: 'x' } },
      fault: { type: 'status', status: 408 },
      state: 'pending',
    },
    {
      name: '429 waits for Retry-After',
      write: { op: 'update', kind: 'Product', id: 3, body: { Name: 'x' } },
      fault: { type: 'rate-limit', retryAfter: 30 },
      state: 'pending',
      check: async ({ db }, before) => {
        const [entry] = await entries(db);
        expect(entry!.notBefore - before).toBeGreaterThanOrEqual(30_000);
        expect(entry!.error?.code).toBe('rate-limit');
      },
    },
    {
      name: '401 pauses the whole queue and keeps the entry unattempted',
      write: { op: 'update', kind: 'Product', id: 3, body: { Name: 'x' } },
      fault: { type: 'status', status: 401 },
      state: 'pending',
      check: async ({ db }) => {
        expect((await db.get('queue', 'queue'))?.paused?.reason).toBe('auth');
        expect((await entries(db))[0]?.attempts).toBe(0);
      },
    },
    {
      name: '403 pauses too',
      write: { op: 'delete', kind: 'Customer', id: 2 },
      fault: { type: 'status', status: 403 },
      state: 'pending',
    },
    { name: '404 on a delete is done', write: { op: 'delete', kind: 'Customer', id: 999_999 }, state: 'gone' },
    {
      name: 'an update of a record Epos Now does not have is held for a person, never re-created',
      write: { op: 'update', kind: 'Customer', id: 999_999, body: { Surname: 'x' } },
      state: 'held',
    },
    {
      name: '400 is held as failed with the server answer',
      write: { op: 'create', kind: 'Customer', body: { Forename: 'Bad' } },
      fault: {
        type: 'status',
        status: 400,
        body: JSON.stringify({ Message: 'The request is invalid.', ModelState: { Email: ['Invalid'] } }),
      },
      state: 'failed',
      check: async ({ db }) => {
        const [entry] = await entries(db);
        expect(entry!.error).toMatchObject({
          status: 400,
          serverMessage: 'The request is invalid.',
          modelState: { Email: ['Invalid'] },
        });
      },
    },
    {
      name: '409 is failed',
      write: { op: 'update', kind: 'Product', id: 3, body: { Name: 'x' } },
      fault: { type: 'status', status: 409 },
      state: 'failed',
    },
    {
      name: 'a reset connection on a create: looked for only once the server has had time to finish it',
      write: { op: 'create', kind: 'Customer', body: { Forename: 'R' } },
      fault: { type: 'drop-before-apply', times: 99 },
      state: 'verify',
      check: async ({ db, standin }, before) => {
        expect((await entries(db))[0]!.notBefore).toBeGreaterThanOrEqual(before + 20_000);
        expect(writes(standin)).toHaveLength(1);
        expect(standin.log.filter((e) => e.method === 'GET' && e.path.includes('Customer'))).toHaveLength(0);
      },
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const ctx = await setup();
      if (c.fault)
        ctx.standin.faults.add({
          ...c.fault,
          match: {
            ...c.fault.match,
            method:
              c.write.op === 'create' || c.write.op === 'save' ? 'POST' : c.write.op === 'update' ? 'PUT' : 'DELETE',
          },
        });
      await enqueue(ctx.db, c.write, Date.now());
      const before = ctx.clock.now;
      await replay(ctx.deps);
      const left = await entries(ctx.db);
      if (c.state === 'gone') expect(left).toEqual([]);
      else expect(left.map((e) => e.state)).toEqual([c.state]);
      await c.check?.(ctx, before);
    });
  }
});

describe('ambiguous creates are verified, never blindly re-sent', () => {
  it('dropped after the server applied it: found and adopted, one record', async () => {
    const { db, standin, deps, clock } = await setup();
    const before = standin.records('Customer').length;
    standin.faults.add({ match: { method: 'POST' }, type: 'drop-after-apply', times: 1 });
    const { recordId: temp } = await enqueue(
      db,
      { op: 'create', kind: 'Customer', body: { Forename: 'Maybe', Surname: 'Landed' } },
      1,
    );
    await enqueue(db, { op: 'update', kind: 'Customer', id: temp, body: { Surname: 'Later' } }, 2);
    await drain(deps, clock);
    expect(await entries(db)).toEqual([]);
    const made = standin.records('Customer').filter((c) => c.Forename === 'Maybe');
    expect(made).toHaveLength(1);
    expect(standin.records('Customer')).toHaveLength(before + 1);
    expect(writes(standin).filter((w) => w.startsWith('POST'))).toHaveLength(1);
  });

  it('dropped before the server applied it: not found, sent again, one record', async () => {
    const { db, standin, deps, clock } = await setup();
    // 201 customers: with exactly 200, the walk would end on an empty page, which proves nothing.
    standin.put('Customer', { Forename: 'Walk-in' });
    standin.faults.add({ match: { method: 'POST' }, type: 'drop-before-apply', times: 1 });
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Never', Surname: 'Arrived' } }, 1);
    await drain(deps, clock);
    expect(await entries(db)).toEqual([]);
    expect(standin.records('Customer').filter((c) => c.Forename === 'Never')).toHaveLength(1);
    expect(writes(standin).filter((w) => w.startsWith('POST'))).toHaveLength(2);
  });

  it('a gateway 504 on a create is verified', async () => {
    const { db, standin, deps, clock } = await setup();
    standin.put('Customer', { Forename: 'Walk-in' });
    standin.faults.add({ match: { method: 'POST' }, type: 'status', status: 504, times: 1 });
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Gate' } }, 1);
    await drain(deps, clock);
    expect(standin.records('Customer').filter((c) => c.Forename === 'Gate')).toHaveLength(1);
    expect(standin.log.some((e) => e.method === 'GET')).toBe(true);
  });

  it('several records that look like it: held for a person, with both choices', async () => {
    const { db, standin, deps, clock } = await setup();
    standin.put('Customer', { Forename: 'Twin', Surname: 'Same' });
    standin.faults.add({ match: { method: 'POST' }, type: 'drop-after-apply', times: 1 });
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Twin', Surname: 'Same' } }, 1);
    await drain(deps, clock);
    const [entry] = await entries(db);
    expect(entry?.state).toBe('held');
    expect(entry?.candidates).toHaveLength(2);
  });

  it('a verification that cannot reach the server waits and looks again, sending nothing', async () => {
    const { db, standin, deps } = await setup();
    standin.faults.add({ match: { method: 'POST' }, type: 'drop-after-apply', times: 1 });
    standin.faults.add({ match: { method: 'GET' }, type: 'status', status: 503 });
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Wait' } }, 1);
    await replay(deps);
    const [entry] = await entries(db);
    expect(entry?.state).toBe('verify');
    expect(entry!.notBefore).toBeGreaterThan(Date.now());
    expect(writes(standin)).toHaveLength(1);
  });
});

describe('crashes and races', () => {
  it('a replayer dropped between send and outcome: the entry stays queued and lands once', async () => {
    const { db, standin, client, deps, clock } = await setup();
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Crash', Surname: 'Test' } }, 1);
    await enqueue(db, { op: 'update', kind: 'Product', id: 8, body: { Name: 'Crash update' } }, 2);
    // The dying replayer: claims both, sends both, and is gone before recording anything.
    const [create, update] = await entries(db);
    const claimedCreate = await claim(db, create!, deps.now());
    const claimedUpdate = await claim(db, update!, deps.now());
    await client.create('Customer', claimedCreate!.body as never);
    await client.update('Product', 8, claimedUpdate!.body as never);
    expect((await entries(db)).map((e) => e.state)).toEqual(['sending', 'sending']);

    await drain(deps, clock);
    expect(await entries(db)).toEqual([]);
    expect(standin.records('Customer').filter((c) => c.Forename === 'Crash')).toHaveLength(1);
    expect(standin.record('Product', 8)?.Name).toBe('Crash update');
  });

  it('two replayers started at once send each entry once', async () => {
    const { db, standin, client } = await setup();
    standin.faults.add({ type: 'latency', ms: 3 });
    for (let i = 0; i < 30; i++)
      await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: `Race ${i}` } }, i);
    const deps = (): ReplayDeps => ({ db, client, now: Date.now, random: () => 0.5 });
    await Promise.all([replay(deps()), replay(deps())]);
    expect(await entries(db)).toEqual([]);
    expect(writes(standin)).toHaveLength(30);
    for (let i = 0; i < 30; i++)
      expect(standin.records('Customer').filter((c) => c.Forename === `Race ${i}`)).toHaveLength(1);
  });
});

describe('temporary ids', () => {
  it('create, update, update, delete: the updates and delete go to the real id, no temp id is ever sent', async () => {
    const { db, standin, deps, clock } = await setup();
    standin.faults.add({ match: { method: 'POST' }, type: 'status', status: 503, times: 1 });
    const { recordId: temp } = await enqueue(
      db,
      { op: 'create', kind: 'Product', body: { Name: 'Chain', SalePrice: 1 } },
      1,
    );
    await replay(deps); // fails once: the create is now attempted, so later writes queue behind it
    await enqueue(db, { op: 'update', kind: 'Product', id: temp, body: { SalePrice: 2 } }, 2);
    await enqueue(db, { op: 'update', kind: 'Product', id: temp, body: { Name: 'Chain 2' } }, 3);
    await drain(deps, clock);
    const real = recordId(
      'Product',
      standin.records('Product').find((p) => p.Name === 'Chain 2'),
    );
    expect(real).toBeGreaterThan(0);
    expect(writes(standin)).toEqual(['POST /api/V2/Product', 'POST /api/V2/Product', `PUT /api/V2/Product/${real}`]);
    expect(standin.log.every((e) => !/\/-\d/.test(e.path))).toBe(true);
    expect((await readOne(db, 'Product', real!))?.Name).toBe('Chain 2');
    expect(await readOne(db, 'Product', temp)).toBeUndefined();

    // The screen still holding the temporary id deletes the real record.
    await enqueue(db, { op: 'delete', kind: 'Product', id: temp }, 4);
    await replay(deps);
    expect(writes(standin).at(-1)).toBe(`DELETE /api/V2/Product/${real}`);
    expect(standin.record('Product', real!)).toBeUndefined();
    expect(await readOne(db, 'Product', real!)).toBeUndefined();
  });

  it('order per record is kept while other records are not blocked by a held one', async () => {
    const { db, standin, deps } = await setup();
    await enqueue(db, { op: 'update', kind: 'Customer', id: 999_999, body: { Surname: 'nobody' } }, 1);
    await replay(deps);
    // Behind a held entry: waits for a person to settle the one before it.
    await enqueue(db, { op: 'update', kind: 'Customer', id: 999_999, body: { Surname: 'still nobody' } }, 2);
    await enqueue(db, { op: 'update', kind: 'Product', id: 2, body: { Name: 'first' } }, 3);
    await enqueue(db, { op: 'update', kind: 'Product', id: 2, body: { SalePrice: 4 } }, 4);
    await replay(deps);
    expect((await entries(db)).map((e) => [e.recordId, e.state])).toEqual([
      [999_999, 'held'],
      [999_999, 'pending'],
    ]);
    expect(writes(standin).filter((w) => w.includes('Product'))).toEqual(['PUT /api/V2/Product/2']);
    expect(standin.record('Product', 2)).toMatchObject({ Name: 'first', SalePrice: 4 });
  });
});

describe('one pass', () => {
  it('sends every due entry in the order made, a record\u2019s later writes joining as the one before lands', async () => {
    const { db, standin, deps, clock } = await setup();
    standin.faults.add({ match: { method: 'POST' }, type: 'status', status: 503, times: 2 });
    const a = await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'A' } }, 1);
    const b = await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'B' } }, 2);
    await replay(deps); // both refused once: later writes now queue behind them instead of merging
    standin.put('Customer', { Forename: 'Walk-in' });
    clock.now += 60_000;
    await replay(deps); // looked for (a 503 may be a resend's answer) and not there: due again later
    await enqueue(db, { op: 'update', kind: 'Customer', id: a.recordId, body: { Surname: 'After A' } }, 3);
    await enqueue(db, { op: 'update', kind: 'Customer', id: b.recordId, body: { Surname: 'After B' } }, 4);
    await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'Last' } }, 5);
    clock.now += 60_000;
    const before = writes(standin).length;

    expect(await replay(deps)).toMatchObject({ sent: 5, done: 5, nextAt: null });
    const real = (name: string) =>
      recordId(
        'Customer',
        standin.records('Customer').find((c) => c.Forename === name),
      );
    expect(writes(standin).slice(before)).toEqual([
      'POST /api/V2/Customer',
      'POST /api/V2/Customer',
      `PUT /api/V2/Customer/${real('A')}`,
      `PUT /api/V2/Customer/${real('B')}`,
      'PUT /api/V2/Product/3',
    ]);
    expect(standin.record('Customer', real('B')!)).toMatchObject({ Forename: 'B', Surname: 'After B' });
    expect(await entries(db)).toEqual([]);
  });
});

describe('one pass, one entry at a time', () => {
  it('a record\u2019s next write made before the other waiting entries goes before them', async () => {
    const { db, standin, deps, clock } = await setup();
    standin.faults.add({ match: { method: 'POST' }, type: 'status', status: 503, times: 1 });
    const a = await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'First' } }, 1);
    await replay(deps); // refused once: the update below queues behind it
    standin.put('Customer', { Forename: 'Walk-in' });
    clock.now += 60_000;
    await replay(deps); // looked for (a 503 may be a resend's answer) and not there: due again later
    await enqueue(db, { op: 'update', kind: 'Customer', id: a.recordId, body: { Surname: 'Second' } }, 2);
    await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'Third' } }, 3);
    await enqueue(db, { op: 'update', kind: 'Product', id: 4, body: { Name: 'Fourth' } }, 4);
    clock.now += 60_000;
    const before = writes(standin).length;

    expect(await replay(deps)).toMatchObject({ sent: 4, done: 4, nextAt: null });
    const real = recordId(
      'Customer',
      standin.records('Customer').find((c) => c.Forename === 'First'),
    );
    expect(writes(standin).slice(before)).toEqual([
      'POST /api/V2/Customer',
      `PUT /api/V2/Customer/${real}`,
      'PUT /api/V2/Product/3',
      'PUT /api/V2/Product/4',
    ]);
    expect(await entries(db)).toEqual([]);
  });

  it('stops at a refused token: the entry after it is not claimed, and nothing more is sent', async () => {
    const { db, standin, deps } = await setup();
    standin.faults.add({ match: { method: 'PUT', path: '/api/V2/Product/4' }, type: 'status', status: 401 });
    for (const id of [3, 4, 5]) await enqueue(db, { op: 'update', kind: 'Product', id, body: { Name: `n${id}` } }, id);
    expect(await replay(deps)).toMatchObject({ sent: 2, done: 1, paused: true });
    expect((await entries(db)).map((e) => [e.recordId, e.state, e.attempts])).toEqual([
      [4, 'pending', 0],
      [5, 'pending', 0],
    ]);
    expect(writes(standin)).toEqual(['PUT /api/V2/Product/3', 'PUT /api/V2/Product/4']);
  });
});

describe('no network', () => {
  it('spends no attempt and no backoff, stops the pass, and sends everything in order once it is back', async () => {
    const { db, standin, deps } = await setup();
    let reachable = false;
    const network = inProcessFetch(standin);
    const refused = () =>
      new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      });
    const client = createClient({
      baseUrl: 'http://standin.test',
      token: standin.token,
      fetch: (input, init) => (reachable ? network(input, init) : Promise.reject(refused())),
    });
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Offline' } }, 1);
    await enqueue(db, { op: 'update', kind: 'Product', id: 5, body: { SalePrice: 7.5 } }, 2);
    await enqueue(db, { op: 'delete', kind: 'Customer', id: 3 }, 3);

    for (let i = 0; i < 3; i++) {
      const report = await replay({ ...deps, client });
      expect(report).toMatchObject({ offline: true, sent: 1 });
    }
    expect((await entries(db)).map((e) => [e.state, e.attempts, e.notBefore])).toEqual([
      ['pending', 0, 0],
      ['pending', 0, 0],
      ['pending', 0, 0],
    ]);

    reachable = true;
    expect(await replay({ ...deps, client })).toMatchObject({ offline: false, sent: 3, done: 3 });
    expect(writes(standin)).toEqual(['POST /api/V2/Customer', 'PUT /api/V2/Product/5', 'DELETE /api/V2/Customer/3']);
  });
});
