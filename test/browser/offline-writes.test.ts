/**
 * Writes made with the network unplugged, in real Chromium with the real worker and IndexedDB:
 * they are kept through reloads, shown as pending, and reach the stand-in exactly once each when
 * the network is back. Online, a write gets the server's answer while the caller waits.
 *
 * The test calls the page's own writer through `window.eposTill.write` (app/page/page-hook.ts): the
 * one function the screens call, in the real build, so the path under test is the one that
 * ships, for four kinds of write at once (till-flow.test.ts drives the forms themselves).
 *
 * The app is served through the outage proxy (test/server/outage.ts), passing until a test kills
 * the link: a write made while the shop's uplink is dead (black-holed or reset, the browser still
 * online) is kept through a reload and sent once when the link is back.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recordId } from '../../app/epos/ids.ts';
import type { OpenRecord } from '../../app/epos/records.ts';
import type { WriteResult } from '../../app/page/writer.ts';
import type { Write } from '../../app/store/outbox.ts';
import { createMoney } from '../../app/till/money.ts';
import { ROOT } from '../tools/build.ts';
import { catalogCounts, type ServedApp, serveApp, unexpected, WAIT, watchProblems } from './harness.ts';
import { type Link, linkFor, PROXY_OUTAGES } from './outages.ts';
import { readOutbox } from './page-reads.ts';

const PRODUCTS = 450;
const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
/**
 * Sending after the reconnect waits out the retry delay each write began while offline (the
 * worker's backoff: 2 s doubling per failed try, times 0.5 to 1.5): a few seconds here.
 */
const SAVED = { timeout: 45_000 };

