// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { useRef, useState } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { addProduct, type Basket, basketTotals, EMPTY_BASKET } from '../../../app/till/basket.ts';
import { createMoney, type Money } from '../../../app/till/money.ts';
import { BasketView } from '../../../app/ui/till/basket-view.tsx';
import { basketLines } from './fixture.ts';

afterEach(cleanup);

const GBP = createMoney('GBP', 'en-GB');
const BASKET: Basket = {
  lines: [
    { productId: 1, name: 'Flat White', unitPrice: 320, quantity: 2 },
    { productId: 3, name: 'Cheese Scone', unitPrice: 250, quantity: 1 },
  ],
  discount: null,
  tableId: null,
  tenders: [],
  customer: null,
};

function Harness({ start, money = GBP }: { start: Basket; money?: Money }) {
  const [basket, setBasket] = useState(start);
  const search = useRef<HTMLInputElement>(null);
  return (
    <>
      <input ref={search} type="search" aria-label="Search products" />
      <BasketView
        basket={basket}
        totals={basketTotals(basket)}
        money={money}
        onChange={setBasket}
        onClear={() => setBasket(EMPTY_BASKET)}
        onFocusAway={() => search.current?.focus()}
      />
      <button type="button" onClick={() => setBasket(EMPTY_BASKET)}>
        Send elsewhere
      </button>
      <button
        type="button"
        onClick={() => setBasket((current) => addProduct(current, { productId: 5, name: 'Tea', unitPrice: 180 }))}
      >
        Add tea
      </button>
    </>
  );
}

const totals = () =>
  [...screen.getByRole('region', { name: 'Basket' }).querySelectorAll('dl > div')].map((row) => row.textContent);

