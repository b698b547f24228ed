/**
 * Chaos in Chromium: the same 1,000 random writes as test/sw/chaos.test.ts, queued in real
 * IndexedDB and replayed by the app's replayer in a page, against the stand-in over HTTP with
 * keep-alive. Besides the in-process faults, a POST dropped on a reused connection is resent by
 * Chromium itself (the twins it makes must be found and, once a person confirms, deleted), and a
 * redirect is followed to a real other origin, whose answer must never be used or stored.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ForeignOrigin, startForeignOrigin } from '../server/foreign-origin.ts';
import { type RunningServer, startServer } from '../server/server.ts';
import { createStandin, type Standin } from '../standin/standin.ts';
import { chaosFaults, checkChaos, seededOf } from '../sw/chaos-check.ts';
import type { ChaosRun, Seeded } from '../sw/chaos-run.ts';
import { ROOT } from '../tools/build.ts';
import { launchChromium } from '../tools/chromium.ts';

const WRITES = 1_000;

describe('chaos in Chromium, over HTTP with keep-alive', () => {
  let dir: string;
  let standin: Standin;
  let server: RunningServer;
  let browser: Browser;
  let foreign: ForeignOrigin;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'epos-chaos-'));
    await esbuild.build({
      entryPoints: [join(ROOT, 'test/browser/chaos-page.ts')],
      outfile: join(dir, 'chaos.js'),
      bundle: true,
      format: 'esm',
      target: 'es2022',
      logLevel: 'warning',
    });
    await writeFile(
      join(dir, 'index.html'),
      '<!doctype html><meta charset="utf-8"><title>chaos</title><script type="module" src="chaos.js"></script>',
    );
    standin = createStandin({ products: 300 });
    server = await startServer({ api: (request) => standin.fetch(request), staticDir: dir });
    browser = await launchChromium();
    foreign = await startForeignOrigin();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await foreign?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it(`${WRITES} random writes land exactly once, Chromium's own resends included`, async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => 'chaos' in globalThis);
    // A redirect goes to a real other origin, which answers [] to any GET.
    for (const fault of chaosFaults(foreign.url)) standin.faults.add(fault);
    standin.faults.add({
      type: 'drop-after-apply',
      reusedConnectionOnly: true,
      match: { method: 'POST' },
      probability: 0.05,
    });

    type Chaos = {
      run(token: string, seeded: Seeded, writes: number, seed: number): Promise<ChaosRun>;
      settle(): Promise<{ settled: number; left: string[] }>;
    };
    const run = await page.evaluate(
      ([token, seeded, writes]) =>
        (globalThis as unknown as { chaos: Chaos }).chaos.run(token, seeded, writes, 20261124),
      [standin.token, seededOf(standin), WRITES] as const,
    );
    const resent = standin.log.filter((e) => e.fault === 'drop-after-apply').length;
    const faults = standin.log.filter((e) => e.fault !== undefined).length;
    const redirected = standin.log.filter((e) => e.fault === 'redirect');
    const redirectedGets = redirected.filter((e) => e.method === 'GET').length;
    standin.faults.clear();
    const { settled, left } = await page.evaluate(() => (globalThis as unknown as { chaos: Chaos }).chaos.settle());

    expect(left).toEqual([]);
    const check = checkChaos(standin, run);
    const twins = run.forPerson.filter((text) => text.includes('more than once from one create')).length;
    console.log(
      `chaos (Chromium, HTTP keep-alive): ${WRITES} writes (${run.counts.create} creates, ${run.counts.update} updates, ${run.counts.delete} deletes, ${run.counts.save} settings saves); ` +
        `${standin.log.length} requests, ${faults} with an injected fault (${resent} connections dropped after the write was applied); ${run.rounds} final replay rounds; ` +
        `${run.verified} entries verified against the server; ${settled} left for a person, of which ${twins} twins of a resent create; ${redirected.length} redirected to another origin (${redirectedGets} GETs, of which the other origin heard ${foreign.seen.length}); lost ${check.lost}, duplicated ${check.duplicated}`,
    );
    // What the server heard of each record that came out wrong: the way to read a failure.
    for (const line of check.wrong) {
      const marker = /Chaos \d+/.exec(line)?.[0];
      if (!marker) continue;
      const own = standin.log.flatMap((e, at) => (e.body.includes(`"${marker}"`) ? [at] : []));
      const kind = /^(\w+)/.exec(line)?.[1] ?? '';
      // Every request to the record's kind from its first send to its last: the looks between them.
      const between = standin.log
        .slice(own[0], (own.at(-1) ?? 0) + 1)
        .filter((e) => e.path.includes(`/${kind}`))
        .map((e) => [e.method, e.path, e.status, e.fault, e.body.includes(`"${marker}"`) ? marker : '']);
      console.log(
        `chaos problem: ${line}; requests to ${kind} from its first send to its last:`,
        JSON.stringify(between),
      );
    }
    expect(check, `left for a person: ${run.forPerson.join(' | ')}`).toEqual({
      lost: 0,
      duplicated: 0,
      wrong: [],
      settingsKept: true,
    });
    await page.close();
  }, 240_000);
});
