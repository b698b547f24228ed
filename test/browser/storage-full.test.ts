/**
 * A full disk, for real: Chromium's quota for the origin is cut below what the catalog needs, so
 * IndexedDB refuses the pull's writes with QuotaExceededError. The till must say so in words a
 * person can act on, and keep working with what it has.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogCounts, type ServedApp, serveApp, WAIT } from './harness.ts';
import { readTillDb } from './page-reads.ts';

const PRODUCTS = 3_000;

describe('storage full', () => {
  let app: ServedApp;

  beforeAll(async () => {
    app = await serveApp('quota', { products: PRODUCTS });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('a catalog that does not fit is reported as a full disk, and the small kinds still work', async (ctx) => {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // Room for the app shell and the small kinds, not for the products (about 2 MB).
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: app.server.url, quotaSize: 600 * 1024 });
    await page.goto(app.appUrl());

    const alert = page.getByRole('alert').filter({ hasText: /storage is full/ });
    // Chromium 150 keeps the override for the page's storage but not the worker's, which stores
    // the catalog (measured: a page's 1.5 MB write refused, the worker's 2 MB of products kept).
    // There the whole catalog is stored and there is no full disk to meet: the test says so, and
    // runs on a Chromium that applies it (156 does).
    const ignored = await Promise.race([
      alert.waitFor(WAIT).then(() => false),
      catalogCounts(page, PRODUCTS)
        .first()
        .waitFor(WAIT)
        .then(() => true),
    ]);
    if (ignored && !(await alert.isVisible())) {
      await context.close();
      ctx.skip(
        `Chromium ${app.browser.version()} does not apply Storage.overrideQuotaForOrigin to the service worker: all ${PRODUCTS} products were stored under 600 KiB`,
      );
    }
    await alert.waitFor(WAIT);
    expect(await alert.textContent()).toMatch(/Free some space on the till and try again/);
    expect(await alert.textContent()).not.toContain(app.standin.token);
    // The kinds that fitted were stored; the products' previous (empty) snapshot stands.
    const [meta] = (await readTillDb(page, [{ store: 'meta' }])) as [
      { kind: string; count: number; lastError: string | null }[],
    ];
    const counts = Object.fromEntries(meta.map((m) => [m.kind, { count: m.count, failed: m.lastError !== null }]));
    expect(counts.TenderType).toEqual({ count: app.standin.records('TenderType').length, failed: false });
    expect(counts.Product).toMatchObject({ count: 0, failed: true });
    await context.close();
  });
});
