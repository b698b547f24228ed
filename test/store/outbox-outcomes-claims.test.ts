/**
 * When an entry may go: what readReady offers and when it looks again, what claim takes, and
 * what an attempt that never reached the server (no network, a refused token) gives back.
 */
import { describe, expect, it } from 'vitest';
import type { EposErrorData } from '../../app/epos/errors.ts';
import type { TillDb } from '../../app/store/db.ts';
import { enqueue } from '../../app/store/outbox.ts';
import { discardEntry } from '../../app/store/outbox-admin.ts';
import {
  claim,
  markDoneAndClaim,
  markUnsent,
  pauseForAuth,
  readReady,
  resume,
} from '../../app/store/outbox-outcomes.ts';
import type { OutboxEntry } from '../../app/store/schema.ts';
import { freshDb, offline } from './fixture.ts';

const NOW = 10_000;
const refused: EposErrorData = {
  code: 'auth',
  name: 'AuthError',
  message: 'HTTP 401',
  method: 'PUT',
  path: '/api/V2/Customer/2',
  mayHaveReached: false,
  status: 401,
};

async function stored(db: TillDb, seq: number | undefined): Promise<OutboxEntry> {
  const entry = await db.get('outbox', seq as number);
  if (!entry) throw new Error(`no entry ${seq}`);
  return entry;
}

/** Queues an update of customer `id`; returns the stored entry. */
async function update(db: TillDb, id: number, at = 1_000): Promise<OutboxEntry> {
  return stored(db, (await enqueue(db, { op: 'update', kind: 'Customer', id, body: { Surname: `S${id}` } }, at)).seq);
}

describe('what may go now', () => {
  it('looks again when the earliest waiting entry is due, whatever order they were made in', async () => {
    const db = await freshDb();
    for (const [id, notBefore] of [
      [2, NOW + 5_000],
      [3, NOW + 3_000],
      [4, NOW + 4_000],
    ] as const) {
      await db.put('outbox', { ...(await update(db, id)), notBefore });
    }
    expect(await readReady(db, NOW)).toEqual({ send: [], verify: [], nextAt: NOW + 3_000, paused: false });
  });

  it('a claim takes nothing while the queue is paused for a token, nor an entry not yet due', async () => {
    const db = await freshDb();
    const a = await update(db, 2);
    const b = await update(db, 3);
    await pauseForAuth(db, (await claim(db, a, NOW))!, refused, NOW);
    expect(await claim(db, b, NOW + 1)).toBeUndefined();
    expect(await stored(db, b.seq)).toEqual(b);
    await resume(db);
    await db.put('outbox', { ...b, notBefore: NOW + 60_000 });
    expect(await claim(db, b, NOW + 2)).toBeUndefined();
    expect(await claim(db, b, NOW + 60_000)).toMatchObject({ seq: b.seq, state: 'sending', attempts: 1 });
  });
});

describe('an attempt that never reached the server', () => {
  it('without a network, the entry goes back with the attempt not counted, due at once', async () => {
    const db = await freshDb();
    const entry = await update(db, 2);
    const first = await claim(db, entry, NOW);
    await markUnsent(db, first!, offline, NOW + 1);
    const second = await claim(db, await stored(db, entry.seq), NOW + 2);
    expect(second?.attempts).toBe(1);
    // Two real attempts before: the one that never left takes back only itself.
    await db.put('outbox', { ...second!, attempts: 3 });
    await markUnsent(db, await stored(db, entry.seq), offline, NOW + 3);
    expect(await stored(db, entry.seq)).toEqual({
      ...entry,
      state: 'pending',
      attempts: 2,
      notBefore: 0,
      error: offline,
      updatedAt: NOW + 3,
    });
  });

  it('a refused token pauses the queue and takes back only the attempt it refused; the queue keeps its state', async () => {
    const db = await freshDb();
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Ann' } }, 1_000);
    const entry = await update(db, 2);
    await db.put('queue', {
      ...(await db.get('queue', 'queue'))!,
      lastSentAt: 9_000,
      twinChecks: [{ kind: 'Customer', id: 77, body: {} }],
    });
    const queue = (await db.get('queue', 'queue'))!;
    await db.put('outbox', { ...entry, attempts: 2 });
    const sent = await claim(db, await stored(db, entry.seq), NOW);
    expect(sent?.attempts).toBe(3);
    await pauseForAuth(db, sent!, refused, NOW + 1);
    expect(await stored(db, entry.seq)).toMatchObject({ state: 'pending', attempts: 2, updatedAt: NOW + 1 });
    expect(await db.get('queue', 'queue')).toEqual({
      ...queue,
      paused: { reason: 'auth', since: NOW + 1, error: refused },
    });
    expect((await readReady(db, NOW + 2)).paused).toBe(true);
    await resume(db);
    expect(await db.get('queue', 'queue')).toEqual({ ...queue, paused: null });
  });

  it('a refused token for an entry a person discarded meanwhile pauses the queue and brings nothing back', async () => {
    const db = await freshDb();
    const entry = await update(db, 2);
    const sent = await claim(db, entry, NOW);
    await discardEntry(db, entry.seq);
    await pauseForAuth(db, sent!, refused, NOW + 1);
    expect(await db.getAll('outbox')).toEqual([]);
    expect((await readReady(db, NOW + 2)).paused).toBe(true);
  });
});

describe('claiming the next entry as one lands', () => {
  it("claims the record's next entry due exactly now", async () => {
    const db = await freshDb();
    const sent = await claim(db, await update(db, 2), NOW);
    const behind = await update(db, 2);
    await db.put('outbox', { ...behind, notBefore: NOW + 5 });
    const result = await markDoneAndClaim(db, sent!, undefined, NOW + 5, undefined);
    expect(result.claimed).toMatchObject({ seq: behind.seq, state: 'sending', attempts: 1, updatedAt: NOW + 5 });
  });

  it("claims a create's next entry under the real id even when the replayer was holding it under the temporary one", async () => {
    const db = await freshDb();
    const { seq, recordId: tempId } = await enqueue(
      db,
      { op: 'create', kind: 'Customer', body: { Forename: 'Ann' } },
      1_000,
    );
    const sent = await claim(db, await stored(db, seq), NOW);
    const behind = await stored(
      db,
      (await enqueue(db, { op: 'update', kind: 'Customer', id: tempId, body: { Surname: 'Lee' } }, 1_001)).seq,
    );
    const result = await markDoneAndClaim(db, sent!, { CustomerID: 701, Forename: 'Ann' }, NOW + 1, behind);
    expect(result.claimed).toMatchObject({ seq: behind.seq, recordId: 701, state: 'sending', attempts: 1 });
    expect(await stored(db, behind.seq)).toEqual(result.claimed);
  });
});
