import { describe, expect, it, vi } from 'vitest';
import { createOutboxState } from '../../app/page/outbox-state.ts';
import { enqueue } from '../../app/store/outbox.ts';
import { freshDb } from '../store/fixture.ts';
import { fakeChannel } from './channel.ts';

describe('outbox state', () => {
  it('reads the status at start and again on every "outbox-changed", telling its listeners', async () => {
    const db = await freshDb();
    const channel = fakeChannel();
    const state = createOutboxState(db, channel);
    await state.refresh();
    expect(state.get()).toMatchObject({ pending: 0, failed: 0, held: 0, paused: null });

    const listener = vi.fn();
    state.subscribe(listener);
    await enqueue(db, { op: 'update', kind: 'Product', id: 4, body: { SalePrice: 2 } }, 1);
    channel.post({ type: 'outbox-changed' });
    await vi.waitFor(() => expect(state.get()?.pending).toBe(1));
    expect(listener).toHaveBeenCalled();

    // Other broadcasts are not about the outbox.
    listener.mockClear();
    channel.post({ type: 'catalog-changed', kinds: ['Product'] });
    await state.refresh();
    expect(listener).toHaveBeenCalledTimes(1);
    db.close();
  });

  it('a burst of changes costs at most two reads, and the last read sees the last change', async () => {
    const db = await freshDb();
    const state = createOutboxState(db, fakeChannel());
    await state.refresh();
    const reads = vi.spyOn(db, 'transaction');
    const burst = [];
    for (let i = 0; i < 10; i++) {
      // Not awaited: each change lands while the reads of the earlier ones are under way.
      void enqueue(db, { op: 'update', kind: 'Product', id: i + 1, body: { SalePrice: i } }, i);
      burst.push(state.refresh());
    }
    reads.mockClear();
    await Promise.all(burst);
    await state.refresh();
    expect(reads.mock.calls.length).toBeLessThanOrEqual(2);
    expect(state.get()?.pending).toBe(10);
    db.close();
  });

  it('stops following the worker once closed', async () => {
    const db = await freshDb();
    const channel = fakeChannel();
    const state = createOutboxState(db, channel);
    await state.refresh();
    state.close();
    await enqueue(db, { op: 'delete', kind: 'SeatingTable', id: 2 }, 1);
    channel.post({ type: 'outbox-changed' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(state.get()?.pending).toBe(0);
    db.close();
  });
});
