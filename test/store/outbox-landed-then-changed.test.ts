/**
 * A record changed again on the till after a write to it landed, before any pull included that
 * landing: when a person discards, edits or retries the later change, the till shows it over the
 * landed record, not over the older snapshot (or, for a record made here, nothing at all).
 */
import { describe, expect, it } from 'vitest';
import type { OpenRecord } from '../../app/epos/records.ts';
import { readAll, readOne } from '../../app/store/catalog.ts';
import type { TillDb } from '../../app/store/db.ts';
import { enqueue, type Write } from '../../app/store/outbox.ts';
import { discardEntry, editEntry, retryEntry } from '../../app/store/outbox-admin.ts';
import { claim, markDone, markFailed } from '../../app/store/outbox-outcomes.ts';
import { pulledTill, refusal as refusalOf } from './fixture.ts';

const refusal = refusalOf('PUT', '/api/V2/Product');

const setup = pulledTill;

/** Sends `write` and records it landed at `at` with the server's `answer`. */
async function landed(
  db: TillDb,
  write: Write,
  answer: (tempId: number) => OpenRecord | undefined,
  at: number,
): Promise<number> {
  const { seq, recordId } = await enqueue(db, write, at);
  const sent = await claim(db, (await db.get('outbox', seq as number))!, at);
  return (await markDone(db, sent!, answer(recordId), at)).id;
}

/** Queues a change, sends it, and has the server refuse it; returns its seq. */
async function refused(db: TillDb, write: Write, at: number): Promise<number> {
  const { seq } = await enqueue(db, write, at);
  await markFailed(db, (await claim(db, (await db.get('outbox', seq as number))!, at))!, refusal, at + 1);
  return seq as number;
}

type Act = 'discard' | 'edit' | 'retry';
async function act(db: TillDb, what: Act, seq: number, at: number): Promise<void> {
  if (what === 'discard') await discardEntry(db, seq);
  if (what === 'edit') await editEntry(db, seq, { SalePrice: 2 }, at);
  if (what === 'retry') await retryEntry(db, seq, at);
}

