/**
 * What `npm start` runs: a build's static files and an API (the local stand-in, or a proxy to a
 * real Epos Now base) on one origin. build.mjs bundles this file for Node and imports it.
 */
import { createStandin, type StandinOptions } from '../standin/standin.ts';
import { proxyTo } from './proxy.ts';
import { startServer } from './server.ts';

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
}

/** A running dev server. */
export interface DevServer {
  url: string;
  port: number;
  /** The stand-in's demo token; undefined when proxying (use your own). */
  token?: string;
  /** Stops the server and saves the stand-in's data when it persists. */
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
    return { url: server.url, port: server.port, close: server.close };
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
  return {
    url: server.url,
    port: server.port,
    token: standin.token,
    async close() {
      await server.close();
      await standin.flush();
    },
  };
}
