/**
 * Between Node's HTTP objects and the fetch API's: every handler in this project speaks
 * Request in, Response out, so the stand-in, the proxy and static files share one way out.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { cappedBody } from './body.ts';

/**
 * Builds a standard Request (method, absolute URL, headers, body) from a Node request. The body
 * is a stream read only when the handler reads it, and never past MAX_BODY_BYTES (./body.ts).
 */
export function toRequest(message: IncomingMessage, origin: string): Request {
  const url = new URL(message.url ?? '/', origin);
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const method = message.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') return new Request(url, { method, headers });
  // A stream body needs duplex 'half' (Node's fetch types do not know the option yet).
  return new Request(url, { method, headers, body: cappedBody(message), duplex: 'half' } as RequestInit);
}

/** Writes a Response's status, headers and streamed body to a Node response. */
export async function writeResponse(out: ServerResponse, response: Response, head: boolean): Promise<void> {
  out.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') out.setHeader(name, value);
  });
  // Headers.forEach joins Set-Cookie values with commas, which breaks cookies; send them one by one.
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) out.setHeader('set-cookie', cookies);
  if (head || response.body === null) {
    out.end();
    await response.body?.cancel();
    return;
  }
  await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), out);
}
