/** The first walk's estimate: the last page found by doubling, then halving, page numbers. */
import { describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../app/epos/kinds.ts';
import { createProbe } from '../../sw/pull-estimate.ts';
import { standinClient } from '../store/fixture.ts';

describe('the estimate of a first walk', () => {
  for (const [products, requests] of [
    [200, 1],
    [201, 1],
    [400, 3],
    [3_000, 7],
    [10_001, 11],
  ] as const) {
    it(`finds ${products} products exactly in ${requests} requests`, async () => {
      const { standin, client } = standinClient({ products });
      const probe = createProbe((page, options) => client.list('Product', page, options));
      expect(await probe.estimate()).toBe(products);
      expect(standin.log).toHaveLength(requests);
      probe.stop();
    });
  }

  it('answers the walk from the pages it asked for: none is asked twice', async () => {
    const { standin, client } = standinClient({ products: 3_000 });
    const probe = createProbe((page, options) => client.list('Product', page, options));
    await probe.estimate();
    const probed = standin.log.length;
    expect(await probe.fetchPage(8, {})).toHaveLength(PAGE_SIZE);
    expect(await probe.fetchPage(9, {})).toHaveLength(PAGE_SIZE);
    expect(standin.log).toHaveLength(probed + 1);
  });

  it('gives up on a server that answers every page full (one that ignores the page number)', async () => {
    const full = Array.from({ length: PAGE_SIZE }, (_, i) => ({ Id: i + 1 }));
    const asked: number[] = [];
    const probe = createProbe((page) => {
      asked.push(page);
      return Promise.resolve(full);
    });
    await expect(probe.estimate()).rejects.toThrow('page 65536 was still full: is paging ignored?');
    expect(asked.at(-1)).toBe(2 ** 16);
  });

  it('once stopped, aborts what it still has out', async () => {
    const { standin, client } = standinClient({ products: 3_000 });
    standin.faults.add({ type: 'latency', ms: 5_000 });
    const probe = createProbe((page, options) => client.list('Product', page, options));
    const estimate = probe.estimate();
    probe.stop();
    await expect(estimate).rejects.toThrow('the walk is over');
  });
});
