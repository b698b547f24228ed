/**
 * A write's life in the local catalog after it lands: laid over by the writes still queued
 * behind it, then released by the first pull that started after it, so the till shows the
 * server's record as it is now, not as it was at landing (issue 17, items 1 and 10).
 */
import { describe, expect, it } from 'vitest';
import { recordId } from '../../app/epos/ids.ts';
import type { OpenRecord } from '../../app/epos/records.ts';
import { readAll, readOne, readPage, readStamped } from '../../app/store/catalog.ts';
import type { TillDb } from '../../app/store/db.ts';
import { enqueue, type Write } from '../../app/store/outbox.ts';
import { claim, markDone } from '../../app/store/outbox-outcomes.ts';
import type { OutboxEntry } from '../../app/store/schema.ts';
import { pulledTill } from './fixture.ts';

const setup = pulledTill;

type Setup = Awaited<ReturnType<typeof setup>>;

async function stored(db: TillDb, seq: number | undefined): Promise<OutboxEntry> {
  const entry = await db.get('outbox', seq as number);
  if (!entry) throw new Error(`no entry ${seq}`);
  return entry;
}

/** Queues a write and claims it, as the replayer does before sending it. */
async function queueAndClaim(ctx: Setup, write: Write): Promise<{ sent: OutboxEntry; recordId: number }> {
  const queued = await enqueue(ctx.db, write, ctx.clock.now);
  const sent = await claim(ctx.db, await stored(ctx.db, queued.seq), ctx.clock.now);
  if (!sent) throw new Error('not claimed');
  return { sent, recordId: queued.recordId };
}

/** What every read the page makes says of one product. */
async function shown(db: TillDb, id: number) {
  const all = await readAll(db, 'Product');
  const page = await readPage(db, 'Product', 1);
  return {
    one: await readOne(db, 'Product', id),
    all: all.filter((p) => recordId('Product', p) === id),
    page: page.filter((p) => recordId('Product', p) === id),
  };
}

describe('land, then pull, then read', () => {
  it('a landed update is released by the first pull that started after it: the till shows the server\u2019s record as it is now', async () => {
    const ctx = await setup();
    const { db, standin, client, clock, pull } = ctx;
    clock.now = 2_000;
    const { sent } = await queueAndClaim(ctx, {
      op: 'update',
      kind: 'Product',
      id: 5,
      body: { Name: 'Named at the till' },
    });
    const answer = await client.update('Product', 5, sent.body as OpenRecord);
    clock.now = 3_000;
    await markDone(db, sent, answer, clock.now);
    expect(await db.get('local', ['Product', 5])).toMatchObject({ landedAt: 3_000 });
    expect((await readOne(db, 'Product', 5))?.Name).toBe('Named at the till');

    // Someone renames it again in the back office.
    const renamed = standin.put('Product', { ...standin.record('Product', 5), Name: 'Renamed on the server' });

    // A walk that started before the landing may have read the record before the write reached
    // it: its snapshot does not release the landed row.
    clock.now = 2_500;
    expect((await pull()).ok).toBe(true);
    expect(await db.get('local', ['Product', 5])).toMatchObject({ landedAt: 3_000 });
    expect((await readOne(db, 'Product', 5))?.Name).toBe('Named at the till');

    // The next walk started after it: the server's record is the truth again, in every read.
    clock.now = 4_000;
    expect((await pull()).ok).toBe(true);
    expect(await db.get('local', ['Product', 5])).toBeUndefined();
    expect(await shown(db, 5)).toEqual({ one: renamed, all: [renamed], page: [renamed] });
    expect((await readStamped(db, 'Product')).stamp.local).toBe('[]');
    expect(await readAll(db, 'Product')).toEqual(standin.records('Product'));
  });

  it('a landed create and a landed delete are released the same way: the record once, as the server has it, and the deleted one gone', async () => {
    const ctx = await setup();
    const { db, standin, client, clock, pull } = ctx;
    clock.now = 2_000;
    const create = await queueAndClaim(ctx, {
      op: 'create',
      kind: 'Product',
      body: { Name: 'Made at the till', SalePrice: 2 },
    });
    const made = await client.create('Product', create.sent.body as OpenRecord);
    const id = recordId('Product', made) as number;
    const del = await queueAndClaim(ctx, { op: 'delete', kind: 'Product', id: 9 });
    await client.remove('Product', 9);
    clock.now = 3_000;
    await markDone(db, create.sent, made, clock.now);
    await markDone(db, del.sent, undefined, clock.now);
    expect((await readOne(db, 'Product', id))?.Name).toBe('Made at the till');
    expect(await readOne(db, 'Product', 9)).toBeUndefined();

    const renamed = standin.put('Product', { ...made, Name: 'Renamed on the server' });
    clock.now = 4_000;
    await pull();
    expect(await db.count('local')).toBe(0);
    expect((await shown(db, id)).one).toEqual(renamed);
    expect((await shown(db, id)).all).toEqual([renamed]);
    expect(await shown(db, 9)).toEqual({ one: undefined, all: [], page: [] });
    expect(await readAll(db, 'Product')).toEqual(standin.records('Product'));
  });

  it('a landed write with a later write still queued is not released by a pull: the queued change stays shown until it lands too', async () => {
    const ctx = await setup();
    const { db, standin, client, clock, pull } = ctx;
    clock.now = 2_000;
    const { sent } = await queueAndClaim(ctx, { op: 'update', kind: 'Product', id: 6, body: { Name: 'First' } });
    const later = await enqueue(db, { op: 'update', kind: 'Product', id: 6, body: { SalePrice: 7.5 } }, clock.now);
    await markDone(db, sent, await client.update('Product', 6, sent.body as OpenRecord), (clock.now = 3_000));

    clock.now = 4_000;
    await pull();
    expect(await readOne(db, 'Product', 6)).toMatchObject({ Name: 'First', SalePrice: 7.5 });

    // The later write lands; the pull after it lets the server's record show again.
    const second = await claim(db, await stored(db, later.seq), clock.now);
    await markDone(db, second!, await client.update('Product', 6, second!.body as OpenRecord), (clock.now = 5_000));
    const renamed = standin.put('Product', { ...standin.record('Product', 6), Name: 'Renamed on the server' });
    clock.now = 6_000;
    await pull();
    expect(await shown(db, 6)).toEqual({ one: renamed, all: [renamed], page: [renamed] });
    expect(renamed).toMatchObject({ SalePrice: 7.5 });
  });
});

