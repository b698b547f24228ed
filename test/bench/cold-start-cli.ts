/**
 * Prints the offline cold start measurement (./cold-start.ts): builds the app, serves it with the
 * stand-in and opens it in Chromium.
 *
 *   node test/tools/run-ts.mjs test/bench/cold-start-cli.ts --products 50000 --runs 5 [--rate 4]
 *
 * --rate throttles the page's CPU on the watched and typed reloads (fresh tabs, traced and
 * profiled reloads stay at full speed).
 */
import { parseArgs } from 'node:util';
import { serveApp } from '../browser/harness.ts';
import { formatColdStartRows, measureColdStart } from './cold-start.ts';
import { wholeNumberFlags } from './flags.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '50000' },
    runs: { type: 'string', default: '5' },
    rate: { type: 'string', default: '1' },
  },
});
const { products: productCount, runs, rate } = wholeNumberFlags(values, ['products', 'runs', 'rate']);

const app = await serveApp('bench-cold-start', { products: productCount });
try {
  const appUrl = app.appUrl();
  const measure = await measureColdStart(app.browser, appUrl, productCount, { runs, rate });
  console.log(
    `\nOffline cold start: ${productCount} products cached, median (min–max) of ${runs} reloads each, headless Chromium${rate === 1 ? '' : `; reloads at CPU ${rate}x, fresh tabs and traces at 1x`}\n`,
  );
  for (const [name, value, note] of formatColdStartRows(measure))
    console.log(`  ${name.padEnd(52)} ${value.padStart(22)}  ${note}`);
} finally {
  await app.close();
}
