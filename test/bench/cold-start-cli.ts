/**
 * Prints the offline cold start measurement (./cold-start.ts): builds the app, serves it with the
 * stand-in and opens it in Chromium.
 *
 *   node test/tools/run-ts.mjs test/bench/cold-start-cli.ts --products 50000 --runs 5
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startServer } from '../server/server.ts';
import { createStandin } from '../standin/standin.ts';
import { buildTo } from '../tools/build.ts';
import { launchChromium } from '../tools/chromium.ts';
import { formatColdStartRows, measureColdStart } from './cold-start.ts';

const { values } = parseArgs({ options: { products: { type: 'string', default: '50000' }, runs: { type: 'string', default: '5' } } });
const productCount = Number(values.products);
const runs = Number(values.runs);

const standin = createStandin({ products: productCount });
// Undone in reverse order whatever fails, setup included.
const cleanups: (() => Promise<unknown>)[] = [];
try {
  const appDir = await mkdtemp(join(tmpdir(), 'epos-bench-app-'));
  cleanups.push(() => rm(appDir, { recursive: true, force: true }));
  await buildTo(appDir);
  const appServer = await startServer({ api: (request) => standin.fetch(request), staticDir: appDir });
  cleanups.push(() => appServer.close());
  const browser = await launchChromium();
  cleanups.push(() => browser.close());
  const appUrl = `${appServer.url}/?appToken=${encodeURIComponent(standin.token)}&deviceID=1&locationID=1&staffID=1`;
  const measure = await measureColdStart(browser, appUrl, productCount, { runs });
  console.log(`\nOffline cold start: ${productCount} products cached, median (min–max) of ${runs} reloads each, headless Chromium\n`);
  for (const [name, value, note] of formatColdStartRows(measure)) console.log(`  ${name.padEnd(52)} ${value.padStart(22)}  ${note}`);
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
