/**
 * The till host page itself (test/server/till-host.ts), in Chromium, with small stand-in apps on
 * another site in its frame: it asks the way Epos Now documents (a message to the frame, to the
 * app's origin), shows the sale a documented answer carries, says plainly when none comes within
 * 5 s, shows a message sent unasked, ignores any window but the app frame, and reloads the frame
 * with the context typed into its form. No build: the real app's side is till-host.test.ts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTillHost, type TillHost } from '../server/till-host.ts';
import { launchChromium } from '../tools/chromium.ts';
import { WAIT } from './harness.ts';
import { appFrameIn, receivedBy, waitForReceived } from './till-host-harness.ts';

/** A sale in the shape of Epos Now's TillData, as the app is to answer with it (as a string). */
const SALE = {
  CustomerId: 7,
  Products: [
    { ProductID: 11, Quantity: 1, ItemPrice: 2, IsTaxExempt: false },
    { ProductID: 12, Quantity: 2, ItemPrice: 3.5, IsTaxExempt: true },
  ],
  MiscItems: [],
  Tenders: [{ TypeID: 1, Amount: 9 }],
  TransactionDetails: [{ Name: 'Table', Details: 'Table 3' }],
  Discount: { reasonId: 6, percentage: 10 },
};

/** Each stand-in app: what its page does with the till. Every one records what it was sent in `window.asked`. */
const APPS: Record<string, string> = {
  // The documented reply: to the asking window (its parent only), to that message's origin.
  '/answers': `addEventListener('message', (e) => {
      window.asked.push({ origin: e.origin, data: e.data });
      if (e.source === parent) e.source.postMessage(${JSON.stringify(JSON.stringify(SALE))}, e.origin);
    });`,
  '/silent': `addEventListener('message', (e) => window.asked.push({ origin: e.origin, data: e.data }));`,
  '/unasked': `parent.postMessage(${JSON.stringify(JSON.stringify(SALE))}, '*');`,
  '/object': `addEventListener('message', (e) => e.source.postMessage(${JSON.stringify(SALE)}, e.origin));`,
  // Not the app: a second frame of the host that speaks to the host unasked.
  '/intruder': `parent.postMessage(${JSON.stringify(JSON.stringify(SALE))}, '*');`,
};

