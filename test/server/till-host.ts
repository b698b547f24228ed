/**
 * A till to test against: an HTTP server on another site than the app's that serves the till host
 * page (till-host-page.ts), which frames the app as Epos Now's till does. Another site, not only
 * another port, because a till frames the app from Epos Now's site: the app is a third-party frame
 * whose storage the browser partitions (test/tools/chromium.ts). Both stay secure contexts over
 * http, which a frame needs for its service worker: localhost and 127.0.0.1 are each a site of
 * their own and both are trustworthy origins.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONTEXT_KEYS, type TillContext, tillHostPage } from './till-host-page.ts';

/** Where the till host serves, and which app it frames. */
export interface TillHostOptions {
  /** The app's page without a query, e.g. http://127.0.0.1:8080/. */
  appUrl: string;
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
}

/** A running till host. */
export interface TillHost {
  /** Its origin, e.g. http://localhost:8081 (no trailing slash): another site than the app's. */
  readonly url: string;
  readonly port: number;
  /** The host page framing the app with `context` in the app's query string. */
  pageUrl(context: TillContext): string;
  /** Stops listening and cuts open connections. */
  close(): Promise<void>;
}

/**
 * The loopback name of another site than `appUrl`'s: 127.0.0.1 for an app on localhost, else
 * localhost (an app on 127.0.0.1, [::1], or an address a wildcard --host printed as one of those).
 */
function otherSite(appUrl: string): string {
  return new URL(appUrl).hostname === 'localhost' ? '127.0.0.1' : 'localhost';
}

/** Starts the till host on the loopback, named as the other site than the app's. */
export async function startTillHost(options: TillHostOptions): Promise<TillHost> {
  const appUrl = new URL(options.appUrl);
  appUrl.search = '';
  appUrl.hash = '';
  const server = createServer((message, out) => {
    // Nothing here reads a body; whatever came is discarded rather than held.
    message.resume();
    const url = new URL(message.url ?? '/', 'http://till.invalid');
    if (message.method !== 'GET' && message.method !== 'HEAD') {
      out.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method Not Allowed');
      return;
    }
    // No icon, and no 404 for the browser's own asking for one in the console a test watches.
    if (url.pathname === '/favicon.ico') {
      out.writeHead(204).end();
      return;
    }
    if (url.pathname !== '/') {
      out.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found');
      return;
    }
    const html = tillHostPage(appUrl.href, contextOf(url.searchParams));
    out
      .writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        // The page holds the token in its address and form, as Epos Now's till holds it: keep no copy.
        'Cache-Control': 'no-store',
        'Referrer-Policy': 'no-referrer',
      })
      .end(message.method === 'GET' ? html : undefined);
  });
  // localhost resolves to 127.0.0.1 in Chromium and (falling back from ::1) in Node's fetch.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${otherSite(appUrl.href)}:${port}`;
  return {
    url,
    port,
    pageUrl(context) {
      const page = new URL(`${url}/`);
      for (const key of CONTEXT_KEYS) {
        const value = context[key];
        if (value !== undefined && value !== '') page.searchParams.set(key, String(value));
      }
      return page.href;
    },
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The documented keys of the host page's own query string: the context it frames the app with. */
function contextOf(params: URLSearchParams): TillContext {
  const context: TillContext = {};
  for (const key of CONTEXT_KEYS) {
    const value = params.get(key);
    if (value !== null) context[key] = value;
  }
  return context;
}
