import { describe, expect, it } from 'vitest';
import { wholeNumberFlags } from './flags.ts';

describe('wholeNumberFlags', () => {
  it('reads each named flag as a whole number', () => {
    // As parseArgs gives them: other flags beside the numbers.
    const values = { products: '50000', runs: '3', out: 'x.json' };
    expect(wholeNumberFlags(values, ['products', 'runs'])).toEqual({
      products: 50_000,
      runs: 3,
    });
  });

  it('names the first flag that is not a whole number from the least allowed', () => {
    expect(() => wholeNumberFlags({ products: '5e4x' }, ['products'])).toThrow(
      '--products must be a whole number from 1',
    );
    expect(() => wholeNumberFlags({ runs: '2.5' }, ['runs'])).toThrow('--runs must be a whole number from 1');
    expect(() => wholeNumberFlags({ runs: '0' }, ['runs'])).toThrow('--runs must be a whole number from 1');
    expect(() => wholeNumberFlags({}, ['runs'])).toThrow('--runs');
    expect(wholeNumberFlags({ latency: '0' }, ['latency'], 0)).toEqual({ latency: 0 });
    expect(() => wholeNumberFlags({ latency: '-1' }, ['latency'], 0)).toThrow(
      '--latency must be a whole number from 0',
    );
  });
});