describe('a refused change to a record whose earlier write landed since the last pull', () => {
  it('a product made here stays on the till when the change is discarded, edited or retried', async () => {
    for (const what of ['discard', 'edit', 'retry'] as const) {
      const { db } = await setup();
      const made = { ProductID: 903, Name: 'Made here', SalePrice: 1 };
      const id = await landed(
        db,
        { op: 'create', kind: 'Product', body: { Name: 'Made here', SalePrice: 1 } },
        () => made,
        2_000,
      );
      const seq = await refused(db, { op: 'update', kind: 'Product', id, body: { SalePrice: -1 } }, 2_100);
      expect(await readOne(db, 'Product', id)).toEqual({ ...made, SalePrice: -1 });
      await act(db, what, seq, 2_200);
      const expected = { discard: made, edit: { ...made, SalePrice: 2 }, retry: { ...made, SalePrice: -1 } }[what];
      expect([what, await readOne(db, 'Product', id)]).toEqual([what, expected]);
      expect([what, (await readAll(db, 'Product')).filter((p) => p.ProductID === id)]).toEqual([what, [expected]]);
    }
  });

  it('a landed update stays shown under the change, and alone once the change is discarded', async () => {
    for (const what of ['discard', 'edit', 'retry'] as const) {
      const { db } = await setup();
      const server = (await readOne(db, 'Product', 3))!;
      await landed(
        db,
        { op: 'update', kind: 'Product', id: 3, body: { Name: 'Landed' } },
        () => ({ ...server, Name: 'Landed' }),
        2_000,
      );
      const seq = await refused(db, { op: 'update', kind: 'Product', id: 3, body: { SalePrice: -1 } }, 2_100);
      await act(db, what, seq, 2_200);
      const expected = {
        discard: { ...server, Name: 'Landed' },
        edit: { ...server, Name: 'Landed', SalePrice: 2 },
        retry: { ...server, Name: 'Landed', SalePrice: -1 },
      }[what];
      expect([what, await readOne(db, 'Product', 3)]).toEqual([what, expected]);
    }
  });

  it('edited, refused again and then discarded: the landed record shows, still waiting for a pull', async () => {
    const { db } = await setup();
    const made = { ProductID: 904, Name: 'Made here', SalePrice: 1 };
    const id = await landed(
      db,
      { op: 'create', kind: 'Product', body: { Name: 'Made here', SalePrice: 1 } },
      () => made,
      2_000,
    );
    const seq = await refused(db, { op: 'update', kind: 'Product', id, body: { SalePrice: -1 } }, 2_100);
    await editEntry(db, seq, { SalePrice: -2 }, 2_200);
    await markFailed(db, (await claim(db, (await db.get('outbox', seq))!, 2_300))!, refusal, 2_301);
    await discardEntry(db, seq);
    expect(await readOne(db, 'Product', id)).toEqual(made);
    expect(await db.get('local', ['Product', id])).toEqual({ kind: 'Product', id, record: made, landedAt: 2_000 });
  });

  it('a refused delete of a landed record, discarded, shows the landed record again', async () => {
    const { db } = await setup();
    const server = (await readOne(db, 'Product', 4))!;
    await landed(
      db,
      { op: 'update', kind: 'Product', id: 4, body: { Name: 'Landed' } },
      () => ({ ...server, Name: 'Landed' }),
      2_000,
    );
    const seq = await refused(db, { op: 'delete', kind: 'Product', id: 4 }, 2_100);
    expect(await readOne(db, 'Product', 4)).toBeUndefined();
    await discardEntry(db, seq);
    expect(await readOne(db, 'Product', 4)).toEqual({ ...server, Name: 'Landed' });
  });

  it('once discarded, the landed record is released by the next pull that started after its landing, as any landing is', async () => {
    const { db, standin, clock, pull } = await setup();
    const server = (await readOne(db, 'Product', 5))!;
    await landed(
      db,
      { op: 'update', kind: 'Product', id: 5, body: { Name: 'Landed' } },
      () => ({ ...server, Name: 'Landed' }),
      2_000,
    );
    await discardEntry(db, await refused(db, { op: 'update', kind: 'Product', id: 5, body: { SalePrice: -1 } }, 2_100));
    const renamed = standin.put('Product', { ...server, Name: 'Renamed on the server' });
    clock.now = 1_500;
    await pull();
    expect((await readOne(db, 'Product', 5))?.Name).toBe('Landed');
    clock.now = 3_000;
    await pull();
    expect(await readOne(db, 'Product', 5)).toEqual(renamed);
    expect(await db.count('local')).toBe(0);
  });

  it('a pull that started after the landing becomes the base: a change discarded after it shows the server\u2019s record as that pull found it', async () => {
    const { db, standin, clock, pull } = await setup();
    const server = (await readOne(db, 'Product', 6))!;
    await landed(
      db,
      { op: 'update', kind: 'Product', id: 6, body: { Name: 'Landed' } },
      () => ({ ...server, Name: 'Landed' }),
      2_000,
    );
    const seq = await refused(db, { op: 'update', kind: 'Product', id: 6, body: { SalePrice: -1 } }, 2_100);
    const renamed = standin.put('Product', { ...server, Name: 'Renamed on the server' });

    // A pull that may have read the record before the landing leaves the landing as the base.
    clock.now = 1_500;
    await pull();
    expect(await db.get('local', ['Product', 6])).toMatchObject({ base: { at: 2_000 } });
    // One that started after it has it (and any later change on the server).
    clock.now = 3_000;
    await pull();
    expect(await db.get('local', ['Product', 6])).toEqual({
      kind: 'Product',
      id: 6,
      record: { ...server, Name: 'Landed', SalePrice: -1 },
      landedAt: null,
    });
    await discardEntry(db, seq);
    expect(await readOne(db, 'Product', 6)).toEqual(renamed);
    expect(await db.count('local')).toBe(0);
  });
});
