/**
 * What `npm start` runs: a build's static files and an API (the local stand-in, or a proxy to a
 * real Epos Now base) on one origin, and beside it the till host (till-host.ts) on another site,
 * framing the app as Epos Now's till does. build.mjs bundles this file for Node and imports it.
 */
import { createStandin, type StandinOptions } from '../standin/standin.ts';
import { proxyTo } from './proxy.ts';
import { type RunningServer, startServer } from './server.ts';
import { startTillHost, type TillHost } from './till-host.ts';

/** Options of the dev server, as build.mjs parses them from its flags. */
export interface DevOptions {
  staticDir: string;
  host: string;
  port: number;
  /** Proxy /api to this base instead of running the stand-in. */
  apiBase?: string;
  /** Stand-in: how many demo products. */
  products?: number;
  /** Stand-in: `Id` (contract) or `ProductID`-style (v2) identifiers. */
  idStyle?: 'contract' | 'v2';
  /** Stand-in: keep its data in this JSON file across restarts. Absent: in memory only. */
  dataFile?: string;
  /** The Content-Security-Policy to send with every file (the build's, in production) instead of the dev one. */
  policy?: string | undefined;
  /** Also serve the till host on this port (0: a free one; a port in use: a free one instead). Absent: no till host. */
  tillPort?: number | undefined;
}

/** A running dev server. */
export interface DevServer {
  url: string;
  port: number;
  /** The stand-in's demo token; undefined when proxying (use your own). */
  token?: string;
  /** The till host page framing the app with a till's context (the token in it when the stand-in's is known); absent without a till host. */
  tillUrl?: string;
  /** Stops the server (and the till host) and saves the stand-in's data when it persists. */
  close(): Promise<void>;
}

/** Starts the dev server. */
export async function startDev(options: DevOptions): Promise<DevServer> {
  if (options.apiBase) {
    const server = await startServer({
      api: proxyTo(options.apiBase),
      staticDir: options.staticDir,
      ...(options.policy ? { staticHeaders: { 'Content-Security-Policy': options.policy } } : {}),
      host: options.host,
      port: options.port,
    });
    return withTillHost(options, server, undefined, server.close);
  }
  const standinOptions: StandinOptions = {};
  if (options.products !== undefined) standinOptions.products = options.products;
  if (options.idStyle !== undefined) standinOptions.idStyle = options.idStyle;
  if (options.dataFile !== undefined) standinOptions.persistFile = options.dataFile;
  const standin = createStandin(standinOptions);
  const server = await startServer({
    api: (request) => standin.fetch(request),
    staticDir: options.staticDir,
    host: options.host,
    port: options.port,
  });
  return withTillHost(options, server, standin.token, async () => {
    await server.close();
    await standin.flush();
  });
}

/** The context `npm start` prints the app's address with. */
const CONTEXT = { deviceID: 1, locationID: 1, staffID: 1 };

/** The dev server for `server`, with the till host beside it when asked for; closing closes both. */
async function withTillHost(
  options: DevOptions,
  server: RunningServer,
  token: string | undefined,
  closeServer: () => Promise<void>,
): Promise<DevServer> {
  const dev = { url: server.url, port: server.port, ...(token === undefined ? {} : { token }) };
  if (options.tillPort === undefined) return { ...dev, close: closeServer };
  let host: TillHost;
  try {
    host = await startTillHostNear(`${server.url}/`, options.tillPort);
  } catch (error) {
    await closeServer();
    throw error;
  }
  return {
    ...dev,
    tillUrl: host.pageUrl({ ...(token === undefined ? {} : { appToken: token }), ...CONTEXT }),
    async close() {
      await host.close();
      await closeServer();
    },
  };
}

/** The till host on `port`, or on a free one when that is taken: it is printed either way. */
async function startTillHostNear(appUrl: string, port: number): Promise<TillHost> {
  try {
    return await startTillHost({ appUrl, port });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0) throw error;
    return startTillHost({ appUrl, port: 0 });
  }
}
