// @vitest-environment happy-dom
/** Back office › Sync's API connection: the base in use, the way to change it, the discount reasons' spelling. */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StoreError } from '../../../app/store/errors.ts';
import { ApiConnection } from '../../../app/ui/office/api-connection.tsx';

afterEach(cleanup);

describe('the API connection section', () => {
  it('shows the base (this site when none), opens the form to change it, and changes the spelling', async () => {
    const onChange = vi.fn();
    const onDiscountReasons = vi.fn(async () => undefined);
    const { rerender } = render(
      <ApiConnection
        baseUrl=""
        origin="https://till.example"
        onChange={onChange}
        discountReasons="DiscoutReason"
        onDiscountReasons={onDiscountReasons}
      />,
    );
    const section = screen.getByRole('region', { name: 'API connection' });
    expect(section.textContent).toContain('https://till.example (this site, which passes requests on to Epos Now)');
    fireEvent.click(screen.getByRole('button', { name: 'Change API connection' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    const spelling = screen.getByRole('combobox', { name: 'Discount reasons are at' }) as HTMLSelectElement;
    expect(spelling.value).toBe('DiscoutReason');
    expect([...spelling.options].map((o) => o.text)).toEqual(['/api/V2/DiscoutReason', '/api/V2/DiscountReason']);
    fireEvent.change(spelling, { target: { value: 'DiscountReason' } });
    expect(onDiscountReasons).toHaveBeenCalledWith('DiscountReason');

    rerender(
      <ApiConnection
        baseUrl="https://api.eposnowhq.com"
        origin="https://till.example"
        onChange={onChange}
        discountReasons="DiscountReason"
        onDiscountReasons={onDiscountReasons}
      />,
    );
    expect(section.textContent).toContain('Epos Now API: https://api.eposnowhq.com');
    expect(section.textContent).not.toContain('this site');
  });

  it('says why a spelling could not be stored, and keeps the one in use', async () => {
    render(
      <ApiConnection
        baseUrl=""
        origin="https://till.example"
        onChange={() => undefined}
        discountReasons="DiscoutReason"
        onDiscountReasons={async () => {
          throw new StoreError('storage-full', 'The device\u2019s storage is full.');
        }}
      />,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Discount reasons are at' }), {
      target: { value: 'DiscountReason' },
    });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Not changed: The device\u2019s storage is full.'),
    );
  });
});
