/** Listing the outbox for the back office: oldest first, and a storage failure said as one. */
import { describe, expect, it } from 'vitest';
import { StoreError } from '../../app/store/errors.ts';
import { enqueue } from '../../app/store/outbox.ts';
import { listEntries } from '../../app/store/outbox-status.ts';
import { freshDb } from './fixture.ts';

describe('listing the outbox', () => {
  it('gives every entry, oldest first', async () => {
    const db = await freshDb();
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Ann' } }, 1);
    await enqueue(db, { op: 'update', kind: 'Product', id: 7, body: { Name: 'Tea' } }, 2);
    expect((await listEntries(db)).map((e) => [e.op, e.target])).toEqual([
      ['create', 'Customer'],
      ['update', 'Product'],
    ]);
  });

  it('a storage failure is a StoreError naming what failed, for the back office to show', async () => {
    const db = await freshDb();
    db.close();
    const failure = await listEntries(db).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StoreError);
    expect((failure as StoreError).message).toMatch(
      /^reading the changes stored on this till failed: InvalidStateError/,
    );
  });
});
