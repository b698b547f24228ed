/**
 * What a landing leaves in the local catalog and under which id: the edges of markDone the
 * other landing tests do not reach (an answer naming another id, a record the till never had,
 * a landing under an earlier one still waiting for a pull, a delete queued behind).
 */
import { describe, expect, it } from 'vitest';
import { readOne } from '../../app/store/catalog.ts';
import type { TillDb } from '../../app/store/db.ts';
import { enqueue, type Write } from '../../app/store/outbox.ts';
import { discardEntry } from '../../app/store/outbox-admin.ts';
import { claim, markDone } from '../../app/store/outbox-outcomes.ts';
import type { OutboxEntry } from '../../app/store/schema.ts';
import { pulledTill } from './fixture.ts';

/** Queues `write` and claims it, as the replayer does before sending it. */
async function sent(db: TillDb, write: Write, at: number): Promise<OutboxEntry> {
  const { seq } = await enqueue(db, write, at);
  const claimed = await claim(db, (await db.get('outbox', seq as number))!, at);
  if (!claimed) throw new Error('not claimed');
  return claimed;
}

describe('a landing', () => {
  it("an update lands on the record it was sent to, whatever id the server's answer names", async () => {
    const { db } = await pulledTill();
    const server = (await readOne(db, 'Product', 3))!;
    const first = await sent(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'Three' } }, 2_000);
    const later = await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { SalePrice: 4 } }, 2_001);
    const landed = await markDone(db, first, { ...server, Name: 'Three', ProductID: 30 }, 2_002);
    expect(landed).toMatchObject({ id: 3, next: { seq: later.seq, recordId: 3 } });
    expect(await db.count('aliases')).toBe(0);
    expect(await db.get('local', ['Product', 30])).toBeUndefined();
    expect((await db.get('queue', 'queue'))?.twinChecks).toBeUndefined();
  });

  it('an update answered without the record, landing on an earlier landing still queued over, keeps that landing plus itself as the base', async () => {
    const { db } = await pulledTill();
    const server = (await readOne(db, 'Product', 4))!;
    const a = await sent(db, { op: 'update', kind: 'Product', id: 4, body: { Name: 'A' } }, 2_000);
    const bQueued = await enqueue(db, { op: 'update', kind: 'Product', id: 4, body: { SalePrice: 5 } }, 2_001);
    await markDone(db, a, { ...server, Name: 'A', CostPrice: 0.5 }, 2_002);
    const b = await claim(db, (await db.get('outbox', bQueued.seq as number))!, 2_003);
    const c = await enqueue(db, { op: 'update', kind: 'Product', id: 4, body: { Description: 'C' } }, 2_004);
    await markDone(db, b!, undefined, 2_005);
    const landedB = { ...server, Name: 'A', CostPrice: 0.5, SalePrice: 5 };
    expect(await db.get('local', ['Product', 4])).toEqual({
      kind: 'Product',
      id: 4,
      record: { ...landedB, Description: 'C' },
      landedAt: null,
      base: { record: landedB, at: 2_005 },
    });
    // The person throws the last change away: the two landings show.
    await discardEntry(db, c.seq as number);
    expect(await readOne(db, 'Product', 4)).toEqual(landedB);
  });

  it('an update of a record the till never had, answered without the record, lands and shows nothing for it', async () => {
    const { db } = await pulledTill();
    const update = await sent(db, { op: 'update', kind: 'Product', id: 99_999, body: { Name: 'Far' } }, 2_000);
    expect(await markDone(db, update, undefined, 2_001)).toEqual({ id: 99_999, next: undefined });
    expect(await readOne(db, 'Product', 99_999)).toBeUndefined();
    expect(await db.getAll('outbox')).toEqual([]);
  });

  it('a delete queued behind a landing keeps the record gone, even with an update queued after the delete', async () => {
    const { db } = await pulledTill();
    const server = (await readOne(db, 'Product', 12))!;
    const first = await sent(db, { op: 'update', kind: 'Product', id: 12, body: { Name: 'Going' } }, 2_000);
    await enqueue(db, { op: 'delete', kind: 'Product', id: 12 }, 2_001);
    await enqueue(db, { op: 'update', kind: 'Product', id: 12, body: { SalePrice: 9 } }, 2_002);
    expect((await db.getAll('outbox')).map((e) => e.op)).toEqual(['update', 'delete', 'update']);
    await markDone(db, first, { ...server, Name: 'Going' }, 2_003);
    expect(await db.get('local', ['Product', 12])).toEqual({
      kind: 'Product',
      id: 12,
      record: null,
      landedAt: null,
      base: { record: { ...server, Name: 'Going' }, at: 2_003 },
    });
    expect(await readOne(db, 'Product', 12)).toBeUndefined();
  });

  it('a delete landing after an update of the record landed keeps the record gone', async () => {
    const { db } = await pulledTill();
    const server = (await readOne(db, 'Product', 13))!;
    const first = await sent(db, { op: 'update', kind: 'Product', id: 13, body: { Name: 'Going' } }, 2_000);
    const queued = await enqueue(db, { op: 'delete', kind: 'Product', id: 13 }, 2_001);
    await markDone(db, first, { ...server, Name: 'Going' }, 2_002);
    const del = await claim(db, (await db.get('outbox', queued.seq as number))!, 2_003);
    await markDone(db, del!, undefined, 2_004);
    expect(await db.get('local', ['Product', 13])).toEqual({ kind: 'Product', id: 13, record: null, landedAt: 2_004 });
    expect(await readOne(db, 'Product', 13)).toBeUndefined();
  });
});
