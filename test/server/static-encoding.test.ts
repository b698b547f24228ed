/**
 * Pre-compressed static files over a real socket: the server sends `<file>.br` or `<file>.gz`
 * (as build.mjs writes them) when the request's Accept-Encoding allows, with the original's
 * type and caching, and the raw file otherwise. Raw HTTP, so the bytes are seen as sent.
 */
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from './raw-request.ts';
import { type RunningServer, startServer } from './server.ts';

const SCRIPT = Buffer.from(`export const words = ${JSON.stringify('the till sells '.repeat(400))};\n`);
const WORKER = Buffer.from(`self.version = 1; ${'self.addEventListener("fetch", () => {});\n'.repeat(100)}`);

describe('static files with pre-compressed copies', () => {
  let base = '';
  let server: RunningServer;

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'epos-encoding-'));
    await mkdir(join(base, 'assets'));
    const write = async (name: string, bytes: Buffer, codings: ('br' | 'gz')[]): Promise<void> => {
      await writeFile(join(base, name), bytes);
      if (codings.includes('br')) await writeFile(join(base, `${name}.br`), brotliCompressSync(bytes));
      if (codings.includes('gz')) await writeFile(join(base, `${name}.gz`), gzipSync(bytes, { level: 9 }));
    };
    await write('assets/app-ABCDEFGH.js', SCRIPT, ['br', 'gz']);
    await write('sw.js', WORKER, ['br', 'gz']);
    await write('assets/only-gzip-ABCDEFGH.css', Buffer.from(`p{color:red}\n`.repeat(200)), ['gz']);
    await write('index.html', Buffer.from('<!doctype html><title>x</title>'), []);
    // A file changed after its copies were written (a test's "new version" of the worker).
    await write('changed.js', SCRIPT, ['br', 'gz']);
    const later = new Date(Date.now() + 60_000);
    await utimes(join(base, 'changed.js'), later, later);
    server = await startServer({ staticDir: base });
  });

  afterAll(async () => {
    await server?.close();
    if (base) await rm(base, { recursive: true, force: true });
  });

  const get = (path: string, acceptEncoding?: string, method = 'GET') =>
    rawRequest(server.port, path, method, acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding });

  it('sends the brotli copy to a browser that accepts br, with the original type and caching', async () => {
    const answer = await get('/assets/app-ABCDEFGH.js', 'gzip, deflate, br, zstd');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(answer.body).equals(SCRIPT)).toBe(true);
  });

  it('sends the gzip copy to a client that does not take br, and keeps no-cache on sw.js', async () => {
    const answer = await get('/sw.js', 'gzip, deflate');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(gunzipSync(answer.body).equals(WORKER)).toBe(true);
  });

  it.each([
    ['no Accept-Encoding', undefined],
    ['identity only', 'identity'],
    ['both refused with q=0', 'br;q=0, gzip;q=0, deflate'],
    ['everything refused', '*;q=0'],
    ['a coding the server has none of', 'zstd'],
  ])('sends the raw file for %s, still saying it varies', async (_, header) => {
    const answer = await get('/assets/app-ABCDEFGH.js', header);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(Number(answer.headers['content-length'])).toBe(SCRIPT.length);
    expect(answer.body.equals(SCRIPT)).toBe(true);
  });

  it.each([
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['BR;Q=0.8, GZIP;Q=0.8', 'br'],
    ['*', 'br'],
    ['gzip;q=0.2, *;q=0.1', 'gzip'],
    ['br;q=nonsense, gzip;q=0.1', 'gzip'],
  ])('weighs Accept-Encoding "%s" to %s', async (header, coding) => {
    const answer = await get('/assets/app-ABCDEFGH.js', header);
    expect(answer.headers['content-encoding']).toBe(coding);
  });

  it('sends the only copy there is, and the raw file where its coding is refused', async () => {
    const gz = await get('/assets/only-gzip-ABCDEFGH.css', 'br, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toBe('text/css; charset=utf-8');
    const raw = await get('/assets/only-gzip-ABCDEFGH.css', 'br');
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.body.toString()).toContain('p{color:red}');
  });

  it('answers HEAD with the headers of the copy it would send, and no body', async () => {
    const sent = await get('/assets/app-ABCDEFGH.js', 'br');
    const head = await get('/assets/app-ABCDEFGH.js', 'br', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(sent.body.length));
    expect(head.headers.vary).toBe('Accept-Encoding');
    expect(head.body.length).toBe(0);
  });

  it('sends a file without copies as it is, with no Vary', async () => {
    const answer = await get('/', 'gzip, deflate, br');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toBeUndefined();
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.body.toString()).toBe('<!doctype html><title>x</title>');
  });

  it('never sends a copy older than its file: the file changed since it was compressed', async () => {
    const answer = await get('/changed.js', 'gzip, deflate, br');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.equals(SCRIPT)).toBe(true);
  });
});
