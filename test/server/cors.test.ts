import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStandin } from '../standin/standin.ts';
import { withCors } from './cors.ts';
import { type RunningServer, startServer } from './server.ts';

const TILL = 'http://127.0.0.1:40001';

describe('the API across origins (CORS), over a real socket', () => {
  const standin = createStandin({ products: 10 });
  let server: RunningServer;
  const auth = { Authorization: `Basic ${standin.token}` };
  beforeAll(async () => {
    server = await startServer({ api: withCors((request) => standin.fetch(request), [TILL]) });
  });
  afterAll(() => server.close());

  it('answers the preflight of an allowed origin, Authorization included', async () => {
    const answer = await fetch(`${server.url}/api/V2/Product?page=1`, {
      method: 'OPTIONS',
      headers: {
        Origin: TILL,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(TILL);
    expect(answer.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(answer.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, DELETE');
  });

  it('marks an allowed origin\u2019s answers for it, with the headers the app reads', async () => {
    const answer = await fetch(`${server.url}/api/V2/Product?page=1`, { headers: { ...auth, Origin: TILL } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(TILL);
    expect(answer.headers.get('access-control-expose-headers')).toContain('Retry-After');
    expect(answer.headers.get('vary')).toContain('Origin');
    expect(((await answer.json()) as unknown[]).length).toBe(10);
  });

  it('gives any other origin nothing to read: no preflight, no CORS headers', async () => {
    const preflight = await fetch(`${server.url}/api/V2/Product?page=1`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const answer = await fetch(`${server.url}/api/V2/Product?page=1`, {
      headers: { ...auth, Origin: 'https://evil.example' },
    });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });
});
