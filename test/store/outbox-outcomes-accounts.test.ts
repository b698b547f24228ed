/**
 * Holding the entries made under another Epos Now account, and letting them go when their account
 * is back (holdOtherAccounts): which entries are held, what note they carry, what they are given
 * back, and how many changed (the replayer tells the page only when some did).
 */
import { describe, expect, it } from 'vitest';
import type { TillDb } from '../../app/store/db.ts';
import { editEntry } from '../../app/store/outbox-admin.ts';
import { OTHER_ACCOUNT } from '../../app/store/outbox-machine.ts';
import { holdOtherAccounts } from '../../app/store/outbox-outcomes.ts';
import type { OutboxEntry } from '../../app/store/schema.ts';
import { freshDb, offline, otherAccountNote, refusal } from './fixture.ts';

const NOW = 50_000;
const A = 'account-a';
const B = 'account-b';

/** Stores an entry as the outbox would have it; returns its seq. */
async function put(db: TillDb, fields: Partial<OutboxEntry>): Promise<number> {
  const entry: Omit<OutboxEntry, 'seq'> = {
    target: 'Customer',
    op: 'update',
    recordId: 2,
    body: { Surname: 'Lee' },
    state: 'pending',
    attempts: 0,
    notBefore: 0,
    createdAt: 1_000,
    updatedAt: 1_000,
    error: null,
    ...fields,
  };
  return db.add('outbox', entry as OutboxEntry);
}

const get = async (db: TillDb, seq: number) => (await db.get('outbox', seq))!;

describe('entries of another account', () => {
  it('a pending and a verifying entry of another account are held with the note, keeping what they were', async () => {
    const db = await freshDb();
    const pending = await put(db, { account: B, error: offline, notBefore: 9_000, attempts: 1 });
    const verifying = await put(db, { account: B, op: 'create', recordId: -1, state: 'verify', notBefore: 7_000 });
    const original = await get(db, pending);
    expect(await holdOtherAccounts(db, A, NOW)).toBe(2);
    expect(await get(db, pending)).toEqual({
      ...original,
      state: 'held',
      error: otherAccountNote,
      previousState: 'pending',
      previousError: offline,
      updatedAt: NOW,
    });
    expect(await get(db, verifying)).toMatchObject({
      state: 'held',
      error: otherAccountNote,
      previousState: 'verify',
      previousError: null,
      updatedAt: NOW,
    });
    // The till opened with the same account again: they stay held, as they were.
    const held = await db.getAll('outbox');
    expect(await holdOtherAccounts(db, A, NOW + 1)).toBe(0);
    expect(await db.getAll('outbox')).toEqual(held);
    expect(OTHER_ACCOUNT).toBe('OtherAccount');
  });

  it('holds nothing that is not waiting to go: failed, sending, held for a person, or made before accounts were recorded', async () => {
    const db = await freshDb();
    await put(db, { account: B, state: 'failed', error: refusal('PUT', '/api/V2/Customer/2') });
    await put(db, { account: B, state: 'sending', attempts: 1, recordId: 3 });
    await put(db, { account: B, op: 'create', recordId: -1, state: 'held', error: null, candidates: [] });
    await put(db, { recordId: 4 });
    const before = await db.getAll('outbox');
    expect(await holdOtherAccounts(db, A, NOW)).toBe(0);
    expect(await db.getAll('outbox')).toEqual(before);
  });

  it("leaves this account's own entries alone, a backed-off one keeping its wait and its note", async () => {
    const db = await freshDb();
    await put(db, { account: A, error: offline, notBefore: 90_000, attempts: 2 });
    await put(db, {
      account: A,
      op: 'create',
      recordId: -1,
      state: 'held',
      error: refusal('POST', '/api/V2/Customer'),
      candidates: [],
    });
    const before = await db.getAll('outbox');
    expect(await holdOtherAccounts(db, A, NOW)).toBe(0);
    expect(await db.getAll('outbox')).toEqual(before);
  });

  it('an entry a person edited while it was held for another account is held again until that account is back', async () => {
    const db = await freshDb();
    const seq = await put(db, { account: B });
    expect(await holdOtherAccounts(db, A, NOW)).toBe(1);
    await editEntry(db, seq, { Surname: 'Edited' }, NOW + 1);
    expect(await get(db, seq)).toMatchObject({ state: 'pending', error: { name: OTHER_ACCOUNT } });
    expect(await holdOtherAccounts(db, A, NOW + 2)).toBe(1);
    expect(await get(db, seq)).toMatchObject({ state: 'held', body: { Surname: 'Edited' }, error: otherAccountNote });
  });
});

describe('entries whose account is back', () => {
  it('go back to what they were before they were held, due at once, their earlier note given back', async () => {
    const db = await freshDb();
    const pending = await put(db, { account: B, error: offline, notBefore: 9_000, attempts: 1 });
    const verifying = await put(db, { account: B, op: 'create', recordId: -1, state: 'verify', notBefore: 7_000 });
    const original = await get(db, pending);
    expect(await holdOtherAccounts(db, A, NOW)).toBe(2);
    expect(await holdOtherAccounts(db, B, NOW + 10)).toBe(2);
    expect(await get(db, pending)).toEqual({ ...original, notBefore: 0, updatedAt: NOW + 10 });
    const back = await get(db, verifying);
    expect(back).toMatchObject({ state: 'verify', notBefore: 0, error: null, updatedAt: NOW + 10 });
    expect(back).not.toHaveProperty('previousState');
    expect(back).not.toHaveProperty('previousError');
    // Nothing left to hold or let go.
    expect(await holdOtherAccounts(db, B, NOW + 20)).toBe(0);
  });

  it('one held by an older till, without what it was before, goes back as pending with no note', async () => {
    const db = await freshDb();
    const seq = await put(db, { account: B, state: 'held', error: otherAccountNote, notBefore: 5_000 });
    expect(await holdOtherAccounts(db, B, NOW)).toBe(1);
    expect(await get(db, seq)).toMatchObject({ state: 'pending', error: null, notBefore: 0, updatedAt: NOW });
  });

  it('one held for a person (a create that may have landed) stays held for the person', async () => {
    const db = await freshDb();
    const candidates = [{ CustomerID: 8, Forename: 'Ann' }];
    await put(db, {
      account: B,
      op: 'create',
      recordId: -1,
      state: 'held',
      error: refusal('POST', '/api/V2/Customer'),
      candidates,
    });
    await put(db, { account: B, op: 'create', recordId: -2, state: 'held', error: null, candidates });
    const before = await db.getAll('outbox');
    expect(await holdOtherAccounts(db, B, NOW)).toBe(0);
    expect(await db.getAll('outbox')).toEqual(before);
  });
});
