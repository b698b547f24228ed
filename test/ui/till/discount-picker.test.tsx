// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import type { BasketDiscount } from '../../../app/till/basket.ts';
import { createMoney } from '../../../app/till/money.ts';
import { DiscountPicker } from '../../../app/ui/till/discount-picker.tsx';
import { DISCOUNT_REASONS } from './fixture.ts';

afterEach(cleanup);

const GBP = createMoney('GBP', 'en-GB');
let current: BasketDiscount | null = null;

function Harness({ reasons = DISCOUNT_REASONS }: { reasons?: typeof DISCOUNT_REASONS }) {
  const [discount, setDiscount] = useState<BasketDiscount | null>(null);
  current = discount;
  return <DiscountPicker reasons={reasons} discount={discount} money={GBP} onChange={setDiscount} />;
}

const reason = () => screen.getByRole('combobox', { name: 'Discount reason' }) as HTMLSelectElement;
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (name: string, text: string) => fireEvent.input(field(name), { target: { value: text } });

describe('DiscountPicker', () => {
  it('offers the discount reasons and No discount, with no amount field until one is chosen', () => {
    render(<Harness />);
    expect([...reason().options].map((option) => option.text)).toEqual(['No discount', 'Staff', 'Damaged']);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it("fills in the reason's default percentage and applies it", () => {
    render(<Harness />);
    fireEvent.change(reason(), { target: { value: '7' } });
    expect(field('Discount percentage').value).toBe('10');
    expect(current).toEqual({ reasonId: 7, reason: 'Staff', kind: 'percentage', value: 10 });
    fireEvent.change(reason(), { target: { value: '8' } });
    expect(current).toEqual({ reasonId: 8, reason: 'Damaged', kind: 'percentage', value: 0 });
    fireEvent.change(reason(), { target: { value: '' } });
    expect(current).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('shows a kept discount whose reason has since left the catalog, rather than "No discount"', () => {
    const kept: BasketDiscount = { reasonId: 99, reason: 'Old promo', kind: 'percentage', value: 5 };
    render(<DiscountPicker reasons={DISCOUNT_REASONS} discount={kept} money={GBP} onChange={() => undefined} />);
    expect(reason().value).toBe('99');
    expect(reason().selectedOptions[0]?.text).toBe('Old promo (no longer in the catalog)');
    expect(field('Discount percentage').value).toBe('5');
  });

  it('takes a typed percentage, a decimal comma too', () => {
    render(<Harness />);
    fireEvent.change(reason(), { target: { value: '7' } });
    type('Discount percentage', '12,5');
    expect(current?.value).toBe(12.5);
    expect(field('Discount percentage').value).toBe('12,5');
  });

  it('refuses a percentage over 100 or not a number, saying so, and keeps the last good one', () => {
    render(<Harness />);
    fireEvent.change(reason(), { target: { value: '7' } });
    type('Discount percentage', '150');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(
      'Enter a percentage from 0 to 100 with at most 2 decimals, such as 12.5: “150” is not one, so the discount stays at 10%.',
    );
    expect(field('Discount percentage').getAttribute('aria-invalid')).toBe('true');
    expect(field('Discount percentage').getAttribute('aria-describedby')).toBe(alert.id);
    expect(current?.value).toBe(10);
    type('Discount percentage', 'ten');
    expect(screen.getByRole('alert').textContent).toContain('“ten” is not one');
    type('Discount percentage', '20');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(current?.value).toBe(20);
  });

  it('refuses a percentage with more than 2 decimals, saying so', () => {
    render(<Harness />);
    fireEvent.change(reason(), { target: { value: '7' } });
    type('Discount percentage', '9.125');
    expect(screen.getByRole('alert').textContent).toBe(
      'Enter a percentage from 0 to 100 with at most 2 decimals, such as 12.5: “9.125” is not one, so the discount stays at 10%.',
    );
    expect(current?.value).toBe(10);
    type('Discount percentage', '9.25');
    expect(current?.value).toBe(9.25);
  });

  it("rounds a reason's default percentage to 2 decimals", () => {
    render(<Harness reasons={[{ DiscountReasonID: 9, Reason: 'Loyalty', DefaultVal: 12.345 }]} />);
    fireEvent.change(reason(), { target: { value: '9' } });
    expect(current?.value).toBe(12.35);
  });

  it('shows no default, an empty field and no alert, for a reason whose DefaultVal is not a number', () => {
    const odd = [
      { DiscountReasonID: 1, Reason: 'Null', DefaultVal: null },
      { DiscountReasonID: 2, Reason: 'Word', DefaultVal: 'ten' as unknown as number },
      { DiscountReasonID: 3, Reason: 'Empty', DefaultVal: '' as unknown as number },
      { DiscountReasonID: 4, Reason: 'Huge', DefaultVal: Number.POSITIVE_INFINITY },
    ];
    render(<Harness reasons={odd} />);
    for (const id of ['1', '2', '3', '4']) {
      fireEvent.change(reason(), { target: { value: id } });
      expect(field('Discount percentage').value).toBe('');
      expect(current?.value).toBe(0);
      expect(screen.queryByRole('alert')).toBeNull();
      expect(document.body.textContent).not.toContain('NaN');
    }
    type('Discount percentage', '15');
    expect(current?.value).toBe(15);
    type('Discount percentage', '');
    expect(screen.getByRole('alert').textContent).toContain('so the discount stays at 15%');
  });

  it('takes an amount off instead, in minor units, refusing more decimals than the currency has', () => {
    render(<Harness />);
    fireEvent.change(reason(), { target: { value: '8' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Discount type' }), { target: { value: 'amount' } });
    expect(current).toEqual({ reasonId: 8, reason: 'Damaged', kind: 'amount', value: 0 });
    type('Discount amount', '1.50');
    expect(current?.value).toBe(150);
    type('Discount amount', '1.505');
    expect(screen.getByRole('alert').textContent).toBe(
      'Enter an amount such as 2.50: “1.505” is not one, so the discount stays at £1.50.',
    );
    expect(current?.value).toBe(150);
    type('Discount amount', '5012345678900');
    expect(screen.getByRole('alert').textContent).toBe(
      'That amount is too large: “5012345678900” is more than £1,000,000.00, so the discount stays at £1.50.',
    );
    expect(current?.value).toBe(150);
  });

  it('shows an amount off as the field takes it', () => {
    render(<Harness />);
    fireEvent.change(reason(), { target: { value: '8' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Discount type' }), { target: { value: 'amount' } });
    expect(field('Discount amount').value).toBe('0.00');
  });

  it('shows nothing when the shop has no discount reasons', () => {
    const { container } = render(<Harness reasons={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
