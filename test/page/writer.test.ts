import { openDB } from 'idb';
import { describe, expect, it, vi } from 'vitest';
import { createWriter, type WriteResult } from '../../app/page/writer.ts';
import { openTillDb, type TillDb } from '../../app/store/db.ts';
import { StoreError } from '../../app/store/errors.ts';
import { markFailed, markHeld } from '../../app/store/outbox-outcomes.ts';
import { listEntries } from '../../app/store/outbox-status.ts';
import { DB_VERSION, type OutboxEntry } from '../../app/store/schema.ts';
import { freshDb } from '../store/fixture.ts';
import { fakeChannel } from './channel.ts';

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
        void db.getAll('outbox').then(([entry]) =>
          channel.post({
            type: 'write-landed',
            seq: entry!.seq,
            target: 'Customer',
            sentId: entry!.recordId,
            recordId: 501,
            answer: { CustomerID: 501 },
          }),
        );
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

describe('a write made while the browser knows it is offline', () => {
  it('is answered "queued" at once instead of after the wait, and its landing is still told to who asked', async () => {
    const db = await freshDb();
    const channel = fakeChannel();
    const waits = vi.spyOn(globalThis, 'setTimeout');
    try {
      const settled: WriteResult[] = [];
      const offline = createWriter({
        db,
        channel,
        now: () => 1,
        notify: () => undefined,
        waitMs: 60_000,
        online: () => false,
      });
      const result = await offline.write(
        { op: 'create', kind: 'Customer', body: { Forename: 'Olive' } },
        { onSettled: (outcome) => settled.push(outcome) },
      );
      expect(result).toMatchObject({ state: 'queued' });
      expect(waits.mock.calls.map(([, ms]) => ms)).toContain(0);
      expect(waits.mock.calls.map(([, ms]) => ms)).not.toContain(60_000);
      channel.post({
        type: 'write-landed',
        seq: (result as { seq: number }).seq,
        target: 'Customer',
        sentId: result.recordId,
        recordId: 77,
      });
      expect(settled).toEqual([{ state: 'done', recordId: 77, answer: undefined }]);

      // Online, the same writer waits the whole wait for the answer.
      waits.mockClear();
      const online = createWriter({
        db,
        channel,
        now: () => 1,
        notify: () => undefined,
        waitMs: 60_000,
        online: () => true,
      });
      const pending = online.write({ op: 'create', kind: 'Customer', body: { Forename: 'Ada' } });
      await vi.waitFor(() => expect(waits.mock.calls.map(([, ms]) => ms)).toContain(60_000));
      const [queued] = await listEntries(db).then((entries) => entries.slice(-1));
      channel.post({
        type: 'write-landed',
        seq: queued!.seq,
        target: 'Customer',
        sentId: queued!.recordId,
        recordId: 78,
      });
      expect(await pending).toEqual({ state: 'done', recordId: 78, answer: undefined });
    } finally {
      waits.mockRestore();
    }
  });
});

describe('the browser\u2019s own word on the connection', () => {
  it('is what the writer goes by when not told otherwise: navigator.onLine false answers at once', async () => {
    const db = await freshDb();
    const waits = vi.spyOn(globalThis, 'setTimeout');
    vi.stubGlobal('navigator', { onLine: false });
    try {
      const writer = createWriter({
        db,
        channel: fakeChannel(),
        now: () => 1,
        notify: () => undefined,
        waitMs: 60_000,
      });
      expect(await writer.write({ op: 'create', kind: 'Customer', body: { Forename: 'Nell' } })).toMatchObject({
        state: 'queued',
      });
      expect(waits.mock.calls.map(([, ms]) => ms)).toContain(0);
      expect(waits.mock.calls.map(([, ms]) => ms)).not.toContain(60_000);
    } finally {
      vi.unstubAllGlobals();
      waits.mockRestore();
    }
  });

  it('a navigator that does not say (Node 21 and later have one without onLine) is not taken for offline', async () => {
    const db = await freshDb();
    const waits = vi.spyOn(globalThis, 'setTimeout');
    vi.stubGlobal('navigator', {});
    const channel = fakeChannel();
    try {
      const writer = createWriter({ db, channel, now: () => 1, notify: () => undefined, waitMs: 60_000 });
      const pending = writer.write({ op: 'create', kind: 'Customer', body: { Forename: 'Ida' } });
      await vi.waitFor(() => expect(waits.mock.calls.map(([, ms]) => ms)).toContain(60_000));
      const [queued] = (await listEntries(db)).slice(-1);
      channel.post({
        type: 'write-landed',
        seq: queued!.seq,
        target: 'Customer',
        sentId: queued!.recordId,
        recordId: 9,
      });
      expect(await pending).toMatchObject({ state: 'done', recordId: 9 });
    } finally {
      vi.unstubAllGlobals();
      waits.mockRestore();
    }
  });
});

