/**
 * A second origin for redirect tests: another port on 127.0.0.1 (another origin to a browser)
 * that answers `[]` to any GET with permissive CORS, as a foreign API or a portal's server would,
 * so a request that follows a redirect there gets a well-formed, empty answer.
 */

import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ALLOWED_HEADERS } from './cors.ts';

/** A running foreign origin. */
export interface ForeignOrigin {
  /** Its origin, e.g. http://127.0.0.1:41234 (no trailing slash). */
  readonly url: string;
  /** `METHOD path` of every request it got, in order. */
  readonly seen: string[];
  close(): Promise<void>;
}

/** Starts the foreign origin on a free port of 127.0.0.1. */
export async function startForeignOrigin(): Promise<ForeignOrigin> {
  const seen: string[] = [];
  const server = createServer((message, out) => {
    seen.push(`${message.method} ${message.url}`);
    out.setHeader('Access-Control-Allow-Origin', '*');
    if (message.method === 'OPTIONS') {
      out
        .writeHead(204, {
          'Access-Control-Allow-Methods': 'GET',
          'Access-Control-Allow-Headers': ALLOWED_HEADERS,
          'Access-Control-Max-Age': '600',
        })
        .end();
    } else if (message.method === 'GET' || message.method === 'HEAD') {
      out
        .writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' })
        .end(message.method === 'GET' ? '[]' : undefined);
    } else {
      out.writeHead(405, { Allow: 'GET, HEAD, OPTIONS' }).end();
    }
    // Whatever body came is not wanted; discard it rather than hold it.
    message.resume();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
