/**
 * A person settling what the replayer could not: Retry of an entry held for another account sends
 * it as it was before it was held, with the account in use now; Retry of a refused one keeps its
 * account and its answer; Edit is for fields, not deletes; settings saves are retried, edited and
 * discarded alone; an entry gone meanwhile (sent, discarded in another tab) is said so, or
 * quietly nothing to do.
 */
import { describe, expect, it } from 'vitest';
import { accountOf } from '../../app/epos/account.ts';
import type { EposErrorData } from '../../app/epos/errors.ts';
import { readOne } from '../../app/store/catalog.ts';
import { saveContext } from '../../app/store/context.ts';
import type { TillDb } from '../../app/store/db.ts';
import { enqueue } from '../../app/store/outbox.ts';
import { adoptRecord, discardEntry, editEntry, retryEntry } from '../../app/store/outbox-admin.ts';
import {
  claim,
  holdOtherAccounts,
  markFailed,
  markHeld,
  markRetry,
  markVerify,
} from '../../app/store/outbox-outcomes.ts';
import type { OutboxEntry } from '../../app/store/schema.ts';
import { pulledTill, refusal } from './fixture.ts';

const NOW = 1_000;
const TOKEN_A = btoa('shop-a-key:shop-a-secret');
const unavailable: EposErrorData = {
  code: 'server',
  name: 'ServerError',
  message: 'HTTP 503',
  method: 'PUT',
  path: '/api/V2/Product/3',
  mayHaveReached: true,
  status: 503,
};

async function tillOf(token: string): Promise<TillDb> {
  const { db } = await pulledTill();
  await saveContext(db, {
    baseUrl: '',
    token,
    deviceId: null,
    locationId: null,
    staffId: null,
    username: null,
    locationAreaId: null,
  });
  return db;
}

/** Claims the entry for sending, as the replayer does when its request goes out. */
async function sent(db: TillDb, seq: number | undefined): Promise<OutboxEntry> {
  const entry = await claim(db, (await db.get('outbox', seq as number))!, NOW);
  if (!entry) throw new Error('not claimed');
  return entry;
}

const entry = async (db: TillDb, seq: number | undefined) => (await db.get('outbox', seq as number))!;

describe('Retry of an entry held for another account', () => {
  it('sends it as it was before it was held: a create that went out unanswered is looked for first', async () => {
    const db = await tillOf(TOKEN_A);
    const { seq } = await enqueue(db, { op: 'create', kind: 'Product', body: { Name: 'Unanswered' } }, NOW);
    await markVerify(db, await sent(db, seq), null, NOW + 20_000, NOW);
    await holdOtherAccounts(db, 'another account', NOW + 1);
    expect(await entry(db, seq)).toMatchObject({ state: 'held', previousState: 'verify' });

    await retryEntry(db, seq!, NOW + 2);
    const retried = await entry(db, seq);
    expect(retried).toMatchObject({ state: 'verify', error: null, notBefore: 0, updatedAt: NOW + 2 });
    // It now belongs to no account in particular: the token in use sends it.
    expect(retried).not.toHaveProperty('account');
    expect(retried).not.toHaveProperty('previousState');
    expect(retried).not.toHaveProperty('previousError');
  });

  it('keeps the answer it had before it was held', async () => {
    const db = await tillOf(TOKEN_A);
    const { seq } = await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'Later' } }, NOW);
    await markRetry(db, await sent(db, seq), unavailable, NOW + 2_000, NOW);
    await holdOtherAccounts(db, 'another account', NOW + 1);
    await retryEntry(db, seq!, NOW + 2);
    expect(await entry(db, seq)).toMatchObject({ state: 'pending', error: unavailable, notBefore: 0 });
  });
});

describe('Retry of a refused entry', () => {
  it('sends it again under the account it was made with, keeping the answer it got', async () => {
    const db = await tillOf(TOKEN_A);
    const { seq } = await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'Refused' } }, NOW);
    await markFailed(db, await sent(db, seq), refusal('PUT', '/api/V2/Product/3'), NOW + 1);
    await retryEntry(db, seq!, NOW + 2);
    expect(await entry(db, seq)).toMatchObject({
      state: 'pending',
      account: accountOf(TOKEN_A),
      error: refusal('PUT', '/api/V2/Product/3'),
      notBefore: 0,
    });
    // Opened with another account, the till still does not send it with that account's token.
    await holdOtherAccounts(db, 'another account', NOW + 3);
    expect((await entry(db, seq)).state).toBe('held');
  });
});

