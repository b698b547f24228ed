/**
 * The back office's record form in real Chromium on a phone-sized screen, with the real writer,
 * outbox and worker: a bad price is refused at its field (focused, on screen, nothing sent), and
 * the fixed product reaches the stand-in with its numbers as numbers.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServedApp, serveApp, unexpected, WAIT, watchProblems } from './harness.ts';

describe('record form in Chromium', () => {
  let app: ServedApp | undefined;
  let page: Page;
  let problems: string[] = [];

  beforeAll(async () => {
    app = await serveApp('record-form', { products: 50 });
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 } });
    page = await context.newPage();
    problems = watchProblems(page);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('refuses a bad price at its field, then creates the product with numbers as numbers', async () => {
    const { standin, server } = app as ServedApp;
    await page.goto((app as ServedApp).appUrl());
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, WAIT);
    await page.goto(`${server.url}/#/office/records`);
    await page.getByRole('button', { name: 'New Product record' }).click(WAIT);

    await page.getByRole('textbox', { name: 'Name (required)' }).fill('Rhubarb Tart');
    const price = page.getByRole('textbox', { name: 'Sale price' });
    await price.fill('2,50');
    await page.getByRole('textbox', { name: 'Category ID' }).fill('4');
    const posts = () => standin.log.filter((request) => request.method === 'POST').length;
    const before = posts();
    await page.getByRole('button', { name: 'Create', exact: true }).click();

    await expect.poll(() => price.evaluate((input) => input === document.activeElement), WAIT).toBe(true);
    expect(await price.getAttribute('aria-invalid')).toBe('true');
    expect(await price.evaluate((input) => (input as HTMLInputElement).validationMessage)).toBe('');
    const described = await price.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${described}"]`).textContent()).toBe('Sale price must be a number.');
    // The field to fix is on screen, not somewhere above it.
    expect(await price.evaluate((input) => input.getBoundingClientRect().top >= 0)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(posts()).toBe(before);

    await price.fill('2.50');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect
      .poll(() => standin.records('Product').find((p) => p.Name === 'Rhubarb Tart'), WAIT)
      .toMatchObject({
        SalePrice: 2.5,
        CategoryID: 4,
        SellOnTill: true,
        CostPrice: null,
      });
    expect(unexpected(problems)).toEqual([]);
  });
});
