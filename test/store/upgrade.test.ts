import { describe, expect, it } from 'vitest';
import { readAll, readByBarcode, readOne } from '../../app/store/catalog.ts';
import type { IDBPDatabase } from 'idb';
import { openTillDb } from '../../app/store/db.ts';
import { DB_VERSION } from '../../app/store/schema.ts';
import { KNOWN_VERSIONS } from '../../app/store/upgrade.ts';
import { freshDb } from './fixture.ts';

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
    await v1.put('meta', { kind: 'Product', gen: 3, lastGen: 3, count: 450, pulledAt: 10, attemptedAt: 10, lastError: null });
    for (let id = 1; id <= 450; id++) {
      await v1.put('catalog', { kind: 'Product', gen: 3, id, record: { ProductID: id, Name: `Product ${id}`, Barcode: id === 1 ? ' 5012345678900 ' : null } });
      // A stale generation a crashed pull left behind: not current, not migrated.
      if (id <= 5) await v1.put('catalog', { kind: 'Product', gen: 2, id, record: { ProductID: id, Name: 'old' } });
    }
    await v1.put('catalog', { kind: 'TenderType', gen: 0, id: 1, record: { TypeID: 1, Name: 'Cash' } });
    await v1.put('context', { baseUrl: '', token: 'dG9rZW4=', deviceId: '1', locationId: '2', staffId: '3', username: null, locationAreaId: null }, 'boot');
    await v1.put('settings', { key: 'app', document: { tillName: 'Front' }, storedAt: 5 });
    v1.close();

    const db = await openTillDb({ name });
    expect(db.version).toBe(DB_VERSION);
    expect([...db.objectStoreNames].sort()).toEqual(['context', 'local', 'meta', 'outbox', 'pages', 'queue', 'settings']);
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
