/**
 * A till's first visit over a shop's slow link: the built app and the stand-in behind the
 * throttling proxy (150 ms a request, 1.6 Mbit/s shared by the page and its worker), opened in a
 * fresh browser context as Epos Now opens it. Timed inside the page from navigation start: the
 * search box, the first search that lists a product (a name typed the moment the box exists), and
 * the whole catalog stored ("Catalog updated"). The requests and bytes the link carried, and the
 * product pages asked for against the pages the walk needs, say what the estimate's probe costs.
 * Figures are printed, never asserted.
 */
import type { OpenRecord } from '../../app/epos/records.ts';
import { serveApp } from '../browser/harness.ts';
import { startThrottle } from '../server/throttle.ts';
import { spread } from './search.ts';

/** Products of the figure (issue 13: under 3 s to the first searchable product). */
const PRODUCTS = 3_000;

/** One first visit, in ms from navigation start. */
export interface FirstVisitSample {
  boxMs: number;
  /** A typed search listed a product. */
  searchableMs: number;
  /** Every kind stored: the status says "Catalog updated". */
  wholeMs: number;
  /** What crossed the link: requests and body bytes (page, scripts, worker, API). */
  requests: number;
  bytes: number;
  /** Product pages asked for, and how many the walk itself needs (the rest are the probe's). */
  productPages: number;
  pagesNeeded: number;
}

/** What {@link measureFirstVisit} found. */
export interface FirstVisitMeasure {
  products: number;
  samples: FirstVisitSample[];
}

/** Opens the app `runs` times on a fresh till through the slow link. */
export async function measureFirstVisit({ runs }: { runs: number }): Promise<FirstVisitMeasure> {
  const app = await serveApp('first-visit', { products: PRODUCTS });
  const throttle = await startThrottle({ target: app.server.url });
  try {
    const name = (app.standin.record('Product', 1) as OpenRecord & { Name: string }).Name;
    const url = app.appUrl().replace(app.server.url, throttle.url);
    const samples: FirstVisitSample[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await app.browser.newContext({ viewport: { width: 1024, height: 768 } });
      const page = await context.newPage();
      const before = { ...throttle.stats, log: app.standin.log.length };
      const now = (): Promise<number> => page.evaluate(() => performance.now());
      await page.goto(url, { waitUntil: 'commit' });
      const box = page.getByRole('searchbox', { name: 'Search products' });
      await box.waitFor({ timeout: 60_000 });
      const boxMs = await now();
      await box.fill(name);
      // Timed in the page the moment a result shows (Playwright's own polling would add its intervals).
      const searchableMs = await page.evaluate(
        (wanted) =>
          new Promise<number>((resolve) => {
            const found = (): boolean =>
              [...document.querySelectorAll('[aria-label="Product search"] li')].some((item) =>
                item.textContent?.includes(wanted),
              );
            if (found()) resolve(performance.now());
            new MutationObserver((_, observer) => {
              if (!found()) return;
              observer.disconnect();
              resolve(performance.now());
            }).observe(document.body, { childList: true, subtree: true, characterData: true });
          }),
        name,
      );
      await page.getByText(/^Catalog updated/).waitFor({ timeout: 120_000 });
      const wholeMs = await now();
      samples.push({
        boxMs,
        searchableMs,
        wholeMs,
        requests: throttle.stats.requests - before.requests,
        bytes: throttle.stats.bytes - before.bytes,
        productPages: app.standin.log.slice(before.log).filter((e) => e.path.startsWith('/api/V2/Product?page='))
          .length,
        // Full pages, then the short or empty one that ends the walk.
        pagesNeeded: Math.floor(PRODUCTS / 200) + 1,
      });
      await context.close();
    }
    return { products: PRODUCTS, samples };
  } finally {
    await throttle.close();
    await app.close();
  }
}

/** The table rows run.ts prints. */
export function formatFirstVisitRows({ samples }: FirstVisitMeasure): [string, string, string][] {
  const range = (pick: (s: FirstVisitSample) => number): string => {
    const times = samples.map(pick);
    const { median, max } = spread(times);
    return `${median.toFixed(0)} ms (${Math.min(...times).toFixed(0)}–${max.toFixed(0)})`;
  };
  const last = samples.at(-1) as FirstVisitSample;
  return [
    ['search box on screen', range((s) => s.boxMs), ''],
    ['first searchable product (a search lists one)', range((s) => s.searchableMs), 'target under 3,000 ms'],
    ['whole catalog stored', range((s) => s.wholeMs), ''],
    [
      'requests over the link (last run)',
      `${last.requests}`,
      `${(last.bytes / 1000).toFixed(0)} kB; product pages ${last.productPages} for the ${last.pagesNeeded} the walk needs`,
    ],
  ];
}
