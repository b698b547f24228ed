// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../../app/epos/records.ts';
import type { CatalogView } from '../../../app/page/catalog-state.ts';
import { createSearchIndex } from '../../../app/search/index.ts';
import type { KindMeta } from '../../../app/store/schema.ts';
import { CatalogScreen, type CatalogScreenProps } from '../../../app/ui/office/catalog-screen.tsx';
import { formatBytes } from '../../../app/ui/office/catalog-storage.tsx';

afterEach(cleanup);

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const MIN = 60_000;

function meta(kind: KindMeta['kind'], change: Partial<KindMeta> = {}): KindMeta {
  return {
    kind,
    gen: 1,
    lastGen: 1,
    count: 2,
    pulledAt: NOW - 3 * MIN,
    attemptedAt: NOW - 3 * MIN,
    lastError: null,
    ...change,
  };
}

/** A catalog whose till-side counts (3 products, 2 tender types...) differ from the last pull's. */
function catalog(change: Partial<CatalogView> = {}): CatalogView {
  const products = [1, 2, 3].map((id) => ({ ProductID: id, Name: `P${id}` }) as Product);
  return {
    index: createSearchIndex(products),
    tenderTypes: [
      { TypeID: 1, Name: 'Cash', Description: null },
      { TypeID: 2, Name: 'Card', Description: null },
    ],
    seatingTables: [],
    discountReasons: [
      { DiscountReasonID: 1, Reason: 'Staff', DefaultVal: 10 } as CatalogView['discountReasons'][number],
    ],
    meta: [
      meta('Product', { count: 2 }),
      meta('TenderType'),
      meta('DiscountReason', { pulledAt: NOW - 2 * 86_400_000 }),
      meta('SeatingTable', { gen: 0, count: 0, pulledAt: null, attemptedAt: null }),
      meta('ProductLocationAreaPrice', { count: 40 }),
    ],
    areaId: null,
    areaPrices: new Map(),
    areaPriceCount: 41,
    progress: {},
    readError: null,
    indexRevision: 0,
    ...change,
  };
}

function renderScreen(props: Partial<CatalogScreenProps> = {}) {
  const onPullNow = vi.fn();
  const onSettleHeld = vi.fn();
  const estimate = vi.fn(() => Promise.resolve({ usage: 12_300_000, quota: 2_100_000_000 }));
  render(
    <CatalogScreen
      catalog={catalog()}
      onPullNow={onPullNow}
      onSettleHeld={onSettleHeld}
      canPull
      now={NOW}
      persisted
      estimate={estimate}
      {...props}
    />,
  );
  return { onPullNow, onSettleHeld, estimate };
}

/** The cells of a kind's row: stored, last pull, state. */
function row(label: string) {
  const tr = screen.getByRole('rowheader', { name: label }).closest('tr') as HTMLElement;
  const [stored, pulled, state] = within(tr).getAllByRole('cell');
  return { stored: stored!, pulled: pulled!, state: state! };
}

