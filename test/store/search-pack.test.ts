/** The packed search index as stored: used only while it matches the catalog, never stored out of date. */
import { describe, expect, it } from 'vitest';
import { createSearchIndex, packedSize } from '../../app/search/index.ts';
import { readStamped } from '../../app/store/catalog.ts';
import { enqueue } from '../../app/store/outbox.ts';
import { readPack, writePack } from '../../app/store/search-pack.ts';
import { pullKind } from '../../sw/pull.ts';
import { freshDb, standinClient } from './fixture.ts';

async function pulled() {
  const db = await freshDb();
  const { standin, client } = standinClient({ products: 450 });
  await pullKind({ db, client }, 'Product');
  const { records, stamp } = await readStamped(db, 'Product');
  return { db, standin, client, stamp, packed: createSearchIndex(records).pack() };
}

describe('search pack', () => {
  it('nothing stored: nothing to open', async () => {
    const { db } = await pulled();
    expect(await readPack(db)).toBeUndefined();
  });

  it('stored with the stamp it was built from, read back while the catalog is unchanged', async () => {
    const { db, stamp, packed } = await pulled();
    expect(await writePack(db, stamp, packed, 5)).toBe('stored');
    const kept = await readPack(db);
    expect(kept?.stamp).toEqual(stamp);
    expect(kept?.packed).toEqual(packed);
  });

  it('not read once a local write lies over the products, nor after a new pull', async () => {
    const { db, client, stamp, packed } = await pulled();
    await writePack(db, stamp, packed, 5);
    await enqueue(db, { op: 'update', kind: 'Product', id: 2, body: { Name: 'Changed here' } }, 1);
    expect(await readPack(db)).toBeUndefined();

    const other = await pulled();
    await writePack(other.db, other.stamp, other.packed, 5);
    await pullKind({ db: other.db, client }, 'Product');
    expect(await readPack(other.db)).toBeUndefined();
  });

  it('not stored when it would bring the till near its storage quota: the outbox needs the room', async () => {
    const { db, stamp, packed } = await pulled();
    const size = packedSize(packed);
    expect(size).toBeGreaterThan(10_000);
    expect(await writePack(db, stamp, packed, 5, async () => ({ usage: 1_000_000, quota: 1_000_000 + 2 * size }))).toBe(
      'no room',
    );
    expect(await db.count('searchPack')).toBe(0);
    expect(await writePack(db, stamp, packed, 5, async () => ({ usage: 1_000_000, quota: 100_000_000 }))).toBe(
      'stored',
    );
    expect(await writePack(db, stamp, packed, 5, async () => undefined)).toBe('stored');
  });

  it('not stored when the catalog moved on between the read and the write', async () => {
    const { db, stamp, packed } = await pulled();
    await enqueue(db, { op: 'delete', kind: 'Product', id: 9 }, 1);
    expect(await writePack(db, stamp, packed, 5)).toBe('out of date');
    expect(await db.count('searchPack')).toBe(0);
  });
});
