// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../../app/epos/records.ts';
import { createSearchIndex, type TillProduct } from '../../../app/search/index.ts';
import { createMoney } from '../../../app/till/money.ts';
import { Search, type SearchProps } from '../../../app/ui/till/search.tsx';

afterEach(cleanup);

function product(id: number, name: string, price: number | null, barcode: string | null): Product {
  return { ProductID: id, Name: name, SalePrice: price, Barcode: barcode, Sku: `SKU-${id}` } as Product;
}

const PRODUCTS = [
  product(1, 'Flat White', 3.2, '5012345678900'),
  product(2, 'Latte', 3.1, '5012345678917'),
  product(3, 'Oat Latte', 3.45, null),
  product(4, 'Cheese Scone', 2.5, '5012345678924'),
  product(5, '7up 330ml', 1.2, '1234'),
];
const GBP = createMoney('GBP', 'en-GB');
const noAdd = (): void => undefined;

/** The search over PRODUCTS, adding nothing and reading no barcode unless told otherwise. */
function searchFor(props: Partial<SearchProps> = {}) {
  return (
    <Search
      index={createSearchIndex(PRODUCTS)}
      revision={0}
      onBarcode={() => false}
      onAdd={noAdd}
      priceOf={priceOf}
      {...props}
    />
  );
}
const priceOf = (p: TillProduct) =>
  typeof p.SalePrice === 'number' ? GBP.format(GBP.toMinor(p.SalePrice)) : 'No price';

function type(text: string): HTMLInputElement {
  const input = screen.getByRole('searchbox', { name: 'Search products' }) as HTMLInputElement;
  fireEvent.input(input, { target: { value: text } });
  return input;
}

