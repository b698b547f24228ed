import { describe, expect, it } from 'vitest';
import { recordId } from '../../app/epos/ids.ts';
import { readAll, readByBarcode, readMeta, readOne, readPage } from '../../app/store/catalog.ts';
import { StoreError, storeErrorFrom } from '../../app/store/errors.ts';
import { pullCatalog } from '../../sw/pull.ts';
import { freshDb, standinClient } from './fixture.ts';

async function pulled(products = 450) {
  const db = await freshDb();
  const { standin, client } = standinClient({ products });
  await pullCatalog({ db, client });
  return { db, standin };
}

describe('catalog reads', () => {
  it('is empty with default state before any pull', async () => {
    const db = await freshDb();
    expect(await readAll(db, 'Product')).toEqual([]);
    expect(await readPage(db, 'Product', 1)).toEqual([]);
    expect((await readMeta(db)).map((m) => [m.kind, m.count, m.pulledAt])).toEqual([
      ['Product', 0, null],
      ['TenderType', 0, null],
      ['DiscountReason', 0, null],
      ['SeatingTable', 0, null],
      ['ProductLocationAreaPrice', 0, null],
    ]);
  });

  it('answers pages in the shape and order of the server', async () => {
    const { db, standin } = await pulled();
    const all = standin.records('Product');
    expect(await readPage(db, 'Product', 1)).toEqual(all.slice(0, 200));
    expect(await readPage(db, 'Product', 3)).toEqual(all.slice(400, 450));
    expect(await readPage(db, 'Product', 4)).toEqual([]);
  });

  it('finds a product by barcode, trimmed, and nothing for an unknown one', async () => {
    const { db, standin } = await pulled();
    const product = standin.record('Product', 42);
    const barcode = String(product?.Barcode);
    expect(await readByBarcode(db, ` ${barcode}\n`)).toEqual(product);
    expect(await readByBarcode(db, '0000000000000')).toBeUndefined();
    expect(await readByBarcode(db, '  ')).toBeUndefined();
  });

  it('lays local writes over the snapshot: edits, deletes and offline creates', async () => {
    const { db, standin } = await pulled();
    const p10 = standin.record('Product', 10);
    await db.put('local', {
      kind: 'Product',
      id: 10,
      record: { ...p10, Name: 'Edited here', Barcode: '999' },
      landedAt: null,
    });
    await db.put('local', { kind: 'Product', id: 11, record: null, landedAt: null });
    await db.put('local', { kind: 'Product', id: -1, record: { ProductID: -1, Name: 'Made offline' }, landedAt: null });

    const all = await readAll(db, 'Product');
    expect(all).toHaveLength(450);
    expect(recordId('Product', all[0])).toBe(-1);
    expect(all.find((p) => recordId('Product', p) === 10)?.Name).toBe('Edited here');
    expect(all.some((p) => recordId('Product', p) === 11)).toBe(false);
    expect((await readOne(db, 'Product', 10))?.Name).toBe('Edited here');
    expect(await readOne(db, 'Product', 11)).toBeUndefined();
    expect((await readByBarcode(db, '999'))?.Name).toBe('Edited here');
    expect(await readByBarcode(db, String(p10?.Barcode))).toBeUndefined();
    expect((await readPage(db, 'Product', 1))[0]?.Name).toBe('Made offline');
  });
});

describe('storage errors', () => {
  it('names a full disk and keeps other failures with their action', () => {
    const full = storeErrorFrom(new DOMException('quota', 'QuotaExceededError'), 'saving the basket');
    expect(full).toBeInstanceOf(StoreError);
    expect(full.code).toBe('storage-full');
    expect(full.message).toBe(
      "The device's storage is full: saving the basket failed. Free some space on the till and try again.",
    );
    const other = storeErrorFrom(new DOMException('gone', 'InvalidStateError'), 'reading products');
    expect(other).toBeInstanceOf(StoreError);
    expect(other.code).toBe('failed');
    expect(other.message).toBe('reading products failed: InvalidStateError: gone');
    expect(storeErrorFrom(full, 'again')).toBe(full);
  });
});
