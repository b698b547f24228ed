/**
 * Prints the offline cold start measurement (./cold-start.ts): builds the app, serves it with the
 * stand-in and opens it in Chromium.
 *
 *   node test/tools/run-ts.mjs test/bench/cold-start-cli.ts --products 50000 --runs 5
 */
import { parseArgs } from 'node:util';
import { serveApp } from '../browser/harness.ts';
import { formatColdStartRows, measureColdStart } from './cold-start.ts';
import { wholeNumberFlags } from './flags.ts';

const { values } = parseArgs({
  options: { products: { type: 'string', default: '50000' }, runs: { type: 'string', default: '5' } },
});
const { products: productCount, runs } = wholeNumberFlags(values, ['products', 'runs']);

const app = await serveApp('bench-cold-start', { products: productCount });
try {
  const appUrl = app.appUrl();
  const measure = await measureColdStart(app.browser, appUrl, productCount, { runs });
  console.log(
    `\nOffline cold start: ${productCount} products cached, median (min–max) of ${runs} reloads each, headless Chromium\n`,
  );
  for (const [name, value, note] of formatColdStartRows(measure))
    console.log(`  ${name.padEnd(52)} ${value.padStart(22)}  ${note}`);
} finally {
  await app.close();
}
