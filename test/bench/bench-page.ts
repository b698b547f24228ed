/**
 * The benchmark's own page (page.ts, bundled) served with the stand-in on one cross-origin-isolated
 * origin, open in Chromium: where the app's pull, store, search and outbox code are measured
 * beside their floors and naive baselines.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { startServer } from '../server/server.ts';
import type { Standin } from '../standin/standin.ts';
import { ROOT } from '../tools/build.ts';

/** The open page, and a way to call its `bench.*` functions. */
export interface BenchPage {
  page: Page;
  call<T>(name: string, ...args: unknown[]): Promise<T>;
}

type Bench = { [name: string]: (...args: never[]) => unknown };

/** Opens the bench page; what it starts is undone by the functions it pushes onto `cleanups`. */
export async function openBenchPage(
  browser: Browser,
  standin: Standin,
  cleanups: (() => Promise<unknown>)[],
): Promise<BenchPage> {
  const dir = await mkdtemp(join(tmpdir(), 'epos-bench-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  await esbuild.build({
    entryPoints: [join(ROOT, 'test/bench/page.ts')],
    outfile: join(dir, 'bench.js'),
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    logLevel: 'warning',
  });
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><meta charset="utf-8"><title>bench</title><script type="module" src="bench.js"></script>',
  );
  // Cross-origin isolation gives performance.now() 5 µs steps instead of 100 µs.
  const server = await startServer({
    api: (request) => standin.fetch(request),
    staticDir: dir,
    staticHeaders: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' },
  });
  cleanups.push(() => server.close());
  const page = await browser.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(`${server.url}/`);
  await page.waitForFunction(() => 'bench' in globalThis);
  const call = <T>(name: string, ...args: unknown[]): Promise<T> =>
    page.evaluate(
      ([n, a]) =>
        ((globalThis as unknown as { bench: Bench }).bench[n as string] as (...x: unknown[]) => unknown)(
          ...(a as unknown[]),
        ),
      [name, args] as const,
    ) as Promise<T>;
  return { page, call };
}
