/**
 * An account that answers discount reasons only at public material's spelling, DiscountReason
 * (issue 16, item 1), in real Chromium with the worker: the till's first pull meets a 404 at the
 * contract's DiscoutReason, finds the other spelling, keeps it, and sells with its reasons; after
 * a reload nothing asks the contract's spelling again, and the back office shows the spelling in
 * use. (Every other browser test runs against the contract's spelling.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogCounts, type ServedApp, serveApp, unexpected, WAIT, watchProblems } from './harness.ts';

describe('discount reasons at public material’s spelling', () => {
  let app: ServedApp;

  beforeAll(async () => {
    app = await serveApp('spellings', { products: 300, segments: { DiscountReason: 'DiscountReason' } });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('found after one 404, kept for page and worker, shown and chosen in the back office', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1024, height: 768 } });
    try {
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(app.appUrl());
      await catalogCounts(page, 300).waitFor(WAIT);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, WAIT);
      const { standin } = app;
      const reason = standin.records('DiscountReason')[0]?.Reason as string;
      await page.getByRole('button', { name: 'Discount' }).click();
      await page.getByRole('combobox', { name: 'Discount reason' }).selectOption({ label: reason });
      await page.keyboard.press('Escape');
      const contractAsked = () => standin.log.filter((e) => e.path.startsWith('/api/V2/DiscoutReason')).length;
      expect(contractAsked()).toBeGreaterThanOrEqual(1);
      expect(standin.log.some((e) => e.path.startsWith('/api/V2/DiscountReason') && e.status === 200)).toBe(true);

      // Kept: after a reload and a pull, only the spelling that answered is asked.
      const before = contractAsked();
      await page.reload();
      await catalogCounts(page, 300).waitFor(WAIT);
      await page.goto(`${app.server.url}/#/office/sync`);
      await page
        .getByRole('button', { name: /Sync now/ })
        .first()
        .click();
      await page
        .getByText(/^Catalog updated just now$/)
        .first()
        .waitFor(WAIT);
      const spelling = page.getByRole('combobox', { name: 'Discount reasons are at' });
      await expect.poll(() => spelling.inputValue(), WAIT).toBe('DiscountReason');
      expect(contractAsked()).toBe(before);

      // A manager's choice is kept too: back to the contract's, the next pull asks it (and finds it again).
      await spelling.selectOption('DiscoutReason');
      // The till starts again with the choice, on the same screen (the worker re-reads its context).
      await expect
        .poll(() => page.getByRole('combobox', { name: 'Discount reasons are at' }).inputValue(), WAIT)
        .toBe('DiscoutReason');
      await page
        .getByRole('button', { name: /Sync now/ })
        .first()
        .click();
      await expect.poll(contractAsked, WAIT).toBeGreaterThan(before);
      expect(unexpected(problems).filter((text) => !text.includes('404'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
