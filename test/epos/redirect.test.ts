/**
 * Redirects over real HTTP (Node's fetch follows them as a browser does): an answer from another
 * origin is never used, a same-origin redirect is, and a write is never sent on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../app/epos/client.ts';
import { BadResponseError } from '../../app/epos/errors.ts';
import { createTransport } from '../../app/epos/http.ts';
import { readAll } from '../../app/store/catalog.ts';
import { pullCatalog } from '../../sw/pull.ts';
import { type RunningServer, startServer } from '../server/server.ts';
import { createStandin } from '../standin/standin.ts';
import { freshDb } from '../store/fixture.ts';
import { failure } from './failure.ts';

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

/** The stand-in over HTTP, and a second origin that answers every API request `[]` and notes the Authorization it got. */
async function twoOrigins() {
  const standin = createStandin({ products: 450 });
  const seen: (string | null)[] = [];
  const api = await startServer({ api: (request) => standin.fetch(request) });
  const other = await startServer({
    api: async (request) => {
      seen.push(request.headers.get('Authorization'));
      return new Response('[]', { headers: { 'Content-Type': 'application/json' } });
    },
  });
  running.push(api, other);
  return { standin, api, other, seen, client: createClient({ baseUrl: api.url, token: standin.token }) };
}

describe('redirects', () => {
  it('a list redirected to another origin that answers [] fails the pull; the tender types stay, and the token stayed home', async () => {
    const { standin, other, seen, client } = await twoOrigins();
    const db = await freshDb();
    await pullCatalog({ db, client });
    standin.faults.add({
      match: { kind: 'TenderType' },
      type: 'redirect',
      location: `${other.url}/api/V2/TenderType/?page=1`,
    });

    const [tenders] = await pullCatalog({ db, client }, ['TenderType']);
    expect(tenders?.ok).toBe(false);
    expect(tenders?.error).toMatch(
      /redirected to another origin \(http:\/\/127\.0\.0\.1:\d+\); its answer is not Epos Now's/,
    );
    expect(await readAll(db, 'TenderType')).toEqual(standin.records('TenderType'));
    expect(seen).toEqual([null]);
  });

  it('a GET redirected within the same origin is followed', async () => {
    const { standin, api, client } = await twoOrigins();
    standin.faults.add({
      match: { path: '/api/V2/TenderType/?page=1' },
      type: 'redirect',
      status: 301,
      location: `${api.url}/api/V2/TenderType/?page=1&moved=1`,
      times: 1,
    });
    expect(await client.list('TenderType', 1)).toEqual(standin.records('TenderType'));
  });

  it.each([307, 302])(
    'a write answered %i is not sent on, and the answer is not taken for the record',
    async (status) => {
      const { standin, api, other, seen, client } = await twoOrigins();
      standin.faults.add({
        match: { method: 'PUT' },
        type: 'redirect',
        status,
        location: `${other.url}/api/V2/Product/1`,
      });
      const error = await failure(client.update('Product', 1, { Name: 'Renamed' }));
      expect(error).toBeInstanceOf(BadResponseError);
      expect(error.message).toContain(
        `PUT /api/V2/Product/1: ${status} answer unusable: the answer was a redirect to ${other.url}/api/V2/Product/1`,
      );
      expect(seen).toEqual([]);
      expect(api.url).not.toBe(other.url);
    },
  );

  it('in a browser a write\u2019s redirect is opaque, and refused all the same', async () => {
    const opaque = Object.defineProperty(new Response(null, { status: 200 }), 'type', { value: 'opaqueredirect' });
    const asked: RequestInit[] = [];
    const transport = createTransport({
      baseUrl: 'http://shop.test',
      token: 'dG9rZW4=',
      fetch: async (_input, init) => {
        asked.push(init ?? {});
        return opaque;
      },
    });
    const error = await failure(transport.send('POST', '/api/V2/Customer', { body: '{}' }));
    expect(error).toBeInstanceOf(BadResponseError);
    expect(error.message).toMatch(/the answer was a redirect; a write is not sent on/);
    expect(asked[0]?.redirect).toBe('manual');
  });
});
