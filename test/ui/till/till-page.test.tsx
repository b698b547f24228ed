// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Writer } from '../../../app/page/writer.ts';
import { TillPage } from '../../../app/ui/till/till-page.tsx';
import { catalogView, config, resultTile } from './fixture.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const writer = { write: vi.fn() } as unknown as Writer;
const newCustomer = () => screen.getByRole('button', { name: 'New customer' });

describe('TillPage', () => {
  it('opens the customer form with focus in its first field, and Cancel returns focus to "New customer"', async () => {
    render(
      <TillPage
        catalog={catalogView()}
        config={config({ allowCustomerCreate: true })}
        writer={writer}
        pulling={false}
      />,
    );
    fireEvent.click(newCustomer());
    const forename = await screen.findByRole('textbox', { name: 'Forename' });
    await waitFor(() => expect(document.activeElement).toBe(forename));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(newCustomer()));
  });

  it('keeps the sale in progress when the currency changes under it, and asks the cashier', () => {
    const { rerender } = render(<TillPage catalog={catalogView()} config={config()} writer={writer} pulling={false} />);
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search products' }), { target: { value: 'flat' } });
    fireEvent.click(resultTile('Flat White'));
    rerender(
      <TillPage
        catalog={catalogView()}
        config={config({ currency: 'JPY', locale: 'ja-JP' })}
        writer={writer}
        pulling={false}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('The shop’s currency changed from GBP to JPY');
    expect(within(screen.getByRole('region', { name: 'Basket' })).getByText(/Flat White/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Keep this sale in GBP' })).toBeTruthy();
  });
});
