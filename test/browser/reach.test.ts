/**
 * A shop's outage as it usually comes: the uplink dies behind live Wi-Fi. Every request to Epos
 * Now fails (the stand-in drops each connection unanswered) while the browser still says it is
 * online, never told otherwise. The status bar says Epos Now cannot be reached from the first
 * failed request, a save says "Saved on this till" at once rather than after the wait for an
 * answer that cannot come, and the bar says connected again after the next answered request.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../tools/build.ts';
import { catalogCounts, type ServedApp, serveApp, WAIT, watchProblems } from './harness.ts';

const PRODUCTS = 450;
const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');

describe('Epos Now unreachable while the browser says online', () => {
  let app: ServedApp;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    app = await serveApp('reach', { products: PRODUCTS });
    context = await app.browser.newContext({ viewport: { width: 1024, height: 768 } });
    page = await context.newPage();
    watchProblems(page);
    await page.goto(app.appUrl());
    await catalogCounts(page, PRODUCTS).waitFor(WAIT);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, WAIT);
  });

  afterAll(async () => {
    await context?.close();
    await app?.close();
  });

  const connection = () => page.getByRole('status', { name: 'Connection' });

  it('says so within seconds of the first failed request, saves at once, and says connected after the next answer', async () => {
    const { standin } = app;
    await connection().filter({ hasText: 'Connected to Epos Now' }).waitFor(WAIT);

    standin.faults.add({ type: 'drop-before-apply' });
    // The first request of the outage: a person's "Sync now" (any of the worker's requests would do).
    const pressed = Date.now();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await connection().filter({ hasText: 'Can\u2019t reach Epos Now since' }).waitFor({ timeout: 5_000 });
    const told = Date.now() - pressed;
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);

    await page.getByRole('button', { name: 'New customer' }).click();
    await page.getByRole('textbox', { name: 'Forename' }).fill('Uma');
    await page.getByRole('textbox', { name: 'Surname' }).fill('Uplink');
    const saved = Date.now();
    await page.getByRole('button', { name: 'Create customer' }).click();
    await page.getByText('Saved on this till', { exact: false }).waitFor(WAIT);
    const kept = Date.now() - saved;
    console.log(
      `Epos Now unreachable, browser online: bar said so ${told} ms after Sync now; Save to "Saved on this till" ${kept} ms`,
    );
    expect(kept).toBeLessThan(500);
    await connection().filter({ hasText: 'selling from this till, 1 change waiting' }).waitFor(WAIT);
    expect(standin.records('Customer').filter((c) => c.Surname === 'Uplink')).toEqual([]);
    // How the bar says it, on a till and on a phone (test-results/screenshots).
    await mkdir(SCREENSHOTS, { recursive: true });
    for (const width of [1024, 390]) {
      await page.setViewportSize({ width, height: 768 });
      await page.screenshot({ path: join(SCREENSHOTS, `reach-unreachable-${width}.png`) });
    }
    await page.setViewportSize({ width: 1024, height: 768 });

    standin.faults.clear();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await connection().filter({ hasText: 'Connected to Epos Now' }).waitFor(WAIT);
    // The first answer after the outage sends what was kept.
    await page.getByRole('status', { name: 'Changes' }).filter({ hasText: 'All changes saved' }).waitFor(WAIT);
    expect(standin.records('Customer').filter((c) => c.Surname === 'Uplink')).toMatchObject([
      { Forename: 'Uma', Surname: 'Uplink' },
    ]);
  });
});
