import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AuthError,
  BadResponseError,
  ClientError,
  ConflictError,
  type EposError,
  InvalidRequestError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  ServerError,
  TimeoutError,
} from '../../app/epos/errors.ts';
import { createTransport, type DeprecationNotice, encodeJson } from '../../app/epos/http.ts';
import { failure } from './failure.ts';

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
    expect(seen[0]?.init?.headers).toMatchObject({
      Authorization: `Basic ${TOKEN}`,
      'Content-Type': 'application/json',
    });
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
    const { fetch } = answering(
      () => new Response(`{"Message":"nope ${TOKEN}"}`, { status, headers: { 'Retry-After': '2' } }),
    );
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
    const error = (await failure(
      createTransport({ baseUrl: '', token: TOKEN, fetch }).send('POST', '/api/V2/Product'),
    )) as ClientError;
    expect(error.serverMessage).toBe('The request is invalid.');
    expect(error.modelState).toEqual({ Name: ['Required'] });
    expect(error.message).toBe('POST /api/V2/Product: HTTP 400: The request is invalid. (Name: Required)');
  });
});

describe('unusable 200 answers', () => {
  it.each([
    [
      'an HTML captive portal',
      '<!DOCTYPE html><html><title>Sign in to Wi-Fi</title></html>',
      /HTML page instead of JSON/,
    ],
    ['truncated JSON', '[{"ProductID":1,"Name":"Te', /not valid JSON/],
  ])('%s is a BadResponseError', async (_label, body, message) => {
    const { fetch } = answering(() => new Response(body, { status: 200, headers: { 'Content-Type': 'text/html' } }));
    const error = await failure(
      createTransport({ baseUrl: '', token: TOKEN, fetch }).send('GET', '/api/V2/Product?page=1'),
    );
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
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
      });
    }) as typeof globalThis.fetch;
    const error = await failure(
      createTransport({ baseUrl: '', token: TOKEN, fetch }).send('POST', '/api/V2/Customer', { body: '{}' }),
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.mayHaveReached).toBe(true);
    expect(error.message).toContain('ECONNRESET');
  });

  it('a refused connection certainly did not', async () => {
    const fetch = (async () => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      });
    }) as typeof globalThis.fetch;
    const error = await failure(
      createTransport({ baseUrl: '', token: TOKEN, fetch }).send('POST', '/api/V2/Customer', { body: '{}' }),
    );
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
    const error = await failure(
      createTransport({ baseUrl: '', token: TOKEN, fetch, timeoutMs: 30 }).send('GET', '/api/V2/Product?page=1'),
    );
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
    const { fetch } = answering(
      () => new Response('[]', { headers: { Deprecation: 'true', Sunset: 'Wed, 01 Jul 2026 00:00:00 GMT' } }),
    );
    const notices: DeprecationNotice[] = [];
    const transport = createTransport({ baseUrl: '', token: TOKEN, fetch, onDeprecation: (n) => notices.push(n) });
    await transport.send('GET', '/api/V2/Product?page=1');
    await transport.send('GET', '/api/V2/Product?page=2');
    expect(notices).toEqual([
      { deprecation: 'true', sunset: 'Wed, 01 Jul 2026 00:00:00 GMT', path: '/api/V2/Product?page=1' },
    ]);
    expect(transport.deprecation?.sunset).toBe('Wed, 01 Jul 2026 00:00:00 GMT');
  });
});

describe('answers the service worker made', () => {
  it('an offline refusal is a NetworkError that certainly did not reach the server', async () => {
    const body = JSON.stringify({ Message: 'Offline: Customer records are only available online.' });
    const { fetch } = answering(() => new Response(body, { status: 503, headers: { 'X-Epos-Offline': '1' } }));
    const error = await failure(
      createTransport({ baseUrl: '', token: TOKEN, fetch }).send('GET', '/api/V2/Customer/?page=1'),
    );
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
  ] as const)(
    '"API Limit Exceeded" answered %i as %s is a RateLimitError with its Retry-After',
    async (status, form) => {
      const body =
        form === 'json'
          ? '{"Message":"API Limit Exceeded"}'
          : form === 'html'
            ? '<html><title>API Limit Exceeded</title></html>'
            : 'API Limit Exceeded';
      const { fetch } = answering(() => new Response(body, { status, headers: { 'Retry-After': '30' } }));
      const error = await failure(
        createTransport({ baseUrl: 'http://shop.test', token: TOKEN, fetch }).send('GET', '/api/V2/Product?page=1'),
      );
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error.code).toBe('rate-limit');
      expect((error as RateLimitError).retryAfterMs).toBe(30_000);
      expect((error as RateLimitError).status).toBe(status);
    },
  );

  it('a record or a list that merely mentions the words is an answer, not a limit', async () => {
    const list = JSON.stringify([{ ProductID: 1, Name: 'API Limit Exceeded (the board game)' }]);
    const { fetch } = answering(() => new Response(list));
    const answer = await createTransport({ baseUrl: 'http://shop.test', token: TOKEN, fetch }).send(
      'GET',
      '/api/V2/Product?page=1',
    );
    expect(answer.value).toEqual(JSON.parse(list));
  });
});