describe('a record landing while later writes to it are still queued', () => {
  it('a create landing with two updates queued behind shows the server\u2019s record with both laid over, under its real id', async () => {
    const ctx = await setup();
    const { db, client, clock, pull } = ctx;
    const create = await queueAndClaim(ctx, {
      op: 'create',
      kind: 'Product',
      body: { Name: 'Cake', SalePrice: 1, Description: 'plain' },
    });
    // Made while the create is on its way: they wait behind it.
    await enqueue(
      db,
      { op: 'update', kind: 'Product', id: create.recordId, body: { SalePrice: 2, Description: 'iced' } },
      clock.now,
    );
    await enqueue(db, { op: 'update', kind: 'Product', id: create.recordId, body: { SalePrice: 3 } }, clock.now);
    const answer = await client.create('Product', create.sent.body as OpenRecord);
    const id = recordId('Product', answer) as number;

    const landed = await markDone(db, create.sent, answer, (clock.now = 2_000));
    expect(landed.id).toBe(id);
    const expected = { ...answer, SalePrice: 3, Description: 'iced' };
    expect(await readOne(db, 'Product', id)).toEqual(expected);
    expect((await readAll(db, 'Product')).filter((p) => recordId('Product', p) === id)).toEqual([expected]);
    expect(await readOne(db, 'Product', create.recordId)).toBeUndefined();
    expect(await db.get('local', ['Product', id])).toMatchObject({ landedAt: null });
    expect((await db.getAll('outbox')).map((e) => [e.op, e.recordId, e.body])).toEqual([
      ['update', id, { SalePrice: 3, Description: 'iced' }],
    ]);

    // A pull meanwhile has the record as created, not as changed since: the change stays shown.
    clock.now = 3_000;
    await pull();
    expect(await readOne(db, 'Product', id)).toEqual(expected);
  });

  it('an update landing with a later update queued shows the answer with the later one laid over, whether the answer has the record or not', async () => {
    const ctx = await setup();
    const { db, client, clock } = ctx;
    const first = await queueAndClaim(ctx, {
      op: 'update',
      kind: 'Product',
      id: 7,
      body: { Name: 'Seven', SalePrice: 5 },
    });
    await enqueue(db, { op: 'update', kind: 'Product', id: 7, body: { SalePrice: 6 } }, clock.now);
    const answer = await client.update('Product', 7, first.sent.body as OpenRecord);
    // The server's answer is what it stored; a field it set itself shows too.
    const withServerField = { ...answer, CostPrice: 0.42 };
    await markDone(db, first.sent, withServerField, 2_000);
    expect(await readOne(db, 'Product', 7)).toEqual({ ...withServerField, SalePrice: 6 });
    expect(await db.get('local', ['Product', 7])).toMatchObject({ landedAt: null });

    // Answered without the record (an empty 200): what the till showed stays, the later write over it.
    const second = await queueAndClaim(ctx, { op: 'update', kind: 'Product', id: 8, body: { Name: 'Eight' } });
    await enqueue(db, { op: 'update', kind: 'Product', id: 8, body: { Description: 'later' } }, clock.now);
    const before = await readOne(db, 'Product', 8);
    await markDone(db, second.sent, undefined, 2_000);
    expect(await readOne(db, 'Product', 8)).toEqual({ ...before, Name: 'Eight', Description: 'later' });
  });

  it('a later delete queued behind a landing keeps the record gone', async () => {
    const ctx = await setup();
    const { db, client, clock } = ctx;
    const first = await queueAndClaim(ctx, { op: 'update', kind: 'Product', id: 11, body: { Name: 'Going' } });
    await enqueue(db, { op: 'delete', kind: 'Product', id: 11 }, clock.now);
    await markDone(db, first.sent, await client.update('Product', 11, first.sent.body as OpenRecord), 2_000);
    expect(await readOne(db, 'Product', 11)).toBeUndefined();
    expect((await readAll(db, 'Product')).some((p) => recordId('Product', p) === 11)).toBe(false);
  });
});
