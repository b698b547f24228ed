// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TillProduct } from '../../../app/search/index.ts';
import { ProductTiles } from '../../../app/ui/till/product-tiles.tsx';
import { PRODUCTS } from './fixture.ts';

afterEach(cleanup);

const priceOf = (p: TillProduct) => (typeof p.SalePrice === 'number' ? `£${p.SalePrice.toFixed(2)}` : 'No price');

function tiles(onLeaveTop?: () => void) {
  const onAdd = vi.fn();
  render(
    <>
      <input aria-label="Search products" />
      <ProductTiles
        products={PRODUCTS}
        label="Search results"
        onAdd={onAdd}
        priceOf={priceOf}
        onLeaveTop={onLeaveTop}
      />
    </>,
  );
  const buttons = within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('button');
  return { onAdd, buttons };
}

describe('ProductTiles', () => {
  it('names each tile by what it shows, its name and price, and adds its product when pressed', () => {
    const { onAdd, buttons } = tiles();
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Flat White £3.20',
      'Latte £3.10',
      'Cheese Scone £2.50',
      'Staff Meal No price',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Latte £3.10' }));
    expect(onAdd).toHaveBeenCalledWith(PRODUCTS[1]);
  });

  it('is one Tab stop, the tile last focused; arrows, Home and End move along', () => {
    const { buttons } = tiles();
    expect(buttons.map((b) => b.tabIndex)).toEqual([0, -1, -1, -1]);
    const [first, second, third, last] = buttons as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    first.focus();
    expect(fireEvent.keyDown(first, { key: 'ArrowRight' })).toBe(false);
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(third);
    expect(buttons.map((b) => b.tabIndex)).toEqual([-1, -1, 0, -1]);
    fireEvent.keyDown(third, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second, { key: 'End' });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(last, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(last, { key: 'Home' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(first);
    // Other keys are the page's: Enter presses the button, letters go to the scanner.
    expect(fireEvent.keyDown(first, { key: 'a' })).toBe(true);
  });

  it('another set of products (the next search) puts the Tab stop back on the first tile', () => {
    const props = { label: 'Search results', onAdd: () => undefined, priceOf };
    const { rerender } = render(<ProductTiles products={PRODUCTS} {...props} />);
    const second = screen.getAllByRole('button')[1] as HTMLElement;
    act(() => second.focus());
    expect(screen.getAllByRole('button').map((b) => b.tabIndex)).toEqual([-1, 0, -1, -1]);
    rerender(<ProductTiles products={PRODUCTS} {...props} />);
    expect(screen.getAllByRole('button').map((b) => b.tabIndex)).toEqual([-1, 0, -1, -1]);
    rerender(<ProductTiles products={PRODUCTS.slice(1)} {...props} />);
    expect(screen.getAllByRole('button').map((b) => b.tabIndex)).toEqual([0, -1, -1]);
  });

  it('Up from the first row leaves the grid for the search box; without one it stays', () => {
    const onLeaveTop = vi.fn(() => (screen.getByRole('textbox', { name: 'Search products' }) as HTMLElement).focus());
    const { buttons } = tiles(onLeaveTop);
    const first = buttons[0] as HTMLElement;
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowUp' });
    expect(onLeaveTop).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Search products' }));
  });
});
