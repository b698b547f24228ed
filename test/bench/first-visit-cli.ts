/**
 * Prints the first-visit measurement (./first-visit.ts): 3,000 products through the throttling
 * proxy (150 ms, 1.6 Mbit/s), navigation to the first searchable product and to the whole catalog.
 *
 *   node test/tools/run-ts.mjs test/bench/first-visit-cli.ts --runs 3
 */
import { parseArgs } from 'node:util';
import { formatFirstVisitRows, measureFirstVisit } from './first-visit.ts';
import { wholeNumberFlags } from './flags.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const measured = await measureFirstVisit(wholeNumberFlags(values, ['runs']));
for (const [name, value, note] of formatFirstVisitRows(measured))
  console.log(`  ${name.padEnd(48)} ${value.padStart(24)}  ${note}`);
