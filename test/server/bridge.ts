/**
 * Between Node's HTTP objects and the fetch API's: every handler in this project speaks
 * Request in, Response out, so the stand-in, the proxy and static files share one way out.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';

/** Builds a standard Request (method, absolute URL, headers, whole body) from a Node request. */
export async function toRequest(message: IncomingMessage, origin: string): Promise<Request> {
  const url = new URL(message.url ?? '/', origin);
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const method = message.method ?? 'GET';
  // Buffered rather than streamed: API bodies are small, and a buffered body needs no duplex option.
  const body = method === 'GET' || method === 'HEAD' ? undefined : await readAll(message);
  return new Request(url, { method, headers, body });
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

async function readAll(message: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}
