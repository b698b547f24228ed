// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderPad } from '../../../app/ui/till/order-pad.tsx';
import { useScanner } from '../../../app/ui/till/use-scanner.ts';
import { catalogView, config, memoryStorage } from './fixture.ts';

afterEach(cleanup);

let clock = 1000;
const now = () => clock;

/** Types `text` then Enter at `gapMs` between keys; returns whether the Enter went through (not prevented). */
function keys(text: string, gapMs: number, target: Element = document.body): boolean {
  for (const key of text) {
    clock += gapMs;
    fireEvent.keyDown(target, { key });
  }
  clock += gapMs;
  return fireEvent.keyDown(target, { key: 'Enter' });
}

/** Types `text` into `field` as a keyboard would (keydown, then the character unless prevented), then Enter. */
function typeInto(field: HTMLInputElement, text: string, gapMs: number): boolean {
  for (const key of text) {
    clock += gapMs;
    if (fireEvent.keyDown(field, { key })) fireEvent.input(field, { target: { value: field.value + key } });
  }
  clock += gapMs;
  return fireEvent.keyDown(field, { key: 'Enter' });
}

function Harness({ onScan }: { onScan: (code: string) => void }) {
  useScanner(onScan, now);
  const [amount, setAmount] = useState('12.50');
  return (
    <>
      <button type="button">Pay</button>
      <input aria-label="Amount" value={amount} onInput={(event) => setAmount(event.currentTarget.value)} />
      <output aria-label="Amount held">{amount}</output>
      <input aria-label="Search" data-scanner="own" />
      <input type="radio" aria-label="Choice" />
    </>
  );
}

describe('useScanner', () => {
  it('takes a fast burst ended by Enter as a scan and keeps the Enter from pressing the focused button', () => {
    const onScan = vi.fn();
    render(<Harness onScan={onScan} />);
    const pay = screen.getByRole('button', { name: 'Pay' });
    pay.focus();
    expect(keys('5012345678900', 8, pay)).toBe(false);
    expect(onScan).toHaveBeenCalledWith('5012345678900');
  });

  it('ignores a person typing at human speed, and leaves their Enter alone', () => {
    const onScan = vi.fn();
    render(<Harness onScan={onScan} />);
    expect(keys('5012345678900', 120)).toBe(true);
    expect(keys('12', 5)).toBe(true);
    expect(onScan).not.toHaveBeenCalled();
  });

  it('takes a scan made in a text field as a scan, and puts the field back as the person left it', () => {
    const onScan = vi.fn();
    render(<Harness onScan={onScan} />);
    const amount = screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement;
    amount.focus();
    // The cashier typed a 0 by hand, then scanned.
    typeInto(amount, '0', 200);
    expect(typeInto(amount, '5012345678900', 8)).toBe(false);
    expect(onScan).toHaveBeenCalledWith('5012345678900');
    expect(amount.value).toBe('12.500');
    expect(screen.getByLabelText('Amount held').textContent).toBe('12.500');
    // A person typing in the field keeps what they typed, and their Enter.
    expect(typeInto(amount, '1', 150)).toBe(true);
    expect(amount.value).toBe('12.5001');
    expect(onScan).toHaveBeenCalledTimes(1);
  });

  it('leaves a scan in a field that takes scans itself (the search box) to that field; a radio button does not take one', () => {
    const onScan = vi.fn();
    render(<Harness onScan={onScan} />);
    const search = screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement;
    expect(typeInto(search, '5012345678900', 8)).toBe(true);
    expect(search.value).toBe('5012345678900');
    expect(onScan).not.toHaveBeenCalled();
    expect(keys('5012345678900', 8, screen.getByRole('radio', { name: 'Choice' }))).toBe(false);
    expect(onScan).toHaveBeenCalledTimes(1);
  });

  it('stops listening when unmounted', () => {
    const onScan = vi.fn();
    const { unmount } = render(<Harness onScan={onScan} />);
    // Preact runs an unmounted effect's cleanup later; act flushes it.
    act(() => {
      unmount();
    });
    keys('5012345678900', 8);
    expect(onScan).not.toHaveBeenCalled();
  });
});

describe('the order pad with a scanner', () => {
  const renderPad = () =>
    render(<OrderPad catalog={catalogView()} config={config()} pulling={false} storage={memoryStorage()} now={now} />);
  const lines = () => within(screen.getByRole('list', { name: 'Basket lines' })).getAllByRole('listitem');

  it('adds the scanned product wherever focus is outside a text field, and announces it', () => {
    renderPad();
    keys('5012345678917', 10);
    const more = screen.getByRole('button', { name: 'More Latte' });
    more.focus();
    // The scan's Enter must not press "More Latte": the scan alone makes it two.
    expect(keys('5012345678917', 10, more)).toBe(false);
    expect(lines()).toHaveLength(1);
    expect(lines()[0]?.textContent).toContain('£6.20');
    expect(screen.getByText('Added Latte').closest('[aria-live="polite"]')).toBeTruthy();
  });

  it('a scan while the Amount field has focus adds the product and leaves the amount as it was', () => {
    renderPad();
    keys('5012345678917', 10);
    const amount = screen.getByRole('textbox', { name: /Amount/ }) as HTMLInputElement;
    amount.focus();
    typeInto(amount, '5', 200);
    expect(typeInto(amount, '5012345678917', 10)).toBe(false);
    expect(amount.value).toBe('5');
    expect(lines()).toHaveLength(1);
    expect(lines()[0]?.textContent).toContain('£6.20');
  });

  it('says so when a scanned barcode is not in the catalog', () => {
    renderPad();
    keys('4000000000006', 10);
    expect(screen.getByRole('alert').textContent).toMatch(/^Barcode 4000000000006 is not in this till's catalog/);
    expect(screen.queryByRole('list', { name: 'Basket lines' })).toBeNull();
  });

  it('does not add anything for the same digits typed slowly', () => {
    renderPad();
    keys('5012345678917', 150);
    expect(screen.queryByRole('list', { name: 'Basket lines' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
