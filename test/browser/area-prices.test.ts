/**
 * The till's area prices in Chromium (issue 23, item 3): Epos Now opens the till with
 * `locationAreaID`, and a product with a ProductLocationAreaPrice for that area is shown, added and
 * kept at that price; without the parameter, at its own. The area prices are a cached kind, so a
 * reload offline (the stored context keeps the area) still sells at them, whichever way the link
 * went down: the browser's offline switch, or a dead uplink black-holing or resetting every
 * connection while the browser says it is online. Top-level pages: the framed till is
 * test/browser's host tests.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recordId } from '../../app/epos/ids.ts';
import type { OpenRecord } from '../../app/epos/records.ts';
import { catalogCounts, type ServedApp, serveApp, unexpected, WAIT, watchProblems } from './harness.ts';
import { linkFor, OUTAGES } from './outages.ts';

const PRODUCTS = 450;
const gbp = (major: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(major);

describe('area prices in Chromium', () => {
  let app: ServedApp;
  const contexts: BrowserContext[] = [];
  /** A product the stand-in prices differently in one area, its name found once in the catalog. */
  let priced: { name: string; area: number; areaPrice: string; twiceAreaPrice: string; ownPrice: string };

  beforeAll(async () => {
    app = await serveApp('area-prices', { products: PRODUCTS, outage: true });
    const prices = app.standin.records('ProductLocationAreaPrice');
    // The newest record of a product in an area is the one that counts (till/area-price.ts).
    const newest = prices.filter(
      (price) =>
        !prices.some(
          (other) =>
            other.ProductID === price.ProductID &&
            other.LocationAreaID === price.LocationAreaID &&
            (recordId('ProductLocationAreaPrice', other) as number) >
              (recordId('ProductLocationAreaPrice', price) as number),
        ),
    );
    const price = newest.find((p) => app.standin.record('Product', p.ProductID as number)?.SalePrice !== p.SalePrice);
    if (!price) throw new Error('the stand-in seeded no area price that differs from its product\u2019s');
    // Seeded names repeat ("Cola" ten times): one of its own, so the search finds this product alone.
    const product = app.standin.put('Product', {
      ...(app.standin.record('Product', price.ProductID as number) as OpenRecord),
      Name: 'Terrace Quince Spritz',
    });
    priced = {
      name: product.Name as string,
      area: price.LocationAreaID as number,
      areaPrice: gbp(price.SalePrice as number),
      twiceAreaPrice: gbp(2 * (price.SalePrice as number)),
      ownPrice: gbp(product.SalePrice as number),
    };
    expect(priced.areaPrice).not.toBe(priced.ownPrice);
  });

  // A test that failed with the uplink dead must not take the next one down with it.
  afterEach(() => app?.outage?.set('pass'));

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await app?.close();
  });

  async function till(query = ''): Promise<{ page: Page; context: BrowserContext; problems: string[] }> {
    const context = await app.browser.newContext({ viewport: { width: 1024, height: 768 } });
    contexts.push(context);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${app.appUrl()}${query}`);
    await page.getByText(/^Catalog updated (just now|1 min ago)$/).waitFor(WAIT);
    return { page, context, problems };
  }

  /** Searches for the product, checks its tile shows `price`, adds it, and returns its basket line's text. */
  async function sell(page: Page, price: string): Promise<string | null> {
    await page.getByRole('searchbox', { name: 'Search products' }).fill(priced.name);
    await page
      .getByRole('list', { name: 'Search results' })
      .getByRole('button', { name: `${priced.name} ${price}`, exact: true })
      .click();
    const line = page
      .getByRole('list', { name: 'Basket lines' })
      .getByRole('listitem')
      .filter({ hasText: priced.name });
    await line.waitFor(WAIT);
    return line.textContent();
  }

  it.each(OUTAGES)(
    'a till opened with locationAreaID sells a product at its area price, and still does after a reload with the link down (%s)',
    async (kind) => {
      const { page, context, problems } = await till(`&locationAreaID=${priced.area}`);
      expect(await sell(page, priced.areaPrice)).toContain(`${priced.name}−1+${priced.areaPrice}`);
      expect(await page.getByText(/This area\u2019s prices/).count()).toBe(0);

      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, WAIT);
      const link = linkFor(kind, app, context);
      await link.down();
      // The address bar has lost the token, so the till starts from the stored context, area and all.
      await page.reload();
      await link.afterNavigation(page);
      await page
        .getByRole('status', { name: 'Connection' })
        .filter({ hasText: 'Can\u2019t reach Epos Now' })
        .waitFor(WAIT);
      await catalogCounts(page, PRODUCTS).waitFor(WAIT);
      // The kept line and one more, both at the area's price.
      expect(await sell(page, priced.areaPrice)).toContain(`${priced.name}−2+${priced.twiceAreaPrice}`);
      await link.up();
      expect(unexpected(problems)).toEqual([]);
    },
  );

  it('a till opened without it sells the same product at its own price', async () => {
    const { page, problems } = await till();
    expect(await sell(page, priced.ownPrice)).toContain(`${priced.name}−1+${priced.ownPrice}`);
    expect(unexpected(problems)).toEqual([]);
  });
});
