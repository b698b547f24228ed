/**
 * The page's catalog during a till's first walk, driven by the real pull's messages: the products
 * stored so far are searchable before the walk ends, a failed first walk takes them back, and
 * each small kind is read as soon as its own walk completes.
 */
import { describe, expect, it } from 'vitest';
import { createCatalogState } from '../../app/page/catalog-state.ts';
import { pullKind } from '../../sw/pull.ts';
import { freshDb, standinClient } from '../store/fixture.ts';
import { fakeChannel } from './channel.ts';
import { packClock } from './pack-clock.ts';

type Named = { Name: string; Barcode: string };

/** A till with nothing stored, its page following a stand-in of 3,000 products whose page 9 fails. */
async function firstVisit() {
  const db = await freshDb();
  const { standin, client } = standinClient({ products: 3_000 });
  const channel = fakeChannel();
  const clock = packClock();
  const state = await createCatalogState(db, channel, { packTimers: clock.timers });
  return { db, standin, client, channel, clock, state };
}

describe('a first walk, as the page sees it', () => {
  it('makes the products stored so far searchable before the walk ends, and says how many of about how many', async () => {
    const { db, standin, client, channel, state } = await firstVisit();
    const first = standin.record('Product', 1) as Named;
    // What a cashier could find the moment the third page was announced, long before the sixteenth.
    let midway: Promise<{ size: number; found: string[]; expected: number | undefined }> | undefined;
    await pullKind(
      {
        db,
        client,
        onProgress: (p) => {
          channel.post({ type: 'pull-progress', ...p });
          if (p.readable?.pages === 3 && midway === undefined)
            midway = state.refresh([]).then(() => ({
              size: state.get().index.size,
              found: state
                .get()
                .index.search(first.Name)
                .map((found) => found.Name),
              expected: state.get().progress.Product?.expected,
            }));
        },
      },
      'Product',
    );
    expect(await midway).toEqual({ size: 600, found: expect.arrayContaining([first.Name]), expected: 3_000 });
    await state.refresh([]);
    expect(state.get().index.size).toBe(3_000);
    expect(state.get().meta.find((m) => m.kind === 'Product')?.pulledAt).not.toBeNull();
    state.close();
  });

  it('that fails takes back what it showed: nothing was stored, and the till says it has no products', async () => {
    const { db, standin, client, channel, state } = await firstVisit();
    standin.faults.add({ match: { path: /Product\?page=9$/ }, type: 'status', status: 503 });
    let shown = 0;
    state.subscribe(() => {
      shown = Math.max(shown, state.get().index.size);
    });
    const outcome = await pullKind(
      { db, client, onProgress: (p) => channel.post({ type: 'pull-progress', ...p }) },
      'Product',
    );
    expect(outcome.ok).toBe(false);
    await state.refresh([]);
    expect(shown).toBeGreaterThanOrEqual(200);
    expect(state.get().index.size).toBe(0);
    expect(state.get().progress.Product?.state).toBe('failed');
    expect(state.get().meta.find((m) => m.kind === 'Product')).toMatchObject({ pulledAt: null, gen: 0 });
    state.close();
  });

  it('stores no packed index while it holds pages of a walk under way, and stores one once the walk is in', async () => {
    const { db, client, channel, clock, state } = await firstVisit();
    let packedMidway: Promise<number> | undefined;
    await pullKind(
      {
        db,
        client,
        onProgress: (p) => {
          channel.post({ type: 'pull-progress', ...p });
          if (p.readable?.pages === 7 && packedMidway === undefined)
            packedMidway = state
              .refresh([])
              .then(() => clock.fire())
              .then(() => db.count('searchPack'));
        },
      },
      'Product',
    );
    expect(await packedMidway).toBe(0);
    // What the pull schedule broadcasts once the pull is over.
    channel.post({ type: 'catalog-changed', kinds: ['Product'] });
    await state.refresh([]);
    await clock.fire();
    expect(await db.get('searchPack', 'stamp')).toMatchObject({ gen: 1 });
    state.close();
  });

  it('reads tenders the moment their walk completes, before the products have even started', async () => {
    const { db, standin, client, channel, state } = await firstVisit();
    await pullKind({ db, client, onProgress: (p) => channel.post({ type: 'pull-progress', ...p }) }, 'TenderType');
    await state.refresh([]);
    expect(state.get().tenderTypes).toHaveLength(standin.records('TenderType').length);
    expect(state.get().tenderTypes.length).toBeGreaterThan(0);
    state.close();
  });
});
