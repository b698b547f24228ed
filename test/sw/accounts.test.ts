/**
 * Writes never cross accounts (issue 11, item 8): an entry is bound to the account whose token
 * the till held when it was made, and is sent only with that account's token.
 */
import { describe, expect, it } from 'vitest';
import { accountOf } from '../../app/epos/account.ts';
import { createClient } from '../../app/epos/client.ts';
import { saveContext } from '../../app/store/context.ts';
import type { TillDb } from '../../app/store/db.ts';
import { enqueue } from '../../app/store/outbox.ts';
import { retryEntry } from '../../app/store/outbox-admin.ts';
import type { BootContext } from '../../app/store/schema.ts';
import { type ReplayDeps, replay } from '../../sw/outbox/replay.ts';
import { inProcessFetch } from '../standin/in-process.ts';
import { createStandin, type Standin } from '../standin/standin.ts';
import { freshDb } from '../store/fixture.ts';

const TOKEN_A = btoa('shop-a-key:shop-a-secret');
const TOKEN_B = btoa('shop-b-key:shop-b-secret');

function context(token: string): BootContext {
  return { baseUrl: '', token, deviceId: '1', locationId: '1', staffId: '1', username: null, locationAreaId: null };
}

/** One stand-in per account, and the replay dependencies of a till holding `token`. */
function account(token: string, db: TillDb): { standin: Standin; deps: ReplayDeps } {
  const standin = createStandin({ products: 20, token });
  const client = createClient({ baseUrl: 'http://standin.test', token, fetch: inProcessFetch(standin) });
  return { standin, deps: { db, client, account: accountOf(token), now: Date.now, random: () => 0.5, leaseMs: 0 } };
}

const writesTo = (standin: Standin) =>
  standin.log.filter((e) => e.method !== 'GET').map((e) => `${e.method} ${e.path}`);

describe('writes and accounts', () => {
  it("holds another account's entries visibly, sends this account's, and sends the held ones once their account is back", async () => {
    const db = await freshDb();
    const a = account(TOKEN_A, db);
    const b = account(TOKEN_B, db);
    await saveContext(db, context(TOKEN_A));
    await enqueue(db, { op: 'update', kind: 'Customer', id: 2, body: { Surname: 'From A' } }, Date.now());
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Made in A' } }, Date.now());

    // The app is next opened from Epos Now with shop B's token.
    await saveContext(db, context(TOKEN_B));
    await enqueue(db, { op: 'update', kind: 'Customer', id: 3, body: { Surname: 'From B' } }, Date.now());
    await replay(b.deps);
    expect(writesTo(b.standin)).toEqual(['PUT /api/V2/Customer/3']);
    const held = await db.getAll('outbox');
    expect(held.map((e) => [e.recordId > 0 ? e.recordId : 'new', e.state])).toEqual([
      [2, 'held'],
      ['new', 'held'],
    ]);
    expect(held[0]?.error?.message).toMatch(/another Epos Now account/);

    // Shop A's token again: its entries go, to shop A.
    await saveContext(db, context(TOKEN_A));
    await replay(a.deps);
    expect(writesTo(a.standin)).toEqual(['PUT /api/V2/Customer/2', 'POST /api/V2/Customer']);
    expect(a.standin.record('Customer', 2)?.Surname).toBe('From A');
    expect(b.standin.record('Customer', 2)?.Surname).not.toBe('From A');
    expect(await db.getAll('outbox')).toEqual([]);
  });

  it("a person's Retry sends a held entry to the account in use now", async () => {
    const db = await freshDb();
    const b = account(TOKEN_B, db);
    await saveContext(db, context(TOKEN_A));
    await enqueue(db, { op: 'update', kind: 'Customer', id: 2, body: { Surname: 'Moved' } }, Date.now());
    await saveContext(db, context(TOKEN_B));
    await replay(b.deps);
    const [entry] = await db.getAll('outbox');
    expect(entry?.state).toBe('held');
    await retryEntry(db, entry!.seq, Date.now());
    await replay(b.deps);
    expect(writesTo(b.standin)).toEqual(['PUT /api/V2/Customer/2']);
    expect(await db.getAll('outbox')).toEqual([]);
  });

  it('an entry made before accounts were recorded is sent with the token in use', async () => {
    const db = await freshDb();
    const b = account(TOKEN_B, db);
    // No stored context: what an entry queued by an older version of the app looks like.
    await enqueue(db, { op: 'delete', kind: 'Customer', id: 5 }, Date.now());
    expect((await db.getAll('outbox'))[0]?.account).toBeUndefined();
    await replay(b.deps);
    expect(writesTo(b.standin)).toEqual(['DELETE /api/V2/Customer/5']);
  });
});

describe('accountOf', () => {
  it('names the account by its API key: a new secret is the same account, another key another', () => {
    expect(accountOf(btoa('shop-a-key:new-secret'))).toBe(accountOf(TOKEN_A));
    expect(accountOf(TOKEN_B)).not.toBe(accountOf(TOKEN_A));
    expect(accountOf(TOKEN_A)).toMatch(/^[0-9a-f]{14}$/);
  });

  it('carries nothing of the token', () => {
    const name = accountOf(TOKEN_A);
    for (const part of [TOKEN_A, 'shop-a-key', 'shop-a-secret']) expect(name).not.toContain(part);
  });

  it('takes a token that is not Base64 key:secret as its own account', () => {
    expect(accountOf('not-base64!')).not.toBe(accountOf('other-token!'));
    expect(accountOf('not-base64!')).toBe(accountOf('not-base64!'));
  });
});
