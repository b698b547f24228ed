/** The dev/test HTTP server: routing, the Request it builds, static files, dropped connections. */

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConnectionDropped } from '../standin/dropped.ts';
import { type RunningServer, startServer } from './server.ts';

/** What the API handler saw, echoed back as JSON. */
interface Echo {
  method: string;
  url: string;
  auth: string | null;
  type: string | null;
  body: string;
}

describe('startServer', () => {
  let base = '';
  let site = '';
  let server: RunningServer;

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'epos-server-'));
    site = join(base, 'site');
    await mkdir(join(site, 'assets'), { recursive: true });
    await writeFile(join(base, 'secret.txt'), 'outside the site');
    await writeFile(join(site, 'index.html'), '<!doctype html><title>x</title>');
    await writeFile(
      join(site, 'content-security-policy.txt'),
      "default-src 'self'; script-src 'self'; frame-ancestors https://*.eposnowhq.com\n",
    );
    await writeFile(join(site, 'sw.js'), 'self.x=1');
    await writeFile(join(site, 'assets', 'app-ABCDEFGH.js'), 'console.log(1)');
    await writeFile(join(site, 'assets', 'app-ABCDEFGH.css'), 'p{}');
    await writeFile(join(site, 'manifest.webmanifest'), '{}');
    await writeFile(join(site, 'icon.svg'), '<svg/>');
    server = await startServer({
      staticDir: site,
      async api(request) {
        const path = new URL(request.url).pathname;
        if (path.endsWith('/drop')) throw new ConnectionDropped(true);
        if (path.endsWith('/boom')) throw new Error('handler bug');
        const echo: Echo = {
          method: request.method,
          url: request.url,
          auth: request.headers.get('authorization'),
          type: request.headers.get('content-type'),
          body: await request.text(),
        };
        const headers = new Headers({ 'Content-Type': 'application/json' });
        headers.append('Set-Cookie', 'a=1');
        headers.append('Set-Cookie', 'b=2');
        return new Response(JSON.stringify(echo), { status: request.method === 'POST' ? 201 : 200, headers });
      },
    });
  });

  afterAll(async () => {
    await server?.close();
    if (base) await rm(base, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 on a free port', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.port).toBeGreaterThan(0);
  });

  it('hands /api/ and /API/ paths to the API handler as a full Request', async () => {
    const response = await fetch(`${server.url}/API/Integrations/AppSettings/?x=1`, {
      method: 'POST',
      headers: { Authorization: 'Basic abc', 'Content-Type': 'application/json' },
      body: '{"a":1}',
    });
    expect(response.status).toBe(201);
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    const echo = (await response.json()) as Echo;
    expect(echo).toEqual({
      method: 'POST',
      url: `${server.url}/API/Integrations/AppSettings/?x=1`,
      auth: 'Basic abc',
      type: 'application/json',
      body: '{"a":1}',
    });
    const lower = (await (await fetch(`${server.url}/api/V2/Product?page=2`)).json()) as Echo;
    expect(lower.url).toBe(`${server.url}/api/V2/Product?page=2`);
    expect(lower.body).toBe('');
  });

  it('destroys the socket without an answer when the handler drops the connection', async () => {
    await expect(fetch(`${server.url}/api/drop`, { method: 'POST', body: '{}' })).rejects.toThrow(TypeError);
  });

  it('answers 500 when the handler throws anything else, and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const response = await fetch(`${server.url}/api/boom`);
      expect(response.status).toBe(500);
      await response.arrayBuffer();
      expect(String(log.mock.calls[0]?.[0])).toContain('GET /api/boom failed');
    } finally {
      log.mockRestore();
    }
  });

  it('serves index.html for / with no-cache and the build\u2019s policy, less frame-ancestors (tests frame it from other origins)', async () => {
    const response = await fetch(`${server.url}/?appToken=abc&deviceID=1`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'self'; script-src 'self'");
    expect(await response.text()).toContain('<title>x</title>');
  });

  it.each([
    ['/sw.js', 'text/javascript; charset=utf-8', 'no-cache'],
    ['/assets/app-ABCDEFGH.js', 'text/javascript; charset=utf-8', 'public, max-age=31536000, immutable'],
    ['/assets/app-ABCDEFGH.css', 'text/css; charset=utf-8', 'public, max-age=31536000, immutable'],
    ['/manifest.webmanifest', 'application/manifest+json; charset=utf-8', 'no-cache'],
    ['/icon.svg', 'image/svg+xml', 'no-cache'],
  ])('serves %s as %s with Cache-Control %s', async (path, type, cache) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('cache-control')).toBe(cache);
    await response.arrayBuffer();
  });

  it('answers HEAD with headers and no body', async () => {
    const response = await fetch(`${server.url}/sw.js`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('8');
    expect(await response.text()).toBe('');
  });

  it('answers 404 for missing files and folders, 405 for other methods', async () => {
    for (const path of ['/nope.js', '/assets/', '/assets']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      await response.arrayBuffer();
    }
    const post = await fetch(`${server.url}/index.html`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    await post.arrayBuffer();
  });

  it('never serves a file outside the static folder', async () => {
    // fetch() would normalise these paths away, so they go out raw.
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/%00',
    ]) {
      const { status, body } = await rawGet(server.port, path);
      expect(status, path).toBe(404);
      expect(body, path).not.toContain('outside the site');
    }
  });
});

describe('startServer without handlers', () => {
  it('answers 502 for the API and 404 for files', async () => {
    const server = await startServer({});
    try {
      expect((await fetch(`${server.url}/api/V2/Product?page=1`)).status).toBe(502);
      expect((await fetch(`${server.url}/`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}
