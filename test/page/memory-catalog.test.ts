import { describe, expect, it } from 'vitest';
import { createClient } from '../../app/epos/client.ts';
import { kindKnown } from '../../app/page/catalog-counts.ts';
import type { CatalogView } from '../../app/page/catalog-state.ts';
import { fetchCatalog, type MemoryCatalog } from '../../app/page/memory-catalog.ts';
import { inProcessFetch } from '../standin/in-process.ts';
import { createStandin, type Standin } from '../standin/standin.ts';

const NOW = Date.UTC(2026, 10, 27, 12);

function setup(
  products = 450,
  areaId: number | null = null,
  prepare: (standin: Standin) => void = () => undefined,
): { standin: Standin; catalog: MemoryCatalog; seen: CatalogView[]; sizes: number[] } {
  const standin = createStandin({ products });
  prepare(standin);
  standin.put('Product', { ...standin.record('Product', 7), Name: 'Zanzibar Carrot Cake' });
  const client = createClient({ baseUrl: 'http://standin.test', token: standin.token, fetch: inProcessFetch(standin) });
  const catalog = fetchCatalog({ client, now: () => NOW, areaId });
  const seen: CatalogView[] = [];
  // The index is updated in place: its size is read as each change is told.
  const sizes: number[] = [];
  catalog.subscribe(() => {
    seen.push(catalog.get());
    sizes.push(catalog.get().index.size);
  });
  return { standin, catalog, seen, sizes };
}

describe('the in-memory catalog of a till without storage', () => {
  it('fetches the four kinds into the view the screens read, as a first pull would show them', async () => {
    const { standin, catalog } = setup();
    await catalog.refresh();
    const view = catalog.get();
    expect(view.tenderTypes).toEqual(standin.records('TenderType'));
    expect(view.seatingTables).toEqual(standin.records('SeatingTable'));
    expect(view.discountReasons).toEqual(standin.records('DiscountReason'));
    expect(view.index.size).toBe(450);
    expect(view.index.search('zanzibar').map((p) => p.ProductID)).toEqual([7]);
    for (const kind of ['Product', 'TenderType', 'SeatingTable', 'DiscountReason'] as const) {
      expect(kindKnown(view, kind)).toBe(true);
      expect(view.meta.find((m) => m.kind === kind)).toMatchObject({
        gen: 1,
        count: standin.records(kind).length,
        pulledAt: NOW,
        lastError: null,
      });
      expect(view.progress[kind]).toMatchObject({ state: 'done', records: standin.records(kind).length });
    }
  });

  it("holds the till's area prices by product, as a stored catalog does", async () => {
    // Area 2's price of product 7 (the seeded ones are drawn at random, area 2 maybe among them).
    const { standin, catalog } = setup(450, 2, (standin) =>
      standin.put('ProductLocationAreaPrice', {
        ProductLocationAreaPriceID: 900,
        ProductID: 7,
        LocationAreaID: 2,
        SalePrice: 9.99,
        EatOutPrice: 10.99,
      }),
    );
    await catalog.refresh();
    const records = standin.records('ProductLocationAreaPrice') as {
      ProductID: number;
      LocationAreaID: number;
      SalePrice: number;
    }[];
    const inArea = records.filter((record) => record.LocationAreaID === 2);
    const view = catalog.get();
    expect(view.areaPrices.get(7)).toEqual({ SalePrice: 9.99, EatOutPrice: 10.99 });
    expect(view.areaId).toBe(2);
    expect(view.areaPriceCount).toBe(records.length);
    for (const record of inArea) expect(view.areaPrices.get(record.ProductID)?.SalePrice).toBe(record.SalePrice);
    expect([...view.areaPrices.keys()].every((id) => inArea.some((record) => record.ProductID === id))).toBe(true);
    expect(kindKnown(view, 'ProductLocationAreaPrice')).toBe(true);
  });

  it('takes a 404 for the area prices as an account with none, not a failed walk', async () => {
    const { catalog } = setup(450, 2, (standin) =>
      standin.faults.add({ type: 'status', status: 404, match: { kind: 'ProductLocationAreaPrice' } }),
    );
    await catalog.refresh();
    const view = catalog.get();
    expect(view.areaPriceCount).toBe(0);
    expect(view.meta.find((m) => m.kind === 'ProductLocationAreaPrice')).toMatchObject({ count: 0, lastError: null });
    expect(view.progress.ProductLocationAreaPrice).toMatchObject({ state: 'done' });
  });

  it('nothing is known before the walks end, so the till keeps room rather than saying "none"', () => {
    const { catalog } = setup();
    expect(kindKnown(catalog.get(), 'TenderType')).toBe(false);
    expect(catalog.get().progress.Product).toMatchObject({ state: 'running' });
  });

  it('makes products searchable page by page, before the walk ends', async () => {
    const { catalog, sizes } = setup();
    await catalog.refresh();
    expect([...new Set(sizes)]).toEqual([200, 400, 450]);
    // Each page bumps the revision, so searches run again.
    expect(catalog.get().indexRevision).toBeGreaterThanOrEqual(3);
  });

  it('a kind that failed says why, and the others are still there', async () => {
    const { standin, catalog } = setup();
    standin.faults.add({ type: 'status', status: 500, match: { kind: 'TenderType' } });
    await catalog.refresh();
    const view = catalog.get();
    expect(view.tenderTypes).toEqual([]);
    expect(view.meta.find((m) => m.kind === 'TenderType')).toMatchObject({ gen: 0, attemptedAt: NOW });
    expect(view.meta.find((m) => m.kind === 'TenderType')?.lastError).toMatch(/500/);
    expect(view.progress.TenderType).toMatchObject({ state: 'failed' });
    // Known (it was tried), so the till says it has none rather than waiting.
    expect(kindKnown(view, 'TenderType')).toBe(true);
    expect(view.index.size).toBe(450);
  });

  it('walks again on refresh: a product gone from Epos Now leaves, a new one comes, a failed kind comes back', async () => {
    const { standin, catalog } = setup();
    standin.faults.add({ type: 'status', status: 500, match: { kind: 'TenderType' }, times: 1 });
    await catalog.refresh();
    standin.remove('Product', 7);
    standin.put('Product', { Name: 'Quince Shortbread', SalePrice: 1.75 });
    await catalog.refresh();
    const view = catalog.get();
    expect(view.index.search('zanzibar')).toEqual([]);
    expect(view.index.search('quince').map((p) => p.Name)).toEqual(['Quince Shortbread']);
    expect(view.index.size).toBe(450);
    expect(view.tenderTypes).toEqual(standin.records('TenderType'));
    expect(view.meta.find((m) => m.kind === 'TenderType')).toMatchObject({ gen: 1, lastError: null });
  });

  it('a refresh asked during a walk joins it: one walk of each kind', async () => {
    const { standin, catalog } = setup();
    await Promise.all([catalog.refresh(), catalog.refresh()]);
    expect(standin.log.filter((entry) => entry.path.includes('TenderType'))).toHaveLength(1);
  });

  it('after close, a walk under way changes nothing and asks for no more pages', async () => {
    const { standin, catalog, seen } = setup(3000);
    const index = catalog.get().index;
    catalog.close();
    const before = seen.length;
    await catalog.refresh();
    expect(seen).toHaveLength(before);
    expect(index.size).toBe(0);
    expect(standin.log.filter((entry) => entry.path.includes('Product')).length).toBeLessThan(15);
  });
});
