/**
 * Prints the layout shift measurement (./layout-shift.ts) alone: builds the app, serves it with
 * the stand-in and opens it in Chromium.
 *
 *   node test/tools/run-ts.mjs test/bench/layout-shift-cli.ts --products 3000 [--throttle]
 *
 * `--throttle` loads the app through the throttling proxy (1.6 Mbit/s, 150 ms, the first-visit
 * bench's), watching each load up to 30 s: a first visit's catalog then arrives over ~12 s.
 */
import { parseArgs } from 'node:util';
import { serveApp } from '../browser/harness.ts';
import { startThrottle } from '../server/throttle.ts';
import { wholeNumberFlags } from './flags.ts';
import { formatLayoutShiftRows, measureLayoutShift } from './layout-shift.ts';

const { values } = parseArgs({
  options: { products: { type: 'string', default: '3000' }, throttle: { type: 'boolean', default: false } },
});
const { products: productCount } = wholeNumberFlags(values, ['products']);

const app = await serveApp('bench-layout-shift', { products: productCount });
const throttle = values.throttle ? await startThrottle({ target: app.server.url }) : undefined;
try {
  const url = throttle ? app.appUrl().replace(app.server.url, throttle.url) : app.appUrl();
  const samples = await measureLayoutShift(app.browser, url, productCount, throttle ? 30_000 : undefined);
  const link = throttle ? ', through 1.6 Mbit/s and 150 ms' : '';
  console.log(`\nLayout shift: ${productCount} products, headless Chromium${link}\n`);
  for (const [name, value, note] of formatLayoutShiftRows(samples))
    console.log(`  ${name.padEnd(52)} ${value.padStart(22)}  ${note}`);
} finally {
  await throttle?.close();
  await app.close();
}
