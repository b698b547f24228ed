/** The stand-in's 'redirect' fault through the real HTTP server, to a second origin that answers []. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Standin } from '../standin/standin.ts';
import { type ForeignOrigin, startForeignOrigin } from './foreign-origin.ts';
import { serveStandin } from './served-standin.ts';
import type { RunningServer } from './server.ts';

describe('a cross-origin redirect', () => {
  let standin: Standin;
  let server: RunningServer;
  let foreign: ForeignOrigin;
  let headers: Record<string, string>;

  beforeAll(async () => {
    let auth: Record<string, string>;
    ({ standin, server, auth } = await serveStandin());
    foreign = await startForeignOrigin();
    headers = { ...auth, accept: 'application/json' };
  });

  afterAll(async () => {
    await server?.close();
    await foreign?.close();
  });

  it('is another origin', () => {
    expect(new URL(foreign.url).origin).not.toBe(new URL(server.url).origin);
  });

  it("lands on the other origin's [] when followed", async () => {
    standin.faults.add({
      type: 'redirect',
      location: `${foreign.url}/api/V2/TenderType?page=1`,
      match: { kind: 'TenderType' },
      times: 1,
    });
    const response = await fetch(`${server.url}/api/V2/TenderType?page=1`, { headers, redirect: 'follow' });
    expect([response.status, response.redirected, response.url]).toEqual([
      200,
      true,
      `${foreign.url}/api/V2/TenderType?page=1`,
    ]);
    expect(await response.json()).toEqual([]);
    expect(foreign.seen.at(-1)).toBe('GET /api/V2/TenderType?page=1');
    expect(standin.log.at(-1)).toMatchObject({ path: '/api/V2/TenderType?page=1', status: 302, fault: 'redirect' });
  });

  it('shows the 302 and its Location when not followed, and the other origin hears nothing', async () => {
    const before = foreign.seen.length;
    standin.faults.add({ type: 'redirect', location: `${foreign.url}/elsewhere`, times: 1 });
    const response = await fetch(`${server.url}/api/V2/TenderType?page=1`, { headers, redirect: 'manual' });
    expect([response.status, response.headers.get('location')]).toEqual([302, `${foreign.url}/elsewhere`]);
    expect(await response.text()).toBe('');
    expect(foreign.seen).toHaveLength(before);
  });

  it('answers a preflight for the headers API requests carry, and any GET with permissive CORS', async () => {
    const preflight = await fetch(`${foreign.url}/api/V2/Product?page=1`, {
      method: 'OPTIONS',
      headers: {
        origin: server.url,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization, content-type, accept');
    const get = await fetch(`${foreign.url}/anything/at/all`);
    expect([get.status, get.headers.get('access-control-allow-origin'), await get.json()]).toEqual([200, '*', []]);
  });
});
