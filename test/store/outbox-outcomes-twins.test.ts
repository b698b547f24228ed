/**
 * What a landing notes for the twin check (a create answered with its real id may have been made
 * twice by a resend), which records count as this till's own, and settling a check: the check
 * leaves the queue and each twin found becomes a held delete for a person to confirm.
 */
import { describe, expect, it } from 'vitest';
import type { TillDb } from '../../app/store/db.ts';
import { enqueue, type Write } from '../../app/store/outbox.ts';
import { claim, madeHere, markDone, pauseForAuth, settleTwinCheck } from '../../app/store/outbox-outcomes.ts';
import type { OutboxEntry, QueueRow, TwinCheck } from '../../app/store/schema.ts';
import { freshDb, pulledTill } from './fixture.ts';

const NOW = 5_000;

/** Queues `write` and claims it, as the replayer does before sending it. */
async function sent(db: TillDb, write: Write, at = NOW): Promise<OutboxEntry> {
  const { seq } = await enqueue(db, write, at);
  const claimed = await claim(db, (await db.get('outbox', seq as number))!, at);
  if (!claimed) throw new Error('not claimed');
  return claimed;
}

const queueRow = async (db: TillDb): Promise<QueueRow | undefined> => db.get('queue', 'queue');

describe('what a landing notes for the twin check', () => {
  it('a create answered with its real id is noted, with what was sent; the real id becomes one of the till\u2019s own', async () => {
    const { db } = await pulledTill();
    const create = await sent(db, { op: 'create', kind: 'Customer', body: { Forename: 'Ann' } });
    await markDone(db, create, { CustomerID: 601, Forename: 'Ann' }, NOW + 1);
    const product = await sent(db, { op: 'create', kind: 'Product', body: { Name: 'Tart', SalePrice: 2 } });
    await markDone(db, product, { ProductID: 902, Name: 'Tart', SalePrice: 2 }, NOW + 2);
    expect((await queueRow(db))?.twinChecks).toEqual([
      { kind: 'Customer', id: 601, body: { Forename: 'Ann' } },
      { kind: 'Product', id: 902, body: { Name: 'Tart', SalePrice: 2 } },
    ]);
    expect(await madeHere(db)).toEqual({ ids: new Set([601, 902]), unsettled: [] });
  });

  it('updates, deletes and settings saves landing note no check, make no record the till\u2019s own, and leave the queue as it was but for the time it last sent', async () => {
    const { db } = await pulledTill();
    const before = await queueRow(db);
    const update = await sent(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'Renamed' } });
    await markDone(db, update, { ProductID: 3, Name: 'Renamed' }, NOW + 1);
    const emptyAnswer = await sent(db, { op: 'update', kind: 'Customer', id: 4, body: { Surname: 'Lee' } });
    await markDone(db, emptyAnswer, undefined, NOW + 2);
    const del = await sent(db, { op: 'delete', kind: 'Product', id: 9 });
    await markDone(db, del, undefined, NOW + 3);
    const save = await sent(db, { op: 'save', document: { theme: 'dark' } });
    await markDone(db, save, undefined, NOW + 4);
    expect(await queueRow(db)).toEqual({
      ...(before ?? { key: 'queue', paused: null, nextTempId: -1 }),
      lastSentAt: NOW + 4,
    });
    expect(await madeHere(db)).toEqual({ ids: new Set(), unsettled: [] });
    expect(await db.getAll('outbox')).toEqual([]);
  });

  it('a create sent and not landed may have made a record, and so may a twin held for a person; a create never sent, an update or a save did not', async () => {
    const { db } = await pulledTill();
    await sent(db, { op: 'create', kind: 'Customer', body: { Forename: 'Out' } });
    await enqueue(db, { op: 'create', kind: 'Product', body: { Name: 'Unsent', SalePrice: 1 } }, NOW);
    await sent(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'Renamed' } });
    await sent(db, { op: 'save', document: { theme: 'dark' } });
    const kept = await sent(db, { op: 'create', kind: 'Customer', body: { Forename: 'Twinned' } });
    await markDone(db, kept, { CustomerID: 700, Forename: 'Twinned' }, NOW + 1);
    await settleTwinCheck(
      db,
      { kind: 'Customer', id: 700, body: { Forename: 'Twinned' } },
      [{ CustomerID: 699, Forename: 'Twinned' }],
      NOW + 2,
    );
    expect(await madeHere(db)).toEqual({
      ids: new Set([700, 699]),
      unsettled: [{ kind: 'Customer', body: { Forename: 'Out' } }],
    });
  });

  it('a create answered without an id keeps its temporary id: nothing to look for, no alias', async () => {
    const { db } = await pulledTill();
    const { recordId: tempId } = await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Ann' } }, NOW);
    const create = await claim(db, (await db.getAll('outbox'))[0]!, NOW);
    expect(await markDone(db, create!, { Forename: 'Ann' }, NOW + 1)).toEqual({ id: tempId, next: undefined });
    expect((await queueRow(db))?.twinChecks).toBeUndefined();
    expect(await db.count('aliases')).toBe(0);
  });
});

