/**
 * Test helper: a stand-in behind the real HTTP server, for what only a socket shows (body limits,
 * keep-alive, redirects followed by a real client).
 */
import { createStandin, type Standin, type StandinOptions } from '../standin/standin.ts';
import { type RunningServer, startServer } from './server.ts';

/** A stand-in served over HTTP, and the header that authenticates to it. */
export interface ServedStandin {
  readonly standin: Standin;
  readonly server: RunningServer;
  /** `authorization: Basic <token>`. */
  readonly auth: Record<string, string>;
}

/** Starts a small stand-in (10 products unless told) on a free port; close `server` after. */
export async function serveStandin(options: StandinOptions = {}): Promise<ServedStandin> {
  const standin = createStandin({ products: 10, ...options });
  const server = await startServer({ api: (request) => standin.fetch(request) });
  return { standin, server, auth: { authorization: `Basic ${standin.token}` } };
}
