/**
 * A till's first visit over a slow link, in real Chromium with the real worker: every request of
 * the page and the worker goes through the throttling proxy (test/server/throttle.ts), and the
 * product walk is held at page 13 so that what a cashier sees before it ends is certain, not a
 * race: a product of the first page is found by search, and the bar says how many of about how many.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenRecord } from '../../app/epos/records.ts';
import { startThrottle, type Throttle } from '../server/throttle.ts';
import { ROOT } from '../tools/build.ts';
import { type ServedApp, serveApp, unexpected, WAIT, watchProblems } from './harness.ts';

const PRODUCTS = 3000;
const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');

describe('first visit over a slow link', () => {
  let app: ServedApp | undefined;
  let throttle: Throttle | undefined;
  let page: Page;
  let problems: string[] = [];

  beforeAll(async () => {
    app = await serveApp('first-visit', { products: PRODUCTS });
    // 150 ms a request; ten times the bandwidth, since the hold below, not the speed, decides what is seen.
    throttle = await startThrottle({ target: app.server.url, bitsPerSecond: 16_000_000 });
    await mkdir(SCREENSHOTS, { recursive: true });
    const context = await app.browser.newContext({ viewport: { width: 1024, height: 768 } });
    page = await context.newPage();
    problems = watchProblems(page);
  });

  afterAll(async () => {
    await throttle?.close();
    await app?.close();
  });

  it('finds a product of the first page before the walk ends, and says how many of about how many are in', async () => {
    const served = app as ServedApp;
    const proxy = throttle as Throttle;
    // The walk cannot end without page 13; the estimate's probe (2, 4, 8, 16, then 12, 14, 15) does not need it.
    const release = proxy.hold(/^\/api\/V2\/Product\?page=13$/);
    await page.goto(served.appUrl().replace(served.server.url, proxy.url));

    const first = served.standin.record('Product', 1) as OpenRecord & { Name: string };
    await page.getByRole('searchbox', { name: 'Search products' }).fill(first.Name);
    await page
      .getByRole('region', { name: 'Product search' })
      .getByText(first.Name, { exact: true })
      .first()
      .waitFor(WAIT);
    await page.getByText(/^Downloading the catalog: [\d,]+ of about 3,000 products so far$/).waitFor(WAIT);
    const bar = page.getByRole('progressbar', { name: 'Catalog sync' });
    expect(await bar.getAttribute('max')).toBe('3000');
    // Not up to date while the products are not all in.
    await page.getByText('Catalog partly downloaded').waitFor(WAIT);
    expect(await page.getByText(/Catalog updated/).count()).toBe(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'till-1024-first-visit-partial.png') });

    release();
    await page.getByText(/^Catalog updated (just now|1 min ago)$/).waitFor(WAIT);
    await bar.waitFor({ state: 'detached', ...WAIT });
    await page.getByText(`${PRODUCTS.toLocaleString('en-GB')} products`, { exact: false }).waitFor(WAIT);
    // The worker keeps the shell for offline use without fetching again what the page just loaded.
    const assets = proxy.paths.filter((path) => path.startsWith('/assets/'));
    expect(assets.length).toBeGreaterThan(5);
    expect(new Set(assets).size).toBe(assets.length);
    expect(unexpected(problems)).toEqual([]);
  });
});
