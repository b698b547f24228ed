/**
 * A person discarding one refused write: only a discarded create takes its record's later
 * writes with it (they have no record to go to); a discarded update or delete leaves them queued,
 * and the till shows the server's record with them laid over (issue 17, item 2).
 */
import { describe, expect, it } from 'vitest';
import { readOne } from '../../app/store/catalog.ts';
import type { TillDb } from '../../app/store/db.ts';
import { enqueue, type Write } from '../../app/store/outbox.ts';
import { discardEntry } from '../../app/store/outbox-admin.ts';
import { claim, markFailed, readReady } from '../../app/store/outbox-outcomes.ts';
import type { OutboxEntry } from '../../app/store/schema.ts';
import { pulledTill, refusal } from './fixture.ts';

const NOW = 1_000;

async function setup(): Promise<TillDb> {
  return (await pulledTill()).db;
}

/** Queues a write, sends it (claims it) and has the server refuse it, as the replayer records a 400. */
async function refused(db: TillDb, write: Write): Promise<OutboxEntry> {
  const { seq } = await enqueue(db, write, NOW);
  const sent = await claim(db, (await db.get('outbox', seq as number))!, NOW);
  await markFailed(db, sent!, refusal('PUT', '/api/V2/Product'), NOW + 1);
  return (await db.get('outbox', seq as number))!;
}

const queued = async (db: TillDb) => (await db.getAll('outbox')).map((e) => [e.op, e.recordId, e.body, e.state]);

describe('discarding a refused update', () => {
  it('keeps the later writes queued for that record, and they go next', async () => {
    const db = await setup();
    const server = await readOne(db, 'Product', 3);
    const bad = await refused(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'Refused', SalePrice: -1 } });
    // Made after the refusal: it waits behind the failed entry, an entry of its own.
    await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Description: 'Still wanted' } }, NOW + 2);
    await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { CostPrice: 1.25 } }, NOW + 3);
    await enqueue(db, { op: 'update', kind: 'Product', id: 4, body: { Name: 'Another record' } }, NOW + 4);
    expect((await readReady(db, NOW + 5)).send.map((e) => e.recordId)).toEqual([4]);

    await discardEntry(db, bad.seq);
    expect(await queued(db)).toEqual([
      ['update', 3, { Description: 'Still wanted', CostPrice: 1.25 }, 'pending'],
      ['update', 4, { Name: 'Another record' }, 'pending'],
    ]);
    // The record's next write is now first of its record: it may go.
    expect((await readReady(db, NOW + 5)).send.map((e) => e.recordId)).toEqual([3, 4]);
    // The till shows the server's record with the writes still queued, without the discarded one.
    expect(await readOne(db, 'Product', 3)).toEqual({ ...server, Description: 'Still wanted', CostPrice: 1.25 });
    expect((await readOne(db, 'Product', 4))?.Name).toBe('Another record');
  });

  it('keeps a delete queued behind it, and the record stays gone on the till', async () => {
    const db = await setup();
    const bad = await refused(db, { op: 'update', kind: 'Product', id: 5, body: { SalePrice: -1 } });
    await enqueue(db, { op: 'delete', kind: 'Product', id: 5 }, NOW + 2);
    await discardEntry(db, bad.seq);
    expect(await queued(db)).toEqual([['delete', 5, null, 'pending']]);
    expect(await readOne(db, 'Product', 5)).toBeUndefined();
  });

  it('a refused delete discarded keeps the writes after it, and the record shows again with them', async () => {
    const db = await setup();
    const server = await readOne(db, 'Product', 6);
    const bad = await refused(db, { op: 'delete', kind: 'Product', id: 6 });
    await enqueue(db, { op: 'update', kind: 'Product', id: 6, body: { Name: 'Kept after all' } }, NOW + 2);
    await discardEntry(db, bad.seq);
    expect(await queued(db)).toEqual([['update', 6, { Name: 'Kept after all' }, 'pending']]);
    expect(await readOne(db, 'Product', 6)).toEqual({ ...server, Name: 'Kept after all' });
  });
  it('a refused update discarded ahead of a delete and a later update: the record stays gone on the till', async () => {
    const db = await setup();
    const bad = await refused(db, { op: 'update', kind: 'Product', id: 7, body: { SalePrice: -1 } });
    await enqueue(db, { op: 'delete', kind: 'Product', id: 7 }, NOW + 2);
    await enqueue(db, { op: 'update', kind: 'Product', id: 7, body: { Name: 'After the delete' } }, NOW + 3);
    expect(await readOne(db, 'Product', 7)).toBeUndefined();
    await discardEntry(db, bad.seq);
    expect(await queued(db)).toEqual([
      ['delete', 7, null, 'pending'],
      ['update', 7, { Name: 'After the delete' }, 'pending'],
    ]);
    expect(await readOne(db, 'Product', 7)).toBeUndefined();
  });
});

describe('discarding a refused create', () => {
  it('takes the writes queued for its record with it, and only those', async () => {
    const db = await setup();
    const { seq, recordId } = await enqueue(
      db,
      { op: 'create', kind: 'Product', body: { Name: 'Refused', SalePrice: -1 } },
      NOW,
    );
    const sent = await claim(db, (await db.get('outbox', seq as number))!, NOW);
    await markFailed(db, sent!, refusal('POST', '/api/V2/Product'), NOW + 1);
    await enqueue(db, { op: 'update', kind: 'Product', id: recordId, body: { SalePrice: 2 } }, NOW + 2);
    await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'Another record' } }, NOW + 3);
    await discardEntry(db, seq!);
    expect(await queued(db)).toEqual([['update', 3, { Name: 'Another record' }, 'pending']]);
    expect(await readOne(db, 'Product', recordId)).toBeUndefined();
  });
});
