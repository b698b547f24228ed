import { describe, expect, it } from 'vitest';
import { readAll, readByBarcode, readOne } from '../../app/store/catalog.ts';
import { openTillDb } from '../../app/store/db.ts';
import { DB_VERSION } from '../../app/store/schema.ts';
import { KNOWN_VERSIONS } from '../../app/store/upgrade.ts';
import { freshDb } from './fixture.ts';

describe('schema upgrades', () => {
  it('has a step for every version', () => {
    expect(KNOWN_VERSIONS).toBe(DB_VERSION);
  });

  it('upgrades a version 1 database with data in it, keeping and migrating every row', async () => {
    const name = `upgrade-${process.pid}`;
    const v1 = await openTillDb({ name, version: 1 });
    expect([...v1.objectStoreNames].sort()).toEqual(['catalog', 'context', 'meta', 'settings']);
    // Rows as version 1 wrote them: no barcode field.
    await v1.put('meta', { kind: 'Product', gen: 3, lastGen: 3, count: 2, pulledAt: 10, attemptedAt: 10, lastError: null });
    await v1.put('catalog', { kind: 'Product', gen: 3, id: 1, record: { ProductID: 1, Name: 'Latte', Barcode: ' 5012345678900 ' } });
    await v1.put('catalog', { kind: 'Product', gen: 3, id: 2, record: { ProductID: 2, Name: 'Scone', Barcode: null } });
    await v1.put('catalog', { kind: 'TenderType', gen: 0, id: 1, record: { TypeID: 1, Name: 'Cash' } });
    await v1.put('context', { baseUrl: '', token: 'dG9rZW4=', deviceId: '1', locationId: '2', staffId: '3', username: null, locationAreaId: null }, 'boot');
    await v1.put('settings', { key: 'app', document: { tillName: 'Front' }, storedAt: 5 });
    v1.close();

    const db = await openTillDb({ name });
    expect(db.version).toBe(DB_VERSION);
    expect([...db.objectStoreNames].sort()).toEqual(['catalog', 'context', 'local', 'meta', 'settings']);
    expect((await readAll(db, 'Product')).map((p) => p.Name)).toEqual(['Latte', 'Scone']);
    expect((await readByBarcode(db, '5012345678900'))?.Name).toBe('Latte');
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
