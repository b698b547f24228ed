/**
 * A deployment as a shop would make it: the built app on one origin, the API on another (two
 * ports of 127.0.0.1, two origins to a browser), built with EPOS_API_BASE naming the API and
 * served with the build's production Content-Security-Policy. The stand-in answers CORS for the
 * app's origin only. A first visit pulls the catalog across origins (the page's and the worker's
 * requests, each preflighted for its Authorization header), and a reload works offline.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCors } from '../server/cors.ts';
import { type RunningServer, type ServerOptions, startServer } from '../server/server.ts';
import { createStandin } from '../standin/standin.ts';
import { buildTo } from '../tools/build.ts';
import { launchChromium } from '../tools/chromium.ts';
import { unexpected, WAIT, watchProblems } from './harness.ts';
import { offlineSwitch } from './outages.ts';

const PRODUCTS = 600;

describe('the app on one origin, the API on another, with the production policy', () => {
  const standin = createStandin({ products: PRODUCTS });
  // Read per request: the policy is known only once the app is built for the API's address.
  const site: ServerOptions & { staticHeaders: Record<string, string> } = { staticHeaders: {} };
  let outdir = '';
  let app: RunningServer | undefined;
  let api: RunningServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    outdir = await mkdtemp(join(tmpdir(), 'epos-cross-origin-'));
    site.staticDir = outdir;
    app = await startServer(site);
    api = await startServer({ api: withCors((request) => standin.fetch(request), [app.url]) });
    await buildTo(outdir, { EPOS_API_BASE: api.url });
    site.staticHeaders['Content-Security-Policy'] = (
      await readFile(join(outdir, 'content-security-policy.txt'), 'utf8')
    ).trim();
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    page = await context.newPage();
    problems = watchProblems(page);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await api?.close();
    if (outdir) await rm(outdir, { recursive: true, force: true });
  });

  it('the policy names the API\u2019s origin, and the first visit pulls the catalog from it', async () => {
    expect(site.staticHeaders['Content-Security-Policy']).toContain(`connect-src 'self' ${api?.url}`);
    await page.goto(`${app?.url}/?appToken=${encodeURIComponent(standin.token)}&deviceID=1&locationID=1&staffID=1`);
    await page.getByText(`${PRODUCTS.toLocaleString('en-GB')} products`, { exact: false }).waitFor(WAIT);
    // Asked of the API's origin, preflighted: the app's own origin served no API request.
    expect(standin.log.some((entry) => entry.path.startsWith('/api/V2/Product'))).toBe(true);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, WAIT);
    const name = standin.record('Product', 5)?.Name as string;
    await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
    await page.getByRole('list', { name: 'Search results' }).getByRole('button', { name }).first().waitFor(WAIT);
    expect(unexpected(problems)).toEqual([]);
  });

  it('offline, a reload opens the till and finds the same products', async () => {
    const offline = offlineSwitch(context);
    await offline.down();
    await page.reload();
    await offline.afterNavigation(page);
    await page
      .getByRole('status', { name: 'Connection' })
      .filter({ hasText: 'Can\u2019t reach Epos Now' })
      .waitFor(WAIT);
    const name = standin.record('Product', 9)?.Name as string;
    await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
    await page.getByRole('list', { name: 'Search results' }).getByRole('button', { name }).first().waitFor(WAIT);
    // Refused connections offline are the browser's own words; nothing was refused by the policy.
    expect(unexpected(problems).filter((text) => /Content Security Policy|CORS/i.test(text))).toEqual([]);
    await offline.up();
  });
});
