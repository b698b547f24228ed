/**
 * Prints the recovery measurement (./recovery.ts) alone:
 *
 *   node test/tools/run-ts.mjs test/bench/recovery-cli.ts --outage 60
 */
import { parseArgs } from 'node:util';
import { wholeNumberFlags } from './flags.ts';
import { formatRecoveryRows, measureRecovery } from './recovery.ts';

const { values } = parseArgs({ options: { outage: { type: 'string', default: '60' } } });
// In whole seconds.
const outageMs = wholeNumberFlags(values, ['outage']).outage * 1_000;
const m = await measureRecovery({ outageMs });
console.log('\nRecovery without a person: headless Chromium, stand-in over HTTP, the browser online throughout\n');
for (const [name, value, note] of formatRecoveryRows(m))
  console.log(`  ${name.padEnd(56)} ${value.padStart(18)}  ${note}`);
