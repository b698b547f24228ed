// @vitest-environment happy-dom
/** The charge bar: the total and the next action, whatever the basket holds. */
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BasketTotals } from '../../../app/till/basket.ts';
import { createMoney } from '../../../app/till/money.ts';
import { ChargeBar } from '../../../app/ui/till/charge-bar.tsx';

afterEach(cleanup);

const GBP = createMoney('GBP', 'en-GB');
const totals = (change: Partial<BasketTotals>): BasketTotals => ({
  items: 0,
  subtotal: 0,
  discount: 0,
  total: 0,
  tendered: 0,
  remaining: 0,
  ...change,
});

describe('ChargeBar', () => {
  it('an empty basket: a total of nothing, and Charge cannot be pressed', () => {
    render(<ChargeBar totals={totals({})} money={GBP} onCharge={vi.fn()} />);
    expect(screen.getByRole('region', { name: 'Sale' }).textContent).toContain('Total £0.00 · 0 items');
    expect((screen.getByRole('button', { name: 'Charge £0.00' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('charges what is left to pay, and asks for the payment', () => {
    const onCharge = vi.fn();
    render(
      <ChargeBar
        totals={totals({ items: 3, total: 724, tendered: 200, remaining: 524 })}
        money={GBP}
        onCharge={onCharge}
      />,
    );
    expect(screen.getByRole('region', { name: 'Sale' }).textContent).toContain('Total £7.24 · 3 items');
    fireEvent.click(screen.getByRole('button', { name: 'Charge £5.24' }));
    expect(onCharge).toHaveBeenCalledTimes(1);
  });

  it('once paid (change due too), says so instead of charging', () => {
    render(
      <ChargeBar
        totals={totals({ items: 1, total: 320, tendered: 500, remaining: -180 })}
        money={GBP}
        onCharge={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Paid: send the basket to the till.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Sale' }).textContent).toContain('1 item');
  });

  it('where the basket is not on screen, its total is the button that opens it, saying whether it is open', () => {
    const onOpen = vi.fn();
    const { rerender } = render(
      <ChargeBar
        totals={totals({ items: 2, total: 595, remaining: 595 })}
        money={GBP}
        onCharge={vi.fn()}
        sheet={{ open: false, onOpen }}
      />,
    );
    const total = screen.getByRole('button', { name: 'Total £5.95 · 2 items' });
    expect([total.getAttribute('aria-haspopup'), total.getAttribute('aria-expanded')]).toEqual(['dialog', 'false']);
    fireEvent.click(total);
    expect(onOpen).toHaveBeenCalledTimes(1);
    rerender(
      <ChargeBar
        totals={totals({ items: 2, total: 595, remaining: 595 })}
        money={GBP}
        onCharge={vi.fn()}
        sheet={{ open: true, onOpen }}
      />,
    );
    expect(total.getAttribute('aria-expanded')).toBe('true');
  });
});
