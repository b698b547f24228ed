/**
 * A slow link in front of a local server: every request waits the link's latency, and every byte
 * (request bodies up, answers down) shares one bandwidth, as a shop's connection does for the
 * page, its scripts and the service worker's own requests alike. Tests may also hold requests
 * that match a pattern until they release them, to stop a walk at a known page without timing.
 */
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** The link. Defaults: the slow shop link of issue 13, 150 ms and 1.6 Mbit/s. */
export interface ThrottleOptions {
  /** Origin to forward to, e.g. http://127.0.0.1:8080. */
  target: string;
  /** Added to every request before it is forwarded, in ms. */
  latencyMs?: number;
  /** Shared by every connection, both ways, in bits per second. */
  bitsPerSecond?: number;
}

/** A running proxy. */
export interface Throttle {
  /** Origin to open instead of the target's. */
  url: string;
  /** Requests forwarded, and body bytes carried both ways, so far. */
  readonly stats: { requests: number; bytes: number };
  /** The path and query of each request forwarded, in order. */
  readonly paths: readonly string[];
  /** Holds requests whose path and query match until the returned function is called. */
  hold(path: RegExp): () => void;
  /** Stops listening and cuts open connections (held requests included). */
  close(): Promise<void>;
}

/** Bytes sent at once: small enough that connections take turns on the link. */
const SLICE = 8 * 1024;

/** Starts the proxy and resolves once it listens on 127.0.0.1. */
export async function startThrottle(options: ThrottleOptions): Promise<Throttle> {
  const latencyMs = options.latencyMs ?? 150;
  const bytesPerMs = (options.bitsPerSecond ?? 1_600_000) / 8 / 1000;
  const target = new URL(options.target);
  const stats = { requests: 0, bytes: 0 };
  const paths: string[] = [];
  const holds: { path: RegExp; released: Promise<void> }[] = [];
  const sockets = new Set<Socket>();
  // When the shared link is next free (ms, performance.now()): each slice waits its turn.
  let linkFreeAt = 0;

  async function carry(bytes: number): Promise<void> {
    const start = Math.max(performance.now(), linkFreeAt);
    linkFreeAt = start + bytes / bytesPerMs;
    stats.bytes += bytes;
    // Never negative: the clock may have passed the slot while this slice was being handed on.
    await sleep(Math.max(0, linkFreeAt - performance.now()));
  }

  async function paced(chunk: Buffer, write: (slice: Buffer) => void): Promise<void> {
    for (let at = 0; at < chunk.length; at += SLICE) {
      const slice = chunk.subarray(at, at + SLICE);
      await carry(slice.length);
      write(slice);
    }
  }

  async function handle(incoming: IncomingMessage, out: ServerResponse): Promise<void> {
    const path = incoming.url ?? '/';
    await Promise.all(holds.filter((h) => h.path.test(path)).map((h) => h.released));
    await sleep(latencyMs);
    stats.requests++;
    paths.push(path);
    const upstream = forward({
      host: target.hostname,
      port: target.port,
      method: incoming.method,
      path,
      headers: { ...incoming.headers, host: target.host },
    });
    upstream.on('response', (answer) => {
      out.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
      void (async () => {
        for await (const chunk of answer) await paced(chunk as Buffer, (slice) => out.write(slice));
        out.end();
      })().catch((error: unknown) => out.destroy(error as Error));
    });
    upstream.on('error', (error) => out.destroy(error));
    for await (const chunk of incoming) await paced(chunk as Buffer, (slice) => upstream.write(slice));
    upstream.end();
  }

  const server = createServer((incoming, out) => {
    handle(incoming, out).catch((error: unknown) => out.destroy(error as Error));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    paths,
    hold(path) {
      let release = (): void => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const entry = { path, released };
      holds.push(entry);
      return () => {
        holds.splice(holds.indexOf(entry), 1);
        release();
      };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
