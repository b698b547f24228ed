/**
 * A person discarding one refused write: only a discarded create takes its record's later
 * writes with it (they have no record to go to); a discarded update or delete leaves them queued,
 * and the till shows the server's record with them laid over (issue 17, item 2).
 */
import { describe, expect, it } from 'vitest';
import type { OpenRecord } from '../../app/epos/records.ts';
import { readOne } from '../../app/store/catalog.ts';
import type { TillDb } from '../../app/store/db.ts';
import { enqueue, type Write } from '../../app/store/outbox.ts';
import { discardEntry, editEntry, retryEntry } from '../../app/store/outbox-admin.ts';
import { claim, markDone, markFailed } from '../../app/store/outbox-outcomes.ts';
import { pulledTill, refusal } from './fixture.ts';

const NOW = 1_000;

async function setup(): Promise<TillDb> {
  return (await pulledTill()).db;
}

describe('a person settling a refused write queued behind one that landed', () => {
  /** A write sent and landed with `answer` while `later` waited behind it; `later` is then sent and refused. */
  async function landedThenRefused(
    db: TillDb,
    first: Write,
    answer: (id: number) => OpenRecord,
    later: (id: number) => Write,
  ) {
    const { seq, recordId: id } = await enqueue(db, first, NOW);
    const sent = await claim(db, (await db.get('outbox', seq as number))!, NOW);
    const behind = await enqueue(db, later(id), NOW + 1);
    const { id: realId } = await markDone(db, sent!, answer(id), NOW + 2);
    const refusedEntry = await claim(db, (await db.get('outbox', behind.seq as number))!, NOW + 3);
    await markFailed(db, refusedEntry!, refusal('PUT', `/api/V2/Product/${realId}`), NOW + 4);
    return { realId, seq: behind.seq as number };
  }

  const created = (id: number): OpenRecord => ({ ProductID: id, Name: 'Made here', SalePrice: 1 });
  const newProduct: Write = { op: 'create', kind: 'Product', body: { Name: 'Made here', SalePrice: 1 } };

  it('a landed create stays shown when the update behind it is discarded, edited or retried', async () => {
    for (const act of ['discard', 'edit', 'retry'] as const) {
      const db = await setup();
      const { realId, seq } = await landedThenRefused(
        db,
        newProduct,
        () => created(902),
        (id) => ({ op: 'update', kind: 'Product', id, body: { SalePrice: -1 } }),
      );
      expect(await readOne(db, 'Product', realId)).toEqual({ ...created(902), SalePrice: -1 });
      if (act === 'discard') await discardEntry(db, seq);
      if (act === 'edit') await editEntry(db, seq, { SalePrice: 2 }, NOW + 5);
      if (act === 'retry') await retryEntry(db, seq, NOW + 5);
      const expected = {
        discard: created(902),
        edit: { ...created(902), SalePrice: 2 },
        retry: { ...created(902), SalePrice: -1 },
      }[act];
      expect([act, await readOne(db, 'Product', realId)]).toEqual([act, expected]);
    }
  });

  it('a landed update stays shown when the update behind it is discarded or edited', async () => {
    for (const act of ['discard', 'edit'] as const) {
      const db = await setup();
      const server = (await readOne(db, 'Product', 3))!;
      const { seq } = await landedThenRefused(
        db,
        { op: 'update', kind: 'Product', id: 3, body: { Name: 'Landed' } },
        () => ({ ...server, Name: 'Landed' }),
        () => ({ op: 'update', kind: 'Product', id: 3, body: { SalePrice: -1 } }),
      );
      if (act === 'discard') await discardEntry(db, seq);
      else await editEntry(db, seq, { SalePrice: 2 }, NOW + 5);
      const expected = act === 'discard' ? { ...server, Name: 'Landed' } : { ...server, Name: 'Landed', SalePrice: 2 };
      expect([act, await readOne(db, 'Product', 3)]).toEqual([act, expected]);
    }
  });
});
