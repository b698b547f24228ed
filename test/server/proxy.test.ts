/** proxyTo: forwards to a real API base and relays the answer, and never logs the token. */

import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compressAnswer } from './compress.ts';
import { proxyTo } from './proxy.ts';
import { rawRequest } from './raw-request.ts';
import { type RunningServer, startServer } from './server.ts';

describe('proxyTo', () => {
  let upstream: RunningServer;
  let front: RunningServer;
  const seen: { url: string; auth: string | null; host: string | null; body: string }[] = [];

  beforeAll(async () => {
    upstream = await startServer({
      async api(request) {
        seen.push({
          url: request.url,
          auth: request.headers.get('authorization'),
          host: request.headers.get('host'),
          body: await request.text(),
        });
        return new Response('[{"ProductID":1}]', {
          status: 201,
          headers: { 'Content-Type': 'application/json', 'X-Upstream': 'yes' },
        });
      },
    });
    // The base carries a path prefix (kept under /api/ so the upstream server routes it to its handler).
    front = await startServer({ api: proxyTo(`${upstream.url}/api/gw/`) });
  });

  afterAll(async () => {
    await front?.close();
    await upstream?.close();
  });

  it('forwards method, path, query, body and Authorization, and relays status, headers and body', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const response = await fetch(`${front.url}/api/V2/Product?page=3`, {
        method: 'POST',
        headers: { Authorization: 'Basic c2VjcmV0LXRva2Vu', 'Content-Type': 'application/json' },
        body: '{"Name":"Tea"}',
      });
      expect(response.status).toBe(201);
      expect(response.headers.get('x-upstream')).toBe('yes');
      expect(await response.json()).toEqual([{ ProductID: 1 }]);
      expect(seen.at(-1)).toEqual({
        url: `${upstream.url}/api/gw/api/V2/Product?page=3`,
        auth: 'Basic c2VjcmV0LXRva2Vu',
        host: new URL(upstream.url).host,
        body: '{"Name":"Tea"}',
      });
      const logged = log.mock.calls.flat().join('\n');
      expect(logged).toContain('POST /api/gw/api/V2/Product?page=3 -> 201');
      expect(logged).not.toContain('c2VjcmV0LXRva2Vu');
    } finally {
      log.mockRestore();
    }
  });

  it('answers 502 when the base cannot be reached', async () => {
    const closed = await startServer({});
    const deadUrl = closed.url;
    await closed.close();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dead = await startServer({ api: proxyTo(deadUrl) });
    try {
      const response = await fetch(`${dead.url}/api/V2/Product?page=1`, {
        headers: { Authorization: 'Basic c2VjcmV0LXRva2Vu' },
      });
      expect(response.status).toBe(502);
      expect(((await response.json()) as { Message: string }).Message).toContain('could not reach');
      expect(error.mock.calls.flat().join('\n')).not.toContain('c2VjcmV0LXRva2Vu');
    } finally {
      error.mockRestore();
      await dead.close();
    }
  });

  it('sends a large answer compressed as the till accepts it, decoded from whatever coding the upstream used', async () => {
    const page = JSON.stringify(
      Array.from({ length: 200 }, (_, i) => ({ ProductID: i + 1, Name: `Product ${i + 1}` })),
    );
    const gzipped = await startServer({
      api: async (request) => compressAnswer(request, Response.json(JSON.parse(page))),
    });
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const proxied = await startServer({ api: proxyTo(gzipped.url) });
    try {
      const port = Number(new URL(proxied.url).port);
      const br = await rawRequest(port, '/api/V2/Product?page=1', 'GET', { 'accept-encoding': 'br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('Accept-Encoding');
      expect(br.body.length).toBeLessThan(page.length / 4);
      expect(brotliDecompressSync(br.body).toString()).toBe(page);
      const raw = await rawRequest(port, '/api/V2/Product?page=1', 'GET', {});
      expect(raw.headers['content-encoding']).toBeUndefined();
      expect(raw.body.toString()).toBe(page);
    } finally {
      log.mockRestore();
      await proxied.close();
      await gzipped.close();
    }
  });

  it('refuses a base that is not http(s)', () => {
    expect(() => proxyTo('ftp://example.test')).toThrow('http(s)');
  });
});