describe('what a request carries, and where it goes', () => {
  it('asks for JSON, and sends no body with a GET', async () => {
    const { fetch, seen } = answering(() => new Response('[]'));
    await createTransport({ baseUrl: 'http://shop.test', token: TOKEN, fetch }).send('GET', '/api/V2/Product?page=1');
    expect(seen[0]?.init?.headers).toEqual({
      Authorization: `Basic ${TOKEN}`,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    });
    expect(seen[0]?.init?.body ?? null).toBeNull();
  });

  it('a base address ending in several slashes still yields one slash before the path', async () => {
    const { fetch, seen } = answering(() => new Response('[]'));
    await createTransport({ baseUrl: 'http://shop.test/till///', token: TOKEN, fetch }).send(
      'GET',
      '/api/V2/Product?page=1',
    );
    expect(seen[0]?.url).toBe('http://shop.test/till/api/V2/Product?page=1');
  });

  it('a settled request leaves no timer behind to keep a worker or Node awake', async () => {
    vi.useFakeTimers();
    try {
      const { fetch } = answering(() => new Response('[]'));
      const transport = createTransport({ baseUrl: '', token: TOKEN, fetch });
      await transport.send('GET', '/api/V2/Product?page=1');
      await failure(
        createTransport({
          baseUrl: '',
          token: TOKEN,
          fetch: answering(() => new Response('', { status: 500 })).fetch,
        }).send('GET', '/api/V2/Product?page=1'),
      );
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('which answers are successes', () => {
  it.each([200, 201, 204, 299])('%i is an answer', async (status) => {
    const { fetch } = answering(() => new Response(status === 204 ? null : '{"ProductID":1}', { status }));
    const answer = await createTransport({ baseUrl: '', token: TOKEN, fetch }).send('PUT', '/api/V2/Product/1', {
      body: '{}',
    });
    expect(answer.status).toBe(status);
  });

  it('a 300 is a redirect, not an answer: a write is not sent on', async () => {
    const { fetch } = answering(
      () => new Response('{"ProductID":1}', { status: 300, headers: { Location: 'http://elsewhere.test/' } }),
    );
    const error = await failure(
      createTransport({ baseUrl: '', token: TOKEN, fetch }).send('PUT', '/api/V2/Product/1', { body: '{}' }),
    );
    expect(error).toBeInstanceOf(BadResponseError);
    expect(error.message).toBe(
      'PUT /api/V2/Product/1: 300 answer unusable: the answer was a redirect to http://elsewhere.test/; a write is not sent on to another address',
    );
  });

  it('a body of only whitespace is no value, not broken JSON', async () => {
    const { fetch } = answering(() => new Response(' \r\n\t ', { status: 200 }));
    const answer = await createTransport({ baseUrl: '', token: TOKEN, fetch }).send('DELETE', '/api/V2/Product/1');
    expect(answer.value).toBeUndefined();
  });

  it('broken JSON keeps the parser error as its cause', async () => {
    const { fetch } = answering(() => new Response('[{"Prod', { status: 200 }));
    const error = await failure(
      createTransport({ baseUrl: '', token: TOKEN, fetch }).send('GET', '/api/V2/Product?page=1'),
    );
    expect(error).toBeInstanceOf(BadResponseError);
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it('a 408 is a time-out, with the server\u2019s words when it gave some', async () => {
    const said = answering(() => new Response('{"Message":"took too long"}', { status: 408 }));
    const withWords = await failure(
      createTransport({ baseUrl: '', token: TOKEN, fetch: said.fetch }).send('GET', '/api/V2/Product?page=1'),
    );
    expect(withWords).toBeInstanceOf(TimeoutError);
    expect(withWords.message).toBe('GET /api/V2/Product?page=1: HTTP 408: took too long');
    const silent = answering(() => new Response('', { status: 408 }));
    const bare = await failure(
      createTransport({ baseUrl: '', token: TOKEN, fetch: silent.fetch }).send('GET', '/api/V2/Product?page=1'),
    );
    expect(bare.message).toBe('GET /api/V2/Product?page=1: HTTP 408');
  });
});

describe('which network failures may have reached the server', () => {
  /** A fetch failing as Node's does, with `cause` as the connection error. */
  const failingWith = (cause: unknown) =>
    (async () => {
      throw new TypeError('fetch failed', { cause });
    }) as typeof globalThis.fetch;
  const sendVia = (fetch: typeof globalThis.fetch) =>
    failure(createTransport({ baseUrl: '', token: TOKEN, fetch }).send('POST', '/api/V2/Customer', { body: '{}' }));

  it.each(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT'])(
    '%s: the request never left',
    async (code) => {
      const error = await sendVia(failingWith(Object.assign(new Error(`connect ${code}`), { code })));
      expect(error).toBeInstanceOf(NetworkError);
      expect(error.mayHaveReached).toBe(false);
      expect(error.message).toBe(`POST /api/V2/Customer: network failure (fetch failed: ${code})`);
    },
  );

  it('a refusal found among several addresses tried (an AggregateError) never left either', async () => {
    const error = await sendVia(
      failingWith(
        new AggregateError(
          [Object.assign(new Error('connect ECONNREFUSED ::1'), { code: 'ECONNREFUSED' })],
          'connect failed',
        ),
      ),
    );
    expect(error.mayHaveReached).toBe(false);
  });

  it.each([
    ['no cause at all (a browser\u2019s "Failed to fetch")', undefined],
    ['a cause without a code', new Error('other side closed')],
    ['an AggregateError listing no errors', new AggregateError([], 'connect failed')],
  ])('%s may have reached the server', async (_label, cause) => {
    const error = await sendVia(failingWith(cause));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.mayHaveReached).toBe(true);
    expect(error.message).toBe('POST /api/V2/Customer: network failure (fetch failed)');
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('a code that is not a name (a number) is not taken for one', async () => {
    const error = await sendVia(failingWith(Object.assign(new Error('odd'), { code: 111 })));
    expect(error.mayHaveReached).toBe(true);
    expect(error.message).toBe('POST /api/V2/Customer: network failure (fetch failed)');
  });

  it('a fetch rejecting with nothing is still a network failure', async () => {
    const error = await sendVia((async () => Promise.reject(null)) as typeof globalThis.fetch);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.mayHaveReached).toBe(true);
    expect(error.message).toBe('POST /api/V2/Customer: network failure (null)');
  });

  describe('in a browser', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('that knows it is offline, even a reset connection never left', async () => {
      vi.stubGlobal('navigator', { onLine: false });
      const error = await sendVia(failingWith(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })));
      expect(error.mayHaveReached).toBe(false);
    });

    it('that thinks it is online, a reset connection may have reached the server', async () => {
      vi.stubGlobal('navigator', { onLine: true });
      const error = await sendVia(failingWith(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })));
      expect(error.mayHaveReached).toBe(true);
    });
  });
});

describe('time limits and cancelling', () => {
  it('a time-out keeps the abort it caused as its cause', async () => {
    const hanging = (async (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      })) as typeof globalThis.fetch;
    const error = await failure(
      createTransport({ baseUrl: '', token: TOKEN, fetch: hanging, timeoutMs: 30 }).send(
        'GET',
        '/api/V2/Product?page=1',
      ),
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.cause).toBeInstanceOf(DOMException);
    expect((error.cause as DOMException).name).toBe('TimeoutError');
    expect((error.cause as DOMException).message).toBe('no answer within 30 ms');
  });

  it("a signal already aborted sends nothing that answers: the call rejects with the caller's reason", async () => {
    // Like a real fetch: an aborted signal rejects at once, with a reason of its own.
    const fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.signal?.aborted) throw new DOMException('This operation was aborted', 'AbortError');
      return new Response('[]');
    }) as typeof globalThis.fetch;
    const controller = new AbortController();
    const reason = new Error('user left the screen');
    controller.abort(reason);
    await expect(
      createTransport({ baseUrl: '', token: TOKEN, fetch }).send('GET', '/api/V2/Product?page=1', {
        signal: controller.signal,
      }),
    ).rejects.toBe(reason);
  });
});

