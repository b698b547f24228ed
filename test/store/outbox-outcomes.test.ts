import { describe, expect, it } from 'vitest';
import { readOne } from '../../app/store/catalog.ts';
import type { TillDb } from '../../app/store/db.ts';
import { ALIAS_DAYS, enqueue } from '../../app/store/outbox.ts';
import { claim, expireAliases, markDone, markDoneAndClaim, pauseForAuth } from '../../app/store/outbox-outcomes.ts';
import type { OutboxEntry } from '../../app/store/schema.ts';
import { pullKind } from '../../sw/pull.ts';
import { freshDb, standinClient } from './fixture.ts';

const NOW = 1_000;
const refused = {
  code: 'auth' as const,
  name: 'AuthError',
  message: 'HTTP 401',
  method: 'PUT',
  path: '/api/V2/Product/4',
  mayHaveReached: false,
  status: 401,
};

async function setup(): Promise<TillDb> {
  const db = await freshDb();
  const { client } = standinClient();
  await pullKind({ db, client }, 'Product');
  return db;
}

async function stored(db: TillDb, seq: number | undefined): Promise<OutboxEntry> {
  const entry = await db.get('outbox', seq as number);
  if (!entry) throw new Error(`no entry ${seq}`);
  return entry;
}

/** A create already sent once, so a later write queues behind it as an entry of its own. */
async function sentCreate(db: TillDb): Promise<{ sent: OutboxEntry; tempId: number }> {
  const { seq, recordId } = await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Ann' } }, 1);
  const sent = await claim(db, await stored(db, seq), NOW);
  if (!sent) throw new Error('not claimed');
  return { sent, tempId: recordId };
}

describe('aliases of landed creates', () => {
  it('a write to the temporary id goes to the real record; the alias expires after ALIAS_DAYS', async () => {
    const db = await setup();
    const { sent, tempId } = await sentCreate(db);
    await markDone(db, sent, { Forename: 'Ann', CustomerID: 501 }, NOW);
    const late = await enqueue(db, { op: 'update', kind: 'Customer', id: tempId, body: { Surname: 'Later' } }, NOW + 1);
    expect(late.recordId).toBe(501);
    expect(await expireAliases(db, NOW + ALIAS_DAYS * 86_400_000)).toBe(0);
    expect(await expireAliases(db, NOW + ALIAS_DAYS * 86_400_000 + 1)).toBe(1);
    expect(await db.count('aliases')).toBe(0);
  });
});

