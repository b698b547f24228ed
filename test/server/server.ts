/**
 * The local HTTP server: `/api/...` goes to an API handler (the stand-in or a proxy), everything
 * else is a static file of a build. One origin for both, as the app expects of its API base.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { recordConnection } from '../standin/connection.ts';
import { ConnectionDropped } from '../standin/dropped.ts';
import { bodyTooLarge } from './body.ts';
import { toRequest, writeResponse } from './bridge.ts';
import { serveStatic } from './static.ts';

/** A fetch-style handler. */
export type Handler = (request: Request) => Promise<Response>;

/** What {@link startServer} serves, and where. */
export interface ServerOptions {
  /** Answers every path under /api/ (any case). Absent: those paths get 502. */
  api?: Handler;
  /** Folder of static files (a build's dist/). Absent: other paths get 404. */
  staticDir?: string;
  /** Extra headers on static answers (the benchmark asks for cross-origin isolation, for fine timers). */
  staticHeaders?: Record<string, string>;
  /** Address to listen on; 127.0.0.1 unless given. */
  host?: string;
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
}

/** A listening server. */
export interface RunningServer {
  /** Origin to open, e.g. http://127.0.0.1:8080 (no trailing slash). */
  url: string;
  port: number;
  /** Stops listening and cuts open connections. */
  close(): Promise<void>;
}

const API_PATH = /^\/api\//i;

/** Starts the server and resolves once it listens. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  // Requests seen per connection: a handler may need to know a keep-alive connection was reused.
  const carried = new WeakMap<Socket, number>();
  const server = createServer((message, out) => {
    const earlier = carried.get(message.socket) ?? 0;
    carried.set(message.socket, earlier + 1);
    void handle(options, message, out, earlier > 0);
  });
  await listen(server, options.port ?? 0, host);
  const { port } = server.address() as AddressInfo;
  return { url: `http://${browsableHost(host)}:${port}`, port, close: () => closeServer(server) };
}

async function handle(
  options: ServerOptions,
  message: IncomingMessage,
  out: ServerResponse,
  reused: boolean,
): Promise<void> {
  const origin = `http://${message.headers.host ?? 'localhost'}`;
  let label = `${message.method} ${message.url}`;
  try {
    const request = toRequest(message, origin);
    recordConnection(request, { reused });
    label = `${request.method} ${new URL(request.url).pathname}`;
    const response = await route(options, request);
    closeIfUnread(message, out);
    await writeResponse(out, response, request.method === 'HEAD');
  } catch (error) {
    if (error instanceof ConnectionDropped) {
      // The fault being emulated: the client must see a reset connection, not any answer.
      message.socket.destroy();
      return;
    }
    // The client closed the connection mid-answer (an aborted fetch, a closed tab): its choice.
    if (clientLeft(message, error)) return;
    const tooLarge = bodyTooLarge(error);
    if (tooLarge !== undefined && !out.headersSent) {
      closeIfUnread(message, out);
      const body = JSON.stringify({ Message: `The request body is larger than ${tooLarge.limit} bytes.` });
      out.writeHead(413, { 'Content-Type': 'application/json; charset=utf-8' }).end(body);
      return;
    }
    console.error(`server: ${label} failed:`, error);
    if (out.headersSent) {
      out.destroy(); // the body was cut mid-stream; a reset tells the client it is incomplete
    } else {
      out.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Internal Server Error');
    }
  }
}

function route(options: ServerOptions, request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (API_PATH.test(pathname)) {
    return options.api ? options.api(request) : Promise.resolve(plain(502, 'No API configured'));
  }
  if (!options.staticDir) return Promise.resolve(plain(404, 'Not Found'));
  const extra = Object.entries(options.staticHeaders ?? {});
  return serveStatic(options.staticDir, request).then((response) => {
    for (const [name, value] of extra) response.headers.set(name, value);
    return response;
  });
}

/**
 * A body left unread (refused on its headers, or over the cap) is not read to keep the connection
 * alive: the answer closes it instead, so a client cannot make the server take in any amount.
 */
function closeIfUnread(message: IncomingMessage, out: ServerResponse): void {
  if (!message.complete) out.setHeader('Connection', 'close');
}

/** The answer failed because the client's connection closed before it was all out. */
function clientLeft(message: IncomingMessage, error: unknown): boolean {
  return (
    (error as NodeJS.ErrnoException | undefined)?.code === 'ERR_STREAM_PREMATURE_CLOSE' && message.socket.destroyed
  );
}

function plain(status: number, body: string): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    // Keep-alive sockets would hold close() open until they time out.
    server.closeAllConnections();
  });
}

/** A wildcard address is not something a browser can open; its loopback twin is. */
function browsableHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
