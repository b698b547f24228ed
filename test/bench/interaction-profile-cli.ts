/**
 * Where a keystroke's or a tap's time goes on a slow till (issue 26): the till offline at one CPU
 * rate, the bench's key presses or taps (./interaction.ts) under Chrome's trace and V8's sampling
 * profiler at once, then the page's main thread broken down by what it did (script, style, layout,
 * paint, ...) and its JavaScript by function, self time, heaviest first. The bench says how long;
 * this says why.
 *
 *   node test/tools/run-ts.mjs test/bench/interaction-profile-cli.ts --products 50000 --rate 6 --what keys|taps|reload|first-letters
 *     [--page till|naive|bare --count 30 --top 25]
 *
 * first-letters: each query's first letter typed into the emptied box, the keystroke that draws
 * the results grid from nothing; only the presses are counted, not the emptying between them.
 */
import { parseArgs } from 'node:util';
import type { CDPSession } from 'playwright-core';
import { serveApp } from '../browser/harness.ts';
import { BARE_PATH, writeBareTill } from './bare-till.ts';
import { attributeProfile, type CpuProfile, openPulledTill, waitForPack } from './cold-start.ts';
import { throttleCpu } from './cpu-throttle.ts';
import { wholeNumberFlags } from './flags.ts';
import { loadTyped, TYPE_COOKIE, tapTiles, typeFirstLetters, typeKeys } from './interaction.ts';
import { addProbe } from './interaction-probe.ts';
import { NAIVE_PATH, writeNaiveTill } from './naive-till.ts';
import { PAGE_WORKER } from './offline-page.ts';
import { eventsWithin, layoutWork, mainThreadTime, markedSpans, type Span } from './trace.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '50000' },
    rate: { type: 'string', default: '6' },
    what: { type: 'string', default: 'keys' },
    count: { type: 'string', default: '30' },
    top: { type: 'string', default: '25' },
    page: { type: 'string', default: 'till' },
  },
});
const { products, rate, count, top } = wholeNumberFlags(values, ['products', 'rate', 'count', 'top']);
const what = values.what;
if (what !== 'keys' && what !== 'taps' && what !== 'reload' && what !== 'first-letters')
  throw new Error('--what must be keys, taps, reload or first-letters');
/** The user-timing mark the first-letters presses are bracketed by. */
const PRESS = 'profiled-press';
/** The page profiled instead of the till, and how to write it. */
const other = { naive: { path: NAIVE_PATH, write: writeNaiveTill }, bare: { path: BARE_PATH, write: writeBareTill } }[
  values.page as 'naive' | 'bare'
];
if (!other && values.page !== 'till') throw new Error('--page must be till, naive or bare');

const app = await serveApp('bench-interaction-profile', { products });
try {
  const context = await app.browser.newContext({ viewport: { width: 1024, height: 768 } });
  await addProbe(context, { cookie: TYPE_COOKIE, done: 'interaction:done' });
  const page = await openPulledTill(context, app.appUrl(), products, 300_000);
  if (other) {
    // Its worker installed online, as the bench does, so it loads offline.
    await other.write(app.outdir);
    const worker = `${app.origin}${other.path}${PAGE_WORKER}`;
    await page.goto(`${app.origin}${other.path}`);
    await page.waitForFunction((script) => navigator.serviceWorker.controller?.scriptURL === script, worker);
  }
  await context.setOffline(true);
  await context.addCookies([{ name: TYPE_COOKIE, value: 'flat white', url: app.origin }]);
  await loadTyped(page, undefined, () => page.reload({ waitUntil: 'commit' }), 300_000);
  if (!other) await waitForPack(page);
  const throttle = await throttleCpu(page, rate);
  await throttle.apply();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  // The profiler's session must not reset the rate: set again after it attached.
  await throttle.apply(true);
  await app.browser.startTracing(page, {
    categories: ['devtools.timeline', 'toplevel', 'v8.execute', 'blink.user_timing'],
  });
  await cdp.send('Profiler.start');
  let summary: string;
  if (what === 'reload') {
    const reload = () => page.reload({ waitUntil: 'commit' });
    const shown: number[] = [];
    for (let i = 0; i < count; i++) shown.push(await loadTyped(page, throttle, reload, 300_000));
    summary = `${count} offline reloads at CPU ${rate}x to "flat white" on screen: ${shown.map((ms) => ms.toFixed(0)).join(', ')} ms`;
  } else if (what === 'first-letters') {
    const mark = (name: string) => page.evaluate((n) => void performance.mark(n), name);
    const samples = await typeFirstLetters(page, count, async (press) => {
      await mark(`${PRESS}:start`);
      await press();
      await mark(`${PRESS}:end`);
    });
    const shown = samples.flatMap((s) => (s.shownMs === null ? [] : [Math.round(s.shownMs)]));
    summary = `First letters at CPU ${rate}x, typed into the emptied box (only the presses counted): ${shown.sort((a, b) => a - b).join(', ')} ms`;
  } else {
    const samples = what === 'keys' ? await typeKeys(page, count) : await tapTiles(page, count);
    const changed = samples.filter((s) => s.shownMs !== null).length;
    summary = `${what === 'keys' ? 'Key presses' : 'Taps'} at CPU ${rate}x: ${samples.length} timed, ${changed} changed the screen`;
  }
  const { profile: whole } = await cdp.send('Profiler.stop');
  const trace = JSON.parse((await app.browser.stopTracing()).toString('utf8')) as { traceEvents: unknown[] };
  // First letters: only what happened during the presses, not the emptying between them.
  const spans = what === 'first-letters' ? markedSpans(trace.traceEvents as never, PRESS) : undefined;
  if (spans) trace.traceEvents = eventsWithin(trace.traceEvents as never, spans);
  const profile = spans ? profileWithin(whole, spans) : whole;
  console.log(`\n${summary}, ${products.toLocaleString('en-GB')} products`);
  console.log('\nMain thread, by what it did (ms, nested work counted once, in the innermost):\n');
  for (const [name, ms] of mainThreadTime(trace.traceEvents as never).slice(0, top))
    console.log(`  ${name.padEnd(40)} ${ms.toFixed(0).padStart(7)}`);
  console.log(`\n${layoutWork(trace.traceEvents as never)}`);
  const js = await attributeProfile(profile);
  const list = (title: string, rows: readonly { name: string; ms: number }[]): void => {
    console.log(`\n${title}\n`);
    for (const { name, ms } of rows.slice(0, top)) console.log(`  ${name.padEnd(70)} ${ms.toFixed(0).padStart(7)}`);
  };
  list('JavaScript by area, self time (ms)', js.areas);
  list('By function, self time (ms)', js.selfTop);
  list("The app's functions, counting what they call (ms)", js.inclusiveTop);
  await throttle.close();
  await context.close();
} finally {
  await app.close();
}

/**
 * The samples of `profile` taken inside `spans`. V8's profile and Chrome's trace read the same
 * clock (µs), so the trace's marks place the samples.
 */
function profileWithin(profile: CpuProfile & { startTime?: number }, spans: readonly Span[]): CpuProfile {
  const samples: number[] = [];
  const timeDeltas: number[] = [0];
  let at = profile.startTime ?? 0;
  profile.samples?.forEach((id, i) => {
    at += profile.timeDeltas?.[i] ?? 0;
    if (spans.some(([a, b]) => at >= a && at < b)) {
      samples.push(id);
      // attributeProfile counts a sample as the delta after it.
      timeDeltas.push(profile.timeDeltas?.[i + 1] ?? 0);
    }
  });
  return { nodes: profile.nodes, samples, timeDeltas };
}
