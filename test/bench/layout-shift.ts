/**
 * Layout shift on the till as it opens: a first visit (empty storage, the catalog downloading)
 * and a reload (the catalog stored), then each back-office screen opened afresh, at 1024x768 and
 * 390x844. A PerformanceObserver for
 * 'layout-shift' (buffered, so the shifts before it ran count too) records each shift without
 * recent input, with the elements that moved, from the start of the page until the catalog is
 * complete and no download is under way (at most {@link WINDOW_MS}), and a second after.
 * CLS is web-vitals' figure: the largest session window (shifts less than 1 s apart, a window at
 * most 5 s long); the sum of all shifts is printed beside it.
 */
import type { Browser, Page } from 'playwright-core';
// The back office's screens, each measured on a load of its own.
import { OFFICE_SECTIONS } from '../../app/ui/route.ts';

/** What moved, summed over the shifts it took part in. */
export interface ShiftingElement {
  /** The element as a selector with its text, e.g. `div.sync-progress "Downloading products: 200"`. */
  node: string;
  /** The sum of the values of the shifts it was a source of. */
  value: number;
  /** How many shifts it took part in. */
  shifts: number;
  /** When it first moved, in ms from the start of navigation. */
  firstMs: number;
}

/** One page load's layout shift. */
export interface LayoutShiftSample {
  /** "first visit", "reload", "back office: records"... */
  visit: string;
  /** `1024x768` */
  viewport: string;
  /** web-vitals' CLS: the largest session window. */
  cls: number;
  /** Every shift without recent input, added up. */
  total: number;
  shifts: number;
  /** Whether the catalog was complete, with no download under way, within the window. */
  settled: boolean;
  /** How long was watched, in ms from the start of navigation. */
  watchedMs: number;
  /** The elements that moved most, largest first. */
  largest: ShiftingElement[];
}

/** The sizes measured: the till, and the phone (where the issue found CLS 0.8–1.05). */
const VIEWPORTS = [
  [1024, 768],
  [390, 844],
] as const;

/** The issue's "first ~10 s": a first visit of a large catalog is still downloading then. */
const WINDOW_MS = 10_000;
/** Watched after the catalog is complete: a panel that appears with it lands in a frame or two. */
const AFTER_MS = 1_000;
/** The issue's target. */
const CLS_TARGET = 0.05;

/** A shift as the page recorded it. */
interface RawShift {
  value: number;
  startTime: number;
  hadRecentInput: boolean;
  nodes: string[];
}

declare global {
  interface Window {
    /** Filled by the observer {@link observeShifts} installs. */
    layoutShifts?: RawShift[];
  }
}

/** Each viewport in a fresh context (empty storage): the first visit, then a reload. */
export async function measureLayoutShift(
  browser: Browser,
  appUrl: string,
  productCount: number,
  /** How long a load is watched at most (ms): longer through the throttling proxy, where a first walk takes ~12 s. */
  windowMs = WINDOW_MS,
): Promise<LayoutShiftSample[]> {
  const samples: LayoutShiftSample[] = [];
  for (const [width, height] of VIEWPORTS) {
    const context = await browser.newContext({ viewport: { width, height } });
    try {
      await context.addInitScript(observeShifts);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error('app page error:', error.message));
      await page.goto(appUrl);
      samples.push(await watch(page, 'first visit', `${width}x${height}`, productCount, windowMs));
      // The worker controls the page from here on: the reload is a till's every later start.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
      await page.reload();
      samples.push(await watch(page, 'reload', `${width}x${height}`, productCount, windowMs));
      for (const section of OFFICE_SECTIONS) {
        // A page of its own (the hash alone would not load one): what a manager's first click meets.
        await page.goto(new URL(`/#/office/${section}`, appUrl).href);
        await page.reload();
        samples.push(await watch(page, `back office: ${section}`, `${width}x${height}`, productCount, windowMs));
      }
    } finally {
      await context.close();
    }
  }
  return samples;
}