describe('a tab whose database a newer tab upgraded', () => {
  it('refuses a write with a typed error saying to reload, and nothing is queued or half-written', async () => {
    const name = `writer-upgraded-${process.pid}`;
    const db = await openTillDb({ name });
    const writer = createWriter({ db, channel: fakeChannel(), now: () => 1, notify: () => undefined, waitMs: 10 });
    expect(await writer.write({ op: 'update', kind: 'Product', id: 4, body: { SalePrice: 2 } })).toMatchObject({
      state: 'queued',
    });
    // Another tab runs a newer version of the app: this tab's connection is closed under it.
    const newer = await openDB(name, DB_VERSION + 1);
    const refused = writer.write({ op: 'update', kind: 'Product', id: 4, body: { SalePrice: 3 } });
    await expect(refused).rejects.toBeInstanceOf(StoreError);
    await expect(refused).rejects.toMatchObject({
      code: 'closed',
      message: 'This till was updated in another tab. Reload to carry on; this change was not saved.',
    });
    await expect(writer.retry(1)).rejects.toMatchObject({ code: 'closed' });
    expect((await newer.getAll('outbox')).map((entry) => entry.body)).toEqual([{ SalePrice: 2 }]);
    newer.close();
  });
});

describe('a write answered "queued" that settles later', () => {
  const refusal = {
    code: 'client' as const,
    name: 'ClientError',
    message: 'HTTP 400: Name is required',
    method: 'PUT',
    path: '/api/V2/Product/4',
    mayHaveReached: true,
    status: 400,
  };

  it('tells onSettled when it lands, once, and stops listening', async () => {
    const db = await freshDb();
    const channel = fakeChannel();
    const writer = createWriter({ db, channel, now: () => 1, notify: () => undefined, waitMs: 10 });
    const settled: unknown[] = [];
    const result = await writer.write(
      { op: 'update', kind: 'Product', id: 4, body: { SalePrice: 2 } },
      { onSettled: (later) => settled.push(later) },
    );
    expect(result).toMatchObject({ state: 'queued', recordId: 4 });
    expect(settled).toEqual([]);
    const seq = (result as { seq: number }).seq;
    channel.post({
      type: 'write-landed',
      seq,
      target: 'Product',
      sentId: 4,
      recordId: 4,
      answer: { ProductID: 4, SalePrice: 2 },
    });
    channel.post({
      type: 'write-landed',
      seq,
      target: 'Product',
      sentId: 4,
      recordId: 4,
      answer: { ProductID: 4, SalePrice: 2 },
    });
    expect(settled).toEqual([{ state: 'done', recordId: 4, answer: { ProductID: 4, SalePrice: 2 } }]);
  });

  it('tells onSettled when Epos Now refuses it after the wait', async () => {
    const db = await freshDb();
    const channel = fakeChannel();
    const writer = createWriter({ db, channel, now: () => 1, notify: () => undefined, waitMs: 10 });
    let settled: unknown;
    const result = await writer.write(
      { op: 'update', kind: 'Product', id: 4, body: { Barcode: '5012345678900' } },
      { onSettled: (later) => (settled = later) },
    );
    const [entry] = await db.getAll('outbox');
    await markFailed(db, entry!, refusal, 2);
    channel.post({ type: 'outbox-changed' });
    await expect
      .poll(() => settled)
      .toMatchObject({ state: 'attention', seq: (result as { seq: number }).seq, reason: refusal.message });
  });

  it('without onSettled, stops listening once it has said "queued"', async () => {
    const db = await freshDb();
    const channel = fakeChannel();
    let listening = 0;
    const counted = {
      ...channel,
      addEventListener: (...args: Parameters<typeof channel.addEventListener>) => (
        listening++, channel.addEventListener(...args)
      ),
      removeEventListener: (...args: Parameters<typeof channel.removeEventListener>) => (
        listening--, channel.removeEventListener(...args)
      ),
    };
    const writer = createWriter({ db, channel: counted, now: () => 1, notify: () => undefined, waitMs: 10 });
    await writer.write({ op: 'update', kind: 'Product', id: 4, body: { SalePrice: 2 } });
    expect(listening).toBe(0);
  });
});

