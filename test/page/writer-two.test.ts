/**
 * Two writes waiting in one writer at once: each hears its own landing or refusal, whatever
 * order the worker settles them in (issue 17, item 7).
 */
import { describe, expect, it } from 'vitest';
import type { OpenRecord } from '../../app/epos/records.ts';
import { createWriter, type WriteResult } from '../../app/page/writer.ts';
import type { WorkerMessage } from '../../app/store/channel.ts';
import type { Write } from '../../app/store/outbox.ts';
import { markFailed } from '../../app/store/outbox-outcomes.ts';
import type { OutboxEntry } from '../../app/store/schema.ts';
import { freshDb } from '../store/fixture.ts';
import { fakeChannel } from './channel.ts';

/** A writer whose worker does nothing until the test settles entries by hand. */
async function setup(waitMs = 60_000) {
  const db = await freshDb();
  const channel = fakeChannel();
  let notified = 0;
  const writer = createWriter({ db, channel, now: () => 1, notify: () => void notified++, waitMs });
  return { db, channel, writer, notified: () => notified };
}

type Ctx = Awaited<ReturnType<typeof setup>>;

/** Starts both writes, and once both are stored and the worker told, returns their entries in the order written. */
async function both(
  ctx: Ctx,
  a: Write,
  b: Write,
  options: [Parameters<Ctx['writer']['write']>[1]?, Parameters<Ctx['writer']['write']>[1]?] = [],
) {
  const pending = [ctx.writer.write(a, options[0]), ctx.writer.write(b, options[1])] as const;
  await expect.poll(ctx.notified).toBe(2);
  const entries = await ctx.db.getAll('outbox');
  expect(entries).toHaveLength(2);
  return { pending, entries: entries as [OutboxEntry, OutboxEntry] };
}

function landing(entry: OutboxEntry, recordId: number, answer: OpenRecord): WorkerMessage {
  return { type: 'write-landed', seq: entry.seq, target: entry.target, sentId: entry.recordId, recordId, answer };
}

const refusal = {
  code: 'client' as const,
  name: 'ClientError',
  message: 'HTTP 400: Name is required',
  method: 'PUT',
  path: '/api/V2/Product/4',
  mayHaveReached: true,
  status: 400,
};