describe('Search', () => {
  it('has focus from the start and hints what to do', () => {
    render(searchFor());
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search products' }));
    expect(screen.getByText('Type a product name, or scan a barcode.')).toBeTruthy();
  });

  it('/ or F2 brings focus back from anywhere, and selects what was typed; / typed in another field stays a /', () => {
    render(
      <>
        {searchFor()}
        <button type="button">Pay by Cash</button>
        <input aria-label="Note" />
      </>,
    );
    const search = type('latte');
    const pay = screen.getByRole('button', { name: 'Pay by Cash' });
    pay.focus();
    expect(fireEvent.keyDown(pay, { key: '/' })).toBe(false);
    expect(document.activeElement).toBe(search);
    expect([search.selectionStart, search.selectionEnd]).toEqual([0, 5]);
    const note = screen.getByRole('textbox', { name: 'Note' });
    note.focus();
    expect(fireEvent.keyDown(note, { key: '/' })).toBe(true);
    expect(document.activeElement).toBe(note);
    expect(fireEvent.keyDown(note, { key: 'F2' })).toBe(false);
    expect(document.activeElement).toBe(search);
    pay.focus();
    expect(fireEvent.keyDown(pay, { key: '/', ctrlKey: true })).toBe(true);
    expect(document.activeElement).toBe(pay);
  });

  it('shows results as the cashier types, as tiles with name and price', () => {
    render(searchFor());
    type('latte');
    const list = screen.getByRole('list', { name: 'Search results' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.product-name')?.textContent).sort()).toEqual([
      'Latte',
      'Oat Latte',
    ]);
    const latte = items.find((item) => item.textContent?.startsWith('Latte')) as HTMLElement;
    expect(latte.textContent).toBe('Latte £3.10');
    expect(screen.getByText('2 products')).toBeTruthy();

    type('lattes please');
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull();
    expect(screen.getByText('No products match \u201clattes please\u201d')).toBeTruthy();
  });

  it('Enter on plain words keeps the results and hands nothing over as a barcode', () => {
    const onBarcode = vi.fn(() => false);
    render(searchFor({ onBarcode }));
    const input = type('flat white');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onBarcode).not.toHaveBeenCalled();
    expect(input.value).toBe('flat white');
    expect(screen.getByRole('list', { name: 'Search results' }).textContent).toContain('Flat White');
  });

  it.each(['7up', '330ml', 'V60', '1234567'])('Enter on "%s" (a digit, but no barcode) keeps the results', (text) => {
    const onBarcode = vi.fn(() => false);
    render(
      <Search
        index={createSearchIndex([
          ...PRODUCTS,
          product(6, 'V60 Filter', 3.8, null),
          product(7, 'Tea 1234567', 1.5, null),
        ])}
        revision={0}
        onBarcode={onBarcode}
        onAdd={noAdd}
        priceOf={priceOf}
      />,
    );
    fireEvent.keyDown(type(text), { key: 'Enter' });
    expect(onBarcode).not.toHaveBeenCalled();
    expect(
      within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('listitem').length,
    ).toBeGreaterThan(0);
  });

  it('hands over a short in-store code that the catalog knows', () => {
    const onBarcode = vi.fn(() => true);
    render(searchFor({ onBarcode }));
    fireEvent.keyDown(type('1234'), { key: 'Enter' });
    expect(onBarcode).toHaveBeenCalledWith('1234');
  });

  it.each(['40000006', '400000000006', '4000000000006', '14000000000003'])(
    'hands over an unknown %s-long code, which can only be a barcode',
    (code) => {
      const onBarcode = vi.fn(() => false);
      render(searchFor({ onBarcode }));
      fireEvent.keyDown(type(code), { key: 'Enter' });
      expect(onBarcode).toHaveBeenCalledWith(code);
      expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull();
    },
  );

  it('wants a way to write prices: there is no default currency', () => {
    // @ts-expect-error priceOf is required, so every list prices in the till's currency.
    render(<Search index={createSearchIndex(PRODUCTS)} revision={0} onBarcode={() => false} />);
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toBeTruthy();
  });

  it('follows the index as it changes in place (revision)', () => {
    const index = createSearchIndex(PRODUCTS);
    const { rerender } = render(
      <Search index={index} revision={0} onBarcode={() => false} onAdd={noAdd} priceOf={priceOf} />,
    );
    type('scone');
    index.upsert([product(4, 'Cheese Scone (large)', 2.95, '5012345678924')]);
    rerender(<Search index={index} revision={1} onBarcode={() => false} onAdd={noAdd} priceOf={priceOf} />);
    expect(screen.getByRole('list', { name: 'Search results' }).textContent).toContain('Cheese Scone (large) £2.95');
  });

  it('adds a result with a tap on its tile, named by what it shows, priced as the caller writes prices', () => {
    const onAdd = vi.fn();
    render(
      <Search
        index={createSearchIndex(PRODUCTS)}
        revision={0}
        onBarcode={() => false}
        onAdd={onAdd}
        priceOf={(p) => `${p.SalePrice} EUR`}
      />,
    );
    type('oat');
    expect(screen.getByRole('listitem').textContent).toBe('Oat Latte 3.45 EUR');
    fireEvent.click(screen.getByRole('button', { name: 'Oat Latte 3.45 EUR' }));
    expect(onAdd).toHaveBeenCalledWith(PRODUCTS[2]);
  });

  it('Down in the box goes into the results, and Up from their first row comes back', () => {
    render(searchFor());
    const input = type('latte');
    expect(fireEvent.keyDown(input, { key: 'ArrowDown' })).toBe(false);
    const first = within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('button')[0] as HTMLElement;
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(input);
    // With nothing found, Down is the box's own.
    type('zzz');
    expect(fireEvent.keyDown(input, { key: 'ArrowDown' })).toBe(true);
  });

  it('hands a barcode entered with Enter to the caller, clearing the box when it was used', () => {
    const onBarcode = vi.fn((code: string) => code === '5012345678917');
    render(searchFor({ onBarcode }));
    const input = type('5012345678917');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onBarcode).toHaveBeenLastCalledWith('5012345678917');
    expect(input.value).toBe('');
    // Not used: the caller says why; the code stays (selected, so the next scan replaces it), no results under it.
    fireEvent.keyDown(type('4000000000006'), { key: 'Enter' });
    expect(onBarcode).toHaveBeenLastCalledWith('4000000000006');
    expect(input.value).toBe('4000000000006');
    expect(screen.queryByText(/No products match/)).toBeNull();
    // Words are a search, not a barcode.
    fireEvent.keyDown(type('flat white'), { key: 'Enter' });
    expect(onBarcode).toHaveBeenCalledTimes(2);
  });

  it('says when the catalog is loading or empty', () => {
    const { rerender } = render(
      <Search index={undefined} revision={0} onBarcode={() => false} onAdd={noAdd} priceOf={priceOf} />,
    );
    expect(screen.getByText('Loading the catalog…')).toBeTruthy();
    rerender(
      <Search index={createSearchIndex([])} revision={1} onBarcode={() => false} onAdd={noAdd} priceOf={priceOf} />,
    );
    expect(screen.getByText(/No products are stored on this till yet/)).toBeTruthy();
    rerender(
      <Search
        index={createSearchIndex([])}
        revision={1}
        onBarcode={() => false}
        onAdd={noAdd}
        priceOf={priceOf}
        pulling
      />,
    );
    expect(screen.getByText(/Downloading the catalog/)).toBeTruthy();
  });
});
