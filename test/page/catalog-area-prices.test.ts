/** The till's area prices as the page holds them (app/page/catalog-state.ts): read, narrowed to the area, re-read. */
import { describe, expect, it } from 'vitest';
import type { OpenRecord } from '../../app/epos/records.ts';
import { shownCounts } from '../../app/page/catalog-counts.ts';
import { createCatalogState } from '../../app/page/catalog-state.ts';
import { pullCatalog } from '../../sw/pull.ts';
import { freshDb, standinClient } from '../store/fixture.ts';
import { fakeChannel } from './channel.ts';

/** The seeded area prices of one area, by product (the newest record wins), as the stand-in holds them. */
function expectedFor(
  records: readonly OpenRecord[],
  area: number,
): Map<number, { SalePrice: unknown; EatOutPrice: unknown }> {
  const prices = new Map<number, { SalePrice: unknown; EatOutPrice: unknown }>();
  for (const record of records) {
    if (record.LocationAreaID === area) {
      prices.set(record.ProductID as number, { SalePrice: record.SalePrice, EatOutPrice: record.EatOutPrice });
    }
  }
  return prices;
}

describe('the area prices in the page\u2019s catalog', () => {
  for (const idStyle of ['contract', 'v2'] as const) {
    it(`holds the prices of the till\u2019s area only, by product (${idStyle} ids)`, async () => {
      const db = await freshDb();
      const { standin, client } = standinClient({ products: 450, idStyle });
      await pullCatalog({ db, client });
      const records = standin.records('ProductLocationAreaPrice');
      const area = records[0]?.LocationAreaID as number;
      const state = await createCatalogState(db, fakeChannel(), {}, area);
      const view = state.get();
      expect(view.areaId).toBe(area);
      expect(view.areaPrices.size).toBeGreaterThan(0);
      expect(new Map(view.areaPrices)).toEqual(expectedFor(records, area));
      // Every area's records count as stored, whatever the till's area.
      expect(shownCounts(view).ProductLocationAreaPrice).toBe(records.length);
      state.close();
    });
  }

  it('holds none for a till without an area', async () => {
    const db = await freshDb();
    const { client } = standinClient({ products: 450 });
    await pullCatalog({ db, client });
    const view = (await createCatalogState(db, fakeChannel())).get();
    expect(view.areaId).toBeNull();
    expect(view.areaPrices.size).toBe(0);
  });

  it('re-reads them when a pull changed the kind, and as soon as their walk is done', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient({ products: 450 });
    await pullCatalog({ db, client }, ['ProductLocationAreaPrice']);
    const channel = fakeChannel();
    const state = await createCatalogState(db, channel, {}, 3);
    const first = standin.records('ProductLocationAreaPrice')[0] as OpenRecord;
    standin.put('ProductLocationAreaPrice', { ...first, ProductID: 444, LocationAreaID: 3, SalePrice: 12.5 });
    await pullCatalog({ db, client }, ['ProductLocationAreaPrice']);
    expect(state.get().areaPrices.get(444)).toBeUndefined();
    channel.post({ type: 'catalog-changed', kinds: ['ProductLocationAreaPrice'] });
    await state.refresh([]);
    expect(state.get().areaPrices.get(444)).toEqual({ SalePrice: 12.5, EatOutPrice: first.EatOutPrice });

    standin.put('ProductLocationAreaPrice', { ...first, ProductID: 444, LocationAreaID: 3, SalePrice: 13 });
    await pullCatalog({ db, client }, ['ProductLocationAreaPrice']);
    channel.post({ type: 'pull-progress', kind: 'ProductLocationAreaPrice', state: 'done', pages: 1, records: 10 });
    await state.refresh([]);
    expect(state.get().areaPrices.get(444)?.SalePrice).toBe(13);
    state.close();
  });
});
