/**
 * The account's request budget in a real browser (issue 14): a pull that hears "API Limit
 * Exceeded" stops the worker asking anything (catalog and writes alike) until its Retry-After,
 * every open page of the till says so, and afterwards the writes made meanwhile go once each; and
 * the pages open in one browser profile share one pull, the settings' request included.
 */
import type { BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { catalogCounts, type ServedApp, serveApp, unexpected, WAIT, watchProblems } from './harness.ts';

const PRODUCTS = 450;
/** Retry-After the stand-in gives, in seconds: long enough to see the wait, short enough for a test. */
const RETRY_AFTER = 6;

describe("the account's request budget in Chromium", () => {
  let app: ServedApp;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    app = await serveApp('limit', { products: PRODUCTS });
  });

  // A context left open keeps its pages and worker asking the same stand-in, and its asks would
  // be counted as the next test's.
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  afterAll(async () => {
    await app?.close();
  });

  it('a limit met by a pull holds the pull and the writes alike, says so on every open page, and both go after Retry-After', async () => {
    context = await app.browser.newContext({ viewport: { width: 1024, height: 768 } });
    const till = await context.newPage();
    const problems = watchProblems(till);
    await till.goto(app.appUrl());
    await catalogCounts(till, PRODUCTS).waitFor(WAIT);
    await till.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, WAIT);
    const office = await context.newPage();
    await office.goto(`${app.server.url}/#/office/sync`);

    const { standin } = app;
    // The pull's first request (tender types go first) meets the limit.
    standin.faults.add({
      match: { path: '/api/V2/TenderType' },
      type: 'rate-limit',
      status: 429,
      retryAfter: RETRY_AFTER,
      times: 1,
    });
    const asked = Date.now();
    await office
      .getByRole('button', { name: /Sync now/ })
      .first()
      .click();
    const notice = (page: typeof till) =>
      page.getByRole('status').filter({ hasText: 'API limit for this account was reached; trying again at' });
    await notice(till).waitFor(WAIT);
    await notice(office).waitFor(WAIT);
    const limitedAt = standin.log.length;
    const heard = Date.now();

    // A write made during the wait is kept, not sent into the same refusal.
    const [result] = await till.evaluate(() =>
      Promise.all([
        (window.eposTill as NonNullable<typeof window.eposTill>).write({
          op: 'create',
          kind: 'Customer',
          body: { Forename: 'Lim', Surname: 'Waiting' },
        }),
      ]),
    );
    expect(result?.state).toBe('queued');
    await till.waitForTimeout(1_000);
    expect(standin.log.slice(limitedAt)).toEqual([]);

    // The first request after the limit comes no sooner than Retry-After after it was met (at or after `asked`).
    await expect
      .poll(() => standin.log.length > limitedAt, { timeout: RETRY_AFTER * 1_000 + WAIT.timeout, interval: 50 })
      .toBe(true);
    expect(Date.now() - asked).toBeGreaterThanOrEqual(RETRY_AFTER * 1_000);
    // After Retry-After: the write goes once, the pull completes, the notice goes from both pages.
    await till
      .getByRole('status', { name: 'Changes' })
      .filter({ hasText: /^All changes saved$/ })
      .waitFor({ timeout: RETRY_AFTER * 1_000 + WAIT.timeout });
    await notice(till).waitFor({ state: 'detached', ...WAIT });
    await notice(office).waitFor({ state: 'detached', ...WAIT });
    expect(heard - asked).toBeLessThan(RETRY_AFTER * 1_000);
    const after = standin.log.slice(limitedAt);
    expect(after.filter((e) => e.method === 'POST' && e.path === '/api/V2/Customer')).toHaveLength(1);
    expect(standin.records('Customer').filter((c) => c.Surname === 'Waiting')).toHaveLength(1);
    expect(unexpected(problems).filter((text) => !text.includes('status of 429'))).toEqual([]);
  });

  it('one pull serves every open page of the till: the catalog and the settings are asked once, not once a page', async () => {
    const { standin } = app;
    // The test before asked too, of the same stand-in: only this test's asks are counted.
    const started = standin.log.length;
    context = await app.browser.newContext({ viewport: { width: 1024, height: 768 } });
    const till = await context.newPage();
    await till.goto(app.appUrl());
    await catalogCounts(till, PRODUCTS).waitFor(WAIT);
    const office = await context.newPage();
    await office.goto(`${app.server.url}/#/office/sync`);
    const third = await context.newPage();
    await third.goto(app.appUrl());
    await catalogCounts(third, PRODUCTS).waitFor(WAIT);

    const settingsAsks = (from: number) =>
      standin.log.slice(from).filter((e) => e.path.startsWith('/api/integration/appsettings')).length;
    // Every page has finished starting: the till asked at its start and after its first pull, the
    // office and the third page at theirs. A start-up ask landing after `before` would be counted
    // as the pull's (a loaded machine starts pages slowly; the office is not waited for above).
    await expect.poll(() => settingsAsks(started), WAIT).toBe(4);
    const before = standin.log.length;
    await office
      .getByRole('button', { name: /Sync now/ })
      .first()
      .click();
    // This pull, not the first one ("Catalog updated just now" is already on screen from that).
    const asked = () => standin.log.slice(before).map((e) => e.path.replace(/\?.*/, ''));
    await expect
      .poll(() => asked().filter((path) => path === '/api/V2/Product').length, WAIT)
      .toBe(Math.ceil(PRODUCTS / 200));
    await expect.poll(() => settingsAsks(before), WAIT).toBeGreaterThan(0);
    // Time for a second page's ask to show, were there one.
    await till.waitForTimeout(1_500);

    expect(asked().filter((path) => path === '/api/V2/Product')).toHaveLength(Math.ceil(PRODUCTS / 200));
    expect(asked().filter((path) => path === '/api/integration/appsettings')).toHaveLength(1);
  });
});

describe('conditional requests in Chromium, against a server that sends validators', () => {
  let app: ServedApp;

  beforeAll(async () => {
    app = await serveApp('validators', { products: PRODUCTS, validators: true });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('asks again with the page it holds: unchanged pages come back 304 with no body, a changed one whole, and the till shows it', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1024, height: 768 } });
    try {
      const till = await context.newPage();
      const problems = watchProblems(till);
      await till.goto(app.appUrl());
      await catalogCounts(till, PRODUCTS).waitFor(WAIT);
      const { standin } = app;
      const product = standin.records('Product')[300] as { Name: string };
      standin.put('Product', { ...product, Name: 'Conditional Clementine' });

      const before = standin.log.length;
      await till
        .getByRole('button', { name: /Sync now/ })
        .first()
        .click();
      await till.getByRole('searchbox', { name: 'Search products' }).fill('conditional clementine');
      await till.getByRole('list', { name: 'Search results' }).getByText('Conditional Clementine').waitFor(WAIT);
      const pages = standin.log
        .slice(before)
        .filter((e) => e.path.startsWith('/api/V2/Product?'))
        .map((e) => `${e.path} ${e.status} ${e.headers['if-none-match'] === undefined ? 'plain' : 'conditional'}`);
      // Page 2 holds product 301: changed, so whole; pages 1 and 3 unchanged: 304.
      expect(pages).toEqual([
        '/api/V2/Product?page=1 304 conditional',
        '/api/V2/Product?page=2 200 conditional',
        '/api/V2/Product?page=3 304 conditional',
      ]);
      await till.getByRole('searchbox', { name: 'Search products' }).fill('');
      await catalogCounts(till, PRODUCTS).waitFor(WAIT);
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
