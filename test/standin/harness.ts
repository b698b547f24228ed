/**
 * Test helper: a stand-in plus a tiny client that sends real Requests through inProcessFetch
 * and reads the whole answer.
 */
import { inProcessFetch } from './in-process.ts';
import { createStandin, type Standin, type StandinOptions } from './standin.ts';

/** Origin the tests address; any absolute URL would do. */
export const BASE = 'http://standin.test';

/** An answer read in full. */
export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The body parsed as JSON (throws when it is not). */
  json(): unknown;
}

/** A stand-in with a client that authenticates unless told otherwise. */
export interface Harness {
  readonly standin: Standin;
  readonly fetch: typeof fetch;
  /** Sends a request; an object body is JSON-encoded, a string is sent as is. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  /** The Authorization header of the stand-in's token. */
  readonly auth: Record<string, string>;
}

/** Builds a stand-in (small by default, for speed) and its client. */
export function harness(options: StandinOptions = {}): Harness {
  const standin = createStandin({ products: 50, ...options });
  const fetch = inProcessFetch(standin);
  const auth = { authorization: `Basic ${standin.token}` };
  return {
    standin,
    fetch,
    auth,
    async call(method, path, body, headers = auth) {
      const init: RequestInit = { method, headers: { 'content-type': 'application/json', ...headers } };
      if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
      const response = await fetch(`${BASE}${path}`, init);
      const text = await response.text();
      return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) as unknown };
    },
  };
}
