/**
 * What the interaction bench injects into the page it measures (the till or the naive page),
 * before the page's own scripts and without touching them: Event Timing entries, the time stamps
 * of real key and pointer events, and when a region of the page changed and the frame that shows
 * the change was rendered. On a load whose cookie names a query, it also types the query into the
 * search box the moment the box exists and logs when the first result row is on screen.
 *
 * "On screen" is the end of the frame after the DOM changed: a MutationObserver (its callback runs
 * right after the change, before any frame), then requestAnimationFrame, then a message posted
 * from there, which runs once that frame's style, layout and paint are done. A press that changes
 * nothing is answered by the first frame after its events were handled: from then on the screen
 * shows what the press asked for, as Event Timing (and INP) counts it.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { NOT_STARTED } from './cold-start.ts';

/** Where the probe lives in the page. */
const GLOBAL = '__interaction';

/** An Event Timing entry of an interaction (only those over the 16 ms threshold are reported). */
export interface EventEntry {
  name: string;
  startTime: number;
  duration: number;
  interactionId: number;
}

/** A load with a typed query, in ms from navigation start; null for what did not happen. */
export interface LoadRecord {
  typedMs: number | null;
  /** The first result row in the DOM. */
  resultsMs: number | null;
  /** The end of the frame that shows it. */
  shownMs: number | null;
  rows: number;
  /** The page said the till could not start (its heading), or null. */
  problem: string | null;
}

/** One key press or tap, once the watched region settled. */
export interface Settled {
  /** The timeStamp of the keydown or pointerdown (the interaction's start), ms from navigation start. */
  startMs: number;
  /** The time stamps of every key or pointer event of the interaction, to find its Event Timing entries by. */
  stamps: { type: string; timeStamp: number }[];
  /** The start to the end of the frame that showed the region's last change; null when it did not change. */
  shownMs: number | null;
  /**
   * The start to the end of the first frame after the interaction's last keyup or click was
   * handled, or of the frame that showed the last change if that was later: the press answered on
   * screen, whether or not it changed anything.
   */
  answeredMs: number;
}

/** What the bench calls in the page. */
interface Probe {
  load: LoadRecord;
  events: EventEntry[];
  /** Watches `selector`'s element from now on; returns how often it changed since the last settle (0 unless something came late). */
  arm(selector: string): number;
  /** Waits until the region has not changed for `quietFrames` frames and `minMs` have passed. */
  settle(quietFrames: number, minMs: number): Promise<Settled>;
}

/** How the bench talks to the probe. */
export interface ProbeOptions {
  /** The cookie that names the query to type on a load. */
  cookie: string;
  /** Logged to the console once a typed load has its results on screen, or has failed. */
  done: string;
}

/** What the init script is given: one argument, as Playwright passes it. */
interface ProbeArgument extends ProbeOptions {
  name: string;
  selectors: typeof SELECTORS;
  notStarted: readonly string[];
}

/** The till's and the naive page's shared names, which the probe and the bench find them by. */
export const SELECTORS = {
  box: 'input[aria-label="Search products"]',
  search: 'section[aria-label="Product search"]',
  resultRows: 'ul[aria-label="Search results"] > li',
  resultTiles: 'ul[aria-label="Search results"] button',
  basket: 'section[aria-label="Basket"]',
} as const;

/** Injects the probe into every page `context` opens, before the page's own scripts. */
export async function addProbe(context: BrowserContext, options: ProbeOptions): Promise<void> {
  await context.addInitScript(installProbe, {
    ...options,
    name: GLOBAL,
    selectors: SELECTORS,
    notStarted: NOT_STARTED,
  });
}

/**
 * The init script (serialised by Playwright, so it closes over nothing but its argument). Keeps
 * its work in the callbacks small, since they run inside the interactions measured.
 */
