/**
 * Typing in the real till's search box: the built app, served with the stand-in, opened in
 * Chromium the way Epos Now opens it, and each query typed letter by letter. Every keystroke is
 * timed inside the page, from the input event to the results rendered and laid out (paint not
 * included), and to the next animation frame.
 */
import type { Browser } from 'playwright-core';
import { heapMb } from './heap.ts';

/** One keystroke's timings. */
export interface KeystrokeSample {
  /** What the box held after the keystroke. */
  text: string;
  /** Input event to Preact's render done and style and layout forced, in ms; paint is not included. */
  renderMs: number;
  /** The part of renderMs spent in the forced style and layout; the rest is the search and Preact. */
  layoutMs: number;
  /** Input event to the next requestAnimationFrame callback, in ms (vsync-aligned, so up to 16.7 ms even for no work). */
  frameMs: number;
  /** Result rows shown after the keystroke. */
  rows: number;
  /** Whether the search region's text changed with this keystroke. */
  changed: boolean;
}

/** What {@link measureTyping} found. */
export interface TypingMeasure {
  /** The timed keystrokes of every round. */
  samples: KeystrokeSample[];
  /** The untimed warm-up round: a cold JIT, as for a till's first search. */
  cold: KeystrokeSample[];
  /** Opening the page until the catalog was pulled, indexed and the worker controlled the page, in ms. */
  readyMs: number;
  /** The till page's JS heap once its catalog was indexed (after a forced GC), in MB. */
  heapMb: number;
}

/** Options of {@link measureTyping}. */
export interface TypingOptions {
  /** Timed passes over all the queries, after one warm-up pass; default 1. */
  rounds?: number;
  /** How long the first pull and indexing may take; default 5 minutes. */
  readyTimeoutMs?: number;
}

/** In-page result of one keystroke, before the checks. */
interface RawSample extends KeystrokeSample {
  /** The region's text changed again after the render was taken as done: the measurement stopped too early. */
  late: boolean;
}

/** Opens the app in a fresh 1024x768 context, waits for the catalog, and types each query into the search box. */
export async function measureTyping(
  browser: Browser,
  appUrl: string,
  queries: readonly string[],
  productCount: number,
  options: TypingOptions = {},
): Promise<TypingMeasure> {
  const rounds = options.rounds ?? 1;
  const wait = { timeout: options.readyTimeoutMs ?? 300_000 };
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('app page error:', error.message));
    const opened = Date.now();
    await page.goto(appUrl);
    await page.getByText(`${productCount.toLocaleString('en-GB')} products`, { exact: false }).waitFor(wait);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, wait);
    // The prompt shows only once the index holds products.
    await page.getByText('Type a product name, or scan a barcode.').waitFor(wait);
    const readyMs = Date.now() - opened;
    const heap = await heapMb(page);
    await page.getByRole('searchbox', { name: 'Search products' }).focus();

    const raw = await page.evaluate(typeInPage, [queries, rounds] as const);
    const late = raw.flat().filter((sample) => sample.late);
    if (late.length > 0) {
      throw new Error(
        `the results changed after the render was timed as done, so the timings are short: ${late.map((s) => JSON.stringify(s.text)).join(', ')}`,
      );
    }
    const strip = (samples: RawSample[]): KeystrokeSample[] => samples.map(({ late: _late, ...sample }) => sample);
    const [cold = [], ...timed] = raw;
    if (!timed.flat().some((sample) => sample.changed && sample.rows > 0))
      throw new Error('typing never showed any results: the search box did not answer');
    return { samples: strip(timed.flat()), cold: strip(cold), readyMs, heapMb: heap };
  } finally {
    await context.close();
  }
}

/**
 * Runs in the page (serialised by Playwright, so it closes over nothing). Returns one array of
 * samples per round, the warm-up round first.
 */
async function typeInPage([queries, rounds]: readonly [readonly string[], number]): Promise<RawSample[][]> {
  const box = document.querySelector<HTMLInputElement>('input[aria-label="Search products"]');
  if (!box) throw new Error('no search box on the page');
  const region: Element = box.closest('section') ?? document.body;
  // Preact renders in a microtask queued by the input handler, so one queued after it runs once the
  // render is done, before the browser can fit a frame (and its paint) in, as it may before a task.
  const afterRender = (): Promise<void> => new Promise((resolve) => queueMicrotask(resolve));
  const channel = new MessageChannel();
  // A posted message is the next task without setTimeout's 4 ms clamp on nested timers.
  const nextTask = (): Promise<void> =>
    new Promise((resolve) => {
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    });
  const nextFrame = (): Promise<number> =>
    new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));

  const type = async (text: string): Promise<RawSample> => {
    const before = region.textContent;
    const started = performance.now();
    box.value = text;
    box.dispatchEvent(new Event('input', { bubbles: true }));
    const framed = nextFrame();
    await afterRender();
    const scripted = performance.now();
    document.body.getBoundingClientRect();
    const laidOut = performance.now();
    const renderMs = laidOut - started;
    const rendered = region.textContent;
    const frameMs = (await framed) - started;
    // A task after the frame runs once it is painted: anything still changing now was missed above.
    await nextTask();
    const rows = region.querySelectorAll('ul[aria-label="Search results"] > li').length;
    return {
      text,
      renderMs,
      layoutMs: laidOut - scripted,
      frameMs,
      rows,
      changed: rendered !== before,
      late: region.textContent !== rendered,
    };
  };

  const all: RawSample[][] = [];
  for (let round = 0; round <= rounds; round++) {
    const samples: RawSample[] = [];
    for (const query of queries) {
      for (let i = 1; i <= query.length; i++) samples.push(await type(query.slice(0, i)));
      await type('');
    }
    all.push(samples);
  }
  return all;
}
