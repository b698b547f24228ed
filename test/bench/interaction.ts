/**
 * The tills shops own (issue 26): the real till, a naive page (./naive-till.ts) and a bare page
 * that does the least the measured interactions can (./bare-till.ts, the measurement's floor),
 * measured in the same run, offline, with the catalog the till pulled, at Chrome's CPU throttling
 * rates 1, 4 and 6 (./cpu-throttle.ts). At each rate and for each page: offline reloads to a
 * typed product on screen; real key presses in the search box, timed from the keydown to the
 * results changed on screen and by Event Timing; real clicks on result tiles, timed from the
 * pointerdown to the basket changed on screen and by Event Timing; the JS heap after a load; the
 * startup's compile time on a traced reload. Figures are printed, never asserted.
 */
import type { BrowserContext, Page, Response } from 'playwright-core';
import { BASKET_KEY } from '../../app/till/basket-storage.ts';
import type { ServedApp } from '../browser/harness.ts';
import { BARE_PATH, writeBareTill } from './bare-till.ts';
import { openPulledTill, waitForPack } from './cold-start.ts';
import { type CpuThrottle, throttleCpu } from './cpu-throttle.ts';
import { heapMb } from './heap.ts';
import type { InteractionMeasure, InteractionSample, PageAtRate, RateMeasure } from './interaction-figures.ts';
import {
  addProbe,
  arm,
  type EventEntry,
  eventEntries,
  type LoadRecord,
  loadRecord,
  SELECTORS,
  type Settled,
  settle,
} from './interaction-probe.ts';
import { NAIVE_PATH, writeNaiveTill } from './naive-till.ts';
import { PAGE_WORKER } from './offline-page.ts';
import { tracedLoad } from './trace.ts';

/** How much to measure at each rate, on each page. */
export interface InteractionOptions {
  /** Offline reloads to a typed product; default 5. */
  reloads?: number;
  /** Key presses timed, the same presses on every page; default 98 (every query once, each emptied). */
  keystrokes?: number;
  /** Taps on result tiles timed; default 40. */
  taps?: number;
  /** How long the first pull may take, and each load; default 5 minutes. */
  readyTimeoutMs?: number;
}

/** The CPU rates: a full-speed core, Lighthouse's mobile profile, a cheap tablet or an old till. */
const RATES = [1, 4, 6] as const;

/** Typed at once on every reload. */
const QUERY = 'flat white';
/**
 * Typed letter by letter, each cleared with Ctrl+A and Backspace, round and round until enough
 * keys were pressed: the bench's search queries, then names that narrow quickly. 98 presses once round.
 */
const KEYSTROKE_QUERIES = [
  'flat white',
  'sourdough',
  'creme brulee',
  'jalap',
  'oat',
  'choc',
  'tea',
  'kombucha',
  'focaccia',
  'ham & cheese',
  'brownie',
  'bagel',
];
/** Typed before the taps: many matches, so the screen holds a full grid of tiles. */
const TAP_QUERY = 'latte';

/** The cookie that makes the probe type QUERY on a load. */
export const TYPE_COOKIE = 'interaction-type';
/** What the probe logs once a load's typed product is on screen. */
const DONE = 'interaction:done';

/**
 * An interaction is settled when its region has not changed for this many frames and this long
 * after the input was delivered; a change after that fails the next measurement (the probe's arm).
 */
const QUIET_FRAMES = 3;
const SETTLE_MS = 100;

/** Measures the app `app` serves and the naive and bare pages beside it, at each rate. */
export async function measureInteraction(
  app: ServedApp,
  productCount: number,
  options: InteractionOptions = {},
): Promise<InteractionMeasure> {
  const plan = {
    reloads: options.reloads ?? 5,
    keystrokes: options.keystrokes ?? 98,
    taps: options.taps ?? 40,
    timeout: options.readyTimeoutMs ?? 300_000,
  };
  await writeNaiveTill(app.outdir);
  await writeBareTill(app.outdir);
  const context = await app.browser.newContext({ viewport: { width: 1024, height: 768 } });
  try {
    await addProbe(context, { cookie: TYPE_COOKIE, done: DONE });
    const till = await openPulledTill(context, app.appUrl(), productCount, plan.timeout);
    // Each opened once online, so its worker installs and precaches it as the till's did. Until
    // that worker claims the page the till's controls it (its scope is the whole origin), and going
    // offline before the precache is done would leave the page nothing to load from.
    for (const path of [NAIVE_PATH, BARE_PATH]) {
      const page = await context.newPage();
      await page.goto(`${app.origin}${path}`);
      const worker = `${app.origin}${path}${PAGE_WORKER}`;
      await page.waitForFunction((script) => navigator.serviceWorker.controller?.scriptURL === script, worker, {
        timeout: plan.timeout,
      });
      await page.close();
    }
    await till.close();
    await context.setOffline(true);
    await context.addCookies([{ name: TYPE_COOKIE, value: encodeURIComponent(QUERY), url: app.origin }]);
    const rates: RateMeasure[] = [];
    for (const rate of RATES) {
      rates.push({
        rate,
        // The till as it starts after a while: its search index packed for the catalog it has.
        app: await measurePage(context, { url: `${app.origin}/`, ready: waitForPack }, rate, plan),
        naive: await measurePage(context, { url: `${app.origin}${NAIVE_PATH}` }, rate, plan),
        bare: await measurePage(context, { url: `${app.origin}${BARE_PATH}` }, rate, plan),
      });
    }
    return { products: productCount, query: QUERY, rates };
  } finally {
    await context.close();
  }
}

