/**
 * Deleting a record made on this till whose create already went out once: the create may have
 * landed unheard, so the delete waits behind it and goes to the real id; only a create that
 * never left is cancelled on the till alone (issue 17, item 9, second half).
 */
import { describe, expect, it } from 'vitest';
import type { EposErrorData } from '../../app/epos/errors.ts';
import { recordId } from '../../app/epos/ids.ts';
import { readAll, readOne } from '../../app/store/catalog.ts';
import type { TillDb } from '../../app/store/db.ts';
import { enqueue } from '../../app/store/outbox.ts';
import { discardEntry } from '../../app/store/outbox-admin.ts';
import { claim, markDone, markRetry, markUnsent, markVerify, readReady } from '../../app/store/outbox-outcomes.ts';
import type { OutboxEntry } from '../../app/store/schema.ts';
import { type ReplayDeps, replay } from '../../sw/outbox/replay.ts';
import { pullKind } from '../../sw/pull.ts';
import { freshDb, standinClient } from './fixture.ts';

const NOW = 1_000;
const unavailable: EposErrorData = {
  code: 'server',
  name: 'ServerError',
  message: 'HTTP 503',
  method: 'POST',
  path: '/api/V2/Product',
  mayHaveReached: true,
  status: 503,
};
const offline: EposErrorData = {
  code: 'network',
  name: 'NetworkError',
  message: 'connect ECONNREFUSED',
  method: 'POST',
  path: '/api/V2/Product',
  mayHaveReached: false,
};

async function setup() {
  const db = await freshDb();
  const { standin, client } = standinClient();
  await pullKind({ db, client }, 'Product');
  return { db, standin, client };
}

/** A create claimed for sending, as the replayer leaves it while the request is out. */
async function sentCreate(db: TillDb, name: string): Promise<{ sent: OutboxEntry; tempId: number }> {
  const { seq, recordId: tempId } = await enqueue(
    db,
    { op: 'create', kind: 'Product', body: { Name: name, SalePrice: 1 } },
    NOW,
  );
  const sent = await claim(db, (await db.get('outbox', seq as number))!, NOW);
  if (!sent) throw new Error('not claimed');
  return { sent, tempId };
}

const queued = async (db: TillDb) => (await db.getAll('outbox')).map((e) => [e.op, e.recordId, e.state]);
const shownIds = async (db: TillDb) => (await readAll(db, 'Product')).map((p) => recordId('Product', p));

