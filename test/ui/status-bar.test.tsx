// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CACHED_KINDS } from '../../app/epos/kinds.ts';
import { contextProblem } from '../../app/epos/transport-check.ts';
import type { PullProgressMessage } from '../../app/store/channel.ts';
import type { OutboxStatus } from '../../app/store/outbox-status.ts';
import type { KindMeta } from '../../app/store/schema.ts';
import { StatusBar, type StatusBarProps } from '../../app/ui/status-bar.tsx';

afterEach(cleanup);

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const TIME = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

function status(counts: Partial<OutboxStatus>): OutboxStatus {
  return {
    pending: 0,
    failed: 0,
    held: 0,
    oldestPendingAt: null,
    lastSentAt: null,
    paused: null,
    ...counts,
  } as OutboxStatus;
}

function meta(overrides: Partial<Record<KindMeta['kind'], Partial<KindMeta>>> = {}): KindMeta[] {
  return CACHED_KINDS.map((kind) => ({
    kind,
    gen: 0,
    lastGen: 0,
    count: 0,
    pulledAt: null,
    attemptedAt: null,
    lastError: null,
    ...overrides[kind],
  }));
}

const pulled = (count: number, minutesAgo: number): Partial<KindMeta> => ({
  gen: 1,
  lastGen: 1,
  count,
  pulledAt: NOW - minutesAgo * 60_000,
  attemptedAt: NOW,
});

function renderBar(props: Partial<StatusBarProps> = {}) {
  const onPullNow = vi.fn();
  render(<StatusBar online meta={meta()} progress={{}} now={NOW} onPullNow={onPullNow} canPull {...props} />);
  return { onPullNow };
}

