import { describe, expect, it } from 'vitest';
import { createClient } from '../../app/epos/client.ts';
import { NetworkError } from '../../app/epos/errors.ts';
import type { Customer } from '../../app/epos/records.ts';
import { searchCustomers } from '../../app/page/customer-search.ts';
import { inProcessFetch } from '../standin/in-process.ts';
import { createStandin } from '../standin/standin.ts';

function setup(customers?: (standin: ReturnType<typeof createStandin>) => void) {
  const standin = createStandin({ products: 10 });
  customers?.(standin);
  const client = createClient({ baseUrl: 'http://standin.test', token: standin.token, fetch: inProcessFetch(standin) });
  const asked = () => standin.log.filter((request) => request.path.startsWith('/api/V2/Customer')).map((r) => r.path);
  return { standin, client, asked };
}

const person = (Forename: string, Surname: string): Partial<Customer> => ({ Forename, Surname });

describe('searching the customers online', () => {
  it('walks the list to its end for a rare name: 2 requests for the stand-in\u2019s 200 customers', async () => {
    const { client, asked, standin } = setup();
    const patels = standin
      .records('Customer')
      .filter((record) => `${record.Forename} ${record.Surname}`.includes('Noah Patel'))
      .map((record) => record.CustomerID);
    const found = await searchCustomers(client, 'noah pat');
    expect(found.matches.map((customer) => customer.id)).toEqual(patels);
    expect(found.matches[0]).toMatchObject({ id: 7, name: 'Noah Patel', phone: '07700 900312' });
    expect(found.stopped).toBe('end');
    // A full page of 200 says nothing of the next: the empty page 2 ends the walk.
    expect(asked()).toEqual(['/api/V2/Customer/?page=1', '/api/V2/Customer/?page=2']);
  });

  it('stops as soon as it has enough matches', async () => {
    const { client, asked } = setup();
    const found = await searchCustomers(client, '07700', { want: 5 });
    expect(found.matches).toHaveLength(5);
    expect(found.stopped).toBe('enough');
    expect(asked()).toEqual(['/api/V2/Customer/?page=1']);
  });

  it('stops at its page cap on a long list, and says so', async () => {
    const { client, asked } = setup((standin) => {
      for (let i = 0; i < 700; i++) standin.put('Customer', person('Walk', `In ${i}`));
      standin.put('Customer', person('Zed', 'Last'));
    });
    const found = await searchCustomers(client, 'zed', { maxPages: 3 });
    expect(found).toEqual({ matches: [], stopped: 'cap', pages: 3 });
    expect(asked()).toHaveLength(3);
    expect((await searchCustomers(client, 'zed last', { maxPages: 5 })).matches).toHaveLength(1);
  });

  it('finds by card number, and nothing for a query too short to ask, without a request', async () => {
    const { client, asked } = setup();
    expect((await searchCustomers(client, '633700100259')).matches.map((customer) => customer.id)).toEqual([7]);
    const before = asked().length;
    expect(await searchCustomers(client, 'n')).toEqual({ matches: [], stopped: 'end', pages: 0 });
    expect(asked()).toHaveLength(before);
  });

  it('a failure is the caller\u2019s to word: the client\u2019s error, not an empty result', async () => {
    const { client, standin } = setup();
    standin.faults.add({ type: 'status', status: 503, match: { path: '/api/V2/Customer/?page=1' } });
    await expect(searchCustomers(client, 'noah')).rejects.toMatchObject({ code: 'server' });
    const offline = {
      list: () =>
        Promise.reject(new NetworkError({ method: 'GET', path: '/api/V2/Customer/?page=1' }, 'offline', false)),
    };
    await expect(searchCustomers(offline, 'noah')).rejects.toBeInstanceOf(NetworkError);
  });

  it('stops when its signal aborts', async () => {
    const { client } = setup();
    const controller = new AbortController();
    controller.abort(new DOMException('a newer search', 'AbortError'));
    await expect(searchCustomers(client, 'noah', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
