import { describe, expect, it } from 'vitest';
import {
  AuthError,
  BadResponseError,
  ClientError,
  ConflictError,
  type EposError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  ServerError,
  TimeoutError,
} from '../../app/epos/errors.ts';
import { failure } from './failure.ts';
import { createTransport, type DeprecationNotice } from '../../app/epos/http.ts';

const TOKEN = 'ZGVtby1rZXk6ZGVtby1zZWNyZXQ=';

/** A fetch that answers every request with the given response, recording what was asked. */
function answering(make: () => Response | Promise<Response>) {
  const seen: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    seen.push({ url: String(input), init });
    return make();
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
}


describe('transport headers and URL', () => {
  it('sends Basic auth, JSON content type and the body to base + path', async () => {
    const { fetch, seen } = answering(() => new Response('{"ok":true}', { status: 200 }));
    const transport = createTransport({ baseUrl: 'http://shop.test/', token: TOKEN, fetch });
    const answer = await transport.send('POST', '/api/V2/Customer', { body: '{"Forename":"Ann"}' });
    expect(answer.value).toEqual({ ok: true });
    expect(seen[0]?.url).toBe('http://shop.test/api/V2/Customer');
    expect(seen[0]?.init?.method).toBe('POST');
    expect(seen[0]?.init?.body).toBe('{"Forename":"Ann"}');
    expect(seen[0]?.init?.headers).toMatchObject({ Authorization: `Basic ${TOKEN}`, 'Content-Type': 'application/json' });
  });

  it('refuses a token a header cannot carry without quoting it', () => {
    for (const token of ['', 'has space', 'line\nbreak', 'naïve']) {
      expect(() => createTransport({ baseUrl: '', token, fetch: answering(() => new Response('')).fetch })).toThrow(
        /token is empty or has characters/,
      );
    }
  });
});

describe('status classes', () => {
  const cases: [number, new (...args: never[]) => EposError, string][] = [
    [400, ClientError, 'client'],
    [401, AuthError, 'auth'],
    [403, AuthError, 'auth'],
    [404, NotFoundError, 'not-found'],
    [408, TimeoutError, 'timeout'],
    [409, ConflictError, 'conflict'],
    [422, ClientError, 'client'],
    [429, RateLimitError, 'rate-limit'],
    [500, ServerError, 'server'],
    [503, ServerError, 'server'],
  ];
  it.each(cases)('%i is %o', async (status, type, code) => {
    const { fetch } = answering(() => new Response(`{"Message":"nope ${TOKEN}"}`, { status, headers: { 'Retry-After': '2' } }));
    const transport = createTransport({ baseUrl: 'http://shop.test', token: TOKEN, fetch });
    const error = await failure(transport.send('PUT', '/api/V2/Product/5', { body: '{}' }));
    expect(error).toBeInstanceOf(type);
    expect(error.code).toBe(code);
    expect(error.method).toBe('PUT');
    expect(error.path).toBe('/api/V2/Product/5');
    expect(error.message).toContain(`PUT /api/V2/Product/5`);
    expect(error.message).not.toContain(TOKEN);
    expect(JSON.stringify(error.toJSON())).not.toContain(TOKEN);
    expect((error.toJSON() as { status?: number }).status).toBe(status);
    if (status === 429) expect((error as RateLimitError).retryAfterMs).toBe(2000);
  });

  it('keeps ASP.NET ModelState on a 400', async () => {
    const body = JSON.stringify({ Message: 'The request is invalid.', ModelState: { Name: ['Required'] } });
    const { fetch } = answering(() => new Response(body, { status: 400 }));
    const error = (await failure(createTransport({ baseUrl: '', token: TOKEN, fetch }).send('POST', '/api/V2/Product'))) as ClientError;
    expect(error.serverMessage).toBe('The request is invalid.');
    expect(error.modelState).toEqual({ Name: ['Required'] });
    expect(error.message).toBe('POST /api/V2/Product: HTTP 400: The request is invalid. (Name: Required)');
  });
});

describe('unusable 200 answers', () => {
  it.each([
    ['an HTML captive portal', '<!DOCTYPE html><html><title>Sign in to Wi-Fi</title></html>', /HTML page instead of JSON/],
    ['truncated JSON', '[{"ProductID":1,"Name":"Te', /not valid JSON/],
  ])('%s is a BadResponseError', async (_label, body, message) => {
    const { fetch } = answering(() => new Response(body, { status: 200, headers: { 'Content-Type': 'text/html' } }));
    const error = await failure(createTransport({ baseUrl: '', token: TOKEN, fetch }).send('GET', '/api/V2/Product?page=1'));
    expect(error).toBeInstanceOf(BadResponseError);
    expect(error.message).toMatch(message);
  });

  it('an empty body is no value, not an error', async () => {
    const { fetch } = answering(() => new Response(null, { status: 200 }));
    const answer = await createTransport({ baseUrl: '', token: TOKEN, fetch }).send('DELETE', '/api/V2/Product/1');
    expect(answer.value).toBeUndefined();
  });
});

