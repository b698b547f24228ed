/**
 * One page load traced browser-wide (Chrome's trace, not the page's own clock) and broken down by
 * what the page's main thread did: compiling, module evaluation, all script, GC, style and layout.
 * Tracing slows a load, so traced loads are kept apart from the headline figures.
 */
import type { Browser } from 'playwright-core';

/** Where one traced load spent the page's main thread between navigation start and the end of its window, in ms (overlaps removed). */
export interface TraceBreakdown {
  /** Navigation start to the window's end (usable, results shown), as the traced page saw it (tracing slows it a little). */
  windowMs: number;
  /** Main thread running tasks. */
  busyMs: number;
  /** The longest task. */
  longestTaskMs: number;
  /** The app's first module starts running: HTML and startup scripts are in. */
  scriptStartMs: number;
  /** Compiling the bundles: modules and lazily compiled functions (V8 code cache included). */
  compileMs: number;
  /** The modules' top-level code, compiling inside it excluded. */
  moduleEvalMs: number;
  /** All JavaScript (app code, IDB result deserialisation, Preact), GC and compiling included. */
  scriptMs: number;
  /** Garbage collection on the main thread. */
  gcMs: number;
  /** Style, layout and paint. */
  renderMs: number;
}

/** Trace categories: tasks, timeline events (module evaluation and GC among them), V8 compiling, navigation start; not the chatty 'v8'. */
const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.compile',
  'blink.user_timing',
  'loading',
];

/** A Chrome trace event, as much of it as is read here. */
interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    /** On a thread_name metadata event. */
    name?: string;
    data?: { documentLoaderURL?: string; isOutermostMainFrame?: boolean };
    /** On a Layout: the objects it laid out, of all in the page. */
    beginData?: { dirtyObjects?: number; totalObjects?: number };
    /** On an UpdateLayoutTree: the elements it restyled. */
    elementCount?: number;
  };
}

/** A time span in µs. */
export type Span = [number, number];

/**
 * A load traced browser-wide, broken down by what the page's main thread did from its navigation
 * start to the end of the window `measured` resolves with (ms from navigation start).
 */
export async function tracedLoad(
  browser: Browser,
  origin: string,
  measured: () => Promise<number>,
): Promise<TraceBreakdown> {
  await browser.startTracing(undefined, { categories: TRACE_CATEGORIES });
  let endMs: number;
  try {
    endMs = await measured();
  } catch (error) {
    // The load's failure is the one to report; the trace must not keep recording after it.
    await browser.stopTracing();
    throw error;
  }
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  return breakdown(trace.traceEvents, origin, endMs);
}

/** Sums the main thread's work from the page's last navigation start to `endMs` after it. */
function breakdown(events: readonly TraceEvent[], origin: string, endMs: number): TraceBreakdown {
  const starts = events.filter(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isOutermostMainFrame &&
      e.args.data.documentLoaderURL?.startsWith(origin),
  );
  const nav = starts.sort((a, b) => a.ts - b.ts).at(-1);
  if (!nav) throw new Error('the trace has no navigation start for the reload');
  const window: Span = [nav.ts, nav.ts + endMs * 1000];
  const main = completeEvents(events.filter((e) => e.pid === nav.pid && e.tid === nav.tid));
  const spans = (...names: string[]): Span[] =>
    clip(
      main.filter((e) => names.includes(e.name)).map((e): Span => [e.ts, e.ts + (e.dur ?? 0)]),
      window,
    );
  const tasks = spans('ThreadControllerImpl::RunTask');
  const compile = spans('v8.compileModule', 'V8.CompileCode', 'V8.ParseProgram', 'V8.Compile', 'v8.compile');
  const evaluation = spans('v8.evaluateModule');
  const gc = spans('MinorGC', 'MajorGC');
  const script = union([
    ...spans('FunctionCall', 'RunMicrotasks', 'EvaluateScript', 'TimerFire', 'FireAnimationFrame', 'EventDispatch'),
    ...evaluation,
    ...compile,
    ...gc,
  ]);
  const µsToMs = (µs: number): number => µs / 1000;
  return {
    windowMs: endMs,
    busyMs: µsToMs(length(union(tasks))),
    scriptStartMs: µsToMs(Math.min(...evaluation.map(([start]) => start)) - nav.ts),
    longestTaskMs: µsToMs(Math.max(0, ...tasks.map(([a, b]) => b - a))),
    compileMs: µsToMs(length(union(compile))),
    moduleEvalMs: µsToMs(length(union(evaluation)) - length(intersect(union(evaluation), union(compile)))),
    scriptMs: µsToMs(length(script)),
    gcMs: µsToMs(length(union(gc))),
    renderMs: µsToMs(length(union(spans('UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint')))),
  };
}

