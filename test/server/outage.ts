/**
 * A shop's dead uplink, for tests: a TCP proxy in front of the served app (static files and /api
 * alike, one origin) that a test switches between passing bytes, black-holing every connection
 * and resetting every connection. The browser is never told it is offline (`navigator.onLine`
 * stays true), as in a shop whose router and Wi-Fi stay up while the line behind them is dead.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * `pass` pipes bytes both ways; `blackhole` accepts and then neither forwards nor answers, on new
 * and open connections alike; `reset` resets every connection (TCP RST), open ones at the switch.
 */
export type OutageMode = 'pass' | 'blackhole' | 'reset';

/** A running outage proxy. */
export interface OutageProxy {
  /** Origin to open instead of the target's, e.g. http://127.0.0.1:41234. */
  readonly url: string;
  readonly port: number;
  /** The mode now. */
  mode(): OutageMode;
  /** Switches mode; open connections follow at once (held, reset, or flowing again). */
  set(mode: OutageMode): void;
  /** Connections from clients accepted and not yet closed. */
  openConnections(): number;
  /** Stops listening and cuts every connection; the same promise on every call. */
  close(): Promise<void>;
}

/** One client connection and, once the link lets it through, its connection to the target. */
interface Link {
  readonly client: Socket;
  upstream?: Socket;
  /** The target closed its side while bytes could not pass; the client learns of it when they can. */
  upstreamGone: boolean;
  /** Why the target's side failed, if it did; its close decides what the client sees. */
  upstreamError?: Error;
}

const LOOPBACK = '127.0.0.1';

/** Starts a proxy on a free loopback port in front of `targetPort` on 127.0.0.1, in `pass` mode. */
export async function startOutageProxy(targetPort: number): Promise<OutageProxy> {
  let mode: OutageMode = 'pass';
  const links = new Set<Link>();

  const flow = (link: Link): void => {
    if (link.upstreamGone) {
      link.client.destroy();
      return;
    }
    if (!link.upstream) link.upstream = openUpstream(link);
    // Bytes a client sent while held wait in its stream; piping delivers them, as TCP's
    // retransmission does when a line comes back.
    link.client.pipe(link.upstream);
    link.upstream.pipe(link.client);
    link.client.resume();
    link.upstream.resume();
  };

  const hold = (link: Link): void => {
    // Unpiped and paused, nothing is read or forwarded either way: the kernel's buffers fill, as
    // with a peer that has gone silent.
    link.client.unpipe();
    link.upstream?.unpipe();
    link.client.pause();
    link.upstream?.pause();
  };

  const reset = (link: Link): void => {
    links.delete(link);
    link.upstream?.destroy();
    link.client.resetAndDestroy();
  };

  const openUpstream = (link: Link): Socket => {
    const upstream = connect(targetPort, LOOPBACK);
    upstream.on('error', (error) => {
      link.upstreamError = error;
    });
    upstream.on('close', () => {
      if (mode === 'blackhole') link.upstreamGone = true;
      // The target refused or cut the connection: the client's is cut too; a clean close ends it.
      else if (link.upstreamError) link.client.destroy();
      else link.client.end();
    });
    return upstream;
  };

  const server: Server = createServer((client) => {
    const link: Link = { client, upstreamGone: false };
    if (mode === 'reset') {
      client.resetAndDestroy();
      return;
    }
    links.add(link);
    // A client's errors (its own reset, a reset we made) end only its link; the proxy goes on.
    client.on('error', () => link.upstream?.destroy());
    client.on('close', () => {
      links.delete(link);
      link.upstream?.destroy();
    });
    if (mode === 'pass') flow(link);
    else hold(link);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('outage proxy: no TCP address');
  const { port } = address;
  let closed: Promise<void> | undefined;

  return {
    url: `http://${LOOPBACK}:${port}`,
    port,
    mode: () => mode,
    set(next) {
      if (next === mode) return;
      mode = next;
      for (const link of [...links]) {
        if (next === 'pass') flow(link);
        else if (next === 'blackhole') hold(link);
        else reset(link);
      }
    },
    openConnections: () => links.size,
    close() {
      // Once only: a test's own close and the teardown's must not race to a "not running" error.
      closed ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        for (const link of [...links]) reset(link);
      });
      return closed;
    },
  };
}
