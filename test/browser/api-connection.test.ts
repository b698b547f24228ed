/**
 * The API base as per-till configuration (issue 14): a build whose default base is another origin
 * (EPOS_API_BASE, served with the build's production policy), opened from Epos Now, talks to that
 * API; a manager changes it in Back office › Sync to this site's own /api (a same-origin proxy),
 * entering the token again, and from then on the page and the worker talk only to the new base,
 * offline reloads included.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCors } from '../server/cors.ts';
import { type RunningServer, type ServerOptions, startServer } from '../server/server.ts';
import { createStandin } from '../standin/standin.ts';
import { buildTo } from '../tools/build.ts';
import { launchChromium } from '../tools/chromium.ts';
import { catalogCounts, unexpected, WAIT, watchProblems } from './harness.ts';
import { offlineSwitch } from './outages.ts';

describe('changing the API connection in the back office', () => {
  // Two accounts: the build's default on another origin, and the one behind this site's /api.
  const remote = createStandin({ products: 300, seed: 7 });
  const local = createStandin({ products: 500, seed: 8, token: 'bG9jYWwta2V5OmxvY2FsLXNlY3JldA==' });
  const site: ServerOptions & { staticHeaders: Record<string, string> } = {
    staticHeaders: {},
    api: (request) => local.fetch(request),
  };
  let outdir = '';
  let app: RunningServer | undefined;
  let api: RunningServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    outdir = await mkdtemp(join(tmpdir(), 'epos-connection-'));
    site.staticDir = outdir;
    app = await startServer(site);
    api = await startServer({ api: withCors((request) => remote.fetch(request), [app.url]) });
    await buildTo(outdir, { EPOS_API_BASE: api.url });
    site.staticHeaders['Content-Security-Policy'] = (
      await readFile(join(outdir, 'content-security-policy.txt'), 'utf8')
    ).trim();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await api?.close();
    if (outdir) await rm(outdir, { recursive: true, force: true });
  });

  it('the build’s base first, then the one a manager enters, for the page and the worker, offline too', async () => {
    const context = await (browser as Browser).newContext({ viewport: { width: 1024, height: 768 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${app?.url}/?appToken=${encodeURIComponent(remote.token)}&deviceID=1&locationID=1&staffID=1`);
    await catalogCounts(page, 300).waitFor(WAIT);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, WAIT);
    expect(local.log).toEqual([]);

    await page.goto(`${app?.url}/#/office/sync`);
    const connection = page.getByRole('region', { name: 'API connection' });
    await connection.getByText(api?.url as string).waitFor(WAIT);
    await connection.getByRole('button', { name: 'Change API connection' }).click();
    await page.getByRole('heading', { name: 'Change the API connection' }).waitFor(WAIT);
    await expect.poll(() => page.getByLabel('API base URL (optional)').inputValue()).toBe(api?.url);
    await page.getByLabel('API base URL (optional)').fill(app?.url as string);
    await page.getByLabel('API token').fill(local.token);
    await page.getByRole('button', { name: 'Save and start' }).click();

    await catalogCounts(page, 500).waitFor(WAIT);
    const remoteAsked = remote.log.length;
    const name = local.records('Product')[42]?.Name as string;
    await page.goto(`${app?.url}/`);
    await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
    await page.getByRole('list', { name: 'Search results' }).getByRole('button', { name }).first().waitFor(WAIT);
    // The worker carries it too: its pull and the page's reads went to this site's /api only.
    expect(local.log.some((e) => e.path.startsWith('/api/V2/Product') && e.headers.referer?.endsWith('/sw.js'))).toBe(
      true,
    );
    await page.goto(`${app?.url}/#/office/sync`);
    await page
      .getByRole('region', { name: 'API connection' })
      .getByText(app?.url as string)
      .waitFor(WAIT);

    const offline = offlineSwitch(context);
    await offline.down();
    await page.goto(`${app?.url}/`);
    await offline.afterNavigation(page);
    await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
    await page.getByRole('list', { name: 'Search results' }).getByRole('button', { name }).first().waitFor(WAIT);
    await offline.up();
    expect(remote.log.length).toBe(remoteAsked);
    // The address bar never carries the token after boot.
    expect(page.url()).not.toContain(encodeURIComponent(remote.token));
    expect(unexpected(problems).filter((text) => /Content Security Policy|CORS/i.test(text))).toEqual([]);
    await context.close();
  });
});