describe('BasketView', () => {
  it('shows each line with its quantity and price, and the sums', () => {
    render(<Harness start={BASKET} />);
    expect(basketLines()).toEqual(['Flat White−2+£6.40×', 'Cheese Scone−1+£2.50×']);
    expect(totals()).toEqual(['Subtotal (3 items)£8.90', 'Total£8.90']);
  });

  it('changes quantities with More and Fewer; Fewer on the last one removes the line', () => {
    render(<Harness start={BASKET} />);
    fireEvent.click(screen.getByRole('button', { name: 'More Cheese Scone' }));
    fireEvent.click(screen.getByRole('button', { name: 'More Cheese Scone' }));
    expect(basketLines()[1]).toBe('Cheese Scone−3+£7.50×');
    fireEvent.click(screen.getByRole('button', { name: 'Fewer Flat White' }));
    fireEvent.click(screen.getByRole('button', { name: 'Fewer Flat White' }));
    expect(basketLines()).toEqual(['Cheese Scone−3+£7.50×']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Cheese Scone' }));
    expect(screen.getByText('The basket is empty: scan a barcode, search, or tap a favourite.')).toBeTruthy();
    expect(totals()).toEqual(['Subtotal (0 items)£0.00', 'Total£0.00']);
  });

  it('shows the discount, tenders and change due', () => {
    const basket: Basket = {
      ...BASKET,
      discount: { reasonId: 7, reason: 'Staff', kind: 'percentage', value: 10 },
      tenders: [{ typeId: 1, name: 'Cash', amount: 1000 }],
    };
    render(<Harness start={basket} />);
    expect(totals()).toEqual([
      'Subtotal (3 items)£8.90',
      'Discount: Staff (10%)-£0.89',
      'Total£8.01',
      'Tendered£10.00',
      'Change due£1.99',
    ]);
  });

  it('shows what remains after a part payment, in a currency without minor units', () => {
    const basket: Basket = {
      lines: [{ productId: 1, name: 'Ramen', unitPrice: 980, quantity: 1 }],
      discount: { reasonId: 8, reason: 'Damaged', kind: 'amount', value: 100 },
      tableId: null,
      tenders: [{ typeId: 2, name: 'Card', amount: 500 }],
      customer: null,
    };
    render(<Harness start={basket} money={createMoney('JPY', 'en-GB')} />);
    expect(totals()).toEqual([
      'Subtotal (1 item)JP¥980',
      'Discount: Damaged-JP¥100',
      'TotalJP¥880',
      'TenderedJP¥500',
      'RemainingJP¥380',
    ]);
  });

  it('clears the basket only once the cashier confirms', () => {
    render(<Harness start={BASKET} />);
    const clear = screen.getByRole('button', { name: 'Clear basket' });
    fireEvent.click(clear);
    expect(clear.getAttribute('aria-expanded')).toBe('true');
    const confirm = screen.getByRole('group', { name: 'Confirm clearing the basket' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep' }));
    expect(basketLines()).toHaveLength(2);
    expect(document.activeElement).toBe(clear);
    expect(screen.queryByRole('group', { name: 'Confirm clearing the basket' })).toBeNull();

    fireEvent.click(clear);
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Confirm clearing the basket' })).getByRole('button', { name: 'Clear' }),
    );
    expect(screen.queryByRole('list', { name: 'Basket lines' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear basket' })).toBeNull();
  });

  it('drops the payments with the last line, and still offers to clear the discount and table', () => {
    const basket: Basket = {
      ...BASKET,
      lines: [{ productId: 3, name: 'Cheese Scone', unitPrice: 250, quantity: 1 }],
      discount: { reasonId: 7, reason: 'Staff', kind: 'percentage', value: 10 },
      tableId: 4,
      tenders: [{ typeId: 1, name: 'Cash', amount: 500 }],
      customer: null,
    };
    render(<Harness start={basket} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Cheese Scone' }));
    expect(totals()).toEqual(['Subtotal (0 items)£0.00', 'Discount: Staff (10%)£0.00', 'Total£0.00']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear basket' }));
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Confirm clearing the basket' })).getByRole('button', { name: 'Clear' }),
    );
    expect(totals()).toEqual(['Subtotal (0 items)£0.00', 'Total£0.00']);
    expect(screen.queryByRole('button', { name: 'Clear basket' })).toBeNull();
  });

  it('offers to clear a basket with only a table chosen', () => {
    render(<Harness start={{ ...EMPTY_BASKET, tableId: 4 }} />);
    expect(screen.getByRole('button', { name: 'Clear basket' })).toBeTruthy();
  });

  it.each([
    ['Remove', 'Remove Cheese Scone'],
    ['Fewer at one', 'Fewer Cheese Scone'],
  ])('hands focus on when %s takes the last line away', (_, name) => {
    render(
      <Harness start={{ ...BASKET, lines: [{ productId: 3, name: 'Cheese Scone', unitPrice: 250, quantity: 1 }] }} />,
    );
    const button = screen.getByRole('button', { name });
    button.focus();
    fireEvent.click(button);
    expect(screen.queryByRole('list', { name: 'Basket lines' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search products' }));
  });

  it('leaves focus alone when Fewer leaves some of the last line', () => {
    render(
      <Harness start={{ ...BASKET, lines: [{ productId: 1, name: 'Flat White', unitPrice: 320, quantity: 2 }] }} />,
    );
    const fewer = screen.getByRole('button', { name: 'Fewer Flat White' });
    fewer.focus();
    fireEvent.click(fewer);
    expect(document.activeElement).toBe(fewer);
  });

  it('hands focus on once the basket is cleared', () => {
    render(<Harness start={BASKET} />);
    fireEvent.click(screen.getByRole('button', { name: 'Clear basket' }));
    const clear = within(screen.getByRole('group', { name: 'Confirm clearing the basket' })).getByRole('button', {
      name: 'Clear',
    });
    clear.focus();
    fireEvent.click(clear);
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search products' }));
  });

  it('forgets an open "Clear basket?" once the basket is emptied elsewhere', () => {
    render(<Harness start={BASKET} />);
    fireEvent.click(screen.getByRole('button', { name: 'Clear basket' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send elsewhere' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add tea' }));
    expect(screen.queryByRole('group', { name: 'Confirm clearing the basket' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Clear basket' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('removes the whole line even after a More not yet on screen', () => {
    render(<Harness start={BASKET} />);
    const more = screen.getByRole('button', { name: 'More Cheese Scone' });
    const remove = screen.getByRole('button', { name: 'Remove Cheese Scone' });
    // Both in one go, before the basket re-renders: Remove must not count on the quantity it showed.
    act(() => {
      more.click();
      remove.click();
    });
    expect(basketLines()).toEqual(['Flat White−2+£6.40×']);
  });
});
