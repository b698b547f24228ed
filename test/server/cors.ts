/**
 * CORS for the API when the app runs on another origin (a till served from a static host, the
 * API on Epos Now's): a preflight answered for the origins allowed, with `Authorization` among
 * the headers (the token is a Basic header, so every API request is preflighted), and the answer
 * marked for those origins with the headers the app reads (`Retry-After` for the API limit).
 * Any other origin gets no CORS headers, and the browser keeps the answer from its page.
 */
import type { Handler } from './server.ts';

/** What the API's requests carry that a browser asks leave for. */
export const ALLOWED_HEADERS = 'authorization, content-type, accept';
const ALLOWED_METHODS = 'GET, POST, PUT, DELETE';
/** Read by the app across origins: the API limit's wait, and validators for conditional requests. */
const EXPOSED_HEADERS = 'Retry-After, ETag, Last-Modified';

/** `api` answering for pages of `origins` (exact origins, e.g. https://till.example) too. */
export function withCors(api: Handler, origins: readonly string[]): Handler {
  const allowed = new Set(origins);
  return async (request) => {
    const origin = request.headers.get('Origin');
    const granted = origin !== null && allowed.has(origin);
    if (request.method === 'OPTIONS' && request.headers.has('Access-Control-Request-Method')) {
      if (!granted) return new Response(null, { status: 403, headers: { Vary: 'Origin' } });
      return new Response(null, {
        status: 204,
        headers: {
          'Access-Control-Allow-Origin': origin,
          'Access-Control-Allow-Methods': ALLOWED_METHODS,
          'Access-Control-Allow-Headers': ALLOWED_HEADERS,
          'Access-Control-Max-Age': '600',
          Vary: 'Origin',
        },
      });
    }
    const answer = await api(request);
    // A new Response: some answers' headers are immutable (a fetch's).
    const headers = new Headers(answer.headers);
    headers.append('Vary', 'Origin');
    if (granted) {
      headers.set('Access-Control-Allow-Origin', origin);
      headers.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    }
    return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
  };
}