describe('Retry of a held create', () => {
  it('sends it again when the person says none of the records found is it', async () => {
    const { db } = await pulledTill();
    const { seq } = await enqueue(db, { op: 'create', kind: 'Product', body: { Name: 'Twin?' } }, NOW);
    await markHeld(db, await sent(db, seq), null, [{ ProductID: 777, Name: 'Twin?' }], NOW + 1);
    await retryEntry(db, seq!, NOW + 2);
    expect(await entry(db, seq)).toMatchObject({ state: 'pending', error: null, notBefore: 0, updatedAt: NOW + 2 });
  });
});

describe('Edit', () => {
  it('is refused for a delete, which has no fields: the entry stays as it was', async () => {
    const { db } = await pulledTill();
    const { seq } = await enqueue(db, { op: 'delete', kind: 'Product', id: 4 }, NOW);
    await markFailed(db, await sent(db, seq), refusal('DELETE', '/api/V2/Product/4'), NOW + 1);
    const before = await entry(db, seq);
    await expect(editEntry(db, seq!, { Name: 'Undeleted' }, NOW + 2)).rejects.toThrow(
      /only a create, an update or a settings save can be edited/,
    );
    expect(await entry(db, seq)).toEqual(before);
    expect(await readOne(db, 'Product', 4)).toBeUndefined();
  });
});

describe('a refused settings save', () => {
  it('is edited as a whole document, id-like fields included, and retried', async () => {
    const { db } = await pulledTill();
    const { seq } = await enqueue(db, { op: 'save', document: { tillName: 'Bad' } }, NOW);
    await markFailed(db, await sent(db, seq), refusal('PUT', '/api/V2/AppSettings'), NOW + 1);
    await editEntry(db, seq!, { Id: 3, ProductID: 4, tillName: 'Good' }, NOW + 2);
    expect(await entry(db, seq)).toMatchObject({
      state: 'pending',
      body: { Id: 3, ProductID: 4, tillName: 'Good' },
      updatedAt: NOW + 2,
    });
    await markFailed(db, await sent(db, seq), refusal('PUT', '/api/V2/AppSettings'), NOW + 3);
    await retryEntry(db, seq!, NOW + 4);
    expect(await entry(db, seq)).toMatchObject({ state: 'pending', body: { Id: 3, ProductID: 4, tillName: 'Good' } });
  });

  it('is discarded alone: a newer save waiting behind it still goes', async () => {
    const { db } = await pulledTill();
    const { seq } = await enqueue(db, { op: 'save', document: { tillName: 'Bad' } }, NOW);
    await markFailed(db, await sent(db, seq), refusal('PUT', '/api/V2/AppSettings'), NOW + 1);
    await enqueue(db, { op: 'save', document: { tillName: 'Newer' } }, NOW + 2);
    // A save that went is not replaced by a newer one: it waits for a person.
    expect((await db.getAll('outbox')).map((e) => e.state)).toEqual(['failed', 'pending']);
    await discardEntry(db, seq!);
    expect((await db.getAll('outbox')).map((e) => [e.target, e.body, e.state])).toEqual([
      ['settings', { tillName: 'Newer' }, 'pending'],
    ]);
  });
});

describe('an entry gone meanwhile (sent, or discarded in another tab)', () => {
  it('Retry and Edit say it is no longer waiting', async () => {
    const { db } = await pulledTill();
    const { seq } = await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'Gone' } }, NOW);
    await discardEntry(db, seq!);
    await expect(retryEntry(db, seq!, NOW + 1)).rejects.toThrow(
      'retrying the change failed: Error: that change is no longer waiting (it was sent or discarded meanwhile)',
    );
    await expect(editEntry(db, seq!, { Name: 'x' }, NOW + 1)).rejects.toThrow(
      'editing the change failed: Error: that change is no longer waiting (it was sent or discarded meanwhile)',
    );
  });

  it('Discard and adopting a record have nothing left to do', async () => {
    const { db } = await pulledTill();
    const kept = await enqueue(db, { op: 'update', kind: 'Product', id: 4, body: { Name: 'Kept' } }, NOW);
    const { seq } = await enqueue(db, { op: 'create', kind: 'Product', body: { Name: 'Gone' } }, NOW);
    await discardEntry(db, seq!);
    await discardEntry(db, seq!);
    await adoptRecord(db, seq!, { ProductID: 900, Name: 'Gone' }, NOW + 1);
    expect((await db.getAll('outbox')).map((e) => e.seq)).toEqual([kept.seq]);
    expect(await readOne(db, 'Product', 900)).toBeUndefined();
    expect((await readOne(db, 'Product', 4))?.Name).toBe('Kept');
  });
});

describe('the storage failing', () => {
  it('queuing and discarding say which action failed', async () => {
    const { db } = await pulledTill();
    const { seq } = await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'x' } }, NOW);
    db.close();
    await expect(enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'y' } }, NOW + 1)).rejects.toThrow(
      /^saving the change on this till failed: /,
    );
    await expect(discardEntry(db, seq!)).rejects.toThrow(/^discarding the change failed: /);
  });
});