describe('settling a twin check', () => {
  const check = (kind: TwinCheck['kind'], id: number): TwinCheck => ({ kind, id, body: { Name: `made ${id}` } });

  /** A queue paused for a token, two creates made, and three checks waiting. */
  async function queueWithChecks(db: TillDb): Promise<QueueRow> {
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Ann' } }, NOW);
    const a = await sent(db, { op: 'update', kind: 'Customer', id: 2, body: { Surname: 'Lee' } });
    await pauseForAuth(
      db,
      a,
      {
        code: 'auth',
        name: 'AuthError',
        message: 'HTTP 401',
        method: 'PUT',
        path: '/api/V2/Customer/2',
        mayHaveReached: false,
        status: 401,
      },
      NOW,
    );
    const queue = {
      ...(await queueRow(db))!,
      lastSentAt: 4_000,
      twinChecks: [check('Product', 901), check('Product', 902), check('Customer', 901)],
    };
    await db.put('queue', queue);
    return queue;
  }

  it('takes only the settled check off the queue, keeping the rest of the queue as it was', async () => {
    const db = await freshDb();
    const queue = await queueWithChecks(db);
    await settleTwinCheck(db, check('Product', 901), [], NOW + 1);
    expect(await queueRow(db)).toEqual({ ...queue, twinChecks: [check('Product', 902), check('Customer', 901)] });
    await settleTwinCheck(db, check('Customer', 901), [], NOW + 2);
    expect(await queueRow(db)).toEqual({ ...queue, twinChecks: [check('Product', 902)] });
    await settleTwinCheck(db, check('Product', 902), [], NOW + 3);
    const { twinChecks: _gone, ...rest } = queue;
    expect(await queueRow(db)).toEqual(rest);
    // Settled again (another tab got there first): nothing changes.
    await settleTwinCheck(db, check('Product', 902), [], NOW + 4);
    expect(await queueRow(db)).toEqual(rest);
    // No twin found: no delete held.
    expect((await db.getAll('outbox')).map((e) => e.op)).toEqual(['create', 'update']);
  });

  it('on a till that never queued anything, settling leaves a fresh queue', async () => {
    const db = await freshDb();
    await settleTwinCheck(db, check('Product', 901), [], NOW);
    expect(await queueRow(db)).toEqual({ key: 'queue', paused: null, lastSentAt: null, nextTempId: -1 });
  });

  it('each twin found becomes a delete held for a person, naming the record the till kept', async () => {
    const db = await freshDb();
    await queueWithChecks(db);
    const twins = [
      { ProductID: 905, Name: 'made 901' },
      { ProductID: 907, Name: 'made 901' },
    ];
    await settleTwinCheck(db, check('Product', 901), twins, NOW + 1);
    const held = (await db.getAll('outbox')).filter((e) => e.twinOf !== undefined);
    expect(held.map(({ seq: _seq, ...rest }) => rest)).toEqual(
      twins.map((twin) => ({
        target: 'Product',
        op: 'delete',
        recordId: twin.ProductID,
        body: null,
        state: 'held',
        attempts: 0,
        notBefore: 0,
        createdAt: NOW + 1,
        updatedAt: NOW + 1,
        error: {
          code: 'bad-response',
          name: 'Twin',
          message: `Epos Now made this Product more than once from one create of this till (the browser sent it again on its own): ${twin.ProductID} is a copy of 901, the one the till uses. Retry deletes ${twin.ProductID}; Discard keeps both.`,
          method: 'POST',
          path: '',
          mayHaveReached: true,
        },
        candidates: [twin],
        twinOf: 901,
      })),
    );
  });
});