describe('network failures and time limits', () => {
  it('a reset connection may have reached the server', async () => {
    const fetch = (async () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
    }) as typeof globalThis.fetch;
    const error = await failure(createTransport({ baseUrl: '', token: TOKEN, fetch }).send('POST', '/api/V2/Customer', { body: '{}' }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.mayHaveReached).toBe(true);
    expect(error.message).toContain('ECONNRESET');
  });

  it('a refused connection certainly did not', async () => {
    const fetch = (async () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    }) as typeof globalThis.fetch;
    const error = await failure(createTransport({ baseUrl: '', token: TOKEN, fetch }).send('POST', '/api/V2/Customer', { body: '{}' }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.mayHaveReached).toBe(false);
  });

  /** A fetch that never answers but honours its abort signal, like a real one. */
  const hanging = (async (_input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
    })) as typeof globalThis.fetch;

  it('times out with a TimeoutError', async () => {
    const transport = createTransport({ baseUrl: '', token: TOKEN, fetch: hanging, timeoutMs: 30 });
    const error = await failure(transport.send('GET', '/api/V2/TenderType/?page=1'));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.mayHaveReached).toBe(true);
    expect(error.message).toBe('GET /api/V2/TenderType/?page=1: no answer within 30 ms');
  });

  it('a stalled body times out too', async () => {
    const fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('[{"Prod'));
          init?.signal?.addEventListener('abort', () => controller.error(init.signal?.reason));
        },
      });
      return new Response(body, { status: 200 });
    }) as typeof globalThis.fetch;
    const error = await failure(createTransport({ baseUrl: '', token: TOKEN, fetch, timeoutMs: 30 }).send('GET', '/api/V2/Product?page=1'));
    expect(error).toBeInstanceOf(TimeoutError);
  });

  it("a caller's abort rejects with the caller's reason, not a typed error", async () => {
    const controller = new AbortController();
    const transport = createTransport({ baseUrl: '', token: TOKEN, fetch: hanging });
    const pending = transport.send('GET', '/api/V2/Product?page=1', { signal: controller.signal });
    const reason = new Error('user left the screen');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });
});

describe('deprecation notice', () => {
  it('is reported once, not per request', async () => {
    const { fetch } = answering(() => new Response('[]', { headers: { Deprecation: 'true', Sunset: 'Wed, 01 Jul 2026 00:00:00 GMT' } }));
    const notices: DeprecationNotice[] = [];
    const transport = createTransport({ baseUrl: '', token: TOKEN, fetch, onDeprecation: (n) => notices.push(n) });
    await transport.send('GET', '/api/V2/Product?page=1');
    await transport.send('GET', '/api/V2/Product?page=2');
    expect(notices).toEqual([{ deprecation: 'true', sunset: 'Wed, 01 Jul 2026 00:00:00 GMT', path: '/api/V2/Product?page=1' }]);
    expect(transport.deprecation?.sunset).toBe('Wed, 01 Jul 2026 00:00:00 GMT');
  });
});

describe('answers the service worker made', () => {
  it('an offline refusal is a NetworkError that certainly did not reach the server', async () => {
    const body = JSON.stringify({ Message: 'Offline: Customer records are only available online.' });
    const { fetch } = answering(() => new Response(body, { status: 503, headers: { 'X-Epos-Offline': '1' } }));
    const error = await failure(createTransport({ baseUrl: '', token: TOKEN, fetch }).send('GET', '/api/V2/Customer/?page=1'));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.mayHaveReached).toBe(false);
    expect(error.message).toBe('GET /api/V2/Customer/?page=1: Offline: Customer records are only available online.');
  });
});

describe("Epos Now's API limit", () => {
  // The status is not published: the words decide, and a 403 saying them is no refused token.
  it.each([
    [429, 'json'],
    [403, 'json'],
    [403, 'text'],
    [400, 'text'],
    [200, 'text'],
    [200, 'json'],
    [503, 'html'],
  ] as const)('"API Limit Exceeded" answered %i as %s is a RateLimitError with its Retry-After', async (status, form) => {
    const body = form === 'json' ? '{"Message":"API Limit Exceeded"}' : form === 'html' ? '<html><title>API Limit Exceeded</title></html>' : 'API Limit Exceeded';
    const { fetch } = answering(() => new Response(body, { status, headers: { 'Retry-After': '30' } }));
    const error = await failure(createTransport({ baseUrl: 'http://shop.test', token: TOKEN, fetch }).send('GET', '/api/V2/Product?page=1'));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.code).toBe('rate-limit');
    expect((error as RateLimitError).retryAfterMs).toBe(30_000);
    expect((error as RateLimitError).status).toBe(status);
  });

  it('a record or a list that merely mentions the words is an answer, not a limit', async () => {
    const list = JSON.stringify([{ ProductID: 1, Name: 'API Limit Exceeded (the board game)' }]);
    const { fetch } = answering(() => new Response(list));
    const answer = await createTransport({ baseUrl: 'http://shop.test', token: TOKEN, fetch }).send('GET', '/api/V2/Product?page=1');
    expect(answer.value).toEqual(JSON.parse(list));
  });
});
