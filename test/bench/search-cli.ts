/**
 * Prints the search index measurement (./search.ts). Node 20 cannot load .ts, so bundle it first:
 *
 *   NODE_OPTIONS=--expose-gc node test/tools/run-ts.mjs test/bench/search-cli.ts --products 50000 --rounds 5
 *
 * --expose-gc lets it report the heap the index holds. It also times the cold start from a packed
 * index: pack, structuredClone, open and the first search.
 */
import { parseArgs } from 'node:util';
import { formatSearchMeasure, measureSearch } from './search.ts';

const { values } = parseArgs({ options: { products: { type: 'string' }, rounds: { type: 'string' } } });
console.log(
  formatSearchMeasure(
    await measureSearch({
      products: values.products === undefined ? undefined : Number(values.products),
      rounds: values.rounds === undefined ? undefined : Number(values.rounds),
    }),
  ),
);