/** Begin/end pairs turned into complete events, so long tasks split that way count too. */
function completeEvents(events: readonly TraceEvent[]): TraceEvent[] {
  const complete: TraceEvent[] = [];
  const open: TraceEvent[] = [];
  for (const event of [...events].sort((a, b) => a.ts - b.ts)) {
    if (event.ph === 'X') complete.push(event);
    else if (event.ph === 'B') open.push(event);
    else if (event.ph === 'E') {
      const index = open.map((e) => e.name).lastIndexOf(event.name);
      const begun = index >= 0 ? open.splice(index, 1)[0] : undefined;
      if (begun) complete.push({ ...begun, ph: 'X', dur: event.ts - begun.ts });
    }
  }
  return complete;
}

function clip(spans: readonly Span[], [from, to]: Span): Span[] {
  return spans.map(([a, b]): Span => [Math.max(a, from), Math.min(b, to)]).filter(([a, b]) => b > a);
}

function union(spans: readonly Span[]): Span[] {
  const merged: Span[] = [];
  for (const [a, b] of [...spans].sort((x, y) => x[0] - y[0])) {
    const last = merged.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  return merged;
}

/** Overlap of two unions. */
function intersect(left: readonly Span[], right: readonly Span[]): Span[] {
  return left.flatMap(([a, b]) => clip(right, [a, b]));
}

function length(spans: readonly Span[]): number {
  return spans.reduce((n, [a, b]) => n + b - a, 0);
}

/**
 * Self time on the busiest renderer main thread of a trace, by event name (a Layout forced inside
 * a script counts as Layout, not as the script's): ms, heaviest first.
 */
export function mainThreadTime(events: readonly TraceEvent[]): [string, number][] {
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const counts = new Map<string, number>();
  for (const e of events)
    if (e.name === 'EventDispatch' && mains.has(`${e.pid}:${e.tid}`))
      counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const busiest = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!busiest) throw new Error('the trace has no renderer main thread that handled an event');
  const thread = completeEvents(events.filter((e) => `${e.pid}:${e.tid}` === busiest));
  const self = new Map<string, number>();
  const stack: { event: TraceEvent; end: number; children: number }[] = [];
  const close = (until: number): void => {
    while (stack.length > 0 && (stack.at(-1) as { end: number }).end <= until) {
      const done = stack.pop() as { event: TraceEvent; end: number; children: number };
      const dur = done.event.dur ?? 0;
      self.set(done.event.name, (self.get(done.event.name) ?? 0) + (dur - done.children) / 1000);
      const parent = stack.at(-1);
      if (parent) parent.children += dur;
    }
  };
  for (const event of thread.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
    close(event.ts);
    stack.push({ event, end: event.ts + (event.dur ?? 0), children: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  return [...self].sort((a, b) => b[1] - a[1]);
}

/**
 * The spans between the page's `performance.mark(\`${name}:start\`)` and its next
 * `performance.mark(\`${name}:end\`)`, in trace time (µs), in order.
 */
export function markedSpans(events: readonly TraceEvent[], name: string): Span[] {
  const marks = events
    .filter((e) => e.cat.includes('blink.user_timing') && (e.name === `${name}:start` || e.name === `${name}:end`))
    .sort((a, b) => a.ts - b.ts);
  const spans: Span[] = [];
  let start: number | undefined;
  for (const mark of marks) {
    if (mark.name === `${name}:start`) start = mark.ts;
    else if (start !== undefined) {
      spans.push([start, mark.ts]);
      start = undefined;
    }
  }
  return spans;
}

/** The events that start inside `spans`, with the metadata (thread names) that says whose they are. */
export function eventsWithin(events: readonly TraceEvent[], spans: readonly Span[]): TraceEvent[] {
  return events.filter((e) => e.ph === 'M' || spans.some(([a, b]) => e.ts >= a && e.ts < b));
}

/** How much each style recalculation and layout covered: a change that dirties the whole page shows here. */
export function layoutWork(events: readonly TraceEvent[]): string {
  const layouts = events.filter((e) => e.name === 'Layout' && e.args?.beginData?.dirtyObjects !== undefined);
  const dirty = layouts.map((e) => e.args?.beginData?.dirtyObjects ?? 0).sort((a, b) => a - b);
  const total = Math.max(0, ...layouts.map((e) => e.args?.beginData?.totalObjects ?? 0));
  const styles = events
    .filter((e) => e.name === 'UpdateLayoutTree' && e.args?.elementCount !== undefined)
    .map((e) => e.args?.elementCount ?? 0)
    .sort((a, b) => a - b);
  const median = (xs: readonly number[]): number => xs[Math.floor(xs.length / 2)] ?? 0;
  return [
    `Layouts: ${layouts.length}, objects laid out median ${median(dirty)}, max ${dirty.at(-1) ?? 0}, of ${total} in the page`,
    `Style recalculations: ${styles.length}, elements restyled median ${median(styles)}, max ${styles.at(-1) ?? 0}`,
  ].join('\n');
}
