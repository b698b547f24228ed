/**
 * A deployment as a shop would make it: the built app on one origin, the API on another (two
 * ports of 127.0.0.1, two origins to a browser), built with EPOS_API_BASE naming the API and
 * served with the build's production Content-Security-Policy. The stand-in answers CORS for the
 * app's origin only. A first visit pulls the catalog across origins (the page's and the worker's
 * requests, each preflighted for its Authorization header), and a reload works offline, whichever
 * way the link went down: the browser's offline switch, or a dead uplink (an outage proxy in front
 * of each origin, black-holing or resetting every connection) while the browser says it is online.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withCors } from '../server/cors.ts';
import { type OutageProxy, startOutageProxy } from '../server/outage.ts';
import { type RunningServer, type ServerOptions, startServer } from '../server/server.ts';
import { createStandin } from '../standin/standin.ts';
import { buildTo } from '../tools/build.ts';
import { launchChromium } from '../tools/chromium.ts';
import { catalogCounts, unexpected, WAIT, watchProblems } from './harness.ts';
import { type Link, OUTAGES, offlineSwitch, proxyLink } from './outages.ts';

const PRODUCTS = 600;

describe('the app on one origin, the API on another, with the production policy', () => {
  const standin = createStandin({ products: PRODUCTS });
  // Read per request: the policy is known only once the app is built for the API's address.
  const site: ServerOptions & { staticHeaders: Record<string, string> } = { staticHeaders: {} };
  let outdir = '';
  let app: RunningServer | undefined;
  let api: RunningServer | undefined;
  /** What the browser opens, each origin through its own outage proxy. */
  let appProxy: OutageProxy | undefined;
  let apiProxy: OutageProxy | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    outdir = await mkdtemp(join(tmpdir(), 'epos-cross-origin-'));
    site.staticDir = outdir;
    app = await startServer(site);
    appProxy = await startOutageProxy(app.port);
    api = await startServer({ api: withCors((request) => standin.fetch(request), [appProxy.url]) });
    apiProxy = await startOutageProxy(api.port);
    await buildTo(outdir, { EPOS_API_BASE: apiProxy.url });
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
    await appProxy?.close();
    await apiProxy?.close();
    await app?.close();
    await api?.close();
    if (outdir) await rm(outdir, { recursive: true, force: true });
  });

  // A test that failed with the uplink dead must not take the next one down with it.
  afterEach(() => {
    appProxy?.set('pass');
    apiProxy?.set('pass');
  });

  const connection = () => page.getByRole('status', { name: 'Connection' });

  it('the policy names the API\u2019s origin, and the first visit pulls the catalog from it', async () => {
    expect(site.staticHeaders['Content-Security-Policy']).toContain(`connect-src 'self' ${apiProxy?.url}`);
    await page.goto(
      `${appProxy?.url}/?appToken=${encodeURIComponent(standin.token)}&deviceID=1&locationID=1&staffID=1`,
    );
    await catalogCounts(page, PRODUCTS).waitFor(WAIT);
    // Asked of the API's origin, preflighted: the app's own origin served no API request.
    expect(standin.log.some((entry) => entry.path.startsWith('/api/V2/Product'))).toBe(true);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, WAIT);
    const name = standin.record('Product', 5)?.Name as string;
    await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
    await page.getByRole('list', { name: 'Search results' }).getByRole('button', { name }).first().waitFor(WAIT);
    expect(unexpected(problems)).toEqual([]);
  });

  it.each(OUTAGES)('with the link down (%s), a reload opens the till and finds the same products', async (kind) => {
    // Reachable before, so what the reload says is this outage's.
    await connection().filter({ hasText: 'Connected to Epos Now' }).waitFor(WAIT);
    const link: Link = kind === 'offline switch' ? offlineSwitch(context) : proxyLink(kind, [appProxy!, apiProxy!]);
    await link.down();
    const reloaded = await page.reload();
    await link.afterNavigation(page);
    expect(reloaded?.fromServiceWorker()).toBe(true);
    // Said whichever way the link went: the browser's offline event, or the settings request to
    // the API's origin going unanswered (reset at once, black-holed after the worker's 4 s).
    await connection().filter({ hasText: 'Can\u2019t reach Epos Now' }).waitFor(WAIT);
    const name = standin.record('Product', 9)?.Name as string;
    await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
    await page.getByRole('list', { name: 'Search results' }).getByRole('button', { name }).first().waitFor(WAIT);
    // Refused connections offline are the browser's own words; nothing was refused by the policy.
    expect(unexpected(problems).filter((text) => /Content Security Policy|CORS/i.test(text))).toEqual([]);
    await link.up();
    // Opened again online, it reaches the API's origin again.
    await page.reload();
    await connection().filter({ hasText: 'Connected to Epos Now' }).waitFor(WAIT);
  });
});
