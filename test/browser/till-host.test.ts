/**
 * The app inside a till as Epos Now's is (test/server/till-host.ts): the host page on another site
 * (localhost) frames the app (127.0.0.1) with the till's context in the query string, in Chromium
 * with third-party storage partitioned as shipped Chrome has it; the host asks for the sale the
 * documented way and the app answers with TillData as a JSON string (`../shared/epos-facts.md`,
 * "Handing a sale to the till"). A sale with a discount and cash; with the till's customer; after
 * the frame reloads offline (the browser's offline switch, a dead uplink black-holing or resetting
 * every connection while the browser says it is online, and the app's server dropping requests); nothing for a
 * window of a third site that asks; and what the partitioned frame has (worker, IndexedDB,
 * Background Sync, persist()).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OpenRecord } from '../../app/epos/records.ts';
import type { TillHost } from '../server/till-host.ts';
import type { TillContext } from '../server/till-host-page.ts';
import { type ServedApp, serveApp, unexpected, WAIT, watchProblems } from './harness.ts';
import { linkFor, OUTAGES } from './outages.ts';
import { readStoredProducts, readTillDb } from './page-reads.ts';
import {
  appFrameIn,
  pressSubmit,
  receivedBy,
  serveTillHost,
  tillContext,
  waitForReceived,
} from './till-host-harness.ts';

const PRODUCTS = 300;

/** The sale's three products: id, name, one price for eating in and out (whichever the settings use). */
const ITEMS = [
  { id: 11, name: 'Amberley Flapjack', price: 2 },
  { id: 12, name: 'Brixham Pasty', price: 3.5 },
  { id: 13, name: 'Cotswold Scone', price: 1 },
] as const;

/** A location area the pasty has a price of its own in, and that price. */
const AREA = 2;
const AREA_PRICE = 4.25;

/** Each test: a till of its own (first load and catalog), a sale rung up, and up to 20 s for an answer. */
const TEST_MS = 120_000;

/** How long a window that asked waits before "nothing came" counts. */
const QUIET_MS = 2500;

// A window of a third site (127.0.0.2) that finds the app frame (as a frame of the till page, or as
// a popup it opened) and asks it for the sale the way the till does; it keeps whatever comes back.
const STRANGER = `<!doctype html><title>Stranger</title><script>
  window.got = [];
  addEventListener('message', (event) => window.got.push({ origin: event.origin, data: event.data }));
  (window.opener ?? parent).frames[0].postMessage('submit', '*');
  window.asked = true;
</script>`;

