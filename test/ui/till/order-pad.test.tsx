// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { options } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { CACHED_KINDS, type CachedKind } from '../../../app/epos/kinds.ts';
import type { Product } from '../../../app/epos/records.ts';
import type { CatalogView } from '../../../app/page/catalog-state.ts';
import { BASKET_KEY, loadBasket } from '../../../app/till/basket-storage.ts';
import { OrderPad } from '../../../app/ui/till/order-pad.tsx';
import {
  basketLines,
  catalogView,
  config,
  memoryStorage,
  PRODUCTS,
  product,
  pulledMeta,
  resultTile,
  searchBox,
  TENDER_TYPES,
  tillFrame,
  typeSearch,
} from './fixture.ts';

afterEach(cleanup);

function renderPad(props: Partial<Parameters<typeof OrderPad>[0]> = {}) {
  const storage = memoryStorage();
  const { frame, reply, posted, ask } = tillFrame();
  const view = render(
    <OrderPad
      catalog={catalogView()}
      config={config()}
      pulling={false}
      storage={storage}
      frame={frame}
      reply={reply}
      now={() => 0}
      {...props}
    />,
  );
  return { ...view, storage, posted, ask };
}

describe('OrderPad', () => {
  it('adds a search result with a tap on its tile, priced and announced', () => {
    renderPad();
    typeSearch('flat');
    const result = within(screen.getByRole('list', { name: 'Search results' })).getByRole('listitem');
    expect(result.textContent).toContain('£3.20');
    fireEvent.click(resultTile('Flat White'));
    fireEvent.click(resultTile('Flat White'));
    expect(basketLines()).toEqual([expect.stringContaining('Flat White')]);
    expect(basketLines()[0]).toContain('2');
    expect(basketLines()[0]).toContain('£6.40');
    expect(screen.getByText('Added Flat White')).toBeTruthy();
    expect(screen.getByText('Added Flat White').closest('[aria-live="polite"]')).toBeTruthy();
  });

  it('a product priced 1e308 shows no price and cannot be added, so the kept basket reads back after a reload', () => {
    const catalog = catalogView([...PRODUCTS, product(9, 'Overflow Tea', 1e308), product(10, 'Huge Tea', 1e20)]);
    const { storage, unmount } = renderPad({ catalog });
    typeSearch('tea');
    const results = within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('listitem');
    expect(results.map((result) => result.textContent)).toEqual([
      expect.stringContaining('No price'),
      expect.stringContaining('No price'),
    ]);
    fireEvent.click(resultTile('Overflow Tea'));
    expect(screen.getByRole('alert').textContent).toContain('Overflow Tea has no sale price');
    fireEvent.click(resultTile('Huge Tea'));
    typeSearch('latte');
    fireEvent.click(resultTile('Latte'));
    unmount();
    expect(loadBasket('GBP', storage)).toEqual({
      basket: expect.objectContaining({ lines: [expect.objectContaining({ name: 'Latte', unitPrice: 310 })] }),
      currency: 'GBP',
      problem: null,
    });
    renderPad({ catalog, storage });
    expect(basketLines()).toEqual([expect.stringContaining('Latte')]);
  });

  it('Enter on an exact barcode in the search box adds the product and clears the box', () => {
    renderPad();
    typeSearch('5012345678917');
    fireEvent.keyDown(searchBox(), { key: 'Enter' });
    expect(basketLines()).toEqual([expect.stringContaining('Latte−1+£3.10')]);
    expect(searchBox().value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says what to do about a barcode that is not in the catalog, and keeps the code for the next scan', () => {
    renderPad();
    typeSearch('4000000000006');
    fireEvent.keyDown(searchBox(), { key: 'Enter' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(
      /^Barcode 4000000000006 is not in this till's catalog\. Check the code or search for the product by name/,
    );
    expect(alert.textContent).toContain('a manager adds the barcode in the back office');
    expect(searchBox().value).toBe('4000000000006');
    expect(screen.queryByRole('list', { name: 'Basket lines' })).toBeNull();
    // The next product added clears the alert.
    typeSearch('latte');
    fireEvent.click(resultTile('Latte'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Enter on a search with a digit in it ("7up", "330ml") leaves its results, with no barcode message', () => {
    renderPad({ catalog: catalogView([...PRODUCTS, product(5, '7up 330ml', 1.2)]) });
    for (const text of ['7up', '330ml']) {
      typeSearch(text);
      fireEvent.keyDown(searchBox(), { key: 'Enter' });
      expect(screen.queryByRole('alert')).toBeNull();
      expect(within(screen.getByRole('list', { name: 'Search results' })).getByRole('listitem').textContent).toContain(
        '7up 330ml',
      );
    }
  });

  it('refuses a product without the configured price and says why', () => {
    renderPad();
    typeSearch('5012345678924');
    fireEvent.keyDown(searchBox(), { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe(
      'Staff Meal has no sale price, so it cannot be sold here. A manager sets its price in the back office.',
    );
    expect(screen.queryByRole('list', { name: 'Basket lines' })).toBeNull();
    typeSearch('staff');
    expect(within(screen.getByRole('list', { name: 'Search results' })).getByRole('listitem').textContent).toContain(
      'No price',
    );
  });

  it('charges the eat-out price when the settings say so, in the configured currency', () => {
    renderPad({ config: config({ priceField: 'EatOutPrice', currency: 'EUR', locale: 'de-DE' }) });
    typeSearch('scone');
    fireEvent.click(resultTile('Cheese Scone'));
    expect(basketLines()[0]).toContain('2,75\u00a0€');
    typeSearch('latte');
    fireEvent.click(resultTile('Latte'));
    expect(screen.getByRole('alert').textContent).toContain('Latte has no eat-out price');
  });

  it('a tap draws no product tile again, and a keystroke only the places whose tile changed: each costs a slow till', () => {
    // The tiles Preact compared with what it drew before, by name (a skipped tile is not diffed at all).
    const drawn: string[] = [];
    // The basket lines drawn, by the name on their More button.
    const lines: string[] = [];
    const before = options.diffed;
    options.diffed = (vnode) => {
      const props = vnode.props as { class?: unknown; children?: unknown; 'aria-label'?: unknown };
      if (vnode.type === 'span' && props.class === 'product-name') drawn.push(String(props.children));
      const label = String(props['aria-label']);
      if (vnode.type === 'button' && label.startsWith('More ')) lines.push(label.slice('More '.length));
      before?.(vnode);
    };
    try {
      const teas = ['Green Tea', 'Peach Tea', 'Tea Cake', 'Teapot Refill', 'Mint Tea'];
      const catalog = catalogView([...PRODUCTS, ...teas.map((name, i) => product(11 + i, name, 2 + i / 10))]);
      renderPad({ catalog, config: config({ favourites: [3, 1] }) });
      // Each tile on screen as its product and whether it is the grid's tab stop.
      const shown = (): string[] =>
        within(screen.getByRole('list', { name: 'Search results' }))
          .getAllByRole('button')
          .map((tile) => `${tile.querySelector('.product-name')?.textContent}|${tile.tabIndex}`);
      // Tiles are kept by place: a keystroke draws a place whose product or tab stop changed.
      const changedBy = (text: string): { changed: string[]; drawn: string[] } => {
        const was = shown();
        drawn.length = 0;
        typeSearch(text);
        const now = shown();
        return {
          changed: now.filter((tile, place) => was[place] !== tile).map((tile) => tile.split('|')[0] as string),
          drawn: [...drawn],
        };
      };
      typeSearch('e');
      expect(shown().length).toBeGreaterThan(5);
      drawn.length = 0;
      fireEvent.click(resultTile('Latte'));
      expect(basketLines()).toEqual([expect.stringContaining('Latte')]);
      expect(drawn).toEqual([]);
      // A tap draws the basket line it adds or changes, not the others.
      fireEvent.click(resultTile('Green Tea'));
      fireEvent.click(resultTile('Mint Tea'));
      lines.length = 0;
      fireEvent.click(resultTile('Green Tea'));
      expect(basketLines()).toEqual([
        expect.stringContaining('Latte'),
        expect.stringMatching(/Green Tea.*2/),
        expect.stringContaining('Mint Tea'),
      ]);
      expect(lines).toEqual(['Green Tea']);
      for (const text of ['te', 'tea', 'sc', 'scone', 'l']) {
        const { changed, drawn } = changedBy(text);
        expect(drawn, text).toEqual(changed);
        // "te" to "tea" keeps the five teas in their places, so draws none; "sc" brings other products.
        if (text === 'tea') expect(drawn).toEqual([]);
        if (text === 'sc') expect(drawn.length).toBeGreaterThan(0);
      }
    } finally {
      options.diffed = before;
    }
  });

  it('shows favourites in the configured order, skipping ids not in the catalog', () => {
    renderPad({ config: config({ favourites: [3, 99, 1] }) });
    const grid = screen.getByRole('region', { name: 'Favourites' });
    expect(
      within(grid)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Cheese Scone £2.50', 'Flat White £3.20']);
    // Named by what they show (label in name), so a voice command can say what it sees.
    fireEvent.click(within(grid).getByRole('button', { name: 'Cheese Scone £2.50' }));
    expect(basketLines()).toEqual([expect.stringContaining('Cheese Scone')]);
  });

  it('until a manager chooses favourites, offers what this till sold most, then A to Z, and says where to change them', () => {
    const favourites = () =>
      within(screen.getByRole('list', { name: 'Favourites' }))
        .getAllByRole('button')
        .map((button) => button.textContent);
    const { storage, unmount } = renderPad();
    const region = screen.getByRole('region', { name: 'Favourites' });
    expect(
      within(region).getByText(/until a manager chooses favourites in the back office, under Settings/),
    ).toBeTruthy();
    // Nothing sold yet: the first products by name.
    expect(favourites()).toEqual(['Cheese Scone £2.50', 'Flat White £3.20', 'Latte £3.10', 'Staff Meal No price']);
    typeSearch('latte');
    fireEvent.click(resultTile('Latte'));
    fireEvent.click(screen.getByRole('button', { name: 'More Latte' }));
    fireEvent.click(
      within(screen.getByRole('list', { name: 'Favourites' })).getByRole('button', { name: /^Flat White/ }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pay by Cash' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send to till' }));
    // Tiles stay where they are for the rest of the shift...
    expect(favourites()[0]).toBe('Cheese Scone £2.50');
    unmount();
    // ...and the next start puts the best sellers first.
    renderPad({ storage });
    expect(favourites()).toEqual(['Latte £3.10', 'Flat White £3.20', 'Cheese Scone £2.50', 'Staff Meal No price']);
    cleanup();
    // A manager's choice replaces the till's, with no hint.
    renderPad({ storage, config: config({ favourites: [3] }) });
    expect(favourites()).toEqual(['Cheese Scone £2.50']);
    expect(screen.queryByText(/until a manager chooses/)).toBeNull();
  });

  it('restores the basket after a remount (a reload mid-sale)', () => {
    const { storage, unmount } = renderPad();
    typeSearch('latte');
    fireEvent.click(resultTile('Latte'));
    fireEvent.click(screen.getByRole('button', { name: 'More Latte' }));
    expect(JSON.parse(storage.items.get(BASKET_KEY) ?? 'null').basket.lines).toEqual([
      { productId: 2, name: 'Latte', unitPrice: 310, quantity: 2 },
    ]);
    unmount();
    render(<OrderPad catalog={catalogView()} config={config()} pulling={false} storage={storage} />);
    expect(basketLines()).toEqual([expect.stringContaining('Latte')]);
    expect(basketLines()[0]).toContain('£6.20');
  });

  it('says so when the basket cannot be kept because storage is full', () => {
    const { storage } = renderPad();
    storage.failWith = new DOMException('full', 'QuotaExceededError');
    typeSearch('latte');
    fireEvent.click(resultTile('Latte'));
    expect(basketLines()).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toMatch(
      /^Storage on this till is full: the basket will not survive a reload\. Free some space/,
    );
    // Once storage works again the next change is kept and the alert goes.
    storage.failWith = null;
    fireEvent.click(screen.getByRole('button', { name: 'More Latte' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the kept basket could not be read, and starts a new one', () => {
    const storage = memoryStorage();
    storage.items.set(BASKET_KEY, '{"lines":"damaged"}');
    render(<OrderPad catalog={catalogView()} config={config()} pulling={false} storage={storage} />);
    expect(screen.getByRole('alert').textContent).toContain('could not be read');
    expect(screen.getByText(/The basket is empty/)).toBeTruthy();
  });

  /** A flat white with discount reason 7 (10 %), at table T12, paid in cash: every part a basket can carry. */
  function fullBasket() {
    const pad = renderPad({
      catalog: catalogView(PRODUCTS, {
        seatingTables: [{ TableID: 12, Name: 'T12', Seats: 2, SeatingAreaID: 1, PosX: null, PosY: null }],
      }),
    });
    typeSearch('flat');
    fireEvent.click(resultTile('Flat White'));
    // The discount and the table are chosen in dialogs, opened from the basket.
    fireEvent.click(screen.getByRole('button', { name: 'Discount' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Discount reason' }), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    fireEvent.click(screen.getByRole('button', { name: /^T12\b/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay by Cash' }));
    return pad;
  }

  it('sends the basket with its discount, table and tenders, then starts a new one', () => {
    const { posted } = fullBasket();
    expect(screen.getByRole('region', { name: 'Basket' }).textContent).toContain('Total£2.88');
    fireEvent.click(screen.getByRole('button', { name: 'Send to till' }));
    expect(posted).toEqual([
      {
        origin: 'https://till.eposnowhq.com',
        message: expect.any(String),
      },
    ]);
    // The table by the name the floor plan gives it, as a detail (app/till/sale.ts).
    expect(JSON.parse(posted[0]?.message as string)).toStrictEqual({
      Products: [{ ProductID: 1, Quantity: 1, ItemPrice: 3.2, IsTaxExempt: false }],
      MiscItems: [],
      Tenders: [{ TypeID: 1, Amount: 2.88 }],
      TransactionDetails: [{ Name: 'Table', Details: 'T12' }],
      Discount: { reasonId: 7, percentage: 10 },
    });
    expect(screen.getByRole('status').textContent).toBe('Sent to the till');
    expect(screen.getByText(/The basket is empty/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Table' }).textContent).toBe('Table');
  });

  /** The full basket's sale (a flat white, 10 % off, at T12, paid in cash), as the till receives it. */
  const FULL_SALE =
    '{"Products":[{"ProductID":1,"Quantity":1,"ItemPrice":3.2,"IsTaxExempt":false}],"MiscItems":[],' +
    '"Tenders":[{"TypeID":1,"Amount":2.88}],"TransactionDetails":[{"Name":"Table","Details":"T12"}],' +
    '"Discount":{"reasonId":7,"percentage":10}}';

  it("answers the till's ask with the sale, hands it over, and answers a repeated ask with the same sale", () => {
    const { posted, ask, storage } = fullBasket();
    ask();
    expect(posted).toEqual([{ origin: 'https://till.eposnowhq.com', message: FULL_SALE }]);
    // Handed over as Send to till hands it: counted, the basket empty, the way back offered.
    expect(screen.getByRole('status').textContent).toBe('Sent to the till');
    expect(screen.getByText(/The basket is empty/)).toBeTruthy();
    expect(loadBasket('GBP', storage).basket.lines).toEqual([]);
    // The till asks again (a retry, a second confirm): the same sale, not an empty one.
    ask();
    expect(posted[1]).toEqual({ origin: 'https://till.eposnowhq.com', message: FULL_SALE });
    // Brought back, it is the sale again; a new product makes it a new sale, which the next ask gets.
    fireEvent.click(screen.getByRole('button', { name: 'Bring the basket back' }));
    expect(screen.getByRole('status').textContent).toBe('');
    typeSearch('latte');
    fireEvent.click(resultTile('Latte'));
    ask();
    expect(JSON.parse(posted[2]?.message as string).Products).toEqual([
      { ProductID: 1, Quantity: 1, ItemPrice: 3.2, IsTaxExempt: false },
      { ProductID: 2, Quantity: 1, ItemPrice: 3.1, IsTaxExempt: false },
    ]);
    // Once the next sale has its first product, an ask no longer gets the one before.
    typeSearch('flat');
    fireEvent.click(resultTile('Flat White'));
    ask();
    expect(JSON.parse(posted[3]?.message as string).Products).toEqual([
      { ProductID: 1, Quantity: 1, ItemPrice: 3.2, IsTaxExempt: false },
    ]);
  });

  it('answers an ask after Send to till with the sale it sent', () => {
    const { posted, ask } = fullBasket();
    fireEvent.click(screen.getByRole('button', { name: 'Send to till' }));
    ask();
    expect(posted.map((p) => p.message)).toEqual([FULL_SALE, FULL_SALE]);
  });

  it('answers an empty but valid sale while the basket is empty, even before the catalog is read', () => {
    const { posted, ask } = renderPad({ catalog: undefined });
    ask();
    expect(posted).toEqual([
      {
        origin: 'https://till.eposnowhq.com',
        message: '{"Products":[],"MiscItems":[],"Tenders":[],"TransactionDetails":[]}',
      },
    ]);
    // Nothing was handed over.
    expect(screen.queryByText('Sent to the till')).toBeNull();
  });

  it('answers no window but the one that framed it', () => {
    const { posted, ask } = fullBasket();
    const stranger = { postMessage: (message: unknown) => void posted.push({ message, origin: 'stranger' }) };
    ask(stranger);
    ask({}, 'https://till.eposnowhq.com');
    expect(posted).toEqual([]);
    // The sale is still the cashier's.
    expect(screen.getByRole('region', { name: 'Basket' }).textContent).toContain('Total£2.88');
  });

  it('moves focus on after each step: the last payment to Send to till, sending to the search box for the next sale', () => {
    fullBasket();
    // "Pay by Cash" is disabled once nothing is left to pay; focus did not fall to the page.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send to till' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send to till' }));
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search products' }));
  });

  it('Charge in the bar brings the payment with focus in Amount', () => {
    renderPad();
    typeSearch('flat');
    fireEvent.click(resultTile('Flat White'));
    fireEvent.click(screen.getByRole('button', { name: 'Charge £3.20' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Amount/ }));
  });

  it('a part payment leaves focus where it was', () => {
    renderPad();
    typeSearch('flat');
    fireEvent.click(resultTile('Flat White'));
    const amount = screen.getByRole('textbox', { name: /Amount/ });
    fireEvent.input(amount, { target: { value: '1' } });
    const cash = screen.getByRole('button', { name: 'Pay by Cash' });
    cash.focus();
    fireEvent.click(cash);
    expect(document.activeElement).toBe(cash);
  });

  it('keeps the table and the discount behind buttons that say what is chosen; choosing a table closes its dialog', () => {
    fullBasket();
    expect(screen.getByRole('button', { name: 'Table: T12' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('button', { name: 'Discount: Staff' })).toBeTruthy();
    // Closed, their controls are not on the screen.
    expect(screen.queryByRole('group', { name: 'Table' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Discount reason' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Table: T12' }));
    expect(screen.getByRole('dialog', { name: 'Table' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^T12\b/ }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'No table' }));
    expect(screen.queryByRole('dialog', { name: 'Table' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Table' })).toBeTruthy();
  });

  it('brings a sent basket back whole, for a till that ignored it', () => {
    const { posted } = fullBasket();
    fireEvent.click(screen.getByRole('button', { name: 'Send to till' }));
    fireEvent.click(screen.getByRole('button', { name: 'Bring the basket back' }));
    expect(basketLines()).toEqual([expect.stringContaining('Flat White')]);
    expect(screen.getByRole('region', { name: 'Basket' }).textContent).toContain('Tendered£2.88');
    expect(screen.getByRole('button', { name: 'Table: T12' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send to till' }));
    expect(posted).toHaveLength(2);
    expect(posted[1]).toEqual(posted[0]);
  });

  it('puts focus in the search box when the last line is removed, or the basket cleared', () => {
    renderPad();
    typeSearch('latte');
    fireEvent.click(resultTile('Latte'));
    const remove = screen.getByRole('button', { name: 'Remove Latte' });
    remove.focus();
    fireEvent.click(remove);
    expect(document.activeElement).toBe(searchBox());
    fireEvent.click(resultTile('Latte'));
    fireEvent.click(screen.getByRole('button', { name: 'Clear basket' }));
    const clear = within(screen.getByRole('group', { name: 'Confirm clearing the basket' })).getByRole('button', {
      name: 'Clear',
    });
    clear.focus();
    fireEvent.click(clear);
    expect(document.activeElement).toBe(searchBox());
  });

  it('asks, after a reload, about a kept basket in another currency, and starts a new sale only when told to', () => {
    const storage = memoryStorage();
    storage.items.set(
      BASKET_KEY,
      JSON.stringify({
        currency: 'GBP',
        basket: {
          lines: [{ productId: 1, name: 'Flat White', unitPrice: 320, quantity: 1 }],
          discount: null,
          tableId: null,
          tenders: [],
        },
      }),
    );
    render(
      <OrderPad
        catalog={catalogView()}
        config={config({ currency: 'JPY', locale: 'ja-JP' })}
        pulling={false}
        storage={storage}
      />,
    );
    const question = screen.getByRole('alert');
    expect(question.textContent).toContain('The shop’s currency changed from GBP to JPY');
    // 320 pence are still £3.20, not ¥320.
    expect(basketLines()).toEqual([expect.stringContaining('£3.20')]);
    fireEvent.click(within(question).getByRole('button', { name: 'Start a new sale in JPY' }));
    expect(screen.getByText(/The basket is empty/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    typeSearch('latte');
    fireEvent.click(resultTile('Latte'));
    expect(basketLines()).toEqual([expect.stringContaining('￥3')]);
    expect(JSON.parse(storage.items.get(BASKET_KEY) ?? '')).toMatchObject({
      currency: 'JPY',
      basket: { lines: [{ name: 'Latte', unitPrice: 3 }] },
    });
  });

  it('keeps the sale in its currency when the cashier says so, until it ends; the next one is in the new currency', () => {
    const { rerender, storage } = renderPad();
    typeSearch('flat');
    fireEvent.click(resultTile('Flat White'));
    rerender(
      <OrderPad
        catalog={catalogView()}
        config={config({ currency: 'EUR', locale: 'en-GB' })}
        pulling={false}
        storage={storage}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Keep this sale in GBP' }));
    expect(screen.queryByRole('alert')).toBeNull();
    typeSearch('latte');
    fireEvent.click(resultTile('Latte'));
    expect(basketLines()).toEqual([expect.stringContaining('£3.20'), expect.stringContaining('£3.10')]);
    expect(JSON.parse(storage.items.get(BASKET_KEY) ?? '')).toMatchObject({ currency: 'GBP' });
    fireEvent.click(screen.getByRole('button', { name: 'Clear basket' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    typeSearch('latte');
    fireEvent.click(resultTile('Latte'));
    expect(basketLines()).toEqual([expect.stringContaining('€3.10')]);
    expect(JSON.parse(storage.items.get(BASKET_KEY) ?? '')).toMatchObject({ currency: 'EUR' });
  });

  it('says the catalog is loading, and works once it arrives', () => {
    const { rerender, storage } = renderPad({ catalog: undefined });
    // The search says so, and the payment waits whole for its tender types (no panel growing later).
    expect(screen.getAllByText('Loading the catalog…')).toHaveLength(2);
    expect(screen.queryByRole('region', { name: 'Payment' })).toBeNull();
    rerender(
      <OrderPad
        catalog={catalogView([product(9, 'Tea', 1.8, '5000000000009')])}
        config={config({ favourites: [9] })}
        pulling={false}
        storage={storage}
      />,
    );
    expect(screen.getByRole('region', { name: 'Payment' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tea £1.80' }));
    expect(basketLines()).toEqual([expect.stringContaining('Tea')]);
  });

  it('keeps room for the favourites and the payment until the till has heard of its products and small kinds, so what is under them stays put', () => {
    const room = () => document.querySelectorAll('.product-tile-room[aria-hidden="true"]').length;
    const favourites = () =>
      within(screen.getByRole('list', { name: 'Favourites' }))
        .getAllByRole('button')
        .map((b) => b.textContent);
    const { rerender, storage } = renderPad({ catalog: undefined });
    expect(room()).toBe(12);
    // A first visit: nothing pulled yet.
    const first = (products: Product[], pulled: CachedKind[], favourites: number[] = [9, 10]) => (
      <OrderPad
        catalog={catalogView(products, {
          tenderTypes: pulled.includes('TenderType') ? TENDER_TYPES : [],
          meta: CACHED_KINDS.map((kind) => pulledMeta(kind, pulled.includes(kind))),
        })}
        config={config({ favourites })}
        pulling={true}
        storage={storage}
      />
    );
    rerender(first([], []));
    expect(room()).toBe(2);
    expect(screen.queryByRole('region', { name: 'Payment' })).toBeNull();
    // Tenders alone: the table and discount buttons would still push the payment down when they came.
    rerender(first([], ['TenderType']));
    expect(screen.queryByRole('region', { name: 'Payment' })).toBeNull();
    const small: CachedKind[] = ['TenderType', 'SeatingTable', 'DiscountReason'];
    rerender(first([], small));
    expect(screen.getByRole('region', { name: 'Payment' })).toBeTruthy();
    expect(room()).toBe(2);
    // The first products of a first walk: searchable, and each favourite a tile once its page is in,
    // in its own place (the first, Tea, keeps its room until its page comes).
    rerender(first([product(10, 'Scone', 2.5)], small));
    expect(room()).toBe(1);
    expect(favourites()).toEqual(['Scone £2.50']);
    expect(document.querySelector('.product-tiles > li')?.className).toBe('product-tile-room');
    // The room takes no Tab: the tile there is does.
    expect(screen.getByRole('button', { name: 'Scone £2.50' }).tabIndex).toBe(0);
    typeSearch('scone');
    expect(resultTile('Scone')).toBeTruthy();
    rerender(first([product(9, 'Tea', 1.8), product(10, 'Scone', 2.5)], [...small, 'Product']));
    expect(room()).toBe(0);
    expect(favourites()).toEqual(['Tea £1.80', 'Scone £2.50']);
    // A walk that ended without the favourites: no room kept, and the till says why.
    rerender(first([], [...small, 'Product']));
    expect(room()).toBe(0);
    expect(screen.getByText(/None of the favourites is in this till's catalog yet/)).toBeTruthy();
  });

  it("a first walk's first page gives the till's own picks, fixed for this start: later pages do not move them", () => {
    const storage = memoryStorage();
    const names = [
      'Mocha',
      'Latte',
      'Flat White',
      'Cortado',
      'Chai',
      'Brownie',
      'Bagel',
      'Scone',
      'Tea',
      'Soup',
      'Toast',
      'Wrap',
    ];
    const page1 = names.map((name, i) => product(i + 1, name, 2));
    const view = (products: Product[], done: boolean) =>
      catalogView(products, { meta: CACHED_KINDS.map((kind) => pulledMeta(kind, kind !== 'Product' || done)) });
    const favourites = () =>
      within(screen.getByRole('list', { name: 'Favourites' }))
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/ £.*$/, ''));
    const pad = (catalog: CatalogView) => (
      <OrderPad catalog={catalog} config={config()} pulling={true} storage={storage} />
    );
    // Fewer than twelve so far: room.
    const { rerender } = render(pad(view(page1.slice(0, 5), false)));
    expect(document.querySelectorAll('.product-tile-room').length).toBe(12);
    expect(within(screen.getByRole('list', { name: 'Favourites' })).queryAllByRole('button')).toEqual([]);
    rerender(pad(view(page1, false)));
    const picked = favourites();
    expect(picked).toEqual([...names].sort());
    // Page 2 brings "Apple Juice", first by name: the tiles stay as they are, walk done or not.
    rerender(pad(view([...page1, product(13, 'Apple Juice', 2)], false)));
    expect(favourites()).toEqual(picked);
    rerender(pad(view([...page1, product(13, 'Apple Juice', 2)], true)));
    expect(favourites()).toEqual(picked);
  });
});
