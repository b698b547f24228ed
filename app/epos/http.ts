/**
 * The one HTTP helper: every request to the Epos API goes through `send`, which adds the
 * contract's headers, enforces a time limit, turns every failure into a typed error and reads
 * the body. Runs wherever `fetch` does (page, worker, Node).
 */

import { isApiLimit, looksLikeHtml, readServerAnswer, snippetOf } from './answer.ts';
import { errorText } from './error-text.ts';
import {
  AuthError,
  BadResponseError,
  ClientError,
  ConflictError,
  type HttpError,
  InvalidRequestError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  type RequestRef,
  type ServerAnswer,
  ServerError,
  TimeoutError,
} from './errors.ts';
import { OFFLINE_HEADER } from './offline.ts';
import { tokenProblem } from './transport-check.ts';

/** The server said this API is deprecated (V2 is); reported once per transport. */
export interface DeprecationNotice {
  /** The `Deprecation` header's value (`true`, or a date). */
  deprecation?: string;
  /** The `Sunset` header's value: when the API stops answering. */
  sunset?: string;
  /** A `Link` header, usually pointing at the successor API's documentation. */
  link?: string;
  /** The first request that carried the notice. */
  path: string;
}

/** How to reach the API. */
export interface TransportOptions {
  /** Origin (and optional path prefix) the contract's paths are appended to; '' for the page's own origin. */
  baseUrl: string;
  /** The API access token, sent as `Authorization: Basic <token>`. */
  token: string;
  /** Injectable for tests and for the worker; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Time limit of one request including its body, in ms. Default 15 000. */
  timeoutMs?: number;
  /** Called once, the first time an answer carries Deprecation or Sunset headers. */
  onDeprecation?: (notice: DeprecationNotice) => void;
}

/** One request to send. */
export interface SendOptions {
  /** JSON text to send as the body. */
  body?: string;
  /** Cancels the request; a cancelled request rejects with the signal's reason, not a typed error. */
  signal?: AbortSignal;
}

/** A 2xx answer. `value` is the parsed JSON body, or undefined when the body was empty. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  value: unknown;
  request: RequestRef;
}

/** Sends requests; see {@link createTransport}. */
export interface Transport {
  /** Sends one request; resolves with a 2xx answer whose body is JSON or empty, rejects with an EposError. */
  send(method: string, path: string, options?: SendOptions): Promise<Answer>;
  /** Removes the token from a text, for anything that may be shown or logged. */
  redact(text: string): string;
  /** The deprecation notice, once one was seen. */
  readonly deprecation: DeprecationNotice | undefined;
}

/** Default time limit of one request, in ms. */
const DEFAULT_TIMEOUT_MS = 15_000;

// Connection errors that mean the request never left this machine (Node's undici codes).
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Creates the transport every client call uses. */
export function createTransport(options: TransportOptions): Transport {
  // Checked here so that a malformed token never reaches Headers, whose error text would quote it.
  const problem = tokenProblem(options.token);
  if (problem !== null) throw new TypeError(problem);
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const authorization = `Basic ${options.token}`;
  let deprecation: DeprecationNotice | undefined;

  const redact = (text: string): string => text.split(options.token).join('[token]');

  function noteDeprecation(headers: Headers, path: string): void {
    if (deprecation) return;
    const dep = headers.get('Deprecation');
    const sunset = headers.get('Sunset');
    if (dep === null && sunset === null) return;
    const notice: DeprecationNotice = { path };
    if (dep !== null) notice.deprecation = dep;
    if (sunset !== null) notice.sunset = sunset;
    const link = headers.get('Link');
    if (link !== null) notice.link = link;
    deprecation = notice;
    options.onDeprecation?.(notice);
  }

  async function send(method: string, path: string, sendOptions: SendOptions = {}): Promise<Answer> {
    const request: RequestRef = { method, path };
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError'));
    }, timeoutMs);
    const outer = sendOptions.signal;
    // Stryker disable next-line OptionalChaining: forward runs only when `outer` exists (called under outer?.aborted, registered through outer?.addEventListener)
    const forward = (): void => controller.abort(outer?.reason);
    if (outer?.aborted) forward();
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: a signal aborts at most once, and the finally below removes the listener anyway, so `once` changes nothing
    outer?.addEventListener('abort', forward, { once: true });

    const headers = { Authorization: authorization, 'Content-Type': 'application/json', Accept: 'application/json' };
    // A write never follows a redirect (its body would go wherever the Location says); a GET
    // follows, and its answer is checked below. See redirectProblem.
    const init: RequestInit = {
      method,
      headers,
      body: sendOptions.body,
      signal: controller.signal,
      redirect: method === 'GET' ? 'follow' : 'manual',
      // Always asked of the server, never taken from the HTTP cache as it stands: where the API
      // sent an ETag or Last-Modified, the browser makes the request conditional, and an
      // unchanged page comes back 304 with no body (the cached copy is what fetch returns).
      ...(method === 'GET' ? { cache: 'no-cache' as const } : {}),
    };
    try {
      let response: Response;
      let text: string;
      try {
        response = await doFetch(base + path, init);
        // The time limit covers the body too: a stalled body is as bad as no answer.
        text = await response.text();
      } catch (error) {
        if (timedOut) throw new TimeoutError(request, `no answer within ${timeoutMs} ms`, { cause: error });
        if (outer?.aborted) throw outer.reason ?? error;
        throw new NetworkError(request, `network failure (${describeCause(error)})`, mayHaveReached(error), {
          cause: error,
        });
      }
      const moved = redirectProblem(response, base);
      if (moved !== undefined) throw new BadResponseError(request, response.status, moved, '');
      if (response.headers.has(OFFLINE_HEADER)) {
        // The service worker answered for an unreachable network: nothing was sent.
        const said = readServerAnswer(response.status, response.headers, text, redact).serverMessage;
        throw new NetworkError(request, said ?? 'offline', false);
      }
      noteDeprecation(response.headers, path);
      // Before the status: a 403 saying this is no refused token, and a 200 saying it is no answer.
      if (isApiLimit(text))
        throw new RateLimitError(request, readServerAnswer(response.status, response.headers, text, redact));
      if (!response.ok) {
        throw errorFor(request, readServerAnswer(response.status, response.headers, text, redact));
      }
      return {
        status: response.status,
        headers: response.headers,
        text,
        value: parseBody(request, response.status, text, redact),
        request,
      };
    } finally {
      clearTimeout(timer);
      // Stryker disable next-line StringLiteral: a listener left on the caller's signal after the request settled only aborts a finished controller, which does nothing
      outer?.removeEventListener('abort', forward);
    }
  }

  return {
    send,
    redact,
    get deprecation() {
      return deprecation;
    },
  };
}

