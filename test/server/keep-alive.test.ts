/**
 * drop-after-apply on a reused keep-alive connection, through the real HTTP server: the server
 * keeps connections alive and tells the stand-in which requests came on a reused one. Node's own
 * fetch (undici) does not resend a POST, so it sees the network error and one record exists; a
 * browser does resend (test/browser/resend.test.ts).
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Fault } from '../standin/faults.ts';
import type { Standin } from '../standin/standin.ts';
import { serveStandin } from './served-standin.ts';
import type { RunningServer } from './server.ts';

/** The fault under test: the first POST of a Customer that arrives on a reused connection. */
const RESEND_TRAP: Fault = {
  type: 'drop-after-apply',
  reusedConnectionOnly: true,
  match: { method: 'POST', kind: 'Customer' },
  times: 1,
};

describe('drop-after-apply on a reused connection', () => {
  let standin: Standin;
  let server: RunningServer;
  let headers: Record<string, string>;

  beforeAll(async () => {
    let auth: Record<string, string>;
    ({ standin, server, auth } = await serveStandin());
    headers = { ...auth, 'content-type': 'application/json' };
  });

  afterAll(async () => {
    await server?.close();
  });

  beforeEach(() => {
    standin.faults.clear();
  });

  const customers = (forename: string) => standin.records('Customer').filter((c) => c.Forename === forename);
  const posts = (forename: string) => standin.log.filter((e) => e.method === 'POST' && e.body.includes(forename));

  it("fails Node's fetch once the connection was reused, and the create landed once", async () => {
    // Warms a keep-alive connection; undici's pool reuses it for the POST once the answer is read.
    const warm = await fetch(`${server.url}/api/V2/TenderType/1`, { headers });
    expect(await warm.json()).toMatchObject({ TypeID: 1 });
    // undici puts the connection back in its pool a turn after the body is read; sent at once, the POST would open another.
    await new Promise((resolve) => setImmediate(resolve));
    standin.faults.add(RESEND_TRAP);
    const failed = await fetch(`${server.url}/api/V2/Customer`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ Forename: 'Undici' }),
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(TypeError);
    expect(customers('Undici')).toHaveLength(1);
    expect(posts('Undici')).toEqual([expect.objectContaining({ status: 0, fault: 'drop-after-apply' })]);
    expect(standin.faults.active).toEqual([]);
  });

  it('does not fire for the first request of a connection', async () => {
    standin.faults.add(RESEND_TRAP);
    const status = await postOnFreshConnection(
      server.url,
      '/api/V2/Customer',
      headers,
      JSON.stringify({ Forename: 'Fresh' }),
    );
    expect(status).toBe(201);
    expect(customers('Fresh')).toHaveLength(1);
    expect(posts('Fresh')).toEqual([expect.objectContaining({ status: 201 })]);
    expect(posts('Fresh')[0]).not.toHaveProperty('fault');
    expect(standin.faults.active).toEqual([RESEND_TRAP]);
  });

  it('belongs to drop-after-apply alone', () => {
    expect(() => standin.faults.add({ type: 'drop-before-apply', reusedConnectionOnly: true })).toThrow(RangeError);
  });
});

/** A POST on a connection of its own (no agent, no keep-alive pool), resolving to its status. */
function postOnFreshConnection(
  url: string,
  path: string,
  headers: Record<string, string>,
  body: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${url}${path}`, { method: 'POST', headers, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end(body);
  });
}
