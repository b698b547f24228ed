/**
 * Forwards API requests to a real Epos Now API base, so the dev server can front a real account
 * on the page's own origin. Logs method, path and status only: never a header, so never the token.
 */
import { bodyTooLarge } from './body.ts';
import { compressAnswer } from './compress.ts';
import type { Handler } from './server.ts';

/** Request headers that describe this hop, not the request; fetch sets its own. */
const HOP_REQUEST = [
  'host',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'accept-encoding',
  'origin',
  'referer',
];
/** fetch has already decoded and de-chunked the body, so these would describe bytes no longer there. */
const HOP_RESPONSE = ['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive'];

/** A handler that sends each request's path and query to `base` and relays the answer. */
export function proxyTo(base: string): Handler {
  const target = new URL(base);
  if (target.protocol !== 'https:' && target.protocol !== 'http:') {
    throw new Error(`proxy: API base must be an http(s) URL, got ${target.protocol}`);
  }
  const prefix = target.pathname.replace(/\/+$/, '');

  return async (request) => {
    const incoming = new URL(request.url);
    const url = new URL(`${prefix}${incoming.pathname}${incoming.search}`, target.origin);
    const headers = new Headers(request.headers);
    for (const name of HOP_REQUEST) headers.delete(name);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const started = Date.now();
    let answer: Response;
    try {
      // Streamed, not buffered: the body goes on as it arrives, within the server's cap.
      answer = await fetch(url, {
        method: request.method,
        headers,
        body: hasBody ? request.body : null,
        duplex: 'half',
        redirect: 'manual',
      } as RequestInit);
    } catch (error) {
      // Not the API's fault: the server answers 413 for it.
      if (bodyTooLarge(error) !== undefined) throw error;
      console.error(`proxy: ${request.method} ${url.pathname} -> no answer (${describe(error)})`);
      return new Response(JSON.stringify({ Message: `Proxy could not reach ${target.origin}` }), {
        status: 502,
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
      });
    }
    console.log(
      `proxy: ${request.method} ${url.pathname}${url.search} -> ${answer.status} (${Date.now() - started} ms)`,
    );
    const out = new Headers(answer.headers);
    for (const name of HOP_RESPONSE) out.delete(name);
    // fetch decoded the upstream's coding; the till's link gets one again (a catalog page: 120 KB raw, ~9 KB br).
    return compressAnswer(
      request,
      new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: out }),
    );
  };
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}