describe('the deprecation notice, header by header', () => {
  const noticeFor = async (headers: Record<string, string>) => {
    const { fetch } = answering(() => new Response('[]', { headers }));
    const notices: DeprecationNotice[] = [];
    const transport = createTransport({ baseUrl: '', token: TOKEN, fetch, onDeprecation: (n) => notices.push(n) });
    await transport.send('GET', '/api/V2/Product?page=1');
    expect(transport.deprecation).toEqual(notices[0]);
    return notices;
  };

  it('an answer without Deprecation or Sunset gives none, even with a Link', async () => {
    expect(await noticeFor({ Link: '<https://developer.test/v4>; rel="successor-version"' })).toEqual([]);
  });

  it('Deprecation alone is a notice, with its Link', async () => {
    expect(
      await noticeFor({ Deprecation: 'true', Link: '<https://developer.test/v4>; rel="successor-version"' }),
    ).toEqual([
      {
        deprecation: 'true',
        link: '<https://developer.test/v4>; rel="successor-version"',
        path: '/api/V2/Product?page=1',
      },
    ]);
  });

  it('Sunset alone is a notice', async () => {
    expect(await noticeFor({ Sunset: 'Wed, 01 Jul 2026 00:00:00 GMT' })).toEqual([
      { sunset: 'Wed, 01 Jul 2026 00:00:00 GMT', path: '/api/V2/Product?page=1' },
    ]);
  });
});

