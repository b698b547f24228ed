import { describe, expect, it } from 'vitest';
import { readOne } from '../../app/store/catalog.ts';
import { enqueue } from '../../app/store/outbox.ts';
import { adoptRecord, discardEntry, editEntry, retryEntry } from '../../app/store/outbox-admin.ts';
import { markFailed, markHeld } from '../../app/store/outbox-outcomes.ts';
import { readOutboxStatus } from '../../app/store/outbox-status.ts';
import { InvalidWriteError } from '../../app/store/write-error.ts';
import { pullKind } from '../../sw/pull.ts';
import { freshDb, standinClient } from './fixture.ts';

const refusal = {
  code: 'client' as const,
  name: 'ClientError',
  message: 'HTTP 400',
  method: 'PUT',
  path: '/api/V2/Product/3',
  mayHaveReached: true,
  status: 400,
};

async function setup() {
  const db = await freshDb();
  const { client } = standinClient();
  await pullKind({ db, client }, 'Product');
  return db;
}

describe('outbox status', () => {
  it('counts pending, failed and held from the stored entries, with the oldest pending age', async () => {
    const db = await setup();
    expect(await readOutboxStatus(db)).toEqual({
      pending: 0,
      failed: 0,
      held: 0,
      oldestPendingAt: null,
      lastSentAt: null,
      paused: null,
    });
    await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'a' } }, 100);
    await enqueue(db, { op: 'update', kind: 'Product', id: 4, body: { Name: 'b' } }, 200);
    const c = await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'c' } }, 300);
    const [first] = await db.getAll('outbox');
    await markFailed(db, first!, refusal, 400);
    await markHeld(db, (await db.get('outbox', c.seq!))!, null, [{ CustomerID: 9 }], 500);
    expect(await readOutboxStatus(db)).toMatchObject({ pending: 1, failed: 1, held: 1, oldestPendingAt: 200 });
  });

  it('dates the oldest of several pending writes', async () => {
    const db = await setup();
    await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'a' } }, 100);
    await enqueue(db, { op: 'update', kind: 'Product', id: 4, body: { Name: 'b' } }, 200);
    await enqueue(db, { op: 'update', kind: 'Product', id: 5, body: { Name: 'c' } }, 300);
    expect(await readOutboxStatus(db)).toMatchObject({ pending: 3, oldestPendingAt: 100 });
  });
});

describe('a person settling entries', () => {
  it('retries and edits a failed entry, sending it again', async () => {
    const db = await setup();
    const { seq } = await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'bad' } }, 1);
    await markFailed(db, (await db.get('outbox', seq!))!, refusal, 2);
    await editEntry(db, seq!, { Name: 'good' }, 3);
    expect(await db.get('outbox', seq!)).toMatchObject({ state: 'pending', body: { Name: 'good' }, notBefore: 0 });
    expect((await readOne(db, 'Product', 3))?.Name).toBe('good');
    await markFailed(db, (await db.get('outbox', seq!))!, refusal, 4);
    await retryEntry(db, seq!, 5);
    expect((await db.get('outbox', seq!))?.state).toBe('pending');
    await expect(retryEntry(db, seq!, 6)).rejects.toThrow(/is pending, not waiting for a person/);
  });

  it('an edit pasted with the record\u2019s id (either style) sends the fields only: the id goes in the path', async () => {
    const db = await setup();
    const { seq } = await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'bad' } }, 1);
    await markFailed(db, (await db.get('outbox', seq!))!, refusal, 2);
    await editEntry(db, seq!, { ProductID: 3, Id: 3, Name: 'good', SalePrice: 2 }, 3);
    expect((await db.get('outbox', seq!))?.body).toEqual({ Name: 'good', SalePrice: 2 });
  });

  it('an edited create must still carry its required fields; an edited update need not', async () => {
    const db = await setup();
    const create = await enqueue(db, { op: 'create', kind: 'Product', body: { Name: 'New', SalePrice: 1 } }, 1);
    await markFailed(db, (await db.get('outbox', create.seq!))!, refusal, 2);
    await expect(editEntry(db, create.seq!, { SalePrice: 2 }, 3)).rejects.toBeInstanceOf(InvalidWriteError);
    const update = await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'bad' } }, 4);
    await markFailed(db, (await db.get('outbox', update.seq!))!, refusal, 5);
    await editEntry(db, update.seq!, { SalePrice: 2 }, 6);
    expect((await db.get('outbox', update.seq!))?.body).toEqual({ SalePrice: 2 });
  });

  it('an edited settings save is the document the till shows, as it will be saved', async () => {
    const db = await setup();
    const { seq } = await enqueue(db, { op: 'save', document: { currency: 'GBP' } }, 1);
    await markFailed(db, (await db.get('outbox', seq!))!, { ...refusal, path: '/api/V2/AppSettings' }, 2);
    await editEntry(db, seq!, { currency: 'EUR' }, 3);
    expect(await db.get('settings', 'app')).toEqual({ key: 'app', document: { currency: 'EUR' }, storedAt: 3 });
  });

  it('discards a create with everything queued behind it, and the till forgets the record', async () => {
    const db = await setup();
    const { seq, recordId } = await enqueue(db, { op: 'create', kind: 'Product', body: { Name: 'Unwanted' } }, 1);
    await db.put('outbox', { ...(await db.get('outbox', seq!))!, attempts: 1 });
    await enqueue(db, { op: 'update', kind: 'Product', id: recordId, body: { SalePrice: 3 } }, 2);
    expect(await db.count('outbox')).toBe(2);
    await discardEntry(db, seq!);
    expect(await db.count('outbox')).toBe(0);
    expect(await readOne(db, 'Product', recordId)).toBeUndefined();
  });

  it('discarding an update shows the server record again', async () => {
    const db = await setup();
    const before = await readOne(db, 'Product', 6);
    const { seq } = await enqueue(db, { op: 'update', kind: 'Product', id: 6, body: { Name: 'Local only' } }, 1);
    expect((await readOne(db, 'Product', 6))?.Name).toBe('Local only');
    await discardEntry(db, seq!);
    expect(await readOne(db, 'Product', 6)).toEqual(before);
  });

  it('settles a held create by adopting the record the person picks', async () => {
    const db = await setup();
    const { seq, recordId } = await enqueue(db, { op: 'create', kind: 'Product', body: { Name: 'Twin' } }, 1);
    await markHeld(
      db,
      (await db.get('outbox', seq!))!,
      null,
      [
        { ProductID: 777, Name: 'Twin' },
        { ProductID: 778, Name: 'Twin' },
      ],
      2,
    );
    await adoptRecord(db, seq!, { ProductID: 778, Name: 'Twin' }, 3);
    expect(await db.count('outbox')).toBe(0);
    expect((await readOne(db, 'Product', 778))?.Name).toBe('Twin');
    expect(await readOne(db, 'Product', recordId)).toBeUndefined();
  });
});
