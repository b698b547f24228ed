import { describe, expect, it } from 'vitest';
import { readAll, readOne } from '../../app/store/catalog.ts';
import { enqueue } from '../../app/store/outbox.ts';
import { pullKind } from '../../sw/pull.ts';
import { freshDb, standinClient } from './fixture.ts';

async function setup() {
  const db = await freshDb();
  const { standin, client } = standinClient();
  await pullKind({ db, client }, 'Product');
  await pullKind({ db, client }, 'SeatingTable');
  return { db, standin };
}

describe('queuing writes', () => {
  it('stores each write and shows it in the local catalog at once', async () => {
    const { db } = await setup();
    const created = await enqueue(
      db,
      { op: 'create', kind: 'Product', body: { Name: 'Pumpkin Latte', SalePrice: 3.9, ProductID: 99 } },
      1,
    );
    expect(created.recordId).toBe(-1);
    await enqueue(db, { op: 'update', kind: 'Product', id: 5, body: { SalePrice: 9.99 } }, 2);
    await enqueue(db, { op: 'delete', kind: 'SeatingTable', id: 1 }, 3);

    const entries = await db.getAll('outbox');
    expect(entries.map((e) => [e.target, e.op, e.recordId, e.body, e.state])).toEqual([
      // The server assigns ids: an id in a create body is not sent.
      ['Product', 'create', -1, { Name: 'Pumpkin Latte', SalePrice: 3.9 }, 'pending'],
      ['Product', 'update', 5, { SalePrice: 9.99 }, 'pending'],
      ['SeatingTable', 'delete', 1, null, 'pending'],
    ]);
    expect(await readOne(db, 'Product', -1)).toEqual({ Name: 'Pumpkin Latte', SalePrice: 3.9, ProductID: -1 });
    expect((await readOne(db, 'Product', 5))?.SalePrice).toBe(9.99);
    expect((await readOne(db, 'Product', 5))?.Name).toBeTruthy();
    expect(await readOne(db, 'SeatingTable', 1)).toBeUndefined();
    expect((await readAll(db, 'Product'))[0]?.Name).toBe('Pumpkin Latte');
  });

  it('folds later updates into a write nobody has started on', async () => {
    const { db } = await setup();
    const { recordId } = await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Ann' } }, 1);
    await enqueue(db, { op: 'update', kind: 'Customer', id: recordId, body: { Surname: 'Ode' } }, 2);
    await enqueue(db, { op: 'update', kind: 'Customer', id: recordId, body: { Forename: 'Anne' } }, 3);
    await enqueue(db, { op: 'update', kind: 'Product', id: 7, body: { Name: 'A' } }, 4);
    await enqueue(db, { op: 'update', kind: 'Product', id: 7, body: { SalePrice: 2 } }, 5);
    const entries = await db.getAll('outbox');
    expect(entries.map((e) => [e.op, e.recordId, e.body])).toEqual([
      ['create', recordId, { Forename: 'Anne', Surname: 'Ode' }],
      ['update', 7, { Name: 'A', SalePrice: 2 }],
    ]);
  });

  it('does not fold into an entry already attempted', async () => {
    const { db } = await setup();
    await enqueue(db, { op: 'update', kind: 'Product', id: 7, body: { Name: 'A' } }, 1);
    const [first] = await db.getAll('outbox');
    await db.put('outbox', { ...first!, attempts: 1, error: null });
    await enqueue(db, { op: 'update', kind: 'Product', id: 7, body: { Name: 'B' } }, 2);
    expect((await db.getAll('outbox')).map((e) => e.body)).toEqual([{ Name: 'A' }, { Name: 'B' }]);
  });

  it('deleting a record whose create never left cancels both, and nothing is sent', async () => {
    const { db } = await setup();
    const { recordId } = await enqueue(db, { op: 'create', kind: 'Product', body: { Name: 'Oops' } }, 1);
    await enqueue(db, { op: 'update', kind: 'Product', id: recordId, body: { SalePrice: 1 } }, 2);
    const result = await enqueue(db, { op: 'delete', kind: 'Product', id: recordId }, 3);
    expect(result.seq).toBeUndefined();
    expect(await db.getAll('outbox')).toEqual([]);
    expect(await readOne(db, 'Product', recordId)).toBeUndefined();
  });

  it('a delete drops the updates still waiting for that record', async () => {
    const { db } = await setup();
    await enqueue(db, { op: 'update', kind: 'Product', id: 9, body: { Name: 'x' } }, 1);
    await enqueue(db, { op: 'delete', kind: 'Product', id: 9 }, 2);
    expect((await db.getAll('outbox')).map((e) => [e.op, e.recordId])).toEqual([['delete', 9]]);
  });

  it('keeps only the last settings save still waiting, and the document for offline reads', async () => {
    const { db } = await setup();
    await enqueue(db, { op: 'save', document: { tillName: 'A' } }, 1);
    await enqueue(db, { op: 'save', document: { tillName: 'B' } }, 2);
    expect((await db.getAll('outbox')).map((e) => [e.target, e.body])).toEqual([['settings', { tillName: 'B' }]]);
    expect((await db.get('settings', 'app'))?.document).toEqual({ tillName: 'B' });
  });

  it('hands out temporary ids that are never reused', async () => {
    const { db } = await setup();
    const a = await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'A' } }, 1);
    await enqueue(db, { op: 'delete', kind: 'Customer', id: a.recordId }, 2);
    const b = await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'B' } }, 3);
    expect([a.recordId, b.recordId]).toEqual([-1, -2]);
  });
});
