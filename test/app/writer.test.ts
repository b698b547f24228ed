import { describe, expect, it } from 'vitest';
import type { WorkerMessage } from '../../app/store/channel.ts';
import { createWriter } from '../../app/writer.ts';
import { freshDb } from '../store/fixture.ts';

function fakeChannel() {
  const target = new EventTarget();
  return {
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    post: (data: WorkerMessage) => target.dispatchEvent(new MessageEvent('message', { data })),
  };
}

describe('writer', () => {
  it('stores the write, notifies the worker, and returns the server answer when it lands in time', async () => {
    const db = await freshDb();
    const channel = fakeChannel();
    let notified = 0;
    const writer = createWriter({
      db,
      channel,
      now: () => 1,
      notify: () => {
        notified++;
        // The worker answers for the one entry in the outbox.
        void db.getAll('outbox').then(([entry]) => channel.post({ type: 'write-landed', seq: entry!.seq, recordId: 501, answer: { CustomerID: 501 } }));
      },
    });
    const result = await writer.write({ op: 'create', kind: 'Customer', body: { Forename: 'Ann' } });
    expect(result).toEqual({ state: 'done', recordId: 501, answer: { CustomerID: 501 } });
    expect(notified).toBe(1);
  });

  it('says queued when no answer comes in time, with the write safely stored', async () => {
    const db = await freshDb();
    const writer = createWriter({ db, channel: fakeChannel(), now: () => 1, notify: () => undefined, waitMs: 20 });
    const result = await writer.write({ op: 'update', kind: 'Product', id: 4, body: { SalePrice: 2 } });
    expect(result).toMatchObject({ state: 'queued', recordId: 4 });
    expect(await db.count('outbox')).toBe(1);
  });
});
