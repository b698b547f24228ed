// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
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

function Harness({ onScan }: { onScan: (code: string) => void }) {
  useScanner(onScan, now);
  return (
    <>
      <button type="button">Pay</button>
      <input aria-label="Note" />
      <input type="radio" aria-label="Choice" />
      <div contentEditable role="textbox" aria-label="Editor" />
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

  it('leaves a scan into a text field to that field, but not one onto a radio button', () => {
    const onScan = vi.fn();
    render(<Harness onScan={onScan} />);
    expect(keys('5012345678900', 8, screen.getByRole('textbox', { name: 'Note' }))).toBe(true);
    expect(keys('5012345678900', 8, screen.getByLabelText('Editor'))).toBe(true);
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
