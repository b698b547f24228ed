// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import type { TenderType } from '../../../app/epos/records.ts';
import { type Basket, basketTotals } from '../../../app/till/basket.ts';
import { createMoney } from '../../../app/till/money.ts';
import { TenderPanel } from '../../../app/ui/till/tender-panel.tsx';
import { TENDER_TYPES } from './fixture.ts';

afterEach(cleanup);

const GBP = createMoney('GBP', 'en-GB');
const START: Basket = {
  lines: [{ productId: 1, name: 'Flat White', unitPrice: 320, quantity: 3 }],
  discount: null,
  tableId: null,
  tenders: [],
  customer: null,
};
let current = START;

function Harness({ start = START, types = TENDER_TYPES }: { start?: Basket; types?: readonly TenderType[] }) {
  const [basket, setBasket] = useState(start);
  current = basket;
  return (
    <TenderPanel
      tenderTypes={types}
      tenders={basket.tenders}
      remaining={basketTotals(basket).remaining}
      money={GBP}
      onChange={setBasket}
    />
  );
}

const amount = () => screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement;
const payments = () =>
  within(screen.getByRole('list', { name: 'Payments' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('TenderPanel', () => {
  it('pays what remains with one tap, by either id style', () => {
    render(<Harness />);
    expect(amount().placeholder).toBe('9.60');
    fireEvent.click(screen.getByRole('button', { name: 'Pay by Card' }));
    expect(current.tenders).toEqual([{ typeId: 2, name: 'Card', amount: 960 }]);
    expect(payments()).toEqual(['Card£9.60×']);
    // Nothing left to pay: the buttons say so rather than adding a payment of nothing.
    const cash = screen.getByRole('button', { name: 'Pay by Cash' }) as HTMLButtonElement;
    expect(cash.disabled).toBe(true);
    expect(document.getElementById(cash.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Nothing is left to pay.',
    );
  });

  it('tenders a typed part, then the rest', () => {
    render(<Harness />);
    fireEvent.input(amount(), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay by Cash' }));
    expect(amount().value).toBe('');
    expect(amount().placeholder).toBe('4.60');
    fireEvent.click(screen.getByRole('button', { name: 'Pay by Card' }));
    expect(payments()).toEqual(['Cash£5.00×', 'Card£4.60×']);
  });

  it('takes more cash than is due (change is given)', () => {
    render(<Harness />);
    fireEvent.input(amount(), { target: { value: '20.00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay by Cash' }));
    expect(current.tenders).toEqual([{ typeId: 1, name: 'Cash', amount: 2000 }]);
  });

  it('refuses an amount that is not one, saying so', () => {
    render(<Harness />);
    for (const text of ['five', '0', '1.234', '-2']) {
      fireEvent.input(amount(), { target: { value: text } });
      expect(screen.getByRole('alert').textContent).toBe(`Enter an amount such as 5.00: “${text}” is not one.`);
      expect(amount().getAttribute('aria-invalid')).toBe('true');
      expect((screen.getByRole('button', { name: 'Pay by Cash' }) as HTMLButtonElement).disabled).toBe(true);
    }
    expect(current.tenders).toEqual([]);
  });

  it('refuses a barcode scanned into the Amount field as too large, saying so', () => {
    render(<Harness />);
    fireEvent.input(amount(), { target: { value: '5012345678900' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'That amount is too large: “5012345678900” is more than £1,000,000.00.',
    );
    expect(amount().getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Pay by Cash' }));
    expect(current.tenders).toEqual([]);
  });

  it('removes a payment', () => {
    render(
      <Harness
        start={{
          ...START,
          tenders: [
            { typeId: 1, name: 'Cash', amount: 500 },
            { typeId: 2, name: 'Card', amount: 460 },
          ],
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove Cash £5.00' }));
    expect(payments()).toEqual(['Card£4.60×']);
    expect(amount().placeholder).toBe('5.00');
  });

  it('says when no ways to pay are stored yet', () => {
    render(<Harness types={[]} />);
    expect(screen.getByText(/No ways to pay are stored on this till yet/)).toBeTruthy();
  });
});