describe('claiming the entry to send next as one lands', () => {
  it('records the landing and claims the waiting entry', async () => {
    const db = await setup();
    const { sent, tempId } = await sentCreate(db);
    const b = await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'B' } }, 2);
    const result = await markDoneAndClaim(
      db,
      sent,
      { Forename: 'Ann', CustomerID: 501 },
      NOW + 1,
      await stored(db, b.seq),
    );
    expect(result).toMatchObject({
      id: 501,
      next: undefined,
      claimed: { seq: b.seq, state: 'sending', attempts: 1, updatedAt: NOW + 1 },
    });
    expect(await db.getAll('outbox')).toEqual([result.claimed]);
    expect(await db.get('queue', 'queue')).toMatchObject({ lastSentAt: NOW + 1 });
    expect(await db.getAll('aliases')).toEqual([{ tempId, id: 501, at: NOW + 1 }]);
  });

  it("claims the record's own next entry, under the real id, when it was made before the waiting one", async () => {
    const db = await setup();
    const { sent } = await sentCreate(db);
    const behind = await enqueue(
      db,
      { op: 'update', kind: 'Customer', id: sent.recordId, body: { Surname: 'Lee' } },
      2,
    );
    const other = await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'B' } }, 3);
    const result = await markDoneAndClaim(
      db,
      sent,
      { Forename: 'Ann', CustomerID: 501 },
      NOW,
      await stored(db, other.seq),
    );
    expect(result.claimed).toMatchObject({ seq: behind.seq, recordId: 501, state: 'sending', attempts: 1 });
    expect(result.next?.seq).toBe(behind.seq);
    expect(await stored(db, behind.seq)).toEqual(result.claimed);
    expect(await stored(db, other.seq)).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it("claims the waiting entry when it was made before the record's next, and moves the next to the real id", async () => {
    const db = await setup();
    const { sent } = await sentCreate(db);
    const other = await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'B' } }, 2);
    const behind = await enqueue(
      db,
      { op: 'update', kind: 'Customer', id: sent.recordId, body: { Surname: 'Lee' } },
      3,
    );
    const result = await markDoneAndClaim(
      db,
      sent,
      { Forename: 'Ann', CustomerID: 501 },
      NOW,
      await stored(db, other.seq),
    );
    expect(result.claimed).toMatchObject({ seq: other.seq, state: 'sending' });
    expect(result.next).toMatchObject({ seq: behind.seq, recordId: 501, state: 'pending' });
    expect(await stored(db, behind.seq)).toEqual(result.next);
  });

  it('with nothing waiting, claims the record\u2019s next entry only once it is due', async () => {
    const db = await setup();
    const { sent } = await sentCreate(db);
    const behind = await enqueue(
      db,
      { op: 'update', kind: 'Customer', id: sent.recordId, body: { Surname: 'Lee' } },
      2,
    );
    await db.put('outbox', { ...(await stored(db, behind.seq)), notBefore: NOW + 60_000 });
    const result = await markDoneAndClaim(db, sent, { Forename: 'Ann', CustomerID: 501 }, NOW, undefined);
    expect(result.claimed).toBeUndefined();
    expect(await stored(db, behind.seq)).toMatchObject({ state: 'pending', recordId: 501 });

    const { sent: second } = await sentCreate(db);
    const due = await enqueue(db, { op: 'update', kind: 'Customer', id: second.recordId, body: { Surname: 'Ode' } }, 3);
    expect(
      (await markDoneAndClaim(db, second, { Forename: 'Ann', CustomerID: 502 }, NOW, undefined)).claimed,
    ).toMatchObject({ seq: due.seq, recordId: 502, state: 'sending' });
  });

  it('claims nothing while the queue is paused, and still records the landing', async () => {
    const db = await setup();
    const a = await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'A' } }, 1);
    const b = await enqueue(db, { op: 'update', kind: 'Product', id: 4, body: { Name: 'B' } }, 2);
    const c = await enqueue(db, { op: 'update', kind: 'Product', id: 5, body: { Name: 'C' } }, 3);
    const sentA = await claim(db, await stored(db, a.seq), NOW);
    await pauseForAuth(db, (await claim(db, await stored(db, b.seq), NOW))!, refused, NOW);
    const result = await markDoneAndClaim(db, sentA!, { ProductID: 3, Name: 'A' }, NOW, await stored(db, c.seq));
    expect(result.claimed).toBeUndefined();
    expect((await db.getAll('outbox')).map((e) => [e.seq, e.state, e.attempts])).toEqual([
      [b.seq, 'pending', 0],
      [c.seq, 'pending', 0],
    ]);
    expect((await readOne(db, 'Product', 3))?.Name).toBe('A');
  });

  it('does not claim a waiting entry another replayer took meanwhile', async () => {
    const db = await setup();
    const { sent } = await sentCreate(db);
    const b = await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'B' } }, 2);
    const seen = await stored(db, b.seq);
    const taken = await claim(db, seen, NOW);
    const result = await markDoneAndClaim(db, sent, { Forename: 'Ann', CustomerID: 501 }, NOW + 5, seen);
    expect(result.claimed).toBeUndefined();
    expect(await stored(db, b.seq)).toEqual(taken);
  });

  it('finds an entry read under a temporary id that its create has since replaced', async () => {
    const db = await setup();
    const { sent } = await sentCreate(db);
    const behind = await enqueue(
      db,
      { op: 'update', kind: 'Customer', id: sent.recordId, body: { Surname: 'Lee' } },
      2,
    );
    const seen = await stored(db, behind.seq);
    await markDone(db, sent, { Forename: 'Ann', CustomerID: 501 }, NOW);
    expect(await claim(db, seen, NOW)).toMatchObject({ seq: behind.seq, recordId: 501, state: 'sending' });

    const { sent: second } = await sentCreate(db);
    const behindSecond = await enqueue(
      db,
      { op: 'update', kind: 'Customer', id: second.recordId, body: { Surname: 'Ode' } },
      3,
    );
    const seenSecond = await stored(db, behindSecond.seq);
    await markDone(db, second, { Forename: 'Ann', CustomerID: 502 }, NOW);
    const other = await claim(
      db,
      await stored(db, (await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'X' } }, 4)).seq),
      NOW,
    );
    const result = await markDoneAndClaim(db, other!, { ProductID: 3, Name: 'X' }, NOW, seenSecond);
    expect(result.claimed).toMatchObject({ seq: behindSecond.seq, recordId: 502, state: 'sending' });
  });
});

describe('recording a landing', () => {
  it('an update answered without the record keeps what the till showed, and a landed create its server record', async () => {
    const db = await setup();
    const a = await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'Kept' } }, 1);
    await markDone(db, (await claim(db, await stored(db, a.seq), NOW))!, undefined, NOW);
    expect((await readOne(db, 'Product', 3))?.Name).toBe('Kept');

    const { seq, recordId } = await enqueue(db, { op: 'create', kind: 'Product', body: { Name: 'New' } }, 2);
    const landed = await markDone(
      db,
      (await claim(db, await stored(db, seq), NOW))!,
      { ProductID: 900, Name: 'New' },
      NOW,
    );
    expect(landed).toEqual({ id: 900, next: undefined });
    expect(await readOne(db, 'Product', 900)).toEqual({ ProductID: 900, Name: 'New' });
    expect(await readOne(db, 'Product', recordId)).toBeUndefined();
    expect(await db.getAll('outbox')).toEqual([]);
  });
});
