/**
 * Which writes fold into one waiting entry and which stay entries of their own: only a create or
 * an update nobody has started on takes later fields; a delete, a save being sent and one that
 * went out once keep their place.
 */
import { describe, expect, it } from 'vitest';
import type { EposErrorData } from '../../app/epos/errors.ts';
import { readOne } from '../../app/store/catalog.ts';
import { saveContext } from '../../app/store/context.ts';
import type { TillDb } from '../../app/store/db.ts';
import { enqueue } from '../../app/store/outbox.ts';
import { claim, holdOtherAccounts, markFailed, markRetry } from '../../app/store/outbox-outcomes.ts';
import { pulledTill, refusal } from './fixture.ts';

const NOW = 1_000;
const unavailable: EposErrorData = {
  code: 'server',
  name: 'ServerError',
  message: 'HTTP 503',
  method: 'PUT',
  path: '/api/V2/Product',
  mayHaveReached: true,
  status: 503,
};

const queued = async (db: TillDb) =>
  (await db.getAll('outbox')).map((e) => [e.target, e.op, e.recordId, e.body, e.state]);

/** Claims the entry `seq` for sending, as the replayer does when the request goes out. */
async function sendOut(db: TillDb, seq: number | undefined): Promise<void> {
  const sent = await claim(db, (await db.get('outbox', seq as number))!, NOW);
  if (!sent) throw new Error('not claimed');
}

describe('an update folded into a waiting write', () => {
  it('answers with the entry that carries it and the record it changes', async () => {
    const { db } = await pulledTill();
    const first = await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'A' } }, NOW);
    const folded = await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { SalePrice: 2 } }, NOW + 1);
    expect(folded).toEqual({ seq: first.seq, recordId: 3 });

    const created = await enqueue(db, { op: 'create', kind: 'Product', body: { Name: 'New' } }, NOW + 2);
    expect(
      await enqueue(db, { op: 'update', kind: 'Product', id: created.recordId, body: { SalePrice: 4 } }, NOW + 3),
    ).toEqual(created);
  });

  it('an update after a waiting delete is an entry of its own, and the till keeps the record gone', async () => {
    const { db } = await pulledTill();
    const deleted = await enqueue(db, { op: 'delete', kind: 'Product', id: 6 }, NOW);
    const updated = await enqueue(db, { op: 'update', kind: 'Product', id: 6, body: { Name: 'Too late' } }, NOW + 1);
    expect(updated.seq).not.toBe(deleted.seq);
    expect(await queued(db)).toEqual([
      ['Product', 'delete', 6, null, 'pending'],
      ['Product', 'update', 6, { Name: 'Too late' }, 'pending'],
    ]);
    expect(await readOne(db, 'Product', 6)).toBeUndefined();
  });

  it('an update of a record the till does not have is queued, but the till does not make up a record of its fields', async () => {
    const { db } = await pulledTill();
    await enqueue(db, { op: 'update', kind: 'Product', id: 987_654, body: { Name: 'Elsewhere' } }, NOW);
    expect(await queued(db)).toEqual([['Product', 'update', 987_654, { Name: 'Elsewhere' }, 'pending']]);
    expect(await readOne(db, 'Product', 987_654)).toBeUndefined();
  });
});

describe('a settings save', () => {
  it('does not replace a save already being sent: both go, the newer last', async () => {
    const { db } = await pulledTill();
    const first = await enqueue(db, { op: 'save', document: { tillName: 'A' } }, NOW);
    await sendOut(db, first.seq);
    await enqueue(db, { op: 'save', document: { tillName: 'B' } }, NOW + 1);
    expect(await queued(db)).toEqual([
      ['settings', 'save', 0, { tillName: 'A' }, 'sending'],
      ['settings', 'save', 0, { tillName: 'B' }, 'pending'],
    ]);
    expect((await db.get('settings', 'app'))?.document).toEqual({ tillName: 'B' });
  });

  it('does not replace a save that went out once and waits to go again', async () => {
    const { db } = await pulledTill();
    const retried = await enqueue(db, { op: 'save', document: { tillName: 'A' } }, NOW);
    await sendOut(db, retried.seq);
    await markRetry(db, (await db.get('outbox', retried.seq!))!, unavailable, NOW + 2_000, NOW);
    await enqueue(db, { op: 'save', document: { tillName: 'B' } }, NOW + 1);
    expect(await queued(db)).toEqual([
      ['settings', 'save', 0, { tillName: 'A' }, 'pending'],
      ['settings', 'save', 0, { tillName: 'B' }, 'pending'],
    ]);
  });

  it('does not replace a save the server refused: it waits for a person', async () => {
    const { db } = await pulledTill();
    const refused = await enqueue(db, { op: 'save', document: { tillName: 'A' } }, NOW);
    await sendOut(db, refused.seq);
    await markFailed(db, (await db.get('outbox', refused.seq!))!, refusal('PUT', '/api/V2/AppSettings'), NOW + 1);
    await enqueue(db, { op: 'save', document: { tillName: 'B' } }, NOW + 2);
    expect(await queued(db)).toEqual([
      ['settings', 'save', 0, { tillName: 'A' }, 'failed'],
      ['settings', 'save', 0, { tillName: 'B' }, 'pending'],
    ]);
  });
  it('does not replace a save held for another account: that account\u2019s settings go when it is back', async () => {
    const { db } = await pulledTill();
    const context = (token: string) => ({
      baseUrl: '',
      token,
      deviceId: null,
      locationId: null,
      staffId: null,
      username: null,
      locationAreaId: null,
    });
    await saveContext(db, context('token-of-account-a'));
    await enqueue(db, { op: 'save', document: { tillName: 'A' } }, NOW);
    await saveContext(db, context('token-of-account-b'));
    await holdOtherAccounts(db, 'account b', NOW + 1);
    await enqueue(db, { op: 'save', document: { tillName: 'B' } }, NOW + 2);
    expect(await queued(db)).toEqual([
      ['settings', 'save', 0, { tillName: 'A' }, 'held'],
      ['settings', 'save', 0, { tillName: 'B' }, 'pending'],
    ]);
  });
});