/** Rows for the bench's table: CLS per load against the target, then what moved. */
export function formatLayoutShiftRows(samples: readonly LayoutShiftSample[]): [string, string, string][] {
  const rows: [string, string, string][] = [];
  for (const s of samples) {
    rows.push([
      `${s.visit} at ${s.viewport}`,
      `CLS ${s.cls.toFixed(3)}`,
      `${s.cls < CLS_TARGET ? 'met' : 'MISSED'} (under ${CLS_TARGET}); sum ${s.total.toFixed(3)} of ${s.shifts} shifts over ${(s.watchedMs / 1000).toFixed(1)} s${s.settled ? '' : ', catalog still downloading'}`,
    ]);
    for (const element of s.largest) {
      rows.push([
        `  ${element.value.toFixed(3)} in ${element.shifts} from ${(element.firstMs / 1000).toFixed(1)} s`,
        '',
        element.node,
      ]);
    }
  }
  return rows;
}

/** Waits for the catalog (or the window's end), then reads the shifts the page recorded. */
async function watch(
  page: Page,
  visit: LayoutShiftSample['visit'],
  viewport: string,
  productCount: number,
  windowMs: number,
) {
  const settled = await page
    .waitForFunction(
      (count) =>
        document.body.textContent?.includes(`${count} products`) === true &&
        document.querySelector('progress') === null,
      productCount.toLocaleString('en-GB'),
      { timeout: Math.max(1, windowMs - (await sinceNavigation(page))), polling: 100 },
    )
    .then(
      () => true,
      (error: unknown) => {
        if (error instanceof Error && error.name === 'TimeoutError') return false;
        throw error;
      },
    );
  await page.waitForTimeout(AFTER_MS);
  const watchedMs = await sinceNavigation(page);
  const raw = await page.evaluate(() => window.layoutShifts ?? []);
  const counted = raw.filter((shift) => !shift.hadRecentInput);
  return {
    visit,
    viewport,
    cls: largestSessionWindow(counted),
    total: counted.reduce((sum, shift) => sum + shift.value, 0),
    shifts: counted.length,
    settled,
    watchedMs,
    largest: largestElements(counted),
  } satisfies LayoutShiftSample;
}

function sinceNavigation(page: Page): Promise<number> {
  return page.evaluate(() => performance.now());
}

/** web-vitals' CLS: shifts less than 1 s after the previous and within 5 s of the first form a window; the largest window counts. */
function largestSessionWindow(shifts: readonly RawShift[]): number {
  let largest = 0;
  let window = 0;
  let first = -Infinity;
  let previous = -Infinity;
  for (const shift of shifts) {
    if (shift.startTime - previous < 1000 && shift.startTime - first < 5000) window += shift.value;
    else {
      window = shift.value;
      first = shift.startTime;
    }
    previous = shift.startTime;
    largest = Math.max(largest, window);
  }
  return largest;
}

/** The five elements with the most shift to their name. */
function largestElements(shifts: readonly RawShift[]): ShiftingElement[] {
  const byNode = new Map<string, ShiftingElement>();
  for (const shift of shifts) {
    for (const node of new Set(shift.nodes)) {
      const element = byNode.get(node) ?? { node, value: 0, shifts: 0, firstMs: shift.startTime };
      element.value += shift.value;
      element.shifts++;
      byNode.set(node, element);
    }
  }
  return [...byNode.values()].sort((a, b) => b.value - a.value).slice(0, 5);
}

/**
 * Runs in the page before its own scripts: records each layout shift with its sources' nodes,
 * described when they moved (a node may be gone by the time the bench reads them).
 */
function observeShifts(): void {
  type Source = { node: Node | null };
  type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Source[] };
  const describe = (node: Node | null): string => {
    if (!(node instanceof Element)) return node ? `${node.nodeName} in ${describe(node.parentElement)}` : '(removed)';
    const classes = [...node.classList].map((name) => `.${name}`).join('');
    const label = node.getAttribute('aria-label');
    const text = (label ?? node.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes}${text ? ` "${text}"` : ''}`;
  };
  window.layoutShifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Shift[]) {
      window.layoutShifts?.push({
        value: entry.value,
        startTime: entry.startTime,
        hadRecentInput: entry.hadRecentInput,
        nodes: entry.sources.map((source) => describe(source.node)),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}