function installProbe({ cookie, done, name, selectors, notStarted }: ProbeArgument): void {
  // One channel for every "next task": a new one each time costs a 6x page milliseconds inside the
  // frames measured (seen in a trace), and messages on one port arrive in the order sent.
  const channel = new MessageChannel();
  const waiting: (() => void)[] = [];
  channel.port1.onmessage = () => waiting.shift()?.();
  const nextTask = (): Promise<void> =>
    new Promise((resolve) => {
      waiting.push(resolve);
      channel.port2.postMessage(null);
    });
  const nextFrame = (): Promise<number> => new Promise((resolve) => requestAnimationFrame(resolve));
  // The end of the next frame: its callbacks, then (a task later) its style, layout and paint done.
  const frameShown = (): Promise<number> => nextFrame().then(() => nextTask().then(() => performance.now()));

  const events: EventEntry[] = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[])
      if (entry.interactionId > 0)
        events.push({
          name: entry.name,
          startTime: entry.startTime,
          duration: entry.duration,
          interactionId: entry.interactionId,
        });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);

  let stamps: { type: string; timeStamp: number }[] = [];
  for (const type of ['keydown', 'keyup', 'pointerdown', 'pointerup', 'click'])
    addEventListener(type, (event) => void stamps.push({ type, timeStamp: event.timeStamp }), { capture: true });
  // The frame after a press's last event: by a keyup or a click every handler of the key's input
  // or the tap has run, and the renders they queued as microtasks with them.
  let answeredAt = 0;
  for (const type of ['keyup', 'click'])
    addEventListener(
      type,
      () =>
        void frameShown().then((at) => {
          answeredAt = Math.max(answeredAt, at);
        }),
      { capture: true },
    );

  // The watched region: how many times it changed, and up to which change a frame has shown it.
  let watched: { region: Element; observer: MutationObserver } | null = null;
  let changes = 0;
  let shownUpTo = 0;
  let shownAt = 0;
  let settledAt = 0;
  let framePending = false;
  const changed = (): void => {
    changes++;
    if (framePending) return;
    framePending = true;
    requestAnimationFrame(() => {
      framePending = false;
      const upTo = changes;
      void nextTask().then(() => {
        shownUpTo = Math.max(shownUpTo, upTo);
        shownAt = performance.now();
      });
    });
  };

  const load: LoadRecord = { typedMs: null, resultsMs: null, shownMs: null, rows: 0, problem: null };
  const probe: Probe = {
    load,
    events,
    arm(selector) {
      const region = document.querySelector(selector);
      if (!region) throw new Error(`nothing on the page matches ${selector}`);
      const late = changes - settledAt;
      if (watched?.region !== region) {
        watched?.observer.disconnect();
        const observer = new MutationObserver(changed);
        observer.observe(region, { childList: true, subtree: true, characterData: true, attributes: true });
        watched = { region, observer };
      }
      changes = shownUpTo = shownAt = settledAt = answeredAt = 0;
      stamps = [];
      return late;
    },
    async settle(quietFrames, minMs) {
      const began = performance.now();
      let seen = changes;
      let quiet = 0;
      while (quiet < quietFrames || performance.now() - began < minMs) {
        // Counting frames needs no more than their callbacks: the change's own frame is stamped above.
        await nextFrame();
        quiet = changes === seen && shownUpTo >= changes ? quiet + 1 : 0;
        seen = changes;
      }
      settledAt = changes;
      const start = stamps.find((s) => s.type === 'keydown' || s.type === 'pointerdown');
      if (!start) throw new Error('no keydown or pointerdown reached the page');
      if (answeredAt === 0) throw new Error('no keyup or click of the interaction reached the page');
      return {
        startMs: start.timeStamp,
        stamps: [...stamps],
        shownMs: changes > 0 ? shownAt - start.timeStamp : null,
        answeredMs: Math.max(answeredAt, changes > 0 ? shownAt : 0) - start.timeStamp,
      };
    },
  };
  (window as unknown as Record<string, Probe>)[name] = probe;

  const wanted = document.cookie.split('; ').find((c) => c.startsWith(`${cookie}=`));
  if (wanted === undefined) return;
  const query = decodeURIComponent(wanted.slice(cookie.length + 1));
  let box: HTMLInputElement | null = null;
  const finish = (): void => {
    observer.disconnect();
    void frameShown().then((at) => {
      if (load.resultsMs !== null) load.shownMs = at;
      setTimeout(() => console.debug(done), 0);
    });
  };
  const check = (): void => {
    const heading = [...document.querySelectorAll('h1, h2')]
      .map((h) => h.textContent ?? '')
      .find((text) => notStarted.includes(text));
    if (heading) {
      load.problem = heading;
      return finish();
    }
    if (!box) {
      box = document.querySelector<HTMLInputElement>(selectors.box);
      if (!box) return;
      box.value = query;
      box.dispatchEvent(new Event('input', { bubbles: true }));
      load.typedMs = performance.now();
    }
    const rows = document.querySelectorAll(selectors.resultRows).length;
    if (rows > 0) {
      load.resultsMs = performance.now();
      load.rows = rows;
      finish();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/** The probe's record of the load just done. */
export function loadRecord(page: Page): Promise<LoadRecord> {
  return page
    .evaluate((name) => (window as unknown as Record<string, Probe>)[name]?.load ?? null, GLOBAL)
    .then((record) => {
      if (!record) throw new Error('the injected probe did not run on this load');
      return record;
    });
}

/** Watches the region of `selector` from now on; throws if the last one changed after it was taken as settled. */
export async function arm(page: Page, selector: string): Promise<void> {
  const late = await page.evaluate(
    ([name, s]) => (window as unknown as Record<string, Probe>)[name as string]?.arm(s as string) ?? -1,
    [GLOBAL, selector],
  );
  if (late < 0) throw new Error('the injected probe is not on this page');
  if (late > 0)
    throw new Error(
      `the watched region changed ${late} time(s) after the last interaction was taken as settled, so its time is short: wait longer to settle`,
    );
}

/** Waits for the watched region to settle after an interaction, and returns its timings. */
export function settle(page: Page, quietFrames: number, minMs: number): Promise<Settled> {
  return page.evaluate(
    ([name, frames, ms]) => {
      const probe = (window as unknown as Record<string, Probe>)[name as string];
      if (!probe) throw new Error('the injected probe is not on this page');
      return probe.settle(frames as number, ms as number);
    },
    [GLOBAL, quietFrames, minMs] as const,
  );
}

/** The Event Timing entries of interactions the page has reported so far. */
export function eventEntries(page: Page): Promise<EventEntry[]> {
  return page.evaluate((name) => (window as unknown as Record<string, Probe>)[name]?.events ?? [], GLOBAL);
}
