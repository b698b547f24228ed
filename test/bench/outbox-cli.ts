/**
 * Prints the outbox replay measurement (./outbox.ts), set up as run.ts does: the bench page and
 * the stand-in on one cross-origin-isolated origin, in headless Chromium.
 *
 *   node test/tools/run-ts.mjs test/bench/outbox-cli.ts --writes 1000 --runs 3
 *
 * --latency MS delays every write on the stand-in, as a real API's round trip would.
 */
import { parseArgs } from 'node:util';
import { createStandin } from '../standin/standin.ts';
import { launchChromium } from '../tools/chromium.ts';
import { openBenchPage } from './bench-page.ts';
import { wholeNumberFlags } from './flags.ts';
import { formatOutboxRows, measureOutbox } from './outbox.ts';

const { values } = parseArgs({
  options: {
    writes: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '4' },
    products: { type: 'string', default: '3000' },
    latency: { type: 'string', default: '0' },
  },
});

const { writes, runs, concurrency, products } = wholeNumberFlags(values, ['writes', 'runs', 'concurrency', 'products']);
const { latency } = wholeNumberFlags(values, ['latency'], 0);

const standin = createStandin({ products });
for (const method of latency > 0 ? ['POST', 'PUT'] : [])
  standin.faults.add({ match: { method }, type: 'latency', ms: latency });
const cleanups: (() => Promise<unknown>)[] = [];
try {
  const browser = await launchChromium();
  cleanups.push(() => browser.close());
  const { page } = await openBenchPage(browser, standin, cleanups);
  const m = await measureOutbox(page, standin, {
    writes,
    runs,
    concurrency,
  });
  console.log(
    `\nOutbox replay benchmark: ${m.entries} entries from ${m.writes} writes, median of ${m.runs} runs, headless Chromium, stand-in over HTTP${latency > 0 ? ` (+${latency} ms a write)` : ''}\n`,
  );
  for (const [name, value, note] of formatOutboxRows(m))
    console.log(`  ${name.padEnd(48)} ${value.padStart(20)}  ${note}`);
  console.log(
    `\n  all runs (ms): replay c1 ${m.replay.sequential.all.map(Math.round).join(' ')} | direct c1 ${m.direct.sequential.all.map(Math.round).join(' ')} | replay c${m.concurrency} ${m.replay.concurrent.all.map(Math.round).join(' ')} | direct c${m.concurrency} ${m.direct.concurrent.all.map(Math.round).join(' ')} | enqueue ${m.enqueue.totalMs.all.map(Math.round).join(' ')}`,
  );
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
