/**
 * What a delete does to the writes waiting for its record: it drops only the updates nobody has
 * started on. An update already sent, going again after a failed try, refused, or held for
 * another account is not the till's to take back: it stays, and the delete goes after it.
 */
import { describe, expect, it } from 'vitest';
import { accountOf } from '../../app/epos/account.ts';
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

const queued = async (db: TillDb) => (await db.getAll('outbox')).map((e) => [e.op, e.recordId, e.state]);

async function sent(db: TillDb, seq: number | undefined) {
  const entry = await claim(db, (await db.get('outbox', seq as number))!, NOW);
  if (!entry) throw new Error('not claimed');
  return entry;
}

const context = (token: string) => ({
  baseUrl: '',
  token,
  deviceId: null,
  locationId: null,
  staffId: null,
  username: null,
  locationAreaId: null,
});

describe('a delete after updates that went out', () => {
  it('keeps an update being sent, one going again after a failed try, and one refused', async () => {
    const { db } = await pulledTill();
    const flying = await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'In flight' } }, NOW);
    await sent(db, flying.seq);
    const again = await enqueue(db, { op: 'update', kind: 'Product', id: 4, body: { Name: 'Again' } }, NOW);
    await markRetry(db, await sent(db, again.seq), unavailable, NOW + 2_000, NOW);
    const refused = await enqueue(db, { op: 'update', kind: 'Product', id: 5, body: { Name: 'Refused' } }, NOW);
    await markFailed(db, await sent(db, refused.seq), refusal('PUT', '/api/V2/Product/5'), NOW + 1);

    for (const id of [3, 4, 5]) await enqueue(db, { op: 'delete', kind: 'Product', id }, NOW + 2);
    expect(await queued(db)).toEqual([
      ['update', 3, 'sending'],
      ['update', 4, 'pending'],
      ['update', 5, 'failed'],
      ['delete', 3, 'pending'],
      ['delete', 4, 'pending'],
      ['delete', 5, 'pending'],
    ]);
    for (const id of [3, 4, 5]) expect(await readOne(db, 'Product', id)).toBeUndefined();
  });
});

describe('a delete after writes held for another account', () => {
  it('keeps them: they are that account\u2019s, and a record made under it is deleted on the server after its create', async () => {
    const { db } = await pulledTill();
    await saveContext(db, context('token-of-account-a'));
    await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'From A' } }, NOW);
    const made = await enqueue(db, { op: 'create', kind: 'Product', body: { Name: 'Made under A' } }, NOW);
    await saveContext(db, context('token-of-account-b'));
    await holdOtherAccounts(db, 'account b', NOW + 1);

    await enqueue(db, { op: 'delete', kind: 'Product', id: 3 }, NOW + 2);
    const deleted = await enqueue(db, { op: 'delete', kind: 'Product', id: made.recordId }, NOW + 2);
    expect(deleted.seq).toBeDefined();
    expect(await queued(db)).toEqual([
      ['update', 3, 'held'],
      ['create', made.recordId, 'held'],
      ['delete', 3, 'pending'],
      ['delete', made.recordId, 'pending'],
    ]);
    expect(await readOne(db, 'Product', made.recordId)).toBeUndefined();
  });
  it('keeps a create waiting while a later write of its record is held for another account: the delete follows the create', async () => {
    const { db } = await pulledTill();
    await saveContext(db, context('token-of-account-a'));
    const made = await enqueue(db, { op: 'create', kind: 'Product', body: { Name: 'Made under A' } }, NOW);
    await saveContext(db, context('token-of-account-b'));
    await holdOtherAccounts(db, 'account b', NOW + 1);
    await enqueue(db, { op: 'update', kind: 'Product', id: made.recordId, body: { SalePrice: 2 } }, NOW + 2);
    // Back to account A: its create may go again, B's update now waits for B.
    await saveContext(db, context('token-of-account-a'));
    await holdOtherAccounts(db, accountOf('token-of-account-a'), NOW + 3);

    const deleted = await enqueue(db, { op: 'delete', kind: 'Product', id: made.recordId }, NOW + 4);
    expect(deleted.seq).toBeDefined();
    expect(await queued(db)).toEqual([
      ['create', made.recordId, 'pending'],
      ['update', made.recordId, 'held'],
      ['delete', made.recordId, 'pending'],
    ]);
  });

  it('an update made here does not fold into one held for another account', async () => {
    const { db } = await pulledTill();
    await saveContext(db, context('token-of-account-a'));
    await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'From A' } }, NOW);
    await saveContext(db, context('token-of-account-b'));
    await holdOtherAccounts(db, 'account b', NOW + 1);
    await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { SalePrice: 2 } }, NOW + 2);
    expect((await db.getAll('outbox')).map((e) => [e.op, e.recordId, e.body, e.state])).toEqual([
      ['update', 3, { Name: 'From A' }, 'held'],
      ['update', 3, { SalePrice: 2 }, 'pending'],
    ]);
  });
});
