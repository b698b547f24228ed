/**
 * What the till shows of a record made on it: its temporary id under the key its neighbours use
 * (the catalog's id style), kept when a person edits or discards writes around it; and what it
 * keeps of the kinds it does not cache: nothing, since no pull would ever clear it.
 */
import { describe, expect, it } from 'vitest';
import type { EposErrorData } from '../../app/epos/errors.ts';
import type { IdStyle } from '../../app/epos/ids.ts';
import { readOne } from '../../app/store/catalog.ts';
import { saveContext } from '../../app/store/context.ts';
import type { TillDb } from '../../app/store/db.ts';
import { enqueue } from '../../app/store/outbox.ts';
import { discardEntry, editEntry, retryEntry } from '../../app/store/outbox-admin.ts';
import { claim, holdOtherAccounts, markFailed, markRetry } from '../../app/store/outbox-outcomes.ts';
import { pullKind } from '../../sw/pull.ts';
import { freshDb, refusal, standinClient } from './fixture.ts';

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

async function pulled(idStyle: IdStyle): Promise<TillDb> {
  const db = await freshDb();
  const { client } = standinClient({ idStyle });
  await pullKind({ db, client, now: () => NOW }, 'Product');
  return db;
}

/** Queues `write`, sends it and has the server refuse it. */
async function refusedCreate(db: TillDb, body: Record<string, unknown>): Promise<{ seq: number; recordId: number }> {
  const { seq, recordId } = await enqueue(db, { op: 'create', kind: 'Product', body }, NOW);
  const sent = await claim(db, (await db.get('outbox', seq!))!, NOW);
  await markFailed(db, sent!, refusal('POST', '/api/V2/Product'), NOW + 1);
  return { seq: seq!, recordId };
}

describe('a record made on the till', () => {
  it.each([
    ['v2', 'ProductID'],
    ['contract', 'Id'],
  ] as const)(
    'carries its temporary id under the key of the catalog (%s ids), also after a person edits its refused create',
    async (style, key) => {
      const db = await pulled(style);
      const { seq, recordId } = await refusedCreate(db, { Name: 'Refused', SalePrice: -1 });
      expect(await readOne(db, 'Product', recordId)).toEqual({ Name: 'Refused', SalePrice: -1, [key]: recordId });
      await editEntry(db, seq, { Name: 'Fixed', SalePrice: 1 }, NOW + 2);
      expect(await readOne(db, 'Product', recordId)).toEqual({ Name: 'Fixed', SalePrice: 1, [key]: recordId });
      // Refused again and retried as it is: still the same record.
      await markFailed(db, (await db.get('outbox', seq))!, refusal('POST', '/api/V2/Product'), NOW + 3);
      await retryEntry(db, seq, NOW + 4);
      expect(await readOne(db, 'Product', recordId)).toEqual({ Name: 'Fixed', SalePrice: 1, [key]: recordId });
    },
  );

  it('on a till that has never pulled the kind, uses the V2 id key', async () => {
    const db = await freshDb();
    const { recordId } = await enqueue(db, { op: 'create', kind: 'Product', body: { Name: 'First ever' } }, NOW);
    expect(await readOne(db, 'Product', recordId)).toEqual({ Name: 'First ever', ProductID: recordId });
  });

  it('shows again, with its id, when a held delete of it is discarded', async () => {
    const db = await pulled('v2');
    await saveContext(db, {
      baseUrl: '',
      token: 'account-a',
      deviceId: null,
      locationId: null,
      staffId: null,
      username: null,
      locationAreaId: null,
    });
    const { seq, recordId } = await enqueue(
      db,
      { op: 'create', kind: 'Product', body: { Name: 'Kept after all' } },
      NOW,
    );
    const sent = await claim(db, (await db.get('outbox', seq!))!, NOW);
    await markRetry(db, sent!, unavailable, NOW + 2_000, NOW);
    const deleted = await enqueue(db, { op: 'delete', kind: 'Product', id: recordId }, NOW + 1);
    expect(await readOne(db, 'Product', recordId)).toBeUndefined();
    // The till is opened with another account: both wait for a person.
    await holdOtherAccounts(db, 'another account', NOW + 2);
    await discardEntry(db, deleted.seq!);
    expect(await readOne(db, 'Product', recordId)).toEqual({ Name: 'Kept after all', ProductID: recordId });
  });
});

describe('a kind the till does not cache', () => {
  it('leaves nothing in the local catalog, whatever is queued, edited, retried or discarded', async () => {
    const db = await pulled('v2');
    const created = await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Ann' } }, NOW);
    await enqueue(db, { op: 'update', kind: 'Customer', id: created.recordId, body: { Surname: 'Ode' } }, NOW + 1);
    await enqueue(db, { op: 'update', kind: 'Customer', id: 5, body: { Surname: 'Five' } }, NOW + 2);
    await enqueue(db, { op: 'delete', kind: 'Customer', id: 6 }, NOW + 3);
    const refused = await enqueue(db, { op: 'update', kind: 'Customer', id: 7, body: { Surname: 'Bad' } }, NOW + 4);
    await markFailed(db, (await db.get('outbox', refused.seq!))!, refusal('PUT', '/api/V2/Customer/7'), NOW + 5);
    await enqueue(db, { op: 'update', kind: 'Customer', id: 7, body: { Forename: 'Later' } }, NOW + 6);
    await editEntry(db, refused.seq!, { Surname: 'Good' }, NOW + 7);
    await markFailed(db, (await db.get('outbox', refused.seq!))!, refusal('PUT', '/api/V2/Customer/7'), NOW + 8);
    await retryEntry(db, refused.seq!, NOW + 9);
    await markFailed(db, (await db.get('outbox', refused.seq!))!, refusal('PUT', '/api/V2/Customer/7'), NOW + 10);
    await discardEntry(db, refused.seq!);
    expect((await db.getAll('outbox')).map((e) => [e.op, e.recordId])).toEqual([
      ['create', created.recordId],
      ['update', 5],
      ['delete', 6],
      ['update', 7],
    ]);
    expect(await db.getAll('local')).toEqual([]);
  });
});
