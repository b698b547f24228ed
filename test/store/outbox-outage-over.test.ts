/**
 * When Epos Now answers again after an outage (issue 25, item 3), the writes that waited only
 * because it gave no answer go at once: the back-off their failed sends and looks built up during
 * the outage (up to 5 minutes) was about the link, which is back. Nothing else moves.
 */
import { describe, expect, it } from 'vitest';
import type { EposErrorData } from '../../app/epos/errors.ts';
import { enqueue } from '../../app/store/outbox.ts';
import { anyWaitsOnOutage, outageOver } from '../../app/store/outbox-outcomes.ts';
import type { OutboxEntry } from '../../app/store/schema.ts';
import { freshDb } from './fixture.ts';

const NOW = 1_000_000;
const failure = (code: EposErrorData['code'], status?: number): EposErrorData => ({
  code,
  name: 'Error',
  message: 'failed',
  method: 'PUT',
  path: '/api/V2/Product/1',
  mayHaveReached: true,
  ...(status === undefined ? {} : { status }),
});

async function withEntries(changes: Partial<OutboxEntry>[]) {
  const db = await freshDb();
  for (const [i, change] of changes.entries()) {
    const { seq } = await enqueue(db, { op: 'update', kind: 'Product', id: i + 1, body: { Name: `n${i}` } }, 1);
    const entry = (await db.get('outbox', seq as number))!;
    await db.put('outbox', { ...entry, ...change });
  }
  return db;
}

describe('the outage is over', () => {
  it('makes due now the writes waiting out a back-off after no answer: a send (network, timeout) or a look', async () => {
    const db = await withEntries([
      { state: 'pending', notBefore: NOW + 200_000, attempts: 3, error: failure('network') },
      { state: 'pending', notBefore: NOW + 60_000, attempts: 2, error: failure('timeout') },
      { state: 'verify', notBefore: NOW + 120_000, attempts: 1, looks: 3, error: failure('network') },
    ]);
    expect(await anyWaitsOnOutage(db, NOW)).toBe(true);
    expect(await outageOver(db, NOW)).toBe(3);
    expect(await anyWaitsOnOutage(db, NOW)).toBe(false);
    expect((await db.getAll('outbox')).map((e) => [e.state, e.notBefore, e.attempts])).toEqual([
      ['pending', NOW, 3],
      ['pending', NOW, 2],
      ['verify', NOW, 1],
    ]);
  });

  it('leaves every other wait: an answer from the server, a create not yet looked for, a wait already over, a person’s', async () => {
    const unchanged: Partial<OutboxEntry>[] = [
      // The server answered: its back-off (a 503, a Retry-After) stands.
      { state: 'pending', notBefore: NOW + 30_000, error: failure('server', 503) },
      // Sent with no answer, never looked for: the server may still be working on it.
      { state: 'verify', notBefore: NOW + 15_000, error: failure('network') },
      // Due already.
      { state: 'pending', notBefore: NOW - 1, error: failure('network') },
      // A person decides these.
      { state: 'held', notBefore: NOW + 9_000, error: failure('network') },
      { state: 'failed', notBefore: NOW + 9_000, error: failure('network') },
    ];
    const db = await withEntries(unchanged);
    const before = await db.getAll('outbox');
    expect(await anyWaitsOnOutage(db, NOW)).toBe(false);
    expect(await outageOver(db, NOW)).toBe(0);
    expect(await db.getAll('outbox')).toEqual(before);
  });
});