describe('StatusBar', () => {
  it('says whether Epos Now can be reached, in a cashier\u2019s words, in the status region named Connection', () => {
    const connection = () => screen.getByRole('status', { name: 'Connection' }).textContent;
    const at = (ms: number) => TIME.format(ms);
    const since = NOW - 20 * 60_000;
    renderBar({ reach: { state: 'reachable', since, lastAnsweredAt: NOW } });
    expect(connection()).toBe('Connected to Epos Now');
    cleanup();
    // navigator.onLine says online all along: the worker's requests are the answer.
    renderBar({ online: true, reach: { state: 'unreachable', since }, outbox: status({ pending: 3 }) });
    expect(connection()).toBe(
      `Can\u2019t reach Epos Now since ${at(since)}: selling from this till, 3 changes waiting`,
    );
    cleanup();
    renderBar({ reach: { state: 'unreachable', since }, outbox: status({ pending: 1 }) });
    expect(connection()).toBe(`Can\u2019t reach Epos Now since ${at(since)}: selling from this till, 1 change waiting`);
    cleanup();
    renderBar({ reach: { state: 'unreachable', since }, outbox: status({}) });
    expect(connection()).toBe(`Can\u2019t reach Epos Now since ${at(since)}: selling from this till`);
    cleanup();
    renderBar({ reach: { state: 'refused', since } });
    expect(connection()).toBe(`Epos Now refused the API token since ${at(since)}`);
    cleanup();
    renderBar({ reach: { state: 'limited', since, until: NOW + 10 * 60_000 } });
    expect(connection()).toBe(`Epos Now\u2019s API limit: trying again at ${at(NOW + 10 * 60_000)}`);
    cleanup();
    renderBar({ reach: { state: 'limited', since, until: NOW - 1 } });
    expect(connection()).toBe('Epos Now\u2019s API limit: trying again now');
  });

  it('before the worker has found anything, says it is connecting, or that it cannot reach Epos Now when the browser is offline', () => {
    renderBar({ online: true, reach: null });
    expect(screen.getByRole('status', { name: 'Connection' }).textContent).toBe('Connecting to Epos Now');
    cleanup();
    renderBar({ online: false, reach: null });
    expect(screen.getByRole('status', { name: 'Connection' }).textContent).toBe(
      'Can\u2019t reach Epos Now: selling from this till',
    );
  });

  it('without a worker to ask (a till refused its storage), says what the browser says', () => {
    renderBar({ online: true });
    expect(screen.getByRole('status', { name: 'Connection' }).textContent).toBe('Online');
    cleanup();
    renderBar({ online: false });
    expect(screen.getByRole('status', { name: 'Connection' }).textContent).toBe('Offline');
  });

  it('says the catalog was never downloaded, then how old it is with its counts', () => {
    renderBar();
    expect(screen.getByText('Catalog not downloaded yet')).toBeTruthy();
    cleanup();
    renderBar({
      meta: meta({
        Product: pulled(3000, 3),
        TenderType: pulled(5, 1),
        SeatingTable: pulled(12, 1),
        DiscountReason: pulled(6, 1),
      }),
    });
    // Until the area prices are in too, the catalog is not whole.
    expect(screen.getByText('Catalog partly downloaded')).toBeTruthy();
    expect(screen.getByText('3,000 products · 5 tender types · 6 discount reasons · 12 tables')).toBeTruthy();
    cleanup();
    renderBar({
      meta: meta({
        Product: pulled(3000, 3),
        TenderType: pulled(5, 1),
        SeatingTable: pulled(12, 1),
        DiscountReason: pulled(6, 1),
        ProductLocationAreaPrice: pulled(40, 1),
      }),
    });
    // The oldest kind decides the age.
    expect(screen.getByText('Catalog updated 3 min ago')).toBeTruthy();
    expect(
      screen.getByText('3,000 products · 5 tender types · 6 discount reasons · 12 tables · 40 area prices'),
    ).toBeTruthy();
  });

  it('says when the stored token or API address cannot be used, with a way to enter a new token', () => {
    const onNewToken = vi.fn();
    renderBar({ contextProblem: contextProblem({ baseUrl: '', token: 'abc def==' }), onNewToken });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This till cannot reach Epos Now');
    expect(alert.textContent).toContain('token');
    expect(alert.textContent).not.toContain('abc def');
    fireEvent.click(within(alert).getByRole('button', { name: 'Enter a new token' }));
    expect(onNewToken).toHaveBeenCalledOnce();
    cleanup();
    renderBar({ contextProblem: null });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('flags a catalog older than the refresh interval (and the time a refresh takes) as out of date, and only then', () => {
    const all = (minutes: number) =>
      meta({
        Product: pulled(3, minutes),
        TenderType: pulled(1, 1),
        SeatingTable: pulled(1, 1),
        DiscountReason: pulled(1, 1),
        ProductLocationAreaPrice: pulled(1, 1),
      });
    // 15 min interval, 2 min grace: at 16 min a refresh is still due to happen by itself.
    renderBar({ meta: all(16), intervalMs: 15 * 60_000 });
    expect(screen.queryByText(/Out of date/)).toBeNull();
    cleanup();
    renderBar({ meta: all(18), intervalMs: 15 * 60_000, online: false });
    expect(screen.getByText('Catalog updated 18 min ago')).toBeTruthy();
    expect(screen.getByText(/Out of date: it updates when the till is online/)).toBeTruthy();
    cleanup();
    renderBar({ meta: all(18), intervalMs: 15 * 60_000, online: true });
    expect(screen.getByText(/Out of date: press Sync now/)).toBeTruthy();
    cleanup();
    // Online by the browser's word, but the worker's requests get no answer: no point pressing.
    renderBar({ meta: all(18), intervalMs: 15 * 60_000, online: true, reach: { state: 'unreachable', since: NOW } });
    expect(screen.getByText(/Out of date: it updates when the till is online/)).toBeTruthy();
    // "Sync now" stays a person's try, refused only when the browser itself is offline.
    expect((screen.getByRole('button', { name: 'Sync now' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('counts what the till shows, local writes included, rather than what the last pull brought', () => {
    renderBar({
      meta: meta({
        Product: pulled(3000, 3),
        TenderType: pulled(5, 1),
        SeatingTable: pulled(12, 1),
        DiscountReason: pulled(6, 1),
      }),
      // A product created and a table deleted on this till, not yet pulled back.
      counts: { Product: 3001, TenderType: 5, SeatingTable: 11, DiscountReason: 6 },
    });
    expect(screen.getByText('3,001 products · 5 tender types · 6 discount reasons · 11 tables')).toBeTruthy();
  });

  it('shows a progress bar named "Catalog sync" while a pull runs, and none otherwise', () => {
    renderBar();
    expect(screen.queryByRole('progressbar')).toBeNull();
    cleanup();
    const running: PullProgressMessage = {
      type: 'pull-progress',
      kind: 'Product',
      state: 'running',
      pages: 6,
      records: 1200,
      expected: 3000,
    };
    renderBar({ progress: { Product: running }, meta: meta({ Product: pulled(3000, 20) }) });
    const bar = screen.getByRole('progressbar', { name: 'Catalog sync' }) as HTMLProgressElement;
    expect(bar.getAttribute('value')).toBe('1200');
    expect(bar.getAttribute('max')).toBe('3000');
    expect(screen.getByText('Downloading the catalog: 1,200 of about 3,000 products so far')).toBeTruthy();
  });

  it('a kind that grew past its estimate fills the bar rather than running past its end', () => {
    const running: PullProgressMessage = {
      type: 'pull-progress',
      kind: 'Product',
      state: 'running',
      pages: 16,
      records: 3200,
      expected: 3000,
    };
    renderBar({ progress: { Product: running } });
    const bar = screen.getByRole('progressbar', { name: 'Catalog sync' }) as HTMLProgressElement;
    expect(bar.getAttribute('max')).toBe('3200');
    expect(screen.getByText('Downloading the catalog: 3,200 of about 3,200 products so far')).toBeTruthy();
  });

  it('a kind expected empty has an indeterminate bar, never one of max 0', () => {
    const running: PullProgressMessage = {
      type: 'pull-progress',
      kind: 'TenderType',
      state: 'running',
      pages: 0,
      records: 0,
      expected: 0,
    };
    renderBar({ progress: { TenderType: running } });
    expect(screen.getByRole('progressbar', { name: 'Catalog sync' }).hasAttribute('max')).toBe(false);
    expect(screen.getByText('Downloading the catalog: 0 of about 0 tender types so far')).toBeTruthy();
  });

  it('on a first download the bar is indeterminate and the label counts until the estimate comes', () => {
    const running: PullProgressMessage = {
      type: 'pull-progress',
      kind: 'Product',
      state: 'running',
      pages: 2,
      records: 400,
    };
    renderBar({ progress: { Product: running } });
    expect(screen.getByRole('progressbar', { name: 'Catalog sync' }).hasAttribute('value')).toBe(false);
    expect(screen.getByText('Downloading the catalog: 400 products so far')).toBeTruthy();
  });

  it('while some kinds have no snapshot yet, says the catalog is partly downloaded rather than updated', () => {
    renderBar({ meta: meta({ TenderType: pulled(5, 0), DiscountReason: pulled(6, 0) }) });
    expect(screen.queryByText(/Catalog updated/)).toBeNull();
    expect(screen.getByText('Catalog partly downloaded')).toBeTruthy();
    expect(screen.getByText('5 tender types · 6 discount reasons')).toBeTruthy();
  });

  it('shows a failed pull as an alert saying what the till does and what to do', () => {
    const failed: PullProgressMessage = {
      type: 'pull-progress',
      kind: 'Product',
      state: 'failed',
      pages: 2,
      records: 400,
      error: 'GET /api/V2/Product?page=3: HTTP 503',
    };
    renderBar({ progress: { Product: failed }, meta: meta({ Product: pulled(3000, 10) }) });
    const alert = screen.getByRole('alert');
    // In a cashier's words; what was asked and answered sits behind Details.
    const said = alert.querySelector('p')?.textContent;
    expect(said).toContain(
      'Catalog sync failed (products). The till keeps using its stored catalog (updated 10 min ago).',
    );
    expect(said).toContain('press Sync now');
    expect(said).not.toContain('HTTP 503');
    const details = within(alert).getByRole('group');
    expect(details.tagName).toBe('DETAILS');
    expect(details.textContent).toBe('DetailsGET /api/V2/Product?page=3: HTTP 503');
  });

  it('shows a stored failure from before this page, tailored when offline or refused', () => {
    renderBar({
      online: false,
      meta: meta({ TenderType: { ...pulled(5, 60), lastError: 'GET /api/V2/TenderType?page=1: network error' } }),
    });
    expect(screen.getByRole('alert').textContent).toContain('It syncs again when the connection is back.');
    // Not refused: no token button.
    expect(screen.queryByRole('button', { name: 'Enter a new token' })).toBeNull();
    cleanup();
    const onNewToken = vi.fn();
    renderBar({ meta: meta({ Product: { lastError: 'GET /api/V2/Product?page=1: HTTP 401' } }), onNewToken });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Nothing is stored yet');
    expect(alert.textContent).toContain('The API token was refused');
    // A revoked token asks for a new one.
    fireEvent.click(within(alert).getByRole('button', { name: 'Enter a new token' }));
    expect(onNewToken).toHaveBeenCalledTimes(1);
  });

  it('asks for a new token once when the refused token also paused sending', () => {
    const paused = {
      pending: 1,
      failed: 0,
      held: 0,
      oldestPendingAt: NOW,
      lastSentAt: null,
      paused: {
        reason: 'auth' as const,
        since: NOW,
        error: {
          code: 'auth' as const,
          name: 'AuthError',
          message: 'HTTP 401',
          method: 'GET',
          path: '/api/V2/Product',
          mayHaveReached: false,
          status: 401,
        },
      },
    };
    renderBar({
      meta: meta({ Product: { lastError: 'GET /api/V2/Product?page=1: HTTP 401' } }),
      outbox: paused,
      onNewToken: vi.fn(),
    });
    expect(screen.getAllByRole('button', { name: 'Enter a new token' })).toHaveLength(1);
  });

  it('says a failure shared by every kind once', () => {
    const offline = (kind: 'Product' | 'TenderType', segment: string): PullProgressMessage => ({
      type: 'pull-progress',
      kind,
      state: 'failed',
      pages: 0,
      records: 0,
      error: `GET /api/V2/${segment}?page=1: network failure (Failed to fetch)`,
    });
    renderBar({
      online: false,
      progress: { Product: offline('Product', 'Product'), TenderType: offline('TenderType', 'TenderType/') },
    });
    expect(screen.getByRole('alert').textContent).toContain('Catalog sync failed (products, tender types).');
    expect(within(screen.getByRole('alert')).getByRole('group').textContent).toBe(
      'Detailsnetwork failure (Failed to fetch)',
    );
  });

  it('a finished pull seen on this page clears an older stored failure', () => {
    const done: PullProgressMessage = {
      type: 'pull-progress',
      kind: 'Product',
      state: 'done',
      pages: 15,
      records: 3000,
    };
    renderBar({ progress: { Product: done }, meta: meta({ Product: { ...pulled(3000, 30), lastError: 'HTTP 503' } }) });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('has a "Sync now" button that asks for a pull, disabled without a worker', () => {
    const { onPullNow } = renderBar();
    fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(onPullNow).toHaveBeenCalledTimes(1);
    cleanup();
    renderBar({ canPull: false });
    expect((screen.getByRole('button', { name: 'Sync now' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('disables "Sync now" offline and says why, read with the button', () => {
    renderBar({ online: false });
    const button = screen.getByRole('button', { name: 'Sync now' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Offline: the catalog is updated when the connection is back.',
    );
    cleanup();
    renderBar({ online: true });
    expect(screen.getByRole('button', { name: 'Sync now' }).getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText(/the catalog is updated when the connection is back/)).toBeNull();
  });
});
