/**
 * Prints the interaction measurement (./interaction.ts) alone: builds the app, serves it with the
 * stand-in, opens it, the naive page and the bare page in Chromium and measures both at CPU rates 1, 4 and 6.
 *
 *   node test/tools/run-ts.mjs test/bench/interaction-cli.ts --products 50000 [--keystrokes 98 --taps 40 --reloads 5]
 */
import { parseArgs } from 'node:util';
import { serveApp } from '../browser/harness.ts';
import { wholeNumberFlags } from './flags.ts';
import { measureInteraction } from './interaction.ts';
import { formatInteractionRows, interactionTargets } from './interaction-figures.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '50000' },
    reloads: { type: 'string', default: '5' },
    keystrokes: { type: 'string', default: '98' },
    taps: { type: 'string', default: '40' },
  },
});
const {
  products: productCount,
  reloads,
  keystrokes,
  taps,
} = wholeNumberFlags(values, ['products', 'reloads', 'keystrokes', 'taps']);

const app = await serveApp('bench-interaction', { products: productCount });
try {
  const measure = await measureInteraction(app, productCount, { reloads, keystrokes, taps });
  const print = (title: string, rows: [string, string, string][]): void => {
    console.log(`\n${title}\n`);
    for (const [name, value, note] of rows) console.log(`  ${name.padEnd(52)} ${value.padStart(22)}  ${note}`);
  };
  print(
    `The tills shops own: ${productCount.toLocaleString('en-GB')} products, offline, app vs naive and bare pages at CPU 1x / 4x / 6x`,
    formatInteractionRows(measure),
  );
  print(
    'Targets (issue 26), printed, never asserted',
    interactionTargets(measure).map(([name, value, met]) => [name, value, met ? 'met' : 'MISSED']),
  );
} finally {
  await app.close();
}