describe('two writes waiting in one writer', () => {
  it('two updates of different records: each gets its own landing, the later one answered first', async () => {
    const ctx = await setup();
    const { pending, entries } = await both(
      ctx,
      { op: 'update', kind: 'Product', id: 4, body: { Name: 'Four' } },
      { op: 'update', kind: 'Product', id: 5, body: { Name: 'Five' } },
    );
    expect(entries.map((e) => e.recordId)).toEqual([4, 5]);
    ctx.channel.post(landing(entries[1], 5, { ProductID: 5, Name: 'Five' }));
    ctx.channel.post(landing(entries[0], 4, { ProductID: 4, Name: 'Four' }));
    expect(await pending[0]).toEqual({ state: 'done', recordId: 4, answer: { ProductID: 4, Name: 'Four' } });
    expect(await pending[1]).toEqual({ state: 'done', recordId: 5, answer: { ProductID: 5, Name: 'Five' } });
  });

  it('the other write\u2019s landing alone leaves a write waiting, and its own landing later is still its own', async () => {
    const ctx = await setup();
    const { pending, entries } = await both(
      ctx,
      { op: 'update', kind: 'Product', id: 4, body: { Name: 'Four' } },
      { op: 'update', kind: 'Product', id: 5, body: { Name: 'Five' } },
    );
    let first: WriteResult | undefined;
    void pending[0].then((result) => (first = result));
    ctx.channel.post(landing(entries[1], 5, { ProductID: 5, Name: 'Five' }));
    expect(await pending[1]).toEqual({ state: 'done', recordId: 5, answer: { ProductID: 5, Name: 'Five' } });
    await ctx.db.get('outbox', entries[0].seq);
    expect(first).toBeUndefined();
    ctx.channel.post(landing(entries[0], 4, { ProductID: 4, Name: 'Four' }));
    expect(await pending[0]).toEqual({ state: 'done', recordId: 4, answer: { ProductID: 4, Name: 'Four' } });
  });

  it('a create and an update of different records: the create hears its real id, the update its own record', async () => {
    const ctx = await setup();
    const { pending, entries } = await both(
      ctx,
      { op: 'create', kind: 'Customer', body: { Forename: 'Ann' } },
      { op: 'update', kind: 'Customer', id: 4, body: { Surname: 'Four' } },
    );
    expect(entries.map((e) => [e.op, e.recordId])).toEqual([
      ['create', -1],
      ['update', 4],
    ]);
    ctx.channel.post(landing(entries[1], 4, { CustomerID: 4, Surname: 'Four' }));
    ctx.channel.post(landing(entries[0], 501, { CustomerID: 501, Forename: 'Ann' }));
    expect(await pending[0]).toEqual({ state: 'done', recordId: 501, answer: { CustomerID: 501, Forename: 'Ann' } });
    expect(await pending[1]).toEqual({ state: 'done', recordId: 4, answer: { CustomerID: 4, Surname: 'Four' } });
  });

  it('two creates: each hears the real id its own create became', async () => {
    const ctx = await setup();
    const { pending, entries } = await both(
      ctx,
      { op: 'create', kind: 'Customer', body: { Forename: 'Ann' } },
      { op: 'create', kind: 'Customer', body: { Forename: 'Bo' } },
    );
    expect(entries.map((e) => [e.recordId, e.body])).toEqual([
      [-1, { Forename: 'Ann' }],
      [-2, { Forename: 'Bo' }],
    ]);
    ctx.channel.post(landing(entries[1], 502, { CustomerID: 502, Forename: 'Bo' }));
    ctx.channel.post(landing(entries[0], 501, { CustomerID: 501, Forename: 'Ann' }));
    expect(await pending[0]).toEqual({ state: 'done', recordId: 501, answer: { CustomerID: 501, Forename: 'Ann' } });
    expect(await pending[1]).toEqual({ state: 'done', recordId: 502, answer: { CustomerID: 502, Forename: 'Bo' } });
  });

  it('one refused, one landed: the refusal reaches only the write that was refused', async () => {
    const ctx = await setup();
    const { pending, entries } = await both(
      ctx,
      { op: 'update', kind: 'Product', id: 4, body: { Barcode: '5012345678900' } },
      { op: 'update', kind: 'Product', id: 5, body: { Name: 'Five' } },
    );
    let other: WriteResult | undefined;
    void pending[1].then((result) => (other = result));
    await markFailed(ctx.db, entries[0], refusal, 2);
    ctx.channel.post({ type: 'outbox-changed' });
    expect(await pending[0]).toEqual({ state: 'attention', seq: entries[0].seq, recordId: 4, reason: refusal.message });
    // Both looked at the outbox on that message; a read made after theirs is answered after them.
    await ctx.db.get('outbox', entries[1].seq);
    expect(other).toBeUndefined();
    ctx.channel.post(landing(entries[1], 5, { ProductID: 5, Name: 'Five' }));
    expect(await pending[1]).toEqual({ state: 'done', recordId: 5, answer: { ProductID: 5, Name: 'Five' } });
  });

  it('both answered "queued" and settled later in reverse order: each onSettled hears its own outcome, once', async () => {
    const ctx = await setup(10);
    const settled: [WriteResult[], WriteResult[]] = [[], []];
    const { pending, entries } = await both(
      ctx,
      { op: 'create', kind: 'Customer', body: { Forename: 'Ann' } },
      { op: 'update', kind: 'Customer', id: 4, body: { Surname: 'Four' } },
      [{ onSettled: (r) => settled[0].push(r) }, { onSettled: (r) => settled[1].push(r) }],
    );
    expect(await pending[0]).toMatchObject({ state: 'queued', recordId: -1 });
    expect(await pending[1]).toMatchObject({ state: 'queued', recordId: 4 });
    ctx.channel.post(landing(entries[1], 4, { CustomerID: 4, Surname: 'Four' }));
    expect(settled).toEqual([[], [{ state: 'done', recordId: 4, answer: { CustomerID: 4, Surname: 'Four' } }]]);
    ctx.channel.post(landing(entries[0], 501, { CustomerID: 501, Forename: 'Ann' }));
    ctx.channel.post(landing(entries[0], 501, { CustomerID: 501, Forename: 'Ann' }));
    expect(settled).toEqual([
      [{ state: 'done', recordId: 501, answer: { CustomerID: 501, Forename: 'Ann' } }],
      [{ state: 'done', recordId: 4, answer: { CustomerID: 4, Surname: 'Four' } }],
    ]);
  });
});