describe('the app framed by the till host on another site, storage partitioned', () => {
  let app: ServedApp | undefined;
  let host: TillHost | undefined;
  let stranger: Server | undefined;
  let strangerUrl = '';
  let cashId = 0;
  let loyaltyId = 0;

  beforeAll(async () => {
    app = await serveApp('till-host', { products: PRODUCTS, outage: true });
    for (const item of ITEMS) {
      app.standin.put('Product', {
        ...app.standin.record('Product', item.id),
        Name: item.name,
        SalePrice: item.price,
        EatOutPrice: item.price,
      });
    }
    const tenders = app.standin.records('TenderType') as (OpenRecord & { TypeID: number; Name: string })[];
    cashId = tenders.find((tender) => tender.Name === 'Cash')!.TypeID;
    const reasons = app.standin.records('DiscountReason') as (OpenRecord & {
      DiscountReasonID: number;
      Reason: string;
    })[];
    loyaltyId = reasons.find((reason) => reason.Reason === 'Loyalty')!.DiscountReasonID;
    // The pasty's price in location area 2 (the bar, say); the newest record for an area counts.
    app.standin.put('ProductLocationAreaPrice', {
      ProductLocationAreaPriceID: 9000,
      ProductID: ITEMS[1].id,
      LocationAreaID: AREA,
      SalePrice: AREA_PRICE,
      EatOutPrice: AREA_PRICE,
    });
    host = await serveTillHost(app);
    stranger = createServer((_, response) =>
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(STRANGER),
    );
    await new Promise<void>((resolve) => stranger!.listen(0, '127.0.0.2', resolve));
    strangerUrl = `http://127.0.0.2:${(stranger.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    await host?.close();
    await new Promise((resolve) => (stranger ? stranger.close(resolve) : resolve(undefined)));
    await app?.close();
  });

  // A test that failed with the uplink dead must not take the next one down with it.
  afterEach(() => app?.outage?.set('pass'));

  /** The till host opened in a fresh browser context (a till of its own), once the app has its catalog. */
  async function openTill(
    extra: TillContext = {},
  ): Promise<{ context: BrowserContext; page: Page; frame: Frame; problems: string[] }> {
    const context = await app!.browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(host!.pageUrl(tillContext(app!, extra)));
    const frame = await appFrameIn(page);
    await frame.getByText(new RegExp(`^${PRODUCTS} products ·`)).waitFor(WAIT);
    // A reload offline needs the worker to hold the shell and answer the frame's navigation.
    await frame.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, WAIT);
    return { context, page, frame, problems };
  }

  /** Rings up 1 flapjack, 2 pasties, 1 scone (10.00), the Loyalty discount (10%: 9.00 to pay) and cash for the rest. */
  async function ringUp(frame: Frame): Promise<void> {
    for (const item of ITEMS) {
      await frame.getByRole('searchbox', { name: 'Search products' }).fill(item.name.split(' ')[0]!.toLowerCase());
      await frame.getByRole('list', { name: 'Search results' }).getByRole('button', { name: item.name }).click();
      await frame.getByRole('region', { name: 'Basket' }).getByText(item.name).waitFor(WAIT);
    }
    await frame
      .getByRole('region', { name: 'Basket' })
      .getByRole('button', { name: `More ${ITEMS[1].name}` })
      .click();
    await frame.getByRole('button', { name: 'Discount' }).click();
    await frame.getByRole('combobox', { name: 'Discount reason' }).selectOption({ label: 'Loyalty' });
    expect(await frame.getByRole('textbox', { name: 'Discount percentage' }).inputValue()).toBe('10');
    await frame.getByRole('button', { name: 'Done' }).click();
    await frame.getByRole('button', { name: 'Charge £9.00' }).waitFor(WAIT);
    await frame.getByRole('button', { name: 'Pay by Cash' }).click();
    await frame.getByText('Paid: send the basket to the till.').waitFor(WAIT);
  }

  /** Presses the host's Submit and returns the one message the app answered with (none other within a second). */
  async function submit(page: Page): Promise<string> {
    const before = (await receivedBy(page)).length;
    await pressSubmit(page);
    await waitForReceived(page, before + 1);
    await page.waitForTimeout(1000);
    const received = (await receivedBy(page)).slice(before);
    expect(received).toHaveLength(1);
    expect(received[0]!.origin).toBe(app!.origin);
    expect(typeof received[0]!.data).toBe('string');
    return received[0]!.data as string;
  }

  /** The sale `ringUp` made, as TillData parsed from the app's string. */
  function expectRungUp(sent: string): Record<string, unknown> {
    const sale = JSON.parse(sent) as Record<string, unknown>;
    const products = sale.Products as Record<string, unknown>[];
    expect(products.map(({ ProductID, Quantity, ItemPrice }) => ({ ProductID, Quantity, ItemPrice }))).toEqual([
      { ProductID: 11, Quantity: 1, ItemPrice: 2 },
      { ProductID: 12, Quantity: 2, ItemPrice: 3.5 },
      { ProductID: 13, Quantity: 1, ItemPrice: 1 },
    ]);
    for (const product of products) expect(typeof product.IsTaxExempt).toBe('boolean');
    expect(sale.Tenders).toEqual([{ TypeID: cashId, Amount: 9 }]);
    expect(sale.Discount).toEqual({ reasonId: loyaltyId, percentage: 10 });
    expect(sale.MiscItems).toEqual([]);
    expect(Array.isArray(sale.TransactionDetails)).toBe(true);
    return sale;
  }

  it(
    'a 3-item sale with a discount and cash: Submit gets that sale as one TillData string, and the host shows it',
    async () => {
      const { context, page, frame, problems } = await openTill();
      await ringUp(frame);
      const sent = await submit(page);
      const sale = expectRungUp(sent);
      expect(sale.CustomerId ?? null).toBeNull();

      const shown = page.getByRole('region', { name: 'Sale received' });
      await page
        .getByRole('status')
        .filter({ hasText: `Answer received from ${app!.origin}.` })
        .waitFor(WAIT);
      const rows = (caption: RegExp) =>
        shown
          .getByRole('table', { name: caption })
          .evaluate((table: HTMLTableElement) =>
            [...table.rows].slice(1).map((row) => [...row.cells].map((cell) => cell.textContent)),
          );
      expect(await rows(/^Products/)).toEqual([
        ['11', '1', '2.00', '2.00', 'no'],
        ['12', '2', '3.50', '7.00', 'no'],
        ['13', '1', '1.00', '1.00', 'no'],
      ]);
      expect(await rows(/^Tenders/)).toEqual([[String(cashId), '9.00']]);
      await shown.getByText(`Discount: reason ${loyaltyId}, 10%`, { exact: true }).waitFor(WAIT);
      await shown.getByText('Customer: none', { exact: true }).waitFor(WAIT);
      expect(await shown.getByLabel('Raw message').textContent()).toBe(sent);
      // Every key is one the till knows.
      expect(await shown.getByRole('alert').count()).toBe(0);
      console.log(`The host received for the 3-item sale: ${sent}`);
      expect(unexpected(problems)).toEqual([]);
      await context.close();
    },
    TEST_MS,
  );

  it(
    'opened with customerId=7, the sale carries CustomerId 7',
    async () => {
      const { context, page, frame, problems } = await openTill({ customerId: 7 });
      await ringUp(frame);
      const sale = expectRungUp(await submit(page));
      expect(sale.CustomerId).toBe(7);
      await page
        .getByRole('region', { name: 'Sale received' })
        .getByText('Customer: ID 7', { exact: true })
        .waitFor(WAIT);
      expect(unexpected(problems)).toEqual([]);
      await context.close();
    },
    TEST_MS,
  );

  it(
    'opened with locationAreaID, a product with a price for that area is sold and handed over at it',
    async () => {
      const { context, page, frame, problems } = await openTill({ locationAreaID: AREA });
      const pasty = ITEMS[1];
      await frame.getByRole('searchbox', { name: 'Search products' }).fill('brixham');
      await frame
        .getByRole('list', { name: 'Search results' })
        .getByRole('button', { name: `${pasty.name} £4.25` })
        .click();
      await frame.getByRole('region', { name: 'Basket' }).getByText(pasty.name).waitFor(WAIT);
      await frame.getByRole('button', { name: 'Charge £4.25' }).waitFor(WAIT);
      await frame.getByRole('button', { name: 'Pay by Cash' }).click();
      await frame.getByText('Paid: send the basket to the till.').waitFor(WAIT);
      const sale = JSON.parse(await submit(page)) as { Products: unknown[]; Tenders: unknown[] };
      expect(sale.Products).toEqual([{ ProductID: pasty.id, Quantity: 1, ItemPrice: AREA_PRICE, IsTaxExempt: false }]);
      expect(sale.Tenders).toEqual([{ TypeID: cashId, Amount: AREA_PRICE }]);
      expect(unexpected(problems)).toEqual([]);
      await context.close();
    },
    TEST_MS,
  );

  it.each(OUTAGES)(
    'the frame reloaded inside the host with the link down (%s, the host page stays) hands over its sale',
    async (kind) => {
      const { context, page, frame } = await openTill();
      await page.evaluate(() => Object.assign(window, { hostStayed: true }));
      const loaded = await frame.evaluate(() => performance.timeOrigin);
      const link = linkFor(kind, app!, context);
      await link.down();
      try {
        await page.getByRole('form', { name: 'Till context' }).getByRole('button', { name: 'Load app' }).click();
        await frame.waitForFunction((before) => performance.timeOrigin !== before, loaded, WAIT);
        await link.afterNavigation(frame);
        // Said whichever way the link went: the browser's offline event, or the settings request
        // through the worker going unanswered (reset at once, black-holed after the worker's 4 s).
        await frame
          .getByRole('status', { name: 'Connection' })
          .filter({ hasText: 'Can\u2019t reach Epos Now' })
          .waitFor(WAIT);
        await ringUp(frame);
        expectRungUp(await submit(page));
        expect(await page.evaluate(() => (window as unknown as { hostStayed?: boolean }).hostStayed)).toBe(true);
      } finally {
        await link.up();
      }
      await context.close();
    },
    TEST_MS,
  );

  it(
    'the frame reloaded inside the host while the app’s server drops every API request hands over its sale',
    async () => {
      const { context, page, frame } = await openTill();
      const loaded = await frame.evaluate(() => performance.timeOrigin);
      const seen = app!.standin.log.length;
      // The shop's uplink down behind live Wi-Fi: the browser thinks it is online, Epos Now never answers.
      app!.standin.faults.add({ type: 'drop-before-apply' });
      try {
        await page.getByRole('form', { name: 'Till context' }).getByRole('button', { name: 'Load app' }).click();
        await frame.waitForFunction((before) => performance.timeOrigin !== before, loaded, WAIT);
        // A catalog this fresh is not pulled again on boot: the cashier's Sync now makes the app ask,
        // and the server refuses it (the browser still says online: the pill follows navigator.onLine).
        await frame.getByRole('button', { name: 'Sync now' }).click();
        await expect
          .poll(
            () => app!.standin.log.slice(seen).filter((request) => request.fault === 'drop-before-apply').length,
            WAIT,
          )
          .toBeGreaterThan(0);
        await ringUp(frame);
        expectRungUp(await submit(page));
      } finally {
        app!.standin.faults.clear();
      }
      await context.close();
    },
    TEST_MS,
  );

  it(
    'a window of a third site that asks the app frame (a frame of the till page, or a popup) gets nothing',
    async () => {
      const { context, page, frame } = await openTill();
      await ringUp(frame);
      await page.evaluate((src) => {
        const element = document.createElement('iframe');
        element.title = 'Stranger';
        element.src = src;
        document.body.append(element);
      }, strangerUrl);
      const [popup] = await Promise.all([
        context.waitForEvent('page'),
        page.evaluate((url) => {
          window.open(url, 'stranger');
        }, strangerUrl),
      ]);
      const inPage = page.frames().find((each) => each.url() === strangerUrl);
      const strangers = [inPage!, popup!.mainFrame()];
      for (const each of strangers)
        await each.waitForFunction(() => (window as unknown as { asked?: boolean }).asked, undefined, WAIT);
      await page.waitForTimeout(QUIET_MS);
      for (const each of strangers)
        expect(await each.evaluate(() => (window as unknown as { got: unknown[] }).got)).toEqual([]);
      // Nor did the app answer the till for them.
      expect(await receivedBy(page)).toEqual([]);
      // The till itself is answered: the app was listening all along.
      expectRungUp(await submit(page));
      await context.close();
    },
    TEST_MS,
  );

  it(
    'inside the partitioned frame the worker controls the app and IndexedDB holds the catalog (and what else the frame has)',
    async () => {
      const { context, frame } = await openTill();
      const facts = await frame.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        const sync = (registration as ServiceWorkerRegistration & { sync?: { getTags(): Promise<string[]> } }).sync;
        const persisted = await navigator.storage.persisted();
        return {
          controlled: navigator.serviceWorker.controller !== null,
          controllerScript: navigator.serviceWorker.controller?.scriptURL ?? null,
          backgroundSync: sync !== undefined,
          syncTags: sync ? await sync.getTags() : null,
          periodicSync: 'periodicSync' in registration,
          persistedBefore: persisted,
          persist: await navigator.storage.persist(),
          persistedAfter: await navigator.storage.persisted(),
          hasStorageAccess: await document.hasStorageAccess(),
          usage: (await navigator.storage.estimate()).usage ?? null,
        };
      });
      const [meta] = (await readTillDb(frame, [{ store: 'meta', key: 'Product' }])) as [{ count: number } | undefined];
      const stored = {
        productsInMeta: meta?.count ?? null,
        productRecordsStored: (await readStoredProducts(frame)).length,
      };
      console.log(`Facts in the partitioned frame: ${JSON.stringify({ ...facts, ...stored })}`);
      expect(facts.controlled).toBe(true);
      expect(facts.controllerScript).toBe(`${app!.origin}/sw.js`);
      expect(stored).toEqual({ productsInMeta: PRODUCTS, productRecordsStored: PRODUCTS });

      // The partition is real: the app's own site, opened top level in the same browser, has neither.
      const top = await context.newPage();
      await top.goto(`${app!.origin}/partition-check`);
      const own = await top.evaluate(async () => ({
        databases: (await indexedDB.databases()).map((database) => database.name),
        workers: (await navigator.serviceWorker.getRegistrations()).length,
      }));
      expect(own).toEqual({ databases: [], workers: 0 });
      await context.close();
    },
    TEST_MS,
  );
});
