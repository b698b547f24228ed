/**
 * What the browser tests share: a real build of the app served with the stand-in on one origin
 * (the way `npm start` serves it), Chromium, and the console problems a page logs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { type OutageProxy, startOutageProxy } from '../server/outage.ts';
import { type RunningServer, startServer } from '../server/server.ts';
import { createStandin, type Standin, type StandinOptions } from '../standin/standin.ts';
import { buildTo } from '../tools/build.ts';
import { launchChromium } from '../tools/chromium.ts';

/** Long enough for a pull of 3,000 products on a loaded CI machine. */
export const WAIT = { timeout: 20_000 };

/**
 * The catalog's counts line once it holds `products` products and a kind after them ("1,000
 * products · 7 tender types"), never the download's progress label ("1,000 products so far"),
 * which says the same number a moment before (CI once saw both at once: a strict-mode error).
 */
export function catalogCounts(scope: { getByText(text: RegExp): Locator }, products: number): Locator {
  return scope.getByText(new RegExp(`^${products.toLocaleString('en-GB')} products ·`));
}

/** A built app, its server and stand-in, and a browser to open it in. */
export interface ServedApp {
  /** Where the build went (tests may change files in it). */
  outdir: string;
  standin: Standin;
  server: RunningServer;
  browser: Browser;
  /** The proxy the browser reaches the server through, when asked for (`outage: true`); else undefined. */
  outage: OutageProxy | undefined;
  /** The origin the browser opens: the outage proxy's when there is one, else the server's. */
  origin: string;
  /** The page with its context in the query string, as Epos Now opens it. */
  appUrl(): string;
  /** Closes the browser and the server, and removes the build. */
  close(): Promise<void>;
}

/** The stand-in's options, and how the browser reaches the server. */
export interface ServeOptions extends StandinOptions {
  /**
   * Puts an outage proxy (test/server/outage.ts) between the browser and the server, app and API
   * alike, so a test can kill the shop's uplink while the browser stays online.
   */
  outage?: boolean;
}

/** Builds into a fresh temporary directory, starts the server and launches Chromium. */
export async function serveApp(
  name: string,
  { outage: withOutage = false, ...standinOptions }: ServeOptions = {},
): Promise<ServedApp> {
  const outdir = await mkdtemp(join(tmpdir(), `epos-${name}-`));
  let server: RunningServer | undefined;
  let outage: OutageProxy | undefined;
  let browser: Browser | undefined;
  const close = async (): Promise<void> => {
    await browser?.close();
    await outage?.close();
    await server?.close();
    await rm(outdir, { recursive: true, force: true });
  };
  try {
    await buildTo(outdir);
    const standin = createStandin(standinOptions);
    server = await startServer({ api: (request) => standin.fetch(request), staticDir: outdir });
    if (withOutage) outage = await startOutageProxy(server.port);
    browser = await launchChromium();
    const url = outage?.url ?? server.url;
    return {
      outdir,
      standin,
      server,
      browser,
      outage,
      origin: url,
      appUrl: () => `${url}/?appToken=${encodeURIComponent(standin.token)}&deviceID=1&locationID=1&staffID=1`,
      close,
    };
  } catch (error) {
    // A half-started app would outlive the test run.
    await close();
    throw error;
  }
}

/** Collects the page's console errors and uncaught exceptions; a healthy page has none. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** The problems left once the ones a test provokes on purpose are set aside: Chromium logs each fetch that failed offline, and each 503 answer. */
export function unexpected(problems: readonly string[]): string[] {
  return problems.filter((text) => !text.includes('ERR_INTERNET_DISCONNECTED') && !text.includes('status of 503'));
}
