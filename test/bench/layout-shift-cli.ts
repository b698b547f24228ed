/**
 * Prints the layout shift measurement (./layout-shift.ts) alone: builds the app, serves it with
 * the stand-in and opens it in Chromium.
 *
 *   node test/tools/run-ts.mjs test/bench/layout-shift-cli.ts --products 3000
 */
import { parseArgs } from 'node:util';
import { serveApp } from '../browser/harness.ts';
import { formatLayoutShiftRows, measureLayoutShift } from './layout-shift.ts';

const { values } = parseArgs({ options: { products: { type: 'string', default: '3000' } } });
const productCount = Number(values.products);

const app = await serveApp('bench-layout-shift', { products: productCount });
try {
  const samples = await measureLayoutShift(app.browser, app.appUrl(), productCount);
  console.log(`\nLayout shift: ${productCount} products, headless Chromium\n`);
  for (const [name, value, note] of formatLayoutShiftRows(samples))
    console.log(`  ${name.padEnd(52)} ${value.padStart(22)}  ${note}`);
} finally {
  await app.close();
}