describe('offline writes in Chromium', () => {
  let app: ServedApp;
  let context: BrowserContext | undefined;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    app = await serveApp('writes', { products: PRODUCTS, outage: true });
    await mkdir(SCREENSHOTS, { recursive: true });
  });

  afterAll(async () => {
    await app?.close();
  });

  afterEach(async () => {
    app?.outage?.set('pass');
    await context?.close();
    context = undefined;
  });

  /** A fresh browser profile with the till open and its catalog pulled. */
  async function openTill(): Promise<void> {
    context = await app.browser.newContext({ viewport: { width: 1024, height: 768 } });
    page = await context.newPage();
    problems = watchProblems(page);
    await page.goto(app.appUrl());
    await catalogCounts(page, PRODUCTS).waitFor(WAIT);
    // Controlled, so a reload offline comes from the worker.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, WAIT);
  }

  const changes = () => page.getByRole('status', { name: 'Changes' });
  const showsChanges = (text: string, options = WAIT) =>
    changes()
      .filter({ hasText: new RegExp(`^${text}$`) })
      .waitFor(options);
  const writesSeen = () => app.standin.log.filter((request) => request.method !== 'GET');

  /** Makes the writes through the page's writer, in this order. */
  function write(...writes: Write[]): Promise<WriteResult[]> {
    return page.evaluate((all) => {
      const hook = window.eposTill;
      if (!hook) throw new Error('the till screen is not running (no window.eposTill)');
      // Each write's transaction is created when write() is called, and IndexedDB runs
      // overlapping transactions in creation order: the outbox keeps this order.
      return Promise.all(all.map((change) => hook.write(change)));
    }, writes);
  }

  it('keeps four offline writes through two reloads, then sends each exactly once when back online', async () => {
    await openTill();
    const { standin } = app;
    const product = standin.records('Product').find((p, i) => i >= 40 && p.Barcode) as OpenRecord & {
      SalePrice: number;
      Barcode: string;
    };
    const productId = recordId('Product', product) as number;
    const table = standin.records('SeatingTable')[2] as OpenRecord;
    const tableId = recordId('SeatingTable', table) as number;
    const customer = {
      Forename: 'Ada',
      Surname: 'Offline',
      EmailAddress: 'ada.offline@example.com',
      ContactNumber: '07700 900123',
    };
    const price = Math.round(product.SalePrice * 100 + 123) / 100;
    const settings = { version: 1, till: { refreshMinutes: 20, receiptFooter: 'Saved while offline' } };
    const customersBefore = standin.records('Customer').length;
    const writesBefore = writesSeen().length;
    const link = linkFor('offline switch', app, context as BrowserContext);

    await link.down();
    // Wait until the browser says it is offline: a request failing while navigator.onLine is still
    // true may have reached the server, so a create failing then is (rightly) verified first,
    // 20 s later, and would arrive after the others.
    await page
      .getByRole('status', { name: 'Connection' })
      .filter({ hasText: 'Can\u2019t reach Epos Now' })
      .waitFor(WAIT);
    // The worker learns it separately from the page: ask it.
    await expect.poll(async () => context?.serviceWorkers()[0]?.evaluate(() => navigator.onLine), WAIT).toBe(false);
    const results = await write(
      { op: 'create', kind: 'Customer', body: customer },
      { op: 'update', kind: 'Product', id: productId, body: { SalePrice: price } },
      { op: 'delete', kind: 'SeatingTable', id: tableId },
      { op: 'save', document: settings },
    );
    expect(results.map((r) => r.state)).toEqual(['queued', 'queued', 'queued', 'queued']);
    // A create made offline has a temporary id until the server gives it one.
    expect(results[0]?.recordId).toBeLessThan(0);
    await showsChanges('4 pending');
    await page.getByRole('status', { name: 'Connection' }).filter({ hasText: 'Can\u2019t reach Epos Now' }).waitFor();
    // Queued durably in the order made.
    expect((await readOutbox(page)).map((e) => `${e.op} ${e.target} ${e.recordId}`)).toEqual([
      `create Customer ${results[0]?.recordId}`,
      `update Product ${productId}`,
      `delete SeatingTable ${tableId}`,
      'save settings 0',
    ]);

    for (let i = 0; i < 2; i++) {
      const reloaded = await page.reload();
      await link.afterNavigation(page);
      expect(reloaded?.fromServiceWorker()).toBe(true);
      await showsChanges('4 pending');
    }
    // The till shows its own change at once: the product scans into the basket at the new price.
    await page.getByRole('searchbox', { name: 'Search products' }).fill(product.Barcode);
    await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    await page
      .getByRole('region', { name: 'Basket' })
      .getByText(createMoney('GBP', 'en-GB').format(Math.round(price * 100)))
      .first()
      .waitFor(WAIT);
    await page.screenshot({ path: join(SCREENSHOTS, 'till-1024-offline-pending.png') });
    expect(writesSeen().length).toBe(writesBefore);

    await link.up();
    await showsChanges('All changes saved', SAVED);

    const sent = writesSeen().slice(writesBefore);
    // Each exactly once, in the order made: failures while offline spend no attempt and earn no
    // backoff, so all four are due the moment the network is back, and go oldest first.
    expect(sent.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'POST /api/V2/Customer 201',
      `PUT /api/V2/Product/${productId} 200`,
      `DELETE /api/V2/SeatingTable/${tableId} 200`,
      'POST /api/integration/appsettings 200',
    ]);
    expect(sent.filter((r) => /\/-\d/.test(r.path))).toEqual([]);

    const created = standin.records('Customer').filter((c) => c.Forename === 'Ada' && c.Surname === 'Offline');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject(customer);
    expect(standin.records('Customer')).toHaveLength(customersBefore + 1);
    expect(standin.record('Product', productId)?.SalePrice).toBe(price);
    expect(standin.record('SeatingTable', tableId)).toBeUndefined();
    expect(standin.settingsText).toBe(JSON.stringify(settings));
    expect(await readOutbox(page)).toEqual([]);
    expect(unexpected(problems)).toEqual([]);
  });

  it('a page that hears the network back before its worker can use it costs no write anything: each is sent once, in order, none held', async () => {
    await openTill();
    const { standin } = app;
    const product = standin.records('Product')[7] as OpenRecord;
    const productId = recordId('Product', product) as number;
    const customer = { Forename: 'Dot', Surname: 'Settling' };
    const writesBefore = writesSeen().length;
    await context?.setOffline(true);
    await page
      .getByRole('status', { name: 'Connection' })
      .filter({ hasText: 'Can\u2019t reach Epos Now' })
      .waitFor(WAIT);
    await expect.poll(async () => context?.serviceWorkers()[0]?.evaluate(() => navigator.onLine), WAIT).toBe(false);
    const results = await write(
      { op: 'create', kind: 'Customer', body: customer },
      { op: 'update', kind: 'Product', id: productId, body: { Name: 'Settled Scone' } },
    );
    expect(results.map((r) => r.state)).toEqual(['queued', 'queued']);
    // The worker, told by the page that the browser went offline, knows Epos Now is out of reach:
    // its pass asks one probe first, which fails, and sends nothing (no write is tried offline).
    await expect
      .poll(async () => (await readOutbox(page)).map(({ state, error }) => ({ state, error })), WAIT)
      .toEqual([
        { state: 'pending', error: null },
        { state: 'pending', error: null },
      ]);

    // Playwright lifts its offline emulation page by page, then the worker; on a loaded machine
    // the page's reconnect (1.5 s after 'online') could reach the worker before its own lift.
    // Made certain here: the page is online 2.5 s before the worker. A link that comes up before
    // it passes traffic looks the same to the worker: 'online', and requests that fail.
    const session = await context?.newCDPSession(page);
    await session?.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.waitForTimeout(2_500);
    expect(writesSeen().length).toBe(writesBefore);
    await context?.setOffline(false);
    await showsChanges('All changes saved');

    expect(
      writesSeen()
        .slice(writesBefore)
        .map((r) => `${r.method} ${r.path} ${r.status}`),
    ).toEqual(['POST /api/V2/Customer 201', `PUT /api/V2/Product/${productId} 200`]);
    expect(standin.records('Customer').filter((c) => c.Surname === 'Settling')).toMatchObject([customer]);
    expect(standin.record('Product', productId)?.Name).toBe('Settled Scone');
    expect(await readOutbox(page)).toEqual([]);
    expect(unexpected(problems)).toEqual([]);
  });

  it.each(PROXY_OUTAGES)(
    'a write made while the uplink is dead (%s), the browser online, is kept through a reload and sent once when the link is back',
    async (kind) => {
      await openTill();
      const { standin } = app;
      const link: Link = linkFor(kind, app, context as BrowserContext);
      const customer = { Forename: 'Una', Surname: `Uplink ${kind}` };
      await link.down();
      const started = Date.now();
      const [result] = await write({ op: 'create', kind: 'Customer', body: customer });
      const answeredMs = Date.now() - started;
      // How long "kept on this till" takes while navigator.onLine is true (issue 25 item 2 wants
      // 0.5 s; that is the writer's to meet): printed here, asserted by its own test.
      console.log(`offline writes (${kind}): the writer answered '${result?.state}' in ${answeredMs} ms`);
      expect(result?.state).toBe('queued');
      await showsChanges('1 pending');

      const reloaded = await page.reload();
      expect(reloaded?.fromServiceWorker()).toBe(true);
      await showsChanges('1 pending');
      expect(standin.records('Customer').filter((c) => c.Surname === customer.Surname)).toEqual([]);

      await link.up();
      // Epos Now opens the till again; that it is sent with nobody doing anything is the
      // recovery tests' to check (issue 25 item 3).
      await page.goto(app.appUrl());
      await showsChanges('All changes saved', SAVED);
      // Once, however many connections the outage held or reset: a create that went out unanswered
      // is looked for before it is sent again.
      expect(standin.records('Customer').filter((c) => c.Surname === customer.Surname)).toMatchObject([customer]);
      expect(await readOutbox(page)).toEqual([]);
      expect(unexpected(problems)).toEqual([]);
    },
  );

  it('online, a write returns the server\u2019s answer with the real id while the caller waits', async () => {
    await openTill();
    const customer = { Forename: 'Bea', Surname: 'Online' };
    const [result] = await write({ op: 'create', kind: 'Customer', body: customer });
    // 'done' only when the worker's answer came within the writer's wait (3 s); else 'queued'.
    expect(result?.state).toBe('done');
    const id = result?.recordId as number;
    expect(id).toBeGreaterThan(0);
    expect(app.standin.record('Customer', id)).toMatchObject(customer);
    expect(result?.state === 'done' ? result.answer : undefined).toMatchObject({ ...customer, CustomerID: id });
    await showsChanges('All changes saved');
    expect(unexpected(problems)).toEqual([]);
  });

  it('a refused token pauses sending and says so; a new token entered in the form resumes it', async () => {
    await openTill();
    const { standin } = app;
    // The server refuses the token from now on: what a revoked API device looks like to the till
    // (every request, the worker's token probe too, until the new token is entered).
    standin.faults.add({ match: { path: '/api/' }, type: 'status', status: 401 });
    const customer = { Forename: 'Cai', Surname: 'Refused' };
    const [result] = await write({ op: 'create', kind: 'Customer', body: customer });
    expect(result?.state).toBe('queued');
    const paused = page
      .getByRole('alert')
      .filter({ hasText: 'Sending paused: the API token was refused. Enter a new token.' });
    await paused.waitFor(WAIT);
    await showsChanges('1 pending');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: join(SCREENSHOTS, 'till-360-sending-paused.png') });

    // The device's new token is issued: the stand-in takes it (the same text, here) from now on.
    standin.faults.clear();
    await paused.getByRole('button', { name: 'Enter a new token' }).click();
    await page.getByRole('heading', { name: 'Enter a new API token' }).waitFor(WAIT);
    await page.getByLabel('API token').fill(standin.token);
    await page.getByRole('button', { name: 'Save and start' }).click();

    await showsChanges('All changes saved', SAVED);
    await paused.waitFor({ state: 'detached', ...WAIT });
    expect(standin.records('Customer').filter((c) => c.Surname === 'Refused')).toHaveLength(1);
    // The till is the same till: its ids were kept with the new token.
    await page.getByText('Till 1').waitFor();
    expect(unexpected(problems).filter((text) => !text.includes('status of 401'))).toEqual([]);
  });

  it('a refused token that works again resumes sending by itself when the till is opened again from Epos Now', async () => {
    await openTill();
    const { standin } = app;
    // The API answers 401 for a while (a device disabled and enabled again, an outage's answers).
    standin.faults.add({ match: { path: '/api/' }, type: 'status', status: 401 });
    const [result] = await write({ op: 'create', kind: 'Customer', body: { Forename: 'Rae', Surname: 'Resumed' } });
    expect(result?.state).toBe('queued');
    await page.getByRole('alert').filter({ hasText: 'Sending paused' }).waitFor(WAIT);
    standin.faults.clear();
    // Epos Now opens the app again with the same token: nobody types anything.
    await page.goto(app.appUrl());
    await showsChanges('All changes saved', SAVED);
    expect(standin.records('Customer').filter((c) => c.Surname === 'Resumed')).toHaveLength(1);
    expect(unexpected(problems).filter((text) => !text.includes('status of 401'))).toEqual([]);
  });

  it('a worker stopped mid-send leaves the write queued; restarted, it finds the create on the server instead of sending it twice', async () => {
    await openTill();
    const { standin } = app;
    // The create hangs at the server long enough to stop the worker while it is in flight.
    standin.faults.add({ match: { method: 'POST', path: '/api/V2/Customer' }, type: 'latency', ms: 4_000, times: 1 });
    const pending = write({ op: 'create', kind: 'Customer', body: { Forename: 'Cora', Surname: 'Crash' } });
    await expect.poll(async () => (await readOutbox(page)).map((e) => e.state), WAIT).toEqual(['sending']);
    const cdp = await context!.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    expect((await pending)[0]?.state).toBe('queued');
    expect((await readOutbox(page)).map((e) => e.state)).toEqual(['sending']);

    // Any message starts the worker again; at start it takes back the interrupted send.
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.postMessage({ type: 'send-now' }));
    await showsChanges('All changes saved', SAVED);
    expect(standin.records('Customer').filter((c) => c.Forename === 'Cora' && c.Surname === 'Crash')).toHaveLength(1);
    // The server finished the request its sender had left; the restarted worker waited until the
    // server could have, looked, found the record and adopted it: one POST, never a second.
    const posts = standin.log.filter(
      (e) => e.method === 'POST' && e.path === '/api/V2/Customer' && e.body.includes('Cora'),
    );
    expect(posts).toHaveLength(1);
    expect(standin.log.some((e) => e.method === 'GET' && e.path.startsWith('/api/V2/Customer/?page='))).toBe(true);
    expect(unexpected(problems)).toEqual([]);
  });
});
