/**
 * The stand-in's API answers compressed as a real deployment sends them, over a real socket:
 * a page of products in br or gzip as the request accepts, decoding to the very bytes of the raw
 * answer; small answers, errors and faults as they are. And what sits in front of it: the
 * throttling proxy carries (and counts) the compressed bytes, the proxy compresses again what it decoded.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Standin } from '../standin/standin.ts';
import { COMPRESS_MIN_BYTES } from './compress.ts';
import { proxyTo } from './proxy.ts';
import { rawRequest } from './raw-request.ts';
import { serveStandin } from './served-standin.ts';
import { type RunningServer, startServer } from './server.ts';
import { startThrottle } from './throttle.ts';

const PAGE = '/api/V2/Product?page=1';

describe("the stand-in's answers over HTTP", () => {
  let standin: Standin;
  let server: RunningServer;
  let auth: Record<string, string>;
  /** Page 1 of products as the stand-in sends it raw. */
  let plain: Buffer;

  const get = (path: string, acceptEncoding?: string, port = server.port) =>
    rawRequest(port, path, 'GET', {
      ...auth,
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    });

  beforeAll(async () => {
    ({ standin, server, auth } = await serveStandin({ products: 500 }));
    plain = (await get(PAGE)).body;
  });

  afterAll(async () => {
    await server?.close();
  });

  beforeEach(() => {
    standin.faults.clear();
  });

  it('sends a page of 200 products raw without Accept-Encoding, saying the answer varies on it', async () => {
    const answer = await get(PAGE);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(plain.toString())).toHaveLength(200);
    expect(plain.length).toBeGreaterThan(100_000);
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
    ['br;q=0, gzip', 'gzip', gunzipSync],
  ] as const)('answers "%s" in %s, decoding to the raw answer byte for byte', async (header, coding, decode) => {
    const answer = await get(PAGE, header);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(coding);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    // The V2 headers survive.
    expect(answer.headers.deprecation).toBe('true');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(plain.length / 4);
    expect(decode(answer.body).equals(plain)).toBe(true);
  });

  it('sends raw bytes when every coding is refused', async () => {
    const answer = await get(PAGE, 'br;q=0, gzip;q=0, identity');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.equals(plain)).toBe(true);
  });

  it("gives Node's fetch, which asks for and decodes a coding itself, the same records", async () => {
    const response = await fetch(`${server.url}${PAGE}`, { headers: auth });
    expect(standin.log.at(-1)?.headers['accept-encoding']).toMatch(/gzip/);
    expect(await response.json()).toEqual(JSON.parse(plain.toString()));
  });

  it('compresses the settings document and gives it back byte for byte', async () => {
    standin.settingsText = `\uFEFF{ "note": "${'kept as written '.repeat(100)}" }`;
    const answer = await get('/api/Integrations/AppSettings', 'br');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(answer.body).toString('utf8')).toBe(standin.settingsText);
  });

  it(`sends an answer under ${COMPRESS_MIN_BYTES} bytes as it is, with no Vary`, async () => {
    const answer = await get('/api/V2/TenderType/1', 'br');
    expect(answer.body.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toBeUndefined();
    expect(JSON.parse(answer.body.toString())).toMatchObject({ TypeID: 1 });
  });

  it('sends errors and faults as they are, however large', async () => {
    const unauthorized = await rawRequest(server.port, PAGE, 'GET', { 'accept-encoding': 'br' });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers['content-encoding']).toBeUndefined();
    const big = 'x'.repeat(4 * COMPRESS_MIN_BYTES);
    standin.faults.add({ type: 'status', status: 503, body: big, times: 1 });
    const failed = await get(PAGE, 'br');
    expect(failed.status).toBe(503);
    expect(failed.headers['content-encoding']).toBeUndefined();
    expect(failed.body.toString()).toBe(big);
    // A captive portal's page comes from something in between, not from the API.
    standin.faults.add({ type: 'malformed', body: `<html>${big}</html>`, times: 1 });
    const portal = await get(PAGE, 'br');
    expect(portal.status).toBe(200);
    expect(portal.headers['content-encoding']).toBeUndefined();
    expect(portal.body.toString()).toBe(`<html>${big}</html>`);
  });

  it('goes through the throttling proxy compressed, and the link counts the compressed bytes', async () => {
    const throttle = await startThrottle({ target: server.url, latencyMs: 0, bitsPerSecond: 1e10 });
    try {
      const answer = await get(PAGE, 'br', Number(new URL(throttle.url).port));
      expect(answer.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(answer.body).equals(plain)).toBe(true);
      expect(throttle.stats).toEqual({ requests: 1, bytes: answer.body.length });
    } finally {
      await throttle.close();
    }
  });

  it('goes through the proxy decoded and compressed again, the coding it claims the one its bytes are in', async () => {
    const front = await startServer({ api: proxyTo(server.url) });
    try {
      const answer = await get(PAGE, 'br', front.port);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(answer.body).equals(plain)).toBe(true);
    } finally {
      await front.close();
    }
  });
});
