/**
 * Prints the request budget (./request-budget.ts) alone:
 *
 *   node test/tools/run-ts.mjs test/bench/request-budget-cli.ts --products 50000 --refresh 15 --open 12
 */
import { parseArgs } from 'node:util';
import { wholeNumberFlags } from './flags.ts';
import { formatRequestBudgetRows, measureRequestBudget } from './request-budget.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '50000' },
    refresh: { type: 'string', default: '15' },
    open: { type: 'string', default: '12' },
  },
});
const { products, refresh, open } = wholeNumberFlags(values, ['products', 'refresh', 'open']);
const budget = await measureRequestBudget({ products, refreshMinutes: refresh, openHours: open });
console.log(
  `\nRequest budget: ${budget.products.toLocaleString('en-GB')} products, one till, counted on the stand-in\n`,
);
for (const [name, value, note] of formatRequestBudgetRows(budget))
  console.log(`  ${name.padEnd(48)} ${value.padStart(10)}  ${note}`);