describe('answers the service worker made, without words', () => {
  it('an offline refusal with no message says offline', async () => {
    const { fetch } = answering(() => new Response('', { status: 503, headers: { 'X-Epos-Offline': '1' } }));
    const error = await failure(
      createTransport({ baseUrl: '', token: TOKEN, fetch }).send('GET', '/api/V2/Customer/?page=1'),
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toBe('GET /api/V2/Customer/?page=1: offline');
  });
});

describe('answers that came by a redirect', () => {
  /** A fetch whose answer says it came from `url`, as a followed redirect's does. */
  const from = (url: string) => answering(() => Object.defineProperty(new Response('[]'), 'url', { value: url })).fetch;

  it('an answer from another origin is not Epos Now\u2019s', async () => {
    const error = await failure(
      createTransport({ baseUrl: 'http://shop.test', token: TOKEN, fetch: from('http://portal.test/login') }).send(
        'GET',
        '/api/V2/Product?page=1',
      ),
    );
    expect(error).toBeInstanceOf(BadResponseError);
    expect(error.message).toBe(
      "GET /api/V2/Product?page=1: 200 answer unusable: the request was redirected to another origin (http://portal.test); its answer is not Epos Now's",
    );
  });

  it('an answer from the same origin is used', async () => {
    const answer = await createTransport({
      baseUrl: 'http://shop.test/till',
      token: TOKEN,
      fetch: from('http://shop.test/other/api/V2/Product?page=1'),
    }).send('GET', '/api/V2/Product?page=1');
    expect(answer.value).toEqual([]);
  });

  it('with a relative base and no page around it (Node), there is no origin to hold the answer to', async () => {
    const answer = await createTransport({
      baseUrl: '',
      token: TOKEN,
      fetch: from('http://anywhere.test/api/V2/Product?page=1'),
    }).send('GET', '/api/V2/Product?page=1');
    expect(answer.value).toEqual([]);
  });
});

describe('bodies JSON cannot carry', () => {
  const request = { method: 'POST', path: '/api/V2/Product' };

  it('a cycle or a BigInt is refused as an invalid request, saying why', () => {
    const cyclic: Record<string, unknown> = { Name: 'Tea' };
    cyclic.self = cyclic;
    for (const value of [cyclic, { SalePrice: 10n }]) {
      let error: unknown;
      try {
        encodeJson(request, value);
      } catch (thrown) {
        error = thrown;
      }
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect((error as Error).message).toMatch(/^POST \/api\/V2\/Product: the body is not JSON-serialisable: \w/);
    }
  });

  it('nothing at all (undefined, a function) is refused as an invalid request', () => {
    expect(() => encodeJson(request, undefined)).toThrow(
      new InvalidRequestError(request, 'the body is not JSON-serialisable'),
    );
    expect(() => encodeJson(request, () => 1)).toThrow(InvalidRequestError);
    expect(() => encodeJson(request, undefined)).toThrow(
      /^POST \/api\/V2\/Product: the body is not JSON-serialisable$/,
    );
  });

  it('an error of the data\u2019s own (a toJSON that throws) is passed on as it is', () => {
    const own = new RangeError('price out of range');
    expect(() =>
      encodeJson(request, {
        toJSON: () => {
          throw own;
        },
      }),
    ).toThrow(own);
  });
});