describe('a write that needs a person', () => {
  /** A writer that waits long for an answer, whose worker, told to send, does `settle` to the one entry. */
  async function workerSettles(
    settle: (db: TillDb, channel: ReturnType<typeof fakeChannel>, entry: OutboxEntry) => Promise<void>,
  ) {
    const db = await freshDb();
    const channel = fakeChannel();
    const notify = (): void => void db.getAll('outbox').then(([entry]) => settle(db, channel, entry!));
    return { db, writer: createWriter({ db, channel, now: () => 1, waitMs: 10_000, notify }) };
  }

  const refusal = {
    code: 'client' as const,
    name: 'ClientError',
    message: 'POST /api/V2/Customer: HTTP 400: EmailAddress is not valid',
    method: 'POST',
    path: '/api/V2/Customer',
    mayHaveReached: true,
    status: 400,
  };

  it('says Epos Now refused it, with the answer, as soon as the worker settles it, instead of "queued"', async () => {
    // The worker sends, the server refuses, and the worker tells every page the outbox changed.
    const { db, writer } = await workerSettles(async (db, channel, entry) => {
      channel.post({ type: 'outbox-changed' });
      await markFailed(db, entry, refusal, 2);
      channel.post({ type: 'outbox-changed' });
    });
    const started = Date.now();
    const result = await writer.write({ op: 'create', kind: 'Customer', body: { EmailAddress: 'x' } });
    expect(result).toMatchObject({ state: 'attention', reason: refusal.message });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await db.getAll('outbox'))[0]?.state).toBe('failed');
  });

  it('says a held create waits for a decision', async () => {
    const { writer } = await workerSettles(async (db, channel, entry) => {
      await markHeld(db, entry, null, [], 2);
      channel.post({ type: 'outbox-changed' });
    });
    expect(await writer.write({ op: 'create', kind: 'Customer', body: { Forename: 'Twin' } })).toMatchObject({
      state: 'attention',
      reason: 'Epos Now may already have it, and a person must decide',
    });
  });
});

describe('a person settling writes through the writer', () => {
  it('lists, edits, retries and discards, telling other tabs and the worker each time', async () => {
    const db = await freshDb();
    const channel = fakeChannel();
    let notified = 0;
    const writer = createWriter({ db, channel, now: () => 1, notify: () => void notified++, waitMs: 5 });
    await writer.write({ op: 'update', kind: 'Customer', id: 2, body: { Surname: 'x' } });
    const [entry] = await writer.list();
    await db.put('outbox', { ...entry!, state: 'failed' });
    await writer.edit(entry!.seq, { Surname: 'y' });
    expect((await writer.list())[0]).toMatchObject({ state: 'pending', body: { Surname: 'y' } });
    await db.put('outbox', { ...(await writer.list())[0]!, state: 'failed' });
    await writer.retry(entry!.seq);
    await writer.discard(entry!.seq);
    expect(await writer.list()).toEqual([]);
    expect(channel.sent.filter((m) => m.type === 'outbox-changed')).toHaveLength(4);
    expect(notified).toBe(4);
  });
});

describe('a write made while the worker knows Epos Now is out of reach', () => {
  it('is answered "queued" at once though navigator.onLine says online (a dead uplink behind live Wi-Fi)', async () => {
    const db = await freshDb();
    const channel = fakeChannel();
    const waits = vi.spyOn(globalThis, 'setTimeout');
    try {
      let outOfReach = true;
      const writer = createWriter({
        db,
        channel,
        now: () => 1,
        notify: () => undefined,
        waitMs: 60_000,
        online: () => true,
        outOfReach: () => outOfReach,
      });
      const started = Date.now();
      expect(await writer.write({ op: 'create', kind: 'Customer', body: { Forename: 'Una' } })).toMatchObject({
        state: 'queued',
      });
      expect(Date.now() - started).toBeLessThan(500);
      expect(waits.mock.calls.map(([, ms]) => ms)).not.toContain(60_000);
      // Reachable again: the writer waits for the answer as before.
      outOfReach = false;
      waits.mockClear();
      void writer.write({ op: 'create', kind: 'Customer', body: { Forename: 'Vic' } });
      await vi.waitFor(() => expect(waits.mock.calls.map(([, ms]) => ms)).toContain(60_000));
    } finally {
      waits.mockRestore();
    }
  });
});
