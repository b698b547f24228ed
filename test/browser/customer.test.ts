/**
 * The sale's customer in real Chromium, with the real worker and the stand-in: the till opens the
 * app with `customerId=7` and the pad names the stand-in's customer 7; an offline reload keeps the
 * sale and its customer; a cashier attaches another customer by typing part of a name, online.
 * Top-level here; the framed till and the handoff's CustomerId are the host page's tests.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../tools/build.ts';
import { type ServedApp, serveApp, unexpected, WAIT, watchProblems } from './harness.ts';
import { linkFor, OUTAGES } from './outages.ts';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
/** WCAG 2.0, 2.1 and 2.2, levels A and AA, as screens.test.ts checks every screen. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

describe('the sale\u2019s customer in Chromium', () => {
  let app: ServedApp | undefined;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let added: number;

  beforeAll(async () => {
    app = await serveApp('customer', { products: 300, outage: true });
    // A name no seeded customer has, past the first page of 200: the search must walk to it.
    added = app.standin.put('Customer', { Forename: 'Zelda', Surname: 'Quartermaine', ContactNumber: '07700 900999' })
      .CustomerID as number;
    context = await app.browser.newContext({ viewport: { width: 1024, height: 768 } });
    page = await context.newPage();
    problems = watchProblems(page);
  });

  afterAll(async () => {
    await app?.close();
  });

  const customerAsked = () =>
    app!.standin.log.filter((request) => request.path.startsWith('/api/V2/Customer')).map((r) => r.path);

  it('opened by the till with customerId=7, the pad names the stand-in\u2019s customer 7', async () => {
    const seven = app!.standin.record('Customer', 7)!;
    const name = `${seven.Forename} ${seven.Surname}`;
    expect(name).toBe('Noah Patel');
    await page.goto(`${app!.appUrl()}&customerId=7`);
    await page.getByRole('button', { name: `Customer: ${name}` }).waitFor(WAIT);
    expect(customerAsked()).toEqual(['/api/V2/Customer/7']);
    // Read once, with the token: a reload keeps the sale as the cashier left it.
    expect(new URL(page.url()).search).toBe('?deviceID=1&locationID=1&staffID=1');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, WAIT);
  });

  const connection = () => page.getByRole('status', { name: 'Connection' });

  it.each(OUTAGES)('with the link down (%s), a reload still shows the sale\u2019s customer by name', async (kind) => {
    // Reachable before, so what the reload says is this outage's.
    await connection().filter({ hasText: 'Connected to Epos Now' }).waitFor(WAIT);
    const link = linkFor(kind, app!, context);
    await link.down();
    const reloaded = await page.reload();
    await link.afterNavigation(page);
    expect(reloaded?.fromServiceWorker()).toBe(true);
    // Said whichever way the link went: the browser's offline event, or the settings request
    // through the worker going unanswered (reset at once, black-holed after the worker's 4 s).
    await connection().filter({ hasText: 'Can\u2019t reach Epos Now' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Customer: Noah Patel' }).waitFor(WAIT);
    await link.up();
    // Opened again online: reachable, the sale as it was.
    await page.reload();
    await connection().filter({ hasText: 'Connected to Epos Now' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Customer: Noah Patel' }).waitFor(WAIT);
  });

  it('online, a cashier attaches a customer found by typing part of a name', async () => {
    await page.getByRole('button', { name: 'Customer: Noah Patel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Customer' });
    const field = dialog.getByRole('searchbox', { name: 'Name, phone or card number' });
    await field.fill('quarterm');
    const before = customerAsked().length;
    await field.press('Enter');
    const found = dialog.getByRole('list', { name: 'Customers found' });
    const zelda = found.getByRole('button', { name: /^Zelda Quartermaine/ });
    await zelda.waitFor(WAIT);
    await mkdir(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'till-customer-search-1024.png') });
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target}`))).toEqual(
      [],
    );
    // Big enough for a thumb: every control of the dialog.
    for (const control of await dialog.locator('button, input').all())
      expect((await control.boundingBox())?.height, await control.evaluate((e) => e.outerHTML)).toBeGreaterThanOrEqual(
        44,
      );
    await zelda.click();
    await page.getByRole('button', { name: 'Customer: Zelda Quartermaine' }).waitFor(WAIT);
    expect(await dialog.isVisible()).toBe(false);
    // The whole list, 201 customers: two pages, the second short.
    expect(customerAsked().slice(before)).toEqual(['/api/V2/Customer/?page=1', '/api/V2/Customer/?page=2']);
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('epos-till:basket') ?? '{}'));
    expect(kept.basket.customer).toEqual({ id: added, name: 'Zelda Quartermaine' });
    expect(unexpected(problems)).toEqual([]);
  });
});
