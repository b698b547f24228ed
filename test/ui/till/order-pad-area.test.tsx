// @vitest-environment happy-dom
/** The order pad at the till's area prices (till/area-price.ts): shown, added, kept, handed over. */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { CACHED_KINDS } from '../../../app/epos/kinds.ts';
import type { AreaPrice } from '../../../app/till/area-price.ts';
import { loadBasket } from '../../../app/till/basket-storage.ts';
import { OrderPad } from '../../../app/ui/till/order-pad.tsx';
import {
  basketLines,
  catalogView,
  config,
  memoryStorage,
  PRODUCTS,
  pulledMeta,
  resultTile,
  searchBox,
  tillFrame,
  typeSearch,
} from './fixture.ts';

afterEach(cleanup);

const results = () =>
  within(screen.getByRole('list', { name: 'Search results' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

/** Area 2's prices: the flat white dearer on the terrace, the staff meal priced there only, the scone's eat-out price only. */
const TERRACE = new Map<number, AreaPrice>([
  [1, { SalePrice: 3.6, EatOutPrice: 3.9 }],
  [4, { SalePrice: 0, EatOutPrice: null }],
  [3, { SalePrice: null, EatOutPrice: 3 }],
]);

function renderPad(props: Partial<Parameters<typeof OrderPad>[0]> = {}) {
  const storage = memoryStorage();
  const { frame } = tillFrame();
  render(
    <OrderPad
      catalog={catalogView(PRODUCTS, { areaId: 2, areaPrices: TERRACE })}
      config={config()}
      pulling={false}
      storage={storage}
      frame={frame}
      now={() => 0}
      {...props}
    />,
  );
  return { storage };
}

describe('OrderPad in an area with its own prices', () => {
  it('shows, adds and keeps a product at the area\u2019s price, and the others at their own', () => {
    const { storage } = renderPad();
    typeSearch('flat');
    expect(results()).toEqual([expect.stringContaining('£3.60')]);
    fireEvent.click(resultTile('Flat White'));
    typeSearch('latte');
    expect(results()).toEqual([expect.stringContaining('£3.10')]);
    fireEvent.click(resultTile('Latte'));
    expect(basketLines()).toEqual([expect.stringContaining('£3.60'), expect.stringContaining('£3.10')]);
    // The basket's unit prices are what the till is handed.
    expect(loadBasket('GBP', storage).basket.lines.map((line) => [line.name, line.unitPrice])).toEqual([
      ['Flat White', 360],
      ['Latte', 310],
    ]);
  });

  it('sells at the area\u2019s price a product with none of its own there, a price of 0 included', () => {
    renderPad();
    typeSearch('5012345678924');
    fireEvent.keyDown(searchBox(), { key: 'Enter' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(basketLines()).toEqual([expect.stringContaining('Staff Meal')]);
    expect(basketLines()[0]).toContain('£0.00');
  });

  it('takes the area\u2019s price in the field the settings choose, else the product\u2019s own in that field', () => {
    const { storage } = renderPad({ config: config({ priceField: 'EatOutPrice' }) });
    typeSearch('scone');
    expect(results()).toEqual([expect.stringContaining('£3.00')]);
    fireEvent.click(resultTile('Cheese Scone'));
    typeSearch('flat');
    fireEvent.click(resultTile('Flat White'));
    expect(loadBasket('GBP', storage).basket.lines.map((line) => line.unitPrice)).toEqual([300, 390]);
    cleanup();
    // The scone has no area sale price: its own (2.50) applies.
    renderPad();
    typeSearch('scone');
    expect(results()).toEqual([expect.stringContaining('£2.50')]);
  });

  it('shows the favourites at the area\u2019s prices', () => {
    renderPad({ config: config({ favourites: [1, 2] }) });
    const grid = screen.getByRole('region', { name: 'Favourites' });
    expect(
      within(grid)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Flat White £3.60', 'Latte £3.10']);
  });

  it('shows a new area price at once when the area prices are re-read', () => {
    const storage = memoryStorage();
    const pad = (areaPrices: ReadonlyMap<number, AreaPrice>) => (
      <OrderPad
        catalog={catalogView(PRODUCTS, { areaId: 2, areaPrices })}
        config={config({ favourites: [1] })}
        pulling={false}
        storage={storage}
        frame={tillFrame().frame}
        now={() => 0}
      />
    );
    const { rerender } = render(pad(TERRACE));
    typeSearch('flat');
    expect(results()).toEqual([expect.stringContaining('£3.60')]);
    rerender(pad(new Map([[1, { SalePrice: 4, EatOutPrice: null }]])));
    expect(results()).toEqual([expect.stringContaining('£4.00')]);
    expect(screen.getByRole('region', { name: 'Favourites' }).textContent).toContain('£4.00');
  });

  it('keeps the price a line was added at when the area prices change under it', () => {
    const { storage } = renderPad();
    typeSearch('flat');
    fireEvent.click(resultTile('Flat White'));
    cleanup();
    const moved = new Map<number, AreaPrice>([[1, { SalePrice: 4, EatOutPrice: null }]]);
    render(
      <OrderPad
        catalog={catalogView(PRODUCTS, { areaId: 2, areaPrices: moved })}
        config={config()}
        pulling={false}
        storage={storage}
        frame={tillFrame().frame}
        now={() => 0}
      />,
    );
    expect(basketLines()).toEqual([expect.stringContaining('£3.60')]);
  });
});

describe('OrderPad while the area prices are not in', () => {
  const notYet = (attempted: boolean, lastError: string | null = null) =>
    catalogView(PRODUCTS, {
      areaId: 2,
      meta: CACHED_KINDS.map((kind) =>
        kind === 'ProductLocationAreaPrice'
          ? { ...pulledMeta(kind, false), attemptedAt: attempted ? 1 : null, lastError }
          : pulledMeta(kind),
      ),
    });

  it('sells at the products\u2019 own prices and says so, until they are downloaded', () => {
    renderPad({ catalog: notYet(false) });
    expect(screen.getByText('This area\u2019s prices are still downloading: selling at product prices.')).toBeTruthy();
    typeSearch('flat');
    expect(results()).toEqual([expect.stringContaining('£3.20')]);
  });

  it('says so when their download failed', () => {
    renderPad({ catalog: notYet(true, 'HTTP 404') });
    expect(screen.getByText('This area\u2019s prices are not downloaded: selling at product prices.')).toBeTruthy();
  });

  it('says nothing for a till without an area, or once they are in (even with none for this area)', () => {
    renderPad({ catalog: catalogView(PRODUCTS, { areaId: null, meta: notYet(false).meta }) });
    expect(screen.queryByText(/This area\u2019s prices/)).toBeNull();
    cleanup();
    renderPad({ catalog: catalogView(PRODUCTS, { areaId: 2, areaPrices: new Map() }) });
    expect(screen.queryByText(/This area\u2019s prices/)).toBeNull();
  });
});
