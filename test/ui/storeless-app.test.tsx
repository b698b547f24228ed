// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BootResult } from '../../app/page/boot.ts';
import { App } from '../../app/ui/app.tsx';
import { inProcessFetch } from '../standin/in-process.ts';
import { createStandin, type Standin } from '../standin/standin.ts';

/** The lazy chunk's first import, under a loaded machine. */
const LOADED = { timeout: 5_000 };

let standin: Standin;

beforeEach(() => {
  standin = createStandin({ products: 250 });
  standin.put('Product', { ...standin.record('Product', 7), Name: 'Zanzibar Carrot Cake', SalePrice: 3.2 });
  standin.settingsText = JSON.stringify({ version: 1, tillName: 'Front counter' });
  vi.stubGlobal('fetch', inProcessFetch(standin));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NO_STORAGE = (): BootResult => ({
  status: 'no-storage',
  context: {
    baseUrl: 'http://standin.test',
    token: standin.token,
    deviceId: '1',
    locationId: '1',
    staffId: '1',
    username: null,
    locationAreaId: null,
  },
  problem: { code: 'storage-blocked-in-frame', cause: new Error('refused') },
  persisted: 'unsupported',
  customerId: null,
});

describe('App, booted without storage', () => {
  it('runs the till from memory: the banner, the settings, the catalog searchable, and a customer sent at once', async () => {
    render(<App booted={NO_STORAGE()} />);
    const notice = await screen.findByRole('region', { name: 'Selling without storage' }, LOADED);
    // happy-dom has no Storage Access API: no button, and what to do instead.
    expect(notice.textContent).toContain('This browser cannot be asked from here');
    await screen.findByText('Front counter');
    await screen.findByText(/^250 products/, {}, LOADED);
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search products' }), { target: { value: 'zanzibar' } });
    expect(await screen.findByRole('button', { name: 'Zanzibar Carrot Cake £3.20' })).toBeTruthy();

    const before = standin.records('Customer').length;
    fireEvent.click(screen.getByRole('button', { name: 'New customer' }));
    fireEvent.input(await screen.findByRole('textbox', { name: 'Forename' }), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create customer' }));
    await screen.findByText('Customer created');
    expect(standin.records('Customer')).toHaveLength(before + 1);
  });

  it('never shows the token, a failure’s words included', async () => {
    render(<App booted={NO_STORAGE()} />);
    await screen.findByText(/^250 products/, {}, LOADED);
    expect(document.body.textContent).not.toContain(standin.token);
    // A failed request's words name the request, never the token.
    standin.faults.add({ type: 'status', status: 500 });
    fireEvent.click(screen.getByRole('button', { name: /Sync now/ }));
    await screen.findAllByText(/500/);
    expect(document.body.textContent).not.toContain(standin.token);
  });
});