/** A page to measure: where it is, and what to wait for once it has loaded, before the measured reloads. */
interface Subject {
  url: string;
  ready?: (page: Page) => Promise<void>;
}

/** Opens the subject offline in a page of its own and measures it at `rate`. */
async function measurePage(
  context: BrowserContext,
  { url, ready }: Subject,
  rate: number,
  plan: Required<Omit<InteractionOptions, 'readyTimeoutMs'>> & { timeout: number },
): Promise<PageAtRate> {
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error (${url}):`, error.message));
  try {
    await loadTyped(
      page,
      undefined,
      () => page.goto(url, { waitUntil: 'commit', timeout: plan.timeout }),
      plan.timeout,
    );
    await ready?.(page);
    // Each rate starts with an empty basket (the till keeps it across reloads).
    await page.evaluate((key) => localStorage.removeItem(key), BASKET_KEY);
    const throttle = await throttleCpu(page, rate);
    try {
      const start = await throttle.check();
      const reload = () => page.reload({ waitUntil: 'commit', timeout: plan.timeout });
      const reloadMs: number[] = [];
      for (let i = 0; i < plan.reloads; i++) reloadMs.push(await loadTyped(page, throttle, reload, plan.timeout));
      const heap = await heapMb(page);
      // Its DevTools session has come and gone, which may reset the rate.
      await throttle.apply();
      const keystrokes = await typeKeys(page, plan.keystrokes);
      const taps = await tapTiles(page, plan.taps);
      const browser = context.browser();
      if (!browser) throw new Error('the context has no browser to trace');
      const traced = await tracedLoad(browser, new URL(url).origin, () =>
        loadTyped(page, throttle, reload, plan.timeout),
      );
      const end = await throttle.check();
      return {
        reloadMs,
        keystrokes,
        taps,
        heapMb: heap,
        compile: { compileMs: traced.compileMs, windowMs: traced.windowMs },
        slowdown: { start, end },
        workerThrottle: throttle.workerAnswer(),
      };
    } finally {
      await throttle.close();
    }
  } finally {
    await page.close();
  }
}

/**
 * One load (the probe types the query at once), at the throttle's rate (CpuThrottle.navigate);
 * resolves with the first result on screen, in ms from navigation start.
 */
export async function loadTyped(
  page: Page,
  throttle: CpuThrottle | undefined,
  navigate: () => Promise<Response | null>,
  timeout: number,
): Promise<number> {
  const done = page.waitForEvent('console', { predicate: (message) => message.text() === DONE, timeout });
  const response = await (throttle ? throttle.navigate(navigate) : navigate());
  if (!response?.fromServiceWorker())
    throw new Error(`the offline load of ${page.url()} was not answered by a service worker`);
  await done.catch((error: unknown) => {
    throw new Error(`${page.url()} did not show a result for "${QUERY}" within ${timeout / 1000} s`, { cause: error });
  });
  const record: LoadRecord = await loadRecord(page);
  if (record.problem !== null) throw new Error(`${page.url()} did not start: ${record.problem}`);
  if (record.shownMs === null) throw new Error(`${page.url()} recorded no result on screen`);
  return record.shownMs;
}

/**
 * Real key presses in the search box, the letters of the queries in turn, each query cleared
 * with Ctrl+A and a timed Backspace, `presses` of them: the same presses on every page, so their
 * figures compare like with like. A press that leaves the screen as it was (a letter that keeps
 * the first matches shown) has no change on screen to time, only the frame that answered it.
 */
export async function typeKeys(page: Page, presses: number): Promise<InteractionSample[]> {
  await page.locator(SELECTORS.box).focus();
  // The load typed its query.
  await emptyBox(page);
  const timed: { what: string; opens?: boolean; settled: Settled }[] = [];
  const press = async (what: string, key: () => Promise<void>, opens = false): Promise<void> => {
    await arm(page, SELECTORS.search);
    await key();
    timed.push({ what, opens, settled: await settle(page, QUIET_FRAMES, SETTLE_MS) });
  };
  for (let q = 0; timed.length < presses; q++) {
    const query = KEYSTROKE_QUERIES[q % KEYSTROKE_QUERIES.length] as string;
    for (const [at, letter] of [...query].entries()) {
      if (timed.length >= presses) break;
      await press(letter, () => page.keyboard.type(letter), at === 0);
    }
    // Selecting is no change on screen; the Backspace that empties the box is.
    await page.keyboard.press('Control+A');
    if (timed.length < presses) await press('Backspace', () => page.keyboard.press('Backspace'));
  }
  return samples(timed, await eventEntries(page));
}

/**
 * Each query's first letter typed into the emptied box, `count` of them, the box emptied again
 * before each (untimed): the keystroke that draws the results grid where there was none, the
 * slowest of typeKeys'. `around` runs around each timed press (the profile CLI marks its trace there).
 */
export async function typeFirstLetters(
  page: Page,
  count: number,
  around: (press: () => Promise<void>) => Promise<void>,
): Promise<InteractionSample[]> {
  await page.locator(SELECTORS.box).focus();
  const timed: { what: string; opens: boolean; settled: Settled }[] = [];
  for (let i = 0; i < count; i++) {
    await emptyBox(page);
    const letter = (KEYSTROKE_QUERIES[i % KEYSTROKE_QUERIES.length] as string).charAt(0);
    await arm(page, SELECTORS.search);
    let settled: Settled | undefined;
    await around(async () => {
      await page.keyboard.type(letter);
      settled = await settle(page, QUIET_FRAMES, SETTLE_MS);
    });
    if (!settled) throw new Error('the press was not made');
    timed.push({ what: letter, opens: true, settled });
  }
  return samples(timed, await eventEntries(page));
}

/** Empties the focused search box, untimed, and waits until the results it showed are gone. */
async function emptyBox(page: Page): Promise<void> {
  await page.keyboard.press('Control+A');
  await arm(page, SELECTORS.search);
  await page.keyboard.press('Backspace');
  await settle(page, QUIET_FRAMES, SETTLE_MS);
}

/** Real clicks on the result tiles on screen, in turn, each adding its product to the basket. */
export async function tapTiles(page: Page, count: number): Promise<InteractionSample[]> {
  await page.locator(SELECTORS.box).focus();
  await page.keyboard.press('Control+A');
  await arm(page, SELECTORS.search);
  await page.keyboard.type(TAP_QUERY);
  await settle(page, QUIET_FRAMES, SETTLE_MS);
  const timed: { what: string; settled: Settled }[] = [];
  for (let i = 0; i < count; i++) {
    // Looked up before each tap (untimed): a basket that grows may move the tiles.
    const tiles = await page.evaluate((selector) => {
      const fits = (r: DOMRect) => r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
      return [...document.querySelectorAll(selector)]
        .map((tile) => ({ name: tile.textContent ?? '', rect: tile.getBoundingClientRect() }))
        .filter((tile) => tile.rect.width > 0 && fits(tile.rect))
        .map(({ name, rect }) => ({ name, x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 }));
    }, SELECTORS.resultTiles);
    const tile = tiles[i % Math.max(1, tiles.length)];
    if (!tile) throw new Error(`no result tile for "${TAP_QUERY}" is wholly on screen to tap (${page.url()})`);
    await arm(page, SELECTORS.basket);
    await page.mouse.click(tile.x, tile.y);
    timed.push({ what: tile.name, settled: await settle(page, QUIET_FRAMES, SETTLE_MS) });
  }
  const taps = samples(timed, await eventEntries(page));
  if (taps.every((tap) => tap.shownMs === null)) throw new Error(`no tap changed the basket (${page.url()})`);
  return taps;
}

/** Each interaction with its longest Event Timing duration: the entries of its events, found by type and time stamp. */
function samples(
  timed: readonly { what: string; opens?: boolean; settled: Settled }[],
  entries: readonly EventEntry[],
): InteractionSample[] {
  return timed.map(({ what, opens, settled }) => {
    const ids = new Set(
      entries
        .filter((e) => settled.stamps.some((s) => s.type === e.name && Math.abs(s.timeStamp - e.startTime) < 1))
        .map((e) => e.interactionId),
    );
    const durations = entries.filter((e) => ids.has(e.interactionId)).map((e) => e.duration);
    return {
      what,
      opens: opens ?? false,
      shownMs: settled.shownMs,
      answeredMs: settled.answeredMs,
      eventMs: durations.length > 0 ? Math.max(...durations) : null,
    };
  });
}
