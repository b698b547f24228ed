/**
 * A write the API would refuse is refused where it is made, before it is stored (issue 16, item
 * 3): a value of the wrong type for its field, NaN or Infinity (JSON would send them as null), an
 * id past the API's 32-bit integers. Nothing is queued, so nothing fails hours later in the outbox.
 */
import { describe, expect, it } from 'vitest';
import { createWriter } from '../../app/page/writer.ts';
import { markFailed } from '../../app/store/outbox-outcomes.ts';
import { InvalidWriteError } from '../../app/store/write-error.ts';
import { freshDb, refusal } from '../store/fixture.ts';
import { fakeChannel } from './channel.ts';

async function writer() {
  const db = await freshDb();
  const notified: number[] = [];
  const w = createWriter({ db, channel: fakeChannel(), now: () => 1, notify: () => notified.push(1), waitMs: 10 });
  return { db, writer: w, notified };
}

describe('a write the API would refuse', () => {
  it.each([
    [
      'a sale price that is not a number',
      { op: 'update', kind: 'Product', id: 4, body: { SalePrice: '12.50x' } },
      { SalePrice: 'Sale price must be a number.' },
    ],
    [
      'a price that is NaN',
      { op: 'update', kind: 'Product', id: 4, body: { SalePrice: Number.NaN } },
      { SalePrice: 'Sale price must be a number.' },
    ],
    ['a product without a name', { op: 'create', kind: 'Product', body: {} }, { Name: 'Name is required.' }],
    [
      'an id past the API’s integers',
      { op: 'update', kind: 'Product', id: 3_000_000_000, body: { Name: 'Big' } },
      { id: 'The Product id must be a whole number from 1 to 2147483647, got 3000000000.' },
    ],
    [
      'a delete of an id that is not one',
      { op: 'delete', kind: 'SeatingTable', id: Number.POSITIVE_INFINITY },
      { id: 'The Seating table id must be a whole number from 1 to 2147483647, got Infinity.' },
    ],
    [
      'a reference past the API’s integers, on a kind without a form',
      { op: 'create', kind: 'ProductStock', body: { ProductID: 2 ** 31, CurrentStock: 4 } },
      { ProductID: 'ProductID must be a whole number from 1 to 2147483647.' },
    ],
    [
      'an amount that is Infinity, on a kind without a form',
      { op: 'create', kind: 'TransactionItem', body: { Price: Number.POSITIVE_INFINITY } },
      { Price: 'Price must be a number.' },
    ],
  ] as const)(
    'is refused with what is wrong, field by field, and nothing is stored: %s',
    async (_name, write, problems) => {
      const { db, writer: w, notified } = await writer();
      const refused = w.write(structuredClone(write) as never);
      await expect(refused).rejects.toBeInstanceOf(InvalidWriteError);
      await expect(refused).rejects.toMatchObject({ problems, message: Object.values(problems).join(' ') });
      expect(await db.count('outbox')).toBe(0);
      expect(await db.count('local')).toBe(0);
      expect(notified).toEqual([]);
    },
  );

  it('lets through what the API takes: a partial update, nulls, a temporary id of a create not yet sent, a settings document', async () => {
    const { db, writer: w } = await writer();
    await w.write({ op: 'update', kind: 'Product', id: 2_147_483_647, body: { SalePrice: 2.5, Barcode: null } });
    const created = await w.write({ op: 'create', kind: 'Customer', body: { Forename: 'Ann' } });
    await w.write({ op: 'update', kind: 'Customer', id: created.recordId, body: { Surname: 'Bee' } });
    await w.write({ op: 'save', document: { version: 1, anything: Number.NaN } });
    expect(created.recordId).toBeLessThan(0);
    expect(await db.count('outbox')).toBe(3);
  });

  it('a failed write a person edits is checked the same way, and left as it was when refused', async () => {
    const { db, writer: w } = await writer();
    await w.write({ op: 'update', kind: 'Product', id: 4, body: { SalePrice: 2 } });
    const [entry] = await db.getAll('outbox');
    await markFailed(db, entry!, refusal('PUT', '/api/V2/Product/4'), 2);
    const refused = w.edit(entry!.seq, { SalePrice: 'two pounds' });
    await expect(refused).rejects.toMatchObject({ problems: { SalePrice: 'Sale price must be a number.' } });
    expect((await db.getAll('outbox'))[0]?.body).toEqual({ SalePrice: 2 });
  });
});
