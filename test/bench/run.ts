/**
 * `npm run bench`: measures what matters at shop scale in headless Chromium against the stand-in
 * over HTTP: the catalog pull, search, typing in the till, the offline cold start, the till's
 * interactions at CPU throttling 1x, 4x and 6x beside a naive page, the outbox replay, memory,
 * the bundle sizes and recovery from a dead uplink and a refused token. Prints a table and the
 * targets, and writes JSON. Every figure comes with its floor or naive baseline from the same
 * run, since these machines are shared and noisy; nothing here passes or fails on a timing.
 *
 *   npm run bench -- --products 50000 --runs 3 --writes 1000 --out test-results/bench.json
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { serveApp } from '../browser/harness.ts';
import { openBenchPage } from './bench-page.ts';
import { formatColdStartRows, measureColdStart } from './cold-start.ts';
import { CORES, withCoresBusy } from './cpu.ts';
import { formatFirstVisitRows, measureFirstVisit } from './first-visit.ts';
import { wholeNumberFlags } from './flags.ts';
import { heapMb } from './heap.ts';
import { measureInteraction } from './interaction.ts';
import { formatInteractionRows, interactionTargets } from './interaction-figures.ts';
import { formatLayoutShiftRows, measureLayoutShift } from './layout-shift.ts';
import { formatOutboxRows, measureOutbox } from './outbox.ts';
import { formatRecoveryRows, measureRecovery } from './recovery.ts';
import { formatRequestBudgetRows, measureRequestBudget } from './request-budget.ts';
import { spread } from './search.ts';
import { measureTyping } from './typing.ts';

/** Queries typed letter by letter in the search measurements (the index alone, and the till's search box). */
const QUERIES = ['flat white', 'sourdough', 'creme brulee', 'jalap', 'oat', 'choc', 'tea'];

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '50000' },
    runs: { type: 'string', default: '3' },
    writes: { type: 'string', default: '1000' },
    out: { type: 'string', default: 'test-results/bench.json' },
  },
});
const { products: productCount, runs, writes } = wholeNumberFlags(values, ['products', 'runs', 'writes']);

const median = (xs: readonly number[]): number => spread(xs).median;
const p95 = (xs: readonly number[]): number => spread(xs).p95;
/** One 60 Hz frame: a keystroke slower than this shows its results a frame late or more. */
const FRAME_MS = 1000 / 60;
const shareOver = (xs: readonly number[], limit: number): number => xs.filter((x) => x > limit).length / xs.length;

/** A round trip to an API on another machine, for the outbox replay's second measurement. */
const REMOTE_MS = 20;

/** How long the uplink is dead in the recovery measurement. */
const RECOVERY_OUTAGE_MS = 60_000;

/** What build.mjs writes to sizes.json. */
interface BuildSizes {
  parts: Record<'app' | 'lazy' | 'worker', { raw: number; gzip: number; budget: number }>;
}

const kB = (bytes: number): string => `${(bytes / 1000).toFixed(2)} kB`;

