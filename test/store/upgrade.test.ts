import type { IDBPDatabase } from 'idb';
import { describe, expect, it } from 'vitest';
import { readAll, readByBarcode, readOne } from '../../app/store/catalog.ts';
import { openTillDb } from '../../app/store/db.ts';
import { DB_VERSION } from '../../app/store/schema.ts';
import { KNOWN_VERSIONS } from '../../app/store/upgrade.ts';
import { replay } from '../../sw/outbox/replay.ts';
import { pullKind } from '../../sw/pull.ts';
import { freshDb, standinClient } from './fixture.ts';

describe('schema upgrades', () => {
  it('has a step for every version', () => {
    expect(KNOWN_VERSIONS).toBe(DB_VERSION);
  });

  it('upgrades a version 1 database with data in it, moving every current record into pages', async () => {
    const name = `upgrade-${process.pid}`;
    const typed = await openTillDb({ name, version: 1 });
    // Version 1 had a `catalog` store the current schema no longer names.
    const v1 = typed as unknown as IDBPDatabase<unknown>;
    expect([...v1.objectStoreNames].sort()).toEqual(['catalog', 'context', 'meta', 'settings']);
    await v1.put('meta', {
      kind: 'Product',
      gen: 3,
      lastGen: 3,
      count: 450,
      pulledAt: 10,
      attemptedAt: 10,
      lastError: null,
    });
    for (let id = 1; id <= 450; id++) {
      await v1.put('catalog', {
        kind: 'Product',
        gen: 3,
        id,
        record: { ProductID: id, Name: `Product ${id}`, Barcode: id === 1 ? ' 5012345678900 ' : null },
      });
      // A stale generation a crashed pull left behind: not current, not migrated.
      if (id <= 5) await v1.put('catalog', { kind: 'Product', gen: 2, id, record: { ProductID: id, Name: 'old' } });
    }
    await v1.put('catalog', { kind: 'TenderType', gen: 0, id: 1, record: { TypeID: 1, Name: 'Cash' } });
    await v1.put(
      'context',
      {
        baseUrl: '',
        token: 'dG9rZW4=',
        deviceId: '1',
        locationId: '2',
        staffId: '3',
        username: null,
        locationAreaId: null,
      },
      'boot',
    );
    await v1.put('settings', { key: 'app', document: { tillName: 'Front' }, storedAt: 5 });
    v1.close();

    const db = await openTillDb({ name });
    expect(db.version).toBe(DB_VERSION);
    expect([...db.objectStoreNames].sort()).toEqual([
      'aliases',
      'context',
      'local',
      'meta',
      'outbox',
      'pages',
      'queue',
      'searchPack',
      'settings',
    ]);
    const products = await readAll(db, 'Product');
    expect(products.map((p) => p.Name)).toEqual(Array.from({ length: 450 }, (_, i) => `Product ${i + 1}`));
    expect((await db.getAll('pages')).map((p) => [p.kind, p.page, p.records.length])).toEqual([
      ['Product', 1, 200],
      ['Product', 2, 200],
      ['Product', 3, 50],
      ['TenderType', 1, 1],
    ]);
    expect((await readOne(db, 'Product', 321))?.Name).toBe('Product 321');
    expect((await readByBarcode(db, '5012345678900'))?.Name).toBe('Product 1');
    expect(await readOne(db, 'TenderType', 1)).toEqual({ TypeID: 1, Name: 'Cash' });
    expect((await db.get('context', 'boot'))?.token).toBe('dG9rZW4=');
    expect((await db.get('settings', 'app'))?.document).toEqual({ tillName: 'Front' });
    db.close();
  });

  it('upgrades a version 3 database with writes queued: every entry is kept as it was, and then lands once', async () => {
    const name = `upgrade-v3-${process.pid}`;
    const { standin, client } = standinClient();
    const v3 = await openTillDb({ name, version: 3 });
    await pullKind({ db: v3, client }, 'Product');
    // Written as version 3 stored them (today's enqueue needs version 4's stores).
    const untyped = v3 as unknown as IDBPDatabase<unknown>;
    const entry = (seq: number, target: string, op: string, recordId: number, body: unknown) => ({
      seq,
      target,
      op,
      recordId,
      body,
      state: 'pending',
      attempts: 0,
      notBefore: 0,
      createdAt: seq,
      updatedAt: seq,
      error: null,
    });
    await untyped.put('outbox', entry(1, 'Customer', 'create', -1, { Forename: 'Queued', Surname: 'Before upgrade' }));
    await untyped.put('outbox', entry(2, 'Product', 'update', 7, { Name: 'Renamed offline' }));
    await untyped.put('outbox', entry(3, 'Product', 'delete', 9, null));
    await untyped.put('outbox', entry(4, 'settings', 'save', 0, { tillName: 'Queued settings' }));
    await untyped.put('local', {
      kind: 'Product',
      id: 7,
      record: { ...(await readOne(v3, 'Product', 7)), Name: 'Renamed offline' },
      landedAt: null,
    });
    await untyped.put('local', { kind: 'Product', id: 9, record: null, landedAt: null });
    // Version 3 kept the landed creates' temporary ids in the queue row.
    const v3Aliases = [{ tempId: -40, id: 4_000, at: 3 }];
    await untyped.put('queue', { key: 'queue', paused: null, lastSentAt: null, nextTempId: -2, aliases: v3Aliases });
    const entriesBefore = await v3.getAll('outbox');
    const queueBefore = await v3.get('queue', 'queue');
    const productsBefore = await readAll(v3, 'Product');
    v3.close();

    const db = await openTillDb({ name });
    expect(db.version).toBe(DB_VERSION);
    expect(await db.getAll('outbox')).toEqual(entriesBefore);
    const { aliases: moved, ...queueRest } = queueBefore as typeof queueBefore & { aliases: unknown };
    expect(moved).toEqual(v3Aliases);
    expect(await db.get('queue', 'queue')).toEqual(queueRest);
    expect(await db.getAll('aliases')).toEqual(v3Aliases);
    // The local writes still lie over the snapshot.
    expect(await readAll(db, 'Product')).toEqual(productsBefore);
    expect((await readOne(db, 'Product', 7))?.Name).toBe('Renamed offline');
    expect(await readOne(db, 'Product', 9)).toBeUndefined();
    expect(await db.count('searchPack')).toBe(0);

    const report = await replay({ db, client, now: Date.now, random: () => 0.5, leaseMs: 0 });
    expect(report).toMatchObject({ sent: 4, done: 4 });
    expect(await db.getAll('outbox')).toEqual([]);
    expect(standin.records('Customer').filter((c) => c.Forename === 'Queued')).toHaveLength(1);
    expect(standin.record('Product', 7)?.Name).toBe('Renamed offline');
    expect(standin.record('Product', 9)).toBeUndefined();
    expect(standin.log.filter((e) => e.method !== 'GET').map((e) => `${e.method} ${e.path}`)).toEqual([
      'POST /api/V2/Customer',
      'PUT /api/V2/Product/7',
      'DELETE /api/V2/Product/9',
      'POST /api/integration/appsettings',
    ]);
    expect(standin.settingsText).toContain('Queued settings');
    db.close();
  });

  it('a failed open is a StoreError that names the problem', async () => {
    const db = await freshDb();
    const name = db.name;
    db.close();
    await expect(openTillDb({ name, version: DB_VERSION - 1 })).rejects.toMatchObject({
      name: 'StoreError',
      code: 'open-failed',
      message: expect.stringMatching(/newer version of the till app/),
    });
  });
});