describe('the till host page', () => {
  let browser: Browser;
  let apps: Server;
  let appOrigin = '';
  const hosts: TillHost[] = [];

  beforeAll(async () => {
    apps = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      const script = APPS[path];
      if (script === undefined) {
        response.writeHead(404).end();
        return;
      }
      response
        .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><title>app</title><script>window.asked = []; ${script}</script>`);
    });
    await new Promise<void>((resolve) => apps.listen(0, '127.0.0.1', resolve));
    appOrigin = `http://127.0.0.1:${(apps.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    for (const host of hosts) await host.close();
    await new Promise((resolve) => apps?.close(resolve));
  });

  /** The host page framing the stand-in app at `path`, opened in a fresh context. */
  async function open(path: string, context = {}): Promise<{ page: Page; host: TillHost }> {
    const host = await startTillHost({ appUrl: `${appOrigin}${path}` });
    hosts.push(host);
    const page = await (await browser.newContext()).newPage();
    await page.goto(host.pageUrl({ appToken: 'dG9rZW4=', deviceID: 1, locationID: 2, staffID: 3, ...context }));
    await (await appFrameIn(page)).waitForFunction(() => document.readyState === 'complete', undefined, WAIT);
    return { page, host };
  }

  /** The cells of the host's table named `caption`, a row a line (header row first). */
  function cells(page: Page, caption: RegExp): Promise<string[][]> {
    return page
      .getByRole('region', { name: 'Sale received' })
      .getByRole('table', { name: caption })
      .evaluate((table: HTMLTableElement) =>
        [...table.rows].map((row) => [...row.cells].map((cell) => cell.textContent ?? '')),
      );
  }

  it('is on another site than the app, frames it with the context in the query string, and a Submit is answered as documented', async () => {
    const { page, host } = await open('/answers', { customerId: 7 });
    expect(new URL(host.url).hostname).toBe('localhost');
    const frame = await appFrameIn(page);
    const framed = new URL(frame.url());
    expect(framed.origin).toBe(appOrigin);
    expect(Object.fromEntries(framed.searchParams)).toEqual({
      appToken: 'dG9rZW4=',
      deviceID: '1',
      locationID: '2',
      staffID: '3',
      customerId: '7',
    });

    await page.getByRole('button', { name: 'Submit' }).click();
    const [received] = await waitForReceived(page, 1);
    expect(received).toEqual({ origin: appOrigin, data: JSON.stringify(SALE) });
    // The host spoke first, once, to the app's origin.
    expect(await frame.evaluate(() => (window as unknown as { asked: unknown[] }).asked)).toEqual([
      { origin: new URL(host.url).origin, data: 'submit' },
    ]);
    await page
      .getByRole('status')
      .filter({ hasText: `Answer received from ${appOrigin}.` })
      .waitFor(WAIT);

    const sale = page.getByRole('region', { name: 'Sale received' });
    expect(await cells(page, /^Products/)).toEqual([
      ['Product ID', 'Quantity', 'Item price', 'Line total', 'Tax exempt'],
      ['11', '1', '2.00', '2.00', 'no'],
      ['12', '2', '3.50', '7.00', 'yes'],
    ]);
    expect(await cells(page, /^Tenders/)).toEqual([
      ['Type ID', 'Amount'],
      ['1', '9.00'],
    ]);
    expect(await cells(page, /^Transaction details/)).toEqual([
      ['Name', 'Details'],
      ['Table', 'Table 3'],
    ]);
    expect(await cells(page, /^Misc items/)).toEqual([['Name', 'Price', 'Misc product ID', 'Tax rate ID']]);
    await sale.getByText('Customer: ID 7', { exact: true }).waitFor(WAIT);
    await sale.getByText('Discount: reason 6, 10%', { exact: true }).waitFor(WAIT);
    await sale.getByText('Lines total: 9.00', { exact: true }).waitFor(WAIT);
    expect(await sale.getByLabel('Raw message').textContent()).toBe(JSON.stringify(SALE));
    expect(await sale.getByRole('alert').count()).toBe(0);
  });

  it('says plainly when no answer comes within 5 s', async () => {
    const { page } = await open('/silent');
    const started = Date.now();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('status').filter({ hasText: 'Asked the app for the sale' }).waitFor(WAIT);
    await page.getByRole('status').filter({ hasText: 'No answer within 5 s.' }).waitFor(WAIT);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4900);
    expect(await receivedBy(page)).toEqual([]);
    await page.getByRole('region', { name: 'Sale received' }).getByText('Nothing received yet.').waitFor(WAIT);
  });

  it('shows a sale sent unasked the same way, and one that is not a string as what a till drops', async () => {
    const unasked = await open('/unasked');
    const [received] = await waitForReceived(unasked.page, 1);
    expect(received).toEqual({ origin: appOrigin, data: JSON.stringify(SALE) });
    await unasked.page
      .getByRole('status')
      .filter({ hasText: `Received unasked from ${appOrigin}.` })
      .waitFor(WAIT);
    expect((await cells(unasked.page, /^Products/)).slice(1).map((row) => row[0])).toEqual(['11', '12']);

    const object = await open('/object');
    await object.page.getByRole('button', { name: 'Submit' }).click();
    const [sent] = await waitForReceived(object.page, 1);
    expect(sent!.data).toEqual(SALE);
    await object.page
      .getByRole('region', { name: 'Sale received' })
      .getByRole('alert')
      .filter({ hasText: 'Not a string' })
      .waitFor(WAIT);
  });

  it('ignores a message from any window but the app frame', async () => {
    const { page } = await open('/silent');
    await page.evaluate((src) => {
      const intruder = document.createElement('iframe');
      intruder.title = 'Intruder';
      intruder.src = src;
      document.body.append(intruder);
    }, `${appOrigin}/intruder`);
    const intruder = page.frameLocator('iframe[title="Intruder"]');
    await intruder.locator('title').waitFor({ state: 'attached', ...WAIT });
    // The intruder posts as its page runs; give the message time to arrive before looking.
    await page.waitForTimeout(500);
    expect(await receivedBy(page)).toEqual([]);
  });

  it('reloads the frame with the context typed into its form (a token for a proxied API), and keeps it in its own address', async () => {
    const { page, host } = await open('/silent');
    const form = page.getByRole('form', { name: 'Till context' });
    await form.getByRole('textbox', { name: 'appToken' }).fill('b3RoZXI6dG9rZW4=');
    await form.getByRole('textbox', { name: 'customerId' }).fill('42');
    await form.getByRole('textbox', { name: 'locationAreaID' }).fill('3');
    await form.getByRole('button', { name: 'Load app' }).click();
    await page.waitForFunction(
      () => new URL(document.querySelector('iframe')?.src ?? 'about:blank').searchParams.get('customerId') === '42',
      undefined,
      WAIT,
    );
    const frame = await appFrameIn(page);
    await frame.waitForURL(/customerId=42/, WAIT);
    const framed = new URL(frame.url());
    expect(framed.searchParams.get('appToken')).toBe('b3RoZXI6dG9rZW4=');
    expect(framed.searchParams.get('locationAreaID')).toBe('3');
    expect(framed.searchParams.get('deviceID')).toBe('1');
    const own = new URL(page.url());
    expect(own.origin).toBe(host.url);
    expect(own.searchParams.get('customerId')).toBe('42');
    expect(own.searchParams.get('locationAreaID')).toBe('3');
  });
});