describe('CatalogScreen: the offline catalog', () => {
  it('lists the area prices as a kind of its own, every area’s records counted with local writes', () => {
    renderScreen();
    const { stored, state } = row('Product location area price');
    expect(stored.textContent).toBe('41');
    expect(state.textContent).toBe('Complete');
  });

  it('shows a pull held because it would empty a kind, and offers to keep the old list or accept the new one', () => {
    const held = meta('Product', { count: 3_000, held: { gen: 7, count: 0, startedAt: NOW - MIN, at: NOW - MIN } });
    const { onSettleHeld } = renderScreen({ catalog: catalog({ meta: [held, meta('TenderType')] }) });
    const { state } = row('Product');
    expect(state.textContent).toMatch(
      /^Epos Now now lists 0 products \(was 3,000\)\. The till keeps selling from the stored list until you choose\./,
    );
    fireEvent.click(within(state).getByRole('button', { name: 'Keep the old list' }));
    fireEvent.click(within(state).getByRole('button', { name: 'Accept the new list' }));
    expect(onSettleHeld.mock.calls).toEqual([
      ['Product', 7, false],
      ['Product', 7, true],
    ]);
    expect(within(row('Tender type').state).queryByRole('button')).toBeNull();
  });

  it('lists every cached kind with what the till shows, when it was pulled and its state', () => {
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Sync' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Offline catalog' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Product', 'Tender type', 'Discount reason', 'Seating table', 'Product location area price']);

    // The product count is the index's (local writes included), not the last pull's 2.
    const products = row('Product');
    expect(products.stored.textContent).toBe('3');
    expect(products.pulled.textContent).toBe('3 min ago');
    const time = products.pulled.querySelector('time') as HTMLTimeElement;
    expect(time.getAttribute('datetime')).toBe(new Date(NOW - 3 * MIN).toISOString());
    expect(time.getAttribute('title')).toMatch(/2025/);
    expect(products.state.textContent).toBe('Complete');

    expect(row('Tender type').stored.textContent).toBe('2');
    expect(row('Discount reason').pulled.textContent).toBe('2 days ago');
    const tables = row('Seating table');
    expect(tables.stored.textContent).toBe('0');
    expect(tables.pulled.textContent).toBe('Never');
    expect(tables.state.textContent).toBe('Never pulled');
  });

  it('shows a download under way with its pages and records so far', () => {
    renderScreen({
      catalog: catalog({
        progress: { Product: { type: 'pull-progress', kind: 'Product', state: 'running', pages: 2, records: 1400 } },
      }),
    });
    expect(row('Product').state.textContent).toBe('Downloading: 2 pages, 1,400 records so far');
    expect(row('Tender type').state.textContent).toBe('Complete');
  });

  it('shows a failed pull with its error, from the stored state or this page\u2019s broadcast', () => {
    const view = catalog({
      meta: [
        meta('Product', { lastError: 'GET /api/V2/Product?page=3: HTTP 500', attemptedAt: NOW - MIN }),
        meta('TenderType'),
        meta('DiscountReason'),
        meta('SeatingTable'),
      ],
      progress: {
        TenderType: {
          type: 'pull-progress',
          kind: 'TenderType',
          state: 'failed',
          pages: 0,
          records: 0,
          error: 'GET /api/V2/TenderType?page=1: network failure',
        },
      },
    });
    renderScreen({ catalog: view });
    expect(row('Product').state.textContent).toBe('Failed 1 min ago: GET /api/V2/Product?page=3: HTTP 500');
    // The snapshot from before the failure is still what the till uses.
    expect(row('Product').pulled.textContent).toBe('3 min ago');
    expect(row('Tender type').state.textContent).toContain('Failed');
    expect(row('Tender type').state.textContent).toContain('network failure');
    expect(row('Discount reason').state.textContent).toBe('Complete');
  });

  it('says the catalog is being read before the first read, and shows a failed re-read as an alert', () => {
    renderScreen({ catalog: undefined });
    expect(screen.getByText('Reading the offline catalog…')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    cleanup();

    renderScreen({ catalog: catalog({ readError: { code: 'catalog-unreadable', cause: new Error('boom') } }) });
    expect(screen.getByRole('alert').textContent).toBe(
      'The till could not re-read its catalog (boom); it shows what it had. Reload the page.',
    );
    expect(screen.getByRole('table', { name: 'Offline catalog' })).toBeTruthy();
  });
});

describe('CatalogScreen: Sync now', () => {
  it('asks for a sync and says so', () => {
    const { onPullNow } = renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(onPullNow).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toContain('Asked for a sync');
  });

  it('is disabled, with the reason, when there is no worker to sync with', () => {
    const { onPullNow } = renderScreen({ canPull: false });
    const button = screen.getByRole('button', { name: 'Sync now' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(onPullNow).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toContain('Sync is unavailable');
  });
});

describe('CatalogScreen: storage', () => {
  it('reports use and quota from the browser\u2019s estimate', async () => {
    const { estimate } = renderScreen();
    await screen.findByText('Using 12.3 MB of 2.1 GB');
    expect(estimate).toHaveBeenCalled();
  });

  it('says the browser does not report storage use when the estimate rejects', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderScreen({ estimate: () => Promise.reject(new DOMException('denied', 'SecurityError')) });
    await screen.findByText('The browser does not report storage use.');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('says the same when the estimate has no figures, and the use alone without a quota', async () => {
    renderScreen({ estimate: () => Promise.resolve({}) });
    await screen.findByText('The browser does not report storage use.');
    cleanup();
    renderScreen({ estimate: () => Promise.resolve({ usage: 512 }) });
    await screen.findByText('Using 512 bytes');
  });

  it('asks again when a pull changes what is stored', async () => {
    const estimate = vi.fn(() => Promise.resolve({ usage: 1_000, quota: 1_000_000 }));
    const props = {
      onPullNow: vi.fn(),
      onSettleHeld: vi.fn(),
      canPull: true,
      now: NOW,
      persisted: true as const,
      estimate,
    };
    const { rerender } = render(<CatalogScreen catalog={catalog()} {...props} />);
    await screen.findByText('Using 1 KB of 1 MB');
    estimate.mockResolvedValue({ usage: 2_500_000, quota: 1_000_000_000 });
    rerender(<CatalogScreen catalog={catalog()} {...props} />);
    await screen.findByText('Using 2.5 MB of 1 GB');
  });

  it('says whether the data is persistent, and what not being persistent risks', async () => {
    renderScreen({ persisted: true });
    expect(screen.getByText(/^Persistent: the browser will not clear it under pressure/)).toBeTruthy();
    cleanup();
    renderScreen({ persisted: false });
    const risk = screen.getByText(/^Not persistent/).textContent ?? '';
    expect(risk).toContain('may clear the offline catalog and changes not yet sent');
    expect(risk).toContain('A manager can allow');
    cleanup();
    renderScreen({ persisted: 'unsupported' });
    expect(screen.getByText(/does not say whether it keeps the data/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/Asking the browser/)).toBeNull());
  });

  it('formats sizes in powers of 1000', () => {
    expect([0, 999, 1_000, 12_345_678, 2_100_000_000, 3e12].map(formatBytes)).toEqual([
      '0 bytes',
      '999 bytes',
      '1 KB',
      '12.3 MB',
      '2.1 GB',
      '3 TB',
    ]);
  });
});