async function main(): Promise<void> {
  // Undone in reverse order whatever fails, setup included.
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    // The real app, served as a till gets it, apart from the bench page (whose cross-origin
    // isolation is not how a till runs it); one stand-in answers both.
    const app = await serveApp('bench', { products: productCount });
    cleanups.push(() => app.close());
    const { standin, browser } = app;
    const { page, call } = await openBenchPage(browser, standin, cleanups);
    const token = standin.token;

    const pull: number[] = [];
    const fetchOnly: number[] = [];
    const storeOnly: number[] = [];
    const naive: number[] = [];
    let records = 0;
    // One unmeasured round warms the JIT, the stand-in's lazily built records and the disk cache.
    await call('pull', token);
    await call('fetchOnly', token);
    await call('storeOnly');
    // Interleaved, so a noisy moment on the machine spreads over all of them.
    const busy = { pull: [] as number[], fetchOnly: [] as number[], storeOnly: [] as number[] };
    for (let run = 0; run < runs; run++) {
      const p = await withCoresBusy(() => call<{ ms: number; records: number; failed: string[] }>('pull', token));
      if (p.value.failed.length > 0) throw new Error(`pull failed: ${p.value.failed.join('; ')}`);
      records = p.value.records;
      pull.push(p.value.ms);
      busy.pull.push(p.coresBusy);
      const fetched = await withCoresBusy(() => call<{ ms: number }>('fetchOnly', token));
      fetchOnly.push(fetched.value.ms);
      busy.fetchOnly.push(fetched.coresBusy);
      const stored = await withCoresBusy(() => call<{ ms: number }>('storeOnly'));
      storeOnly.push(stored.value.ms);
      busy.storeOnly.push(stored.coresBusy);
      naive.push((await call<{ ms: number }>('naive', token)).ms);
    }
    const heapBefore = await heapMb(page);
    const built = await call<{ readMs: number; buildMs: number; size: number }>('buildIndex', token);
    const heapAfter = await heapMb(page);
    const search = await call<{ index: number[]; naive: number[]; hits: number }>('search', QUERIES);
    const outbox = await measureOutbox(page, standin, { writes, runs });
    // The same replay against an API 20 ms away, as Epos Now is from a shop (or further): what
    // the store's per-entry cost is worth once a request is not answered on the same machine.
    for (const method of ['POST', 'PUT', 'DELETE'])
      standin.faults.add({ match: { method }, type: 'latency', ms: REMOTE_MS });
    const remote = await measureOutbox(page, standin, {
      writes: Math.min(writes, 200),
      runs: 1,
      label: 'remote',
    }).finally(() => standin.faults.clear());
    // The bench page holds its own copy of the catalog and index; the till gets the machine to itself.
    await page.close();
    const appUrl = app.appUrl();
    const typed = await measureTyping(browser, appUrl, QUERIES, productCount, { rounds: runs });
    const render = typed.samples.map((s) => s.renderMs);
    const framed = typed.samples.map((s) => s.frameMs);
    const layout = typed.samples.map((s) => s.layoutMs);
    const cold = await measureColdStart(browser, appUrl, productCount, { runs: Math.max(runs, 3) });
    // Scaled with --runs: CI's single run (--runs 1) keeps this part near 2 minutes; the full
    // bench times 98 key presses (every query once) and 40 taps at each rate, for a p95.
    const interaction = await measureInteraction(app, productCount, {
      reloads: Math.min(5, runs + 2),
      keystrokes: Math.min(98, 49 * runs),
      taps: Math.min(40, 15 * runs),
    });
    const layoutShift = await measureLayoutShift(browser, appUrl, productCount);
    const sizes = JSON.parse(await readFile(join(app.outdir, 'sizes.json'), 'utf8')) as BuildSizes;
    const firstVisit = await measureFirstVisit({ runs: Math.min(runs, 3) });
    const requestBudget = await measureRequestBudget({ products: productCount, refreshMinutes: 15, openHours: 12 });
    // A minute of outage, not the target's two: the rate is what is compared.
    const recovery = await measureRecovery({ outageMs: RECOVERY_OUTAGE_MS });

    const floor = Math.max(median(fetchOnly), median(storeOnly));
    const figures = {
      products: productCount,
      records,
      runs,
      pull: { medianMs: median(pull), all: pull },
      floorFetchOnly: { medianMs: median(fetchOnly), all: fetchOnly },
      floorStoreOnly: { medianMs: median(storeOnly), all: storeOnly },
      naivePull: { medianMs: median(naive), all: naive },
      pullToFloor: median(pull) / floor,
      naiveToPull: median(naive) / median(pull),
      /** The most any pull could gain on the naive walk: one at its floor would be this much faster. */
      naiveToFloor: median(naive) / floor,
      /** Cores busy on average (of `cores`) during each: when fetching alone fills them, storing cannot overlap it for free. */
      coresBusy: {
        cores: CORES,
        pull: median(busy.pull),
        fetchOnly: median(busy.fetchOnly),
        storeOnly: median(busy.storeOnly),
      },
      index: { readMs: built.readMs, buildMs: built.buildMs, size: built.size },
      search: {
        keystrokes: search.index.length,
        indexMedianMs: median(search.index),
        indexP95Ms: p95(search.index),
        naiveMedianMs: median(search.naive),
        naiveP95Ms: p95(search.naive),
        speedupMedian: median(search.naive) / median(search.index),
      },
      heapMb: { beforeIndex: heapBefore, afterIndex: heapAfter, till: typed.heapMb },
      typing: {
        keystrokes: typed.samples.length,
        renderMedianMs: median(render),
        renderP95Ms: p95(render),
        renderMaxMs: spread(render).max,
        layoutMedianMs: median(layout),
        layoutP95Ms: p95(layout),
        frameMedianMs: median(framed),
        frameP95Ms: p95(framed),
        overFrame: shareOver(render, FRAME_MS),
        frameLate: shareOver(framed, FRAME_MS),
        coldMaxMs: spread(typed.cold.map((s) => s.renderMs)).max,
        readyMs: typed.readyMs,
        samples: typed.samples,
      },
      coldStart: cold,
      interaction,
      outbox,
      outboxRemote: { latencyMs: REMOTE_MS, ...remote },
      bundle: sizes,
      layoutShift,
      firstVisit,
      requestBudget,
      recovery,
    };
    const f = (ms: number): string => `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;
    const busyOf = (cores: number): string => (Number.isNaN(cores) ? 'unknown' : `${cores.toFixed(2)} of ${CORES}`);
    const rows: [string, string, string][] = [
      [
        'pull (all 4 kinds)',
        f(figures.pull.medianMs),
        `${figures.pullToFloor.toFixed(2)}x floor; cores busy ${busyOf(figures.coresBusy.pull)}`,
      ],
      ['floor: fetch only', f(figures.floorFetchOnly.medianMs), `cores busy ${busyOf(figures.coresBusy.fetchOnly)}`],
      [
        'floor: store only (1 tx/kind)',
        f(figures.floorStoreOnly.medianMs),
        `cores busy ${busyOf(figures.coresBusy.storeOnly)}`,
      ],
      [
        'naive: page by page',
        f(figures.naivePull.medianMs),
        `${figures.naiveToPull.toFixed(2)}x the pull, ${figures.naiveToFloor.toFixed(2)}x the floor`,
      ],
      ['read products from IndexedDB', f(built.readMs), ''],
      ['build search index', f(built.buildMs), ''],
      [
        'search per keystroke (median / p95)',
        `${f(figures.search.indexMedianMs)} / ${f(figures.search.indexP95Ms)}`,
        `${figures.search.speedupMedian.toFixed(1)}x faster than naive`,
      ],
      [
        'naive filter per keystroke (median / p95)',
        `${f(figures.search.naiveMedianMs)} / ${f(figures.search.naiveP95Ms)}`,
        '',
      ],
      [
        'JS heap after indexing (before)',
        `${heapAfter.toFixed(1)} MB`,
        `(${heapBefore.toFixed(1)} MB); this bench page also holds every record`,
      ],
      [
        "the till's JS heap, catalog indexed",
        `${typed.heapMb.toFixed(1)} MB`,
        'the real app after its first pull, after a GC',
      ],
      ['till opened to catalog searchable', f(typed.readyMs), 'fresh till: pull, store, index'],
      [
        "typing in the till's search box (median / p95)",
        `${f(figures.typing.renderMedianMs)} / ${f(figures.typing.renderP95Ms)}`,
        `to rendered + laid out (no paint); max ${f(figures.typing.renderMaxMs)}`,
      ],
      [
        '  keystrokes over one frame (16.7 ms)',
        `${(figures.typing.overFrame * 100).toFixed(1)} %`,
        `of ${figures.typing.keystrokes}; cold first pass max ${f(figures.typing.coldMaxMs)}`,
      ],
      [
        '  of which style + layout (median / p95)',
        `${f(figures.typing.layoutMedianMs)} / ${f(figures.typing.layoutP95Ms)}`,
        'the rest is the search and Preact',
      ],
      [
        '  keystroke to next frame (median / p95)',
        `${f(figures.typing.frameMedianMs)} / ${f(figures.typing.frameP95Ms)}`,
        `vsync-aligned; ${(figures.typing.frameLate * 100).toFixed(1)} % over 16.7 ms`,
      ],
    ];
    const bundleRows: [string, string, string][] = (['app', 'lazy', 'worker'] as const).map((part) => {
      const size = sizes.parts[part];
      return [`${part} gzipped (raw)`, `${kB(size.gzip)}`, `(${kB(size.raw)}); build budget ${kB(size.budget)}`];
    });
    const coldResults = spread(cold.typed.map((s) => s.resultsFrameMs)).median;
    const coldFresh = spread(cold.freshTab.map((s) => s.usableFrameMs)).median;
    const targets: [string, string, boolean][] = [
      ['pull within 1.3x its floor', `${figures.pullToFloor.toFixed(2)}x`, figures.pullToFloor <= 1.3],
      ['pull at least 2x faster than the naive walk', `${figures.naiveToPull.toFixed(2)}x`, figures.naiveToPull >= 2],
      ['  (a pull at its floor would be)', `${figures.naiveToFloor.toFixed(2)}x`, figures.naiveToFloor >= 2],
      ['search p95 under 4 ms', f(figures.search.indexP95Ms), figures.search.indexP95Ms < 4],
      [
        'search at least 10x faster than the naive filter',
        `${figures.search.speedupMedian.toFixed(1)}x`,
        figures.search.speedupMedian >= 10,
      ],
      ['offline cold start (reload) to first results under 400 ms', f(coldResults), coldResults < 400],
      ['  the same in a fresh tab, worker stopped, to searchable', f(coldFresh), coldFresh < 400],
      [
        'outbox replay within 1.5x of sending directly',
        `${outbox.ratio.sequential.toFixed(2)}x`,
        outbox.ratio.sequential <= 1.5,
      ],
      [
        `  the same, API ${REMOTE_MS} ms away (${remote.entries} writes)`,
        `${remote.ratio.sequential.toFixed(2)}x`,
        remote.ratio.sequential <= 1.5,
      ],
      [
        '  one GET per update (issue 24)',
        `${(outbox.reads.gets / Math.max(1, outbox.reads.puts)).toFixed(2)} a PUT`,
        outbox.reads.gets === outbox.reads.puts,
      ],
      [
        '  order per record kept',
        outbox.order.problems.length === 0 ? 'kept' : `${outbox.order.problems.length} problems`,
        outbox.order.problems.length === 0,
      ],
      [
        'outage: at most 40 requests in 2 minutes (issue 25)',
        `${(recovery.requestsPerMinute * 2).toFixed(0)} at this rate`,
        recovery.requestsPerMinute * 2 <= 40,
      ],
      [
        '  a queued write lands within 30 s of the link back',
        recovery.landedMs === null ? 'never' : f(recovery.landedMs),
        recovery.landedMs !== null && recovery.landedMs <= 30_000,
      ],
      [
        '  a token taken again resumes within 30 s',
        recovery.resumedMs === null ? 'never' : f(recovery.resumedMs),
        recovery.resumedMs !== null && recovery.resumedMs <= 30_000,
      ],
      ['heap under 60 MB with the products indexed (the till)', `${typed.heapMb.toFixed(1)} MB`, typed.heapMb < 60],
      ...interactionTargets(interaction),
      // The gates in force are build.mjs's BUDGET, as sizes.json carries them; the first goals
      // (25 KB app, 10 KB worker) were retired with figures (README, "Bundle size").
      ...(['app', 'lazy', 'worker'] as const).map((part): [string, string, boolean] => {
        const size = sizes.parts[part];
        return [`${part} within its size gate (${kB(size.budget)} gzipped)`, kB(size.gzip), size.gzip <= size.budget];
      }),
    ];
    const print = (title: string, table: [string, string, string][]): void => {
      console.log(`\n${title}\n`);
      for (const [name, value, note] of table) console.log(`  ${name.padEnd(52)} ${value.padStart(22)}  ${note}`);
    };
    print(
      `Offline catalog: ${productCount} products + 3 small kinds (${records} records), median of ${runs} runs, headless Chromium`,
      rows,
    );
    print(`Offline cold start: ${productCount} products cached, median (min–max)`, formatColdStartRows(cold));
    print(
      `The tills shops own (issue 26): offline, the till, a naive page and the bare page (the floor) at CPU throttling ${interaction.rates.map((r) => r.rate).join(' / ')}x`,
      formatInteractionRows(interaction),
    );
    print(
      `Outbox replay: ${outbox.entries} entries from ${outbox.writes} writes, median of ${outbox.runs} runs`,
      formatOutboxRows(outbox),
    );
    print(
      `Outbox replay, API ${REMOTE_MS} ms away: ${remote.entries} entries, 1 run`,
      formatOutboxRows(remote).slice(0, 6),
    );
    print(
      `First visit over 1.6 Mbit/s and 150 ms: ${firstVisit.products.toLocaleString('en-GB')} products, median (min–max)`,
      formatFirstVisitRows(firstVisit),
    );
    print(
      `Request budget of one till: ${productCount.toLocaleString('en-GB')} products, every 15 min, 12 h open`,
      formatRequestBudgetRows(requestBudget),
    );
    print('Recovery without a person (issue 25): the browser online throughout', formatRecoveryRows(recovery));
    print('Bundle (gzip -9, from the build)', bundleRows);
    print(
      'Layout shift as the till opens (CLS, web-vitals session windows; what moved most)',
      formatLayoutShiftRows(layoutShift),
    );
    const scale =
      productCount < 50_000
        ? ` (set for 50,000 products and 1,000 writes; at ${productCount} they show the mechanics, not the verdict)`
        : '';
    print(
      `Targets (issue 6), this run${scale}`,
      targets.map(([name, value, met]) => [name, value, met ? 'met' : 'MISSED']),
    );
    await mkdir(dirname(values.out), { recursive: true });
    await writeFile(values.out, `${JSON.stringify(figures, null, 2)}\n`);
    console.log(`\nJSON: ${values.out}`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

await main();