describe('deleting a new record whose create already went out once', () => {
  it('after a 503 (pending, attempted): the delete waits behind the create, the updates between are dropped, and the till stops showing it', async () => {
    const { db } = await setup();
    const { sent, tempId } = await sentCreate(db, 'Maybe made');
    await markRetry(db, sent, unavailable, NOW + 2_000, NOW);
    await enqueue(db, { op: 'update', kind: 'Product', id: tempId, body: { SalePrice: 2 } }, NOW + 1);

    const deleted = await enqueue(db, { op: 'delete', kind: 'Product', id: tempId }, NOW + 2);
    expect(deleted.seq).toBeDefined();
    expect(await queued(db)).toEqual([
      ['create', tempId, 'pending'],
      ['delete', tempId, 'pending'],
    ]);
    expect(await readOne(db, 'Product', tempId)).toBeUndefined();
    expect(await shownIds(db)).not.toContain(tempId);

    // The create goes again and lands: the delete follows it to the real id, and the till never shows it.
    const again = await claim(db, (await db.get('outbox', sent.seq))!, NOW + 2_000);
    const landed = await markDone(db, again!, { ProductID: 901, Name: 'Maybe made', SalePrice: 1 }, NOW + 2_001);
    expect(landed.next).toMatchObject({ seq: deleted.seq, op: 'delete', recordId: 901 });
    expect(await queued(db)).toEqual([['delete', 901, 'pending']]);
    expect((await readReady(db, NOW + 2_001)).send.map((e) => [e.op, e.recordId])).toEqual([['delete', 901]]);
    expect(await readOne(db, 'Product', 901)).toBeUndefined();
    expect(await shownIds(db)).not.toContain(901);
  });

  it('while it is being looked for (verify) or still in flight (sending): the delete is queued, not a local cancel', async () => {
    const { db } = await setup();
    const looked = await sentCreate(db, 'Looked for');
    await markVerify(db, looked.sent, null, NOW + 20_000, NOW);
    expect((await enqueue(db, { op: 'delete', kind: 'Product', id: looked.tempId }, NOW + 1)).seq).toBeDefined();

    const flying = await sentCreate(db, 'In flight');
    expect((await enqueue(db, { op: 'delete', kind: 'Product', id: flying.tempId }, NOW + 2)).seq).toBeDefined();

    expect(await queued(db)).toEqual([
      ['create', looked.tempId, 'verify'],
      ['delete', looked.tempId, 'pending'],
      ['create', flying.tempId, 'sending'],
      ['delete', flying.tempId, 'pending'],
    ]);
    expect(await readOne(db, 'Product', looked.tempId)).toBeUndefined();
    expect(await readOne(db, 'Product', flying.tempId)).toBeUndefined();
  });

  it('a create whose request never left (its attempt given back) is still cancelled on the till alone', async () => {
    const { db } = await setup();
    const { sent, tempId } = await sentCreate(db, 'Never left');
    await markUnsent(db, sent, offline, NOW);
    const result = await enqueue(db, { op: 'delete', kind: 'Product', id: tempId }, NOW + 1);
    expect(result.seq).toBeUndefined();
    expect(await db.getAll('outbox')).toEqual([]);
    expect(await readOne(db, 'Product', tempId)).toBeUndefined();
  });

  it('against the server: a create applied but unanswered, then deleted on the till, leaves no record there', async () => {
    const { db, standin, client } = await setup();
    const clock = { now: NOW };
    const deps: ReplayDeps = { db, client, now: () => clock.now, random: () => 0.5, retryBaseMs: 1_000, leaseMs: 0 };
    standin.faults.add({ match: { method: 'POST' }, type: 'drop-after-apply', times: 1 });
    const { recordId: tempId } = await enqueue(
      db,
      { op: 'create', kind: 'Product', body: { Name: 'Applied, unheard', SalePrice: 1 } },
      NOW,
    );
    await replay(deps);
    expect(standin.records('Product').filter((p) => p.Name === 'Applied, unheard')).toHaveLength(1);
    expect(await queued(db)).toEqual([['create', tempId, 'verify']]);

    await enqueue(db, { op: 'delete', kind: 'Product', id: tempId }, clock.now);
    for (let i = 0; i < 10; i++) {
      const report = await replay(deps);
      if (report.nextAt === null) break;
      clock.now = Math.max(clock.now, report.nextAt);
    }
    expect(await db.getAll('outbox')).toEqual([]);
    expect(standin.records('Product').filter((p) => p.Name === 'Applied, unheard')).toEqual([]);
    const writes = standin.log.filter((e) => e.method !== 'GET').map((e) => `${e.method} ${e.path}`);
    expect(writes).toEqual(['POST /api/V2/Product', expect.stringMatching(/^DELETE \/api\/V2\/Product\/\d+$/)]);
    expect(await readOne(db, 'Product', tempId)).toBeUndefined();
  });
});

describe('deleting a new record whose create a person discarded', () => {
  it('queues nothing: no request could carry its temporary id, and there is nothing on Epos Now to delete', async () => {
    const db = await freshDb();
    const { recordId: temp, seq } = await enqueue(
      db,
      { op: 'create', kind: 'Product', body: { Name: 'Never made', SalePrice: 1 } },
      1,
    );
    await discardEntry(db, seq as number);
    // A screen still showing the record deletes it.
    const queued = await enqueue(db, { op: 'delete', kind: 'Product', id: temp }, 2);
    expect(queued.seq).toBeUndefined();
    expect(await db.getAll('outbox')).toEqual([]);
    expect(await db.get('local', ['Product', temp])).toBeUndefined();
  });
});
