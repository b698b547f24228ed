/**
 * The discount-reason spelling (issue 16, item 1): the contract spells the segment
 * `DiscoutReason`, public material `DiscountReason`. A client that meets a 404 on a kind's list
 * where another spelling is known tries that one once, keeps the one that answered, and says so.
 */
import { describe, expect, it } from 'vitest';
import { createClient } from '../../app/epos/client.ts';
import { NotFoundError } from '../../app/epos/errors.ts';
import { ALTERNATIVE_SEGMENTS } from '../../app/epos/kinds.ts';
import type { SegmentOverrides } from '../../app/epos/paths.ts';
import { inProcessFetch } from '../standin/in-process.ts';
import { createStandin } from '../standin/standin.ts';

function clientOf(standinSegments: SegmentOverrides | undefined, segments?: SegmentOverrides) {
  const standin = createStandin({ products: 10, ...(standinSegments ? { segments: standinSegments } : {}) });
  const found: [string, string][] = [];
  const client = createClient({
    baseUrl: 'http://standin.test',
    token: standin.token,
    fetch: inProcessFetch(standin),
    ...(segments ? { segments } : {}),
    onSegment: (kind, segment) => found.push([kind, segment]),
  });
  const asked = () => standin.log.map((e) => `${e.path.replace(/\?.*/, '')} ${e.status}`);
  return { standin, client, found, asked };
}

describe('a kind spelt another way by the account', () => {
  it('knows the public spelling of discount reasons as the one alternative', () => {
    expect(ALTERNATIVE_SEGMENTS).toEqual({ DiscountReason: ['DiscountReason'] });
  });

  it('an account that answers only DiscountReason: one 404, then the public spelling, kept and said once', async () => {
    const { client, found, asked } = clientOf({ DiscountReason: 'DiscountReason' });
    const reasons = await client.list('DiscountReason', 1);
    expect(reasons.length).toBeGreaterThan(0);
    expect(found).toEqual([['DiscountReason', 'DiscountReason']]);
    await client.list('DiscountReason', 1);
    await client.get('DiscountReason', reasons[0]?.DiscountReasonID as number);
    expect(asked()).toEqual([
      '/api/V2/DiscoutReason/ 404',
      '/api/V2/DiscountReason/ 200',
      '/api/V2/DiscountReason/ 200',
      `/api/V2/DiscountReason/${reasons[0]?.DiscountReasonID} 200`,
    ]);
    expect(found).toHaveLength(1);
  });

  it('an account that answers the contract’s spelling asks nothing more, whichever the till started with', async () => {
    const plain = clientOf(undefined);
    await plain.client.list('DiscountReason', 1);
    expect(plain.asked()).toEqual(['/api/V2/DiscoutReason/ 200']);
    expect(plain.found).toEqual([]);
    // A till told DiscountReason (the build, the back office) finds its way back to the contract's.
    const told = clientOf(undefined, { DiscountReason: 'DiscountReason' });
    await told.client.list('DiscountReason', 1);
    expect(told.asked()).toEqual(['/api/V2/DiscountReason/ 404', '/api/V2/DiscoutReason/ 200']);
    expect(told.found).toEqual([['DiscountReason', 'DiscoutReason']]);
  });

  it('pages asked together (a walk) share the one search, and each asks again with what it found', async () => {
    const { client, found, asked } = clientOf({ DiscountReason: 'DiscountReason' });
    const reasons = await client.listAll('DiscountReason', { concurrency: 4, expectedRecords: 1_000 });
    expect(reasons.length).toBeGreaterThan(0);
    expect(found).toEqual([['DiscountReason', 'DiscountReason']]);
    // Every page tried the contract's spelling once and the public one once; only page 1 searched.
    const pages = asked().length;
    expect(asked().filter((line) => line === '/api/V2/DiscoutReason/ 404')).toHaveLength(pages / 2);
    expect(asked().filter((line) => line === '/api/V2/DiscountReason/ 200')).toHaveLength(pages / 2);
  });

  it('a 404 with no spelling that answers is the 404, tried once; a kind with no alternative is not retried', async () => {
    const { client, standin, found, asked } = clientOf({ DiscountReason: 'Reasons' });
    // The 404 that stands is the first one, at the spelling in use.
    await expect(client.list('DiscountReason', 1)).rejects.toMatchObject({
      name: 'NotFoundError',
      path: '/api/V2/DiscoutReason/?page=1',
    });
    await expect(client.list('DiscountReason', 1)).rejects.toBeInstanceOf(NotFoundError);
    expect(asked()).toEqual([
      '/api/V2/DiscoutReason/ 404',
      '/api/V2/DiscountReason/ 404',
      '/api/V2/DiscoutReason/ 404',
    ]);
    expect(found).toEqual([]);
    standin.faults.add({ match: { path: '/api/V2/TenderType' }, type: 'status', status: 404 });
    await expect(client.list('TenderType', 1)).rejects.toBeInstanceOf(NotFoundError);
    expect(asked().at(-1)).toBe('/api/V2/TenderType/ 404');
  });

  it('only a 404 starts the search; any other failure, at either spelling, is what the call fails with', async () => {
    const broken = clientOf(undefined);
    broken.standin.faults.add({ match: { path: '/api/V2/DiscoutReason' }, type: 'status', status: 500, times: 1 });
    await expect(broken.client.list('DiscountReason', 1)).rejects.toMatchObject({ status: 500 });
    expect(broken.asked()).toEqual(['/api/V2/DiscoutReason/ 500']);

    const failing = clientOf({ DiscountReason: 'DiscountReason' });
    failing.standin.faults.add({ match: { path: '/api/V2/DiscountReason' }, type: 'status', status: 503, times: 1 });
    await expect(failing.client.list('DiscountReason', 1)).rejects.toMatchObject({ status: 503 });
    expect(failing.found).toEqual([]);
  });

  it('a 404 at the spelling already found is a 404, asked once; a client told nothing still finds it', async () => {
    const { client, standin, asked } = clientOf({ DiscountReason: 'DiscountReason' });
    await client.list('DiscountReason', 1);
    standin.faults.add({ match: { path: '/api/V2/DiscountReason/?page=2' }, type: 'status', status: 404 });
    await expect(client.list('DiscountReason', 2)).rejects.toBeInstanceOf(NotFoundError);
    expect(asked().slice(2)).toEqual(['/api/V2/DiscountReason/ 404']);

    const quiet = createStandin({ products: 10, segments: { DiscountReason: 'DiscountReason' } });
    const untold = createClient({ baseUrl: 'http://standin.test', token: quiet.token, fetch: inProcessFetch(quiet) });
    expect((await untold.list('DiscountReason', 1)).length).toBeGreaterThan(0);
  });
});
