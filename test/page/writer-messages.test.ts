/**
 * What a waiting write makes of the messages on the channel: only its own landing or its own
 * entry needing a person settles it, once; anything else (another kind of message, a malformed
 * one, its entry gone, an outbox it cannot read) leaves it waiting for the worker or the wait.
 */

import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWriter, type WriteResult } from '../../app/page/writer.ts';
import { openTillDb } from '../../app/store/db.ts';
import { enqueue } from '../../app/store/outbox.ts';
import { markFailed } from '../../app/store/outbox-outcomes.ts';
import { DB_VERSION } from '../../app/store/schema.ts';
import { freshDb } from '../store/fixture.ts';
import { fakeChannel } from './channel.ts';

async function setup(waitMs: number) {
  const db = await freshDb();
  const channel = fakeChannel();
  let notified = 0;
  const writer = createWriter({ db, channel, now: () => 1, notify: () => void notified++, waitMs });
  return { db, channel, writer, notified: () => notified };
}

const refusal = {
  code: 'client' as const,
  name: 'ClientError',
  message: 'HTTP 400: Name is required',
  method: 'PUT',
  path: '/api/V2/Product/4',
  mayHaveReached: true,
  status: 400,
};

/** Errors the writer let escape while the test ran (a listener's async work has no caller to fail). */
const escaped: unknown[] = [];
const collect = (reason: unknown): void => void escaped.push(reason);
beforeEach(() => {
  escaped.length = 0;
  process.on('unhandledRejection', collect);
});
afterEach(() => {
  process.off('unhandledRejection', collect);
  vi.restoreAllMocks();
});

describe('a waiting write and the messages it hears', () => {
  it('settles only on a landing of its own entry: no data, a message of another type carrying its seq, or another kind of news leave it waiting', async () => {
    const { db, channel, writer, notified } = await setup(60_000);
    let result: WriteResult | undefined;
    const pending = writer
      .write({ op: 'update', kind: 'Product', id: 4, body: { Name: 'Four' } })
      .then((r) => (result = r));
    await expect.poll(notified).toBe(1);
    const [entry] = await db.getAll('outbox');
    channel.post(null);
    channel.post(undefined);
    channel.post({ type: 'api-limit', until: 0, seq: entry!.seq, recordId: 4 });
    channel.post({ seq: entry!.seq, recordId: 4 });
    // Refused meanwhile, but the news that comes is of the catalog, not of the outbox.
    await markFailed(db, entry!, refusal, 2);
    channel.post({ type: 'catalog-changed', kinds: ['Product'] });
    await db.get('outbox', entry!.seq);
    await db.get('outbox', entry!.seq);
    expect(result).toBeUndefined();
    channel.post({
      type: 'write-landed',
      seq: entry!.seq,
      target: 'Product',
      sentId: 4,
      recordId: 4,
      answer: { ProductID: 4, Name: 'Four' },
    });
    await pending;
    expect(result).toEqual({ state: 'done', recordId: 4, answer: { ProductID: 4, Name: 'Four' } });
    expect(channel.listening()).toBe(0);
  });

  it('a refusal without a note from Epos Now says it was refused', async () => {
    const { db, channel, writer, notified } = await setup(60_000);
    const pending = writer.write({ op: 'update', kind: 'Product', id: 4, body: { Barcode: '5012345678900' } });
    await expect.poll(notified).toBe(1);
    const [entry] = await db.getAll('outbox');
    await db.put('outbox', { ...entry!, state: 'failed', error: null });
    channel.post({ type: 'outbox-changed' });
    expect(await pending).toEqual({ state: 'attention', seq: entry!.seq, recordId: 4, reason: 'refused by Epos Now' });
  });

  it('its entry gone from the outbox (discarded in another tab) or an outbox it cannot read leaves it waiting for its landing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { db, channel, writer, notified } = await setup(60_000);
    let result: WriteResult | undefined;
    const pending = writer
      .write({ op: 'update', kind: 'Product', id: 4, body: { Name: 'Four' } })
      .then((r) => (result = r));
    await expect.poll(notified).toBe(1);
    const [entry] = await db.getAll('outbox');
    await db.clear('outbox');
    channel.post({ type: 'outbox-changed' });
    await db.get('outbox', entry!.seq);
    await db.get('outbox', entry!.seq);
    expect(warn).not.toHaveBeenCalled();
    expect(escaped).toEqual([]);
    db.close();
    channel.post({ type: 'outbox-changed' });
    await expect
      .poll(() => warn.mock.calls)
      .toEqual([['Reading a queued write failed:', expect.stringMatching(/not allowed/)]]);
    expect(result).toBeUndefined();
    channel.post({ type: 'write-landed', seq: entry!.seq, target: 'Product', sentId: 4, recordId: 4 });
    await pending;
    expect(result).toEqual({ state: 'done', recordId: 4 });
    expect(escaped).toEqual([]);
  });
});

describe('a write answered "queued"', () => {
  it('hears its refusal once, however many messages report it, and then stops listening', async () => {
    const { db, channel, writer } = await setup(10);
    const settled: WriteResult[] = [];
    const result = await writer.write(
      { op: 'update', kind: 'Product', id: 4, body: { Barcode: '5012345678900' } },
      { onSettled: (r) => settled.push(r) },
    );
    expect(result).toMatchObject({ state: 'queued' });
    const [entry] = await db.getAll('outbox');
    await markFailed(db, entry!, refusal, 2);
    channel.post({ type: 'outbox-changed' });
    channel.post({ type: 'outbox-changed' });
    await expect.poll(() => settled.length).toBe(1);
    await db.get('outbox', entry!.seq);
    await db.get('outbox', entry!.seq);
    expect(settled).toEqual([{ state: 'attention', seq: entry!.seq, recordId: 4, reason: refusal.message }]);
    expect(channel.listening()).toBe(0);
  });

  it('without onSettled, it stops listening once it has said so', async () => {
    const { channel, writer } = await setup(10);
    expect(await writer.write({ op: 'update', kind: 'Product', id: 4, body: { Name: 'Four' } })).toMatchObject({
      state: 'queued',
    });
    expect(channel.listening()).toBe(0);
  });

  it('a delete that cancels a create never sent is answered at once: nothing to send, the worker not woken', async () => {
    const { db, writer, notified } = await setup(60_000);
    const { recordId } = await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Ann' } }, 1);
    expect(await writer.write({ op: 'delete', kind: 'Customer', id: recordId })).toEqual({
      state: 'queued',
      seq: undefined,
      recordId,
    });
    expect(notified()).toBe(0);
    expect(await db.count('outbox')).toBe(0);
  });
});

describe('a person settling a write in a tab a newer tab upgraded', () => {
  it('is refused, saying nothing was changed', async () => {
    const name = `writer-messages-upgraded-${process.pid}`;
    const db = await openTillDb({ name });
    const writer = createWriter({ db, channel: fakeChannel(), now: () => 1, notify: () => undefined, waitMs: 10 });
    const newer = await openDB(name, DB_VERSION + 1);
    await expect(writer.discard(1)).rejects.toMatchObject({
      code: 'closed',
      message: 'This till was updated in another tab. Reload to carry on; nothing was changed.',
    });
    newer.close();
  });
});
