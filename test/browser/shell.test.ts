/**
 * The built app in real Chromium, served the way `npm start` serves it: the shell renders under
 * the server's strict CSP, and once the worker is installed a reload works offline, whichever way
 * the link goes down (the browser's offline switch, or a dead uplink black-holing or resetting
 * every connection while the browser still says it is online).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServedApp, serveApp, unexpected, watchProblems } from './harness.ts';
import { linkFor, OUTAGES } from './outages.ts';

describe('app shell in Chromium', () => {
  let app: ServedApp | undefined;
  let outdir = '';
  let standin: ServedApp['standin'];
  let context: BrowserContext;
  let page: Page;
  let problems: string[] = [];

  beforeAll(async () => {
    // Through the outage proxy, so the same page can lose its uplink as well as its network.
    app = await serveApp('shell', { outage: true });
    ({ outdir, standin } = app);
    context = await app.browser.newContext();
    page = await context.newPage();
    // CSP violations and script errors both surface here; the shell must have none.
    problems = watchProblems(page);
  });

  afterAll(async () => {
    await app?.close();
  });

  const appUrl = () => (app as ServedApp).appUrl();

  it('renders "Epos Till" from the bundle under a strict CSP', async () => {
    const response = await page.goto(appUrl());
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { name: 'Epos Till' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search products' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('precaches the shell with sw.js, and lets API calls pass', async () => {
    // The page registers the worker once its context is stored; the worker claims the page.
    const scope = await page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
        );
      }
      return ready.scope;
    });
    expect(scope).toBe(`${app?.origin}/`);

    const caches = await page.evaluate(async () => {
      const names = await globalThis.caches.keys();
      const cache = await globalThis.caches.open(names[0] ?? 'none');
      return { names, urls: (await cache.keys()).map((request) => new URL(request.url).pathname).sort() };
    });
    expect(caches.names).toHaveLength(1);
    expect(caches.names[0]).toMatch(/^epos-till-shell-[0-9a-f]{8}$/);
    const manifest = JSON.parse(await readFile(join(outdir, 'precache-manifest.json'), 'utf8')) as { url: string }[];
    expect(caches.urls).toEqual(manifest.map((entry) => `/${entry.url}`).sort());
    expect(caches.urls).toContain('/index.html');

    // Requests outside the manifest go to the network untouched (the worker does not answer them).
    const token = standin.token;
    const status = await page.evaluate(
      async (auth) => (await fetch('/api/V2/Product?page=1', { headers: { Authorization: `Basic ${auth}` } })).status,
      token,
    );
    expect(status).toBe(200);

    expect(unexpected(problems)).toEqual([]);
  });

  it.each(OUTAGES)(
    'a reload works with the link down (%s), and an API GET it cannot answer is refused as offline',
    async (kind) => {
      const link = linkFor(kind, app as ServedApp, context);
      await link.down();
      try {
        const reloaded = await page.reload();
        await link.afterNavigation(page);
        expect(reloaded?.fromServiceWorker()).toBe(true);
        await page.getByRole('heading', { name: 'Epos Till' }).waitFor();
        // Offline, an API GET the worker cannot answer from storage is refused in a way the
        // client reads as "not sent" (this request carries no token, so nothing stored is served):
        // at once when the browser knows or the connection is reset, after the worker's network
        // time limit (4 s) when it hangs.
        const offlineApi = await page.evaluate(async () => {
          const response = await fetch('/api/V2/Product?page=1');
          return { status: response.status, offline: response.headers.get('X-Epos-Offline') };
        });
        expect(offlineApi).toEqual({ status: 503, offline: '1' });
      } finally {
        await link.up();
      }
      // Expected errors: Chromium logs the fetches that failed offline and the 503.
      expect(unexpected(problems)).toEqual([]);
    },
  );
});
