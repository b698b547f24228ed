import { openDB } from 'idb';
import { describe, expect, it, vi } from 'vitest';
import { beginFirstRead, takeFirstRead } from '../../app/page/catalog-reads.ts';
import { createCatalogState } from '../../app/page/catalog-state.ts';
import { openTillDb, type TillDb } from '../../app/store/db.ts';
import { enqueue } from '../../app/store/outbox.ts';
import { DB_VERSION } from '../../app/store/schema.ts';
import { pullCatalog } from '../../sw/pull.ts';
import { freshDb, standinClient } from '../store/fixture.ts';
import { fakeChannel } from './channel.ts';
import { packClock } from './pack-clock.ts';

/** A fresh database holding a complete pull of 450 products, the stand-in and a client to it. */
async function pulled() {
  const db = await freshDb();
  const { standin, client } = standinClient({ products: 450 });
  await pullCatalog({ db, client });
  return { db, standin, client };
}

/** The names `state`'s index finds for `query`, in its order. */
function namesFound(state: Awaited<ReturnType<typeof createCatalogState>>, query: string): string[] {
  return state
    .get()
    .index.search(query)
    .map((p) => p.Name);
}

describe('page catalog state', () => {
  it('starts empty before any pull', async () => {
    const state = await createCatalogState(await freshDb(), fakeChannel());
    expect(state.get().index.size).toBe(0);
    expect(state.get().meta.every((m) => m.pulledAt === null)).toBe(true);
  });

  it('loads the four kinds and indexes the products', async () => {
    const { db, standin } = await pulled();
    const state = await createCatalogState(db, fakeChannel());
    const view = state.get();
    expect(view.index.size).toBe(450);
    expect(view.tenderTypes.length).toBe(standin.records('TenderType').length);
    expect(view.seatingTables.length).toBe(standin.records('SeatingTable').length);
    expect(view.discountReasons.length).toBe(standin.records('DiscountReason').length);
    const first = standin.record('Product', 1) as { Name: string; Barcode: string };
    expect(view.index.byBarcode(first.Barcode)?.Name).toBe(first.Name);
  });

  it('keeps pull progress per kind and re-reads the changed kinds on catalog-changed', async () => {
    const { db, standin, client } = await pulled();
    const channel = fakeChannel();
    const state = await createCatalogState(db, channel);
    let changes = 0;
    state.subscribe(() => changes++);

    channel.post({ type: 'pull-progress', kind: 'Product', state: 'running', pages: 1, records: 200 });
    expect(state.get().progress.Product?.records).toBe(200);

    standin.put('Product', { ...standin.record('Product', 5), Name: 'Renamed Zebra Cake' });
    standin.remove('Product', 6);
    standin.put('Product', { Name: 'Brand New Quokka Bun', SalePrice: 1.5, Barcode: '5099999999999' });
    await pullCatalog({ db, client });
    const before = state.get().indexRevision;
    channel.post({ type: 'catalog-changed', kinds: ['Product'] });
    await state.refresh([]);

    const view = state.get();
    expect(view.indexRevision).toBe(before + 1);
    expect(changes).toBeGreaterThan(1);
    expect(view.index.size).toBe(450);
    expect(namesFound(state, 'zebra')).toEqual(['Renamed Zebra Cake']);
    expect(namesFound(state, 'quokka')).toEqual(['Brand New Quokka Bun']);
    expect(view.index.search(String(standin.record('Product', 7)?.Name)).length).toBeGreaterThan(0);
    expect(view.index.byBarcode('5099999999999')?.Name).toBe('Brand New Quokka Bun');
    expect(view.meta.find((m) => m.kind === 'Product')?.count).toBe(450);
  });

  it('re-reads the stored failure after a failed walk', async () => {
    const { db, standin, client } = await pulled();
    const channel = fakeChannel();
    const state = await createCatalogState(db, channel);
    standin.faults.add({ match: { path: '/api/V2/Product?page=2' }, type: 'status', status: 503 });
    await pullCatalog({ db, client }, ['Product']);
    channel.post({
      type: 'pull-progress',
      kind: 'Product',
      state: 'failed',
      pages: 1,
      records: 200,
      error: 'HTTP 503',
    });
    await state.refresh([]);
    expect(state.get().meta.find((m) => m.kind === 'Product')?.lastError).toContain('503');
    expect(state.get().index.size).toBe(450);
  });

  it('a catalog-changed with nothing new leaves the index (and its revision) alone', async () => {
    const { db, client } = await pulled();
    const channel = fakeChannel();
    const state = await createCatalogState(db, channel);
    const index = state.get().index;
    await pullCatalog({ db, client });
    channel.post({ type: 'catalog-changed', kinds: ['Product', 'TenderType'] });
    await state.refresh([]);
    expect(state.get().indexRevision).toBe(0);
    expect(state.get().index).toBe(index);
  });

  it('a download that goes silent (its worker was stopped) is shown as stalled, not running forever', async () => {
    const channel = fakeChannel();
    const state = await createCatalogState(await freshDb(), channel, { stalledAfterMs: 30 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      channel.post({ type: 'pull-progress', kind: 'Product', state: 'running', pages: 3, records: 600 });
      vi.advanceTimersByTime(29);
      expect(state.get().progress.Product?.state).toBe('running');
      vi.advanceTimersByTime(1);
      expect(state.get().progress.Product).toEqual({
        type: 'pull-progress',
        kind: 'Product',
        state: 'stalled',
        pages: 3,
        records: 600,
      });

      // Word from the worker keeps a live download running, and a finished one is not stalled later.
      channel.post({ type: 'pull-progress', kind: 'TenderType', state: 'running', pages: 1, records: 7 });
      vi.advanceTimersByTime(20);
      channel.post({ type: 'pull-progress', kind: 'TenderType', state: 'running', pages: 2, records: 9 });
      vi.advanceTimersByTime(20);
      expect(state.get().progress.TenderType?.state).toBe('running');
      channel.post({ type: 'pull-progress', kind: 'TenderType', state: 'done', pages: 2, records: 9 });
      vi.advanceTimersByTime(60);
      expect(state.get().progress.TenderType?.state).toBe('done');
    } finally {
      vi.useRealTimers();
      state.close();
    }
  });

  it('close() stops listening and leaves the channel open (it is the page\u2019s)', async () => {
    const channel = fakeChannel();
    const state = await createCatalogState(await freshDb(), channel);
    expect(channel.listening()).toBe(1);
    state.close();
    expect(channel.listening()).toBe(0);
  });

  it('re-reads only the records a write touched, and follows a landed create from its temporary id to its real one', async () => {
    const { db } = await pulled();
    const channel = fakeChannel();
    const state = await createCatalogState(db, channel);
    const renamed = await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'Renamed Ibex Loaf' } }, 1);
    const created = await enqueue(
      db,
      { op: 'create', kind: 'Product', body: { Name: 'Offline Okapi Bun', SalePrice: 2 } },
      2,
    );
    // Were the whole kind re-read, the products would be gone with their pages.
    await db.clear('pages');
    await state.refreshRecords('Product', [renamed.recordId, created.recordId]);
    const { index } = state.get();
    expect(index.size).toBe(451);
    expect(namesFound(state, 'ibex')).toEqual(['Renamed Ibex Loaf']);
    expect(index.get(created.recordId)?.Name).toBe('Offline Okapi Bun');
    expect(state.get().indexRevision).toBe(1);

    // The worker landed the create as product 9001: its local row moved to the real id.
    await db.delete('local', ['Product', created.recordId]);
    await db.put('local', {
      kind: 'Product',
      id: 9001,
      record: { ProductID: 9001, Name: 'Offline Okapi Bun', SalePrice: 2 },
      landedAt: 3,
    });
    channel.post({
      type: 'write-landed',
      seq: created.seq!,
      target: 'Product',
      sentId: created.recordId,
      recordId: 9001,
      answer: { ProductID: 9001 },
    });
    await state.refreshRecords('Product', []);
    expect(index.get(created.recordId)).toBeUndefined();
    expect(index.search('okapi').map((p) => p.ProductID)).toEqual([9001]);
    expect(index.size).toBe(451);
    state.close();
  });

  describe('a first read begun at boot, before the state listened', () => {
    it('is the one the state opens with, and a change stored before it listened (no broadcast heard) shows', async () => {
      const { db, standin, client } = await pulled();
      beginFirstRead(db);
      // Stored meanwhile; its broadcast went before anyone listened.
      standin.put('Product', { ...standin.record('Product', 4), Name: 'Early Narwhal Roll' });
      standin.put('TenderType', { ...standin.record('TenderType', 1), Name: 'Early Voucher' });
      await pullCatalog({ db, client });
      const state = await createCatalogState(db, fakeChannel());
      // Queued after the catch-up read.
      await state.refresh([]);
      expect(namesFound(state, 'narwhal')).toEqual(['Early Narwhal Roll']);
      expect(state.get().tenderTypes.map((t) => t.Name)).toContain('Early Voucher');
      expect(takeFirstRead(db)).toBeUndefined();
      state.close();
    });

    it('reads the products again only when their stamp moved', async () => {
      const { db } = await pulled();
      beginFirstRead(db);
      const state = await createCatalogState(db, fakeChannel());
      await state.refresh([]);
      expect(state.get().indexRevision).toBe(0);
      expect(state.get().index.size).toBe(450);
      state.close();
    });
  });

  describe('the packed index kept for the next start', () => {
    const stampOf = async (db: TillDb) => {
      const row = await db.get('searchPack', 'stamp');
      return row?.key === 'stamp' ? row : undefined;
    };
    /** A pulled catalog whose pack a closed state stored, and the clock that stored it. */
    const packedCatalog = async () => {
      const catalog = await pulled();
      const clock = packClock();
      const state = await createCatalogState(catalog.db, fakeChannel(), { packTimers: clock.timers });
      await clock.fire();
      state.close();
      return { ...catalog, clock };
    };
    const packedOf = async (db: TillDb) => {
      const row = await db.get('searchPack', 'packed');
      return row?.key === 'packed' ? row.packed : undefined;
    };

    it('is stored once changes settle, and the next start opens it instead of reading the products', async () => {
      const { db, standin } = await pulled();
      const clock = packClock();
      const built = await createCatalogState(db, fakeChannel(), { packTimers: clock.timers });
      expect(await db.count('searchPack')).toBe(0);
      await clock.fire();
      expect(await db.count('searchPack')).toBe(2);
      built.close();

      // Without its pages the catalog could not be read: what the next start finds must be the pack.
      await db.clear('pages');
      const opened = await createCatalogState(db, fakeChannel(), { packTimers: packClock().timers });
      const first = standin.record('Product', 1) as { Name: string; Barcode: string };
      expect(opened.get().index.size).toBe(450);
      expect(opened.get().index.byBarcode(first.Barcode)?.Name).toBe(first.Name);
      expect(namesFound(opened, first.Name)).toContain(first.Name);
      opened.close();
    });

    it('is not used once a local write changed a product, nor after a pull; the change shows and a new pack follows', async () => {
      const { db, standin, client, clock } = await packedCatalog();
      const stored = await stampOf(db);
      expect(stored).toBeDefined();

      await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { Name: 'Offline Walrus Tart' } }, 1);
      const afterWrite = await createCatalogState(db, fakeChannel(), { packTimers: clock.timers });
      expect(namesFound(afterWrite, 'walrus')).toEqual(['Offline Walrus Tart']);
      await clock.fire();
      const repacked = await stampOf(db);
      expect(repacked?.local).not.toBe(stored?.local);
      afterWrite.close();

      standin.put('Product', { ...standin.record('Product', 4), Name: 'Pulled Narwhal Roll' });
      await pullCatalog({ db, client });
      const afterPull = await createCatalogState(db, fakeChannel(), { packTimers: clock.timers });
      expect(namesFound(afterPull, 'narwhal')).toEqual(['Pulled Narwhal Roll']);
      expect(namesFound(afterPull, 'walrus')).toEqual(['Offline Walrus Tart']);
      afterPull.close();
    });

    it('follows a pull that changed none of the till\u2019s fields, so the next start can still use it', async () => {
      const { db, client } = await pulled();
      const channel = fakeChannel();
      const clock = packClock();
      const state = await createCatalogState(db, channel, { packTimers: clock.timers });
      await clock.fire();
      const before = await stampOf(db);
      await pullCatalog({ db, client });
      channel.post({ type: 'catalog-changed', kinds: ['Product'] });
      await state.refresh([]);
      await clock.fire();
      const after = await stampOf(db);
      expect(after?.gen).toBeGreaterThan(before!.gen);
      expect(state.get().indexRevision).toBe(0);
      state.close();
    });

    it('a pack of another version is set aside with a warning, the catalog indexed afresh, and the pack replaced', async () => {
      const { db, clock } = await packedCatalog();
      const row = await packedOf(db);
      await db.put('searchPack', { key: 'packed', packed: { ...row!, version: -1 } as never });
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        const rebuilt = await createCatalogState(db, fakeChannel(), { packTimers: clock.timers });
        expect(rebuilt.get().index.size).toBe(450);
        expect(warn).toHaveBeenCalledWith(
          expect.stringMatching(/could not be opened/),
          expect.stringMatching(/Not a packed search index of this version/),
        );
        await clock.fire();
        expect((await packedOf(db))?.version).toBe(row!.version);
        rebuilt.close();

        // Damaged in storage: the same, never a till that cannot start.
        await db.put('searchPack', {
          key: 'packed',
          packed: { version: row!.version, table: { ids: 'not an array' } } as never,
        });
        const again = await createCatalogState(db, fakeChannel(), { packTimers: clock.timers });
        expect(again.get().index.size).toBe(450);
        expect(warn).toHaveBeenLastCalledWith(expect.stringMatching(/indexing the catalog afresh/), expect.any(String));
        again.close();
      } finally {
        warn.mockRestore();
      }
    });

    it('a pack IndexedDB cannot read (its file gone) is set aside with a warning, never a till that cannot start', async () => {
      const { db, clock } = await packedCatalog();
      // Chromium's answer when the file beside the database that holds a big value is missing.
      const unreadable = new Proxy(db, {
        get(target, key) {
          if (key !== 'transaction') return Reflect.get(target, key, target);
          return (stores: string | string[], ...rest: unknown[]) => {
            if ([stores].flat().includes('searchPack') && rest[0] !== 'readwrite')
              throw new DOMException('The file could not be read.', 'NotReadableError');
            return (target.transaction as (...args: unknown[]) => unknown)(stores, ...rest);
          };
        },
      });
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        const rebuilt = await createCatalogState(unreadable, fakeChannel(), { packTimers: clock.timers });
        expect(rebuilt.get().index.size).toBe(450);
        expect(warn).toHaveBeenCalledWith(
          expect.stringMatching(/indexing the catalog afresh/),
          'The file could not be read.',
        );
        rebuilt.close();
      } finally {
        warn.mockRestore();
      }
    });
  });
});

describe('page catalog state in a tab a newer tab upgraded', () => {
  it('stops re-reading: no error logged or shown, the banner asking to reload says it all', async () => {
    const name = `catalog-upgraded-${process.pid}`;
    const db = await openTillDb({ name });
    const { client } = standinClient({ products: 50 });
    await pullCatalog({ db, client });
    const channel = fakeChannel();
    const state = await createCatalogState(db, channel);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const newer = await openDB(name, DB_VERSION + 1);
      channel.post({ type: 'catalog-changed', kinds: ['Product'] });
      channel.post({ type: 'pull-progress', kind: 'Product', state: 'done', pages: 1, records: 50 });
      await state.refresh(['Product']);
      expect(logged).not.toHaveBeenCalled();
      expect(state.get().readError).toBeNull();
      expect(state.get().index.size).toBe(50);
      newer.close();
    } finally {
      logged.mockRestore();
    }
  });
});