/** The typed error for a non-2xx answer. */
function errorFor(request: RequestRef, answer: ServerAnswer): HttpError | TimeoutError {
  const { status } = answer;
  if (status === 401 || status === 403) return new AuthError(request, answer);
  if (status === 404) return new NotFoundError(request, answer);
  if (status === 408)
    return new TimeoutError(request, `HTTP 408${answer.serverMessage ? `: ${answer.serverMessage}` : ''}`, { status });
  if (status === 409) return new ConflictError(request, answer);
  if (status === 429) return new RateLimitError(request, answer);
  if (status >= 500) return new ServerError(request, answer);
  return new ClientError(request, answer);
}

/**
 * Why an answer that came by a redirect cannot be used, or undefined. A GET may be redirected
 * within the API's origin; an answer from another origin (a portal, a misconfigured proxy) is
 * not Epos Now's, however plausible (`[]` would empty a catalog). Following and then checking
 * the final URL works the same in pages, workers and Node, where a browser's 'manual' mode would
 * hide even a same-origin redirect behind an opaque answer; browsers and Node drop the
 * Authorization header on a hop to another origin, so the token does not follow. A write uses
 * 'manual': any redirect of it (opaque in a browser, a 3xx in Node) is refused unsent onward.
 */
function redirectProblem(response: Response, base: string): string | undefined {
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
    const to = response.headers.get('Location');
    return `the answer was a redirect${to ? ` to ${to}` : ''}; a write is not sent on to another address`;
  }
  if (!response.url) return undefined;
  const expected = originOf(base);
  if (expected === undefined) return undefined;
  // A fetch's answer always has an absolute URL.
  const actual = new URL(response.url).origin;
  return actual === expected
    ? undefined
    : `the request was redirected to another origin (${actual}); its answer is not Epos Now's`;
}

function originOf(url: string): string | undefined {
  // '' (the page's own origin) resolves against the page's or worker's location; a relative base
  // with no location (Node) has no origin to hold the answer to.
  const location = globalThis.location?.href;
  return URL.canParse(url, location) ? new URL(url, location).origin : undefined;
}

/** A request body as JSON text; a value JSON cannot carry is refused before anything is sent. */
export function encodeJson(request: RequestRef, value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    // Cycles and BigInts: the caller's data is wrong, so say so as a typed refusal.
    if (!(error instanceof TypeError)) throw error;
    throw new InvalidRequestError(request, `the body is not JSON-serialisable: ${error.message}`);
  }
  if (text === undefined) throw new InvalidRequestError(request, 'the body is not JSON-serialisable');
  return text;
}

function parseBody(request: RequestRef, status: number, text: string, redact: (text: string) => string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    // JSON.parse of a string throws only SyntaxError.
    const problem = looksLikeHtml(text)
      ? 'an HTML page instead of JSON (a captive portal or proxy?)'
      : 'the body is not valid JSON (truncated?)';
    throw new BadResponseError(request, status, problem, snippetOf(text, redact), { cause: error });
  }
}

function mayHaveReached(error: unknown): boolean {
  // A browser that knows it is offline cannot have sent anything.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  return !NOT_SENT_CODES.has(causeCode(error));
}

/** The connection error's code (Node's), or '' when there is none. */
function causeCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; errors?: { code?: unknown }[] } } | null)?.cause;
  const code = cause?.code ?? cause?.errors?.[0]?.code;
  return typeof code === 'string' ? code : '';
}

function describeCause(error: unknown): string {
  const code = causeCode(error);
  const message = errorText(error);
  return code ? `${message}: ${code}` : message;
}
