/**
 * Measures the outbox replay in Chromium against the stand-in over HTTP: queued writes replayed
 * by the app's replayer, against the same requests sent straight with the same client, in the
 * same run, interleaved. Each replay is checked on the stand-in: every record ends as its last
 * write left it, its requests arrived in the order made, and no temporary id reached the server.
 * Timings are printed, never asserted: these machines are shared and noisy.
 */

import type { Page } from 'playwright-core';
import { recordId } from '../../app/epos/ids.ts';
import type { Kind } from '../../app/epos/kinds.ts';
import { recordPath } from '../../app/epos/paths.ts';
import type { OpenRecord } from '../../app/epos/records.ts';
import type { Standin } from '../standin/standin.ts';
import type { BuiltOutbox, ReplayProfile, SendTiming } from './outbox-page.ts';
import { spread } from './search.ts';

/** One timing's median over the runs, and each run's value, ms. */
export interface Series {
  medianMs: number;
  all: number[];
}

/** What the checks on the stand-in found after each replay. */
export interface OrderCheck {
  /** Replays checked (the warm-up's included). */
  replays: number;
  /** Records checked over all of them. */
  records: number;
  /** What was wrong, the first few; empty when every record ended as its last write left it, in order. */
  problems: string[];
}

/** What {@link measureOutbox} found. */
export interface OutboxMeasure {
  /** enqueue() calls per outbox (updates to a waiting entry fold into it, so more than entries). */
  writes: number;
  /** Entries per outbox: the requests each replay and each direct send makes. */
  entries: number;
  /** Records with two entries that must go in order, the second after the create's real id is known. */
  chained: number;
  runs: number;
  /** The higher concurrency measured beside the replayer's default of 1. */
  concurrency: number;
  /** Storing the writes: the enqueue() calls of one outbox summed, and the median of one call. */
  enqueue: { totalMs: Series; perWriteMs: number };
  replay: { sequential: Series; concurrent: Series };
  /** The same requests sent with the same client, no outbox, one at a time and `concurrency` at once. */
  direct: { sequential: Series; concurrent: Series };
  /** Replay median over direct median at each concurrency; the target is 1.5 or less. */
  ratio: { sequential: number; concurrent: number };
  /** Requests that failed in a replay or a direct send (0 expected). */
  failed: number;
  /** The replays' PUTs and the GETs of each PUT's record before it, summed: one GET a PUT (issue 24). */
  reads: { gets: number; puts: number };
  order: OrderCheck;
  /** One more replay at concurrency 1, with its transactions and requests timed. */
  profile: ReplayProfile;
}

/** Options of {@link measureOutbox}. */
export interface OutboxOptions {
  /** Outbox entries (requests) per replay; default 1,000. */
  writes?: number;
  /** Timed runs after one small warm-up run; default 3. */
  runs?: number;
  /** The higher concurrency to measure; default 4, the pull's pages in flight. */
  concurrency?: number;
  /** Marks this measurement's records, so a second one on the same stand-in is checked apart. */
  label?: string;
}

/** The stand-in as the checks read it. */
export type StandinView = Pick<Standin, 'token' | 'log' | 'records' | 'record'>;

type Bench = { [name: string]: (...args: never[]) => unknown };

/** Drives the page's `bench.outbox*` functions (page.ts must be loaded) and checks each replay on the stand-in. */
export async function measureOutbox(
  page: Page,
  standin: StandinView,
  options: OutboxOptions = {},
): Promise<OutboxMeasure> {
  const entries = options.writes ?? 1000;
  const runs = options.runs ?? 3;
  const concurrency = options.concurrency ?? 4;
  const products = standin.records('Product').length;
  const token = standin.token;
  const call = <T>(name: string, ...args: unknown[]): Promise<T> =>
    page.evaluate(
      ([n, a]) =>
        ((globalThis as unknown as { bench: Bench }).bench[n as string] as (...x: unknown[]) => unknown)(
          ...(a as unknown[]),
        ),
      [name, args] as const,
    ) as Promise<T>;

  let builds = 0;
  let failed = 0;
  const order: OrderCheck = { replays: 0, records: 0, problems: [] };
  const build = (tag: string, count: number): Promise<BuiltOutbox> =>
    call<BuiltOutbox>('outboxBuild', options.label ? `${options.label}-${tag}` : tag, token, count, products, builds++);
  const reads = { gets: 0, puts: 0 };
  const replayChecked = async (outbox: BuiltOutbox, c: number): Promise<SendTiming> => {
    const from = standin.log.length;
    const timing = await call<SendTiming>('outboxReplay', outbox.tag, token, c);
    failed += timing.failed + timing.left;
    // The reads of records that were then put (a landed create's twin check reads others).
    const read = new Map<string, number>();
    for (const request of standin.log.slice(from)) {
      if (request.method === 'GET') read.set(request.path, (read.get(request.path) ?? 0) + 1);
      if (request.method !== 'PUT') continue;
      reads.puts++;
      reads.gets += read.get(request.path) ?? 0;
      read.delete(request.path);
    }
    checkOrder(standin, outbox, from, order);
    return timing;
  };
  const direct = async (outbox: BuiltOutbox, c: number): Promise<SendTiming> => {
    const timing = await call<SendTiming>('outboxDirect', outbox.tag, token, c);
    failed += timing.failed;
    return timing;
  };

  // A small unmeasured round warms the JIT, the connection and the stand-in.
  const warm = await build('warm', Math.min(100, entries));
  await replayChecked(warm, concurrency);
  await direct(warm, concurrency);

  const enqueue: number[] = [];
  const perWrite: number[] = [];
  const replays = { sequential: [] as number[], concurrent: [] as number[] };
  const directs = { sequential: [] as number[], concurrent: [] as number[] };
  let shape: BuiltOutbox | undefined;
  // Interleaved, so a noisy moment on the machine spreads over all of them.
  for (let run = 0; run < runs; run++) {
    for (const [c, key] of [
      [1, 'sequential'],
      [concurrency, 'concurrent'],
    ] as const) {
      const outbox = await build(`r${run}c${c}`, entries);
      shape = outbox;
      enqueue.push(outbox.enqueueMs);
      perWrite.push(outbox.enqueueMedianMs);
      // The direct send reuses the records' markers, so it goes after the replay has been checked.
      replays[key].push((await replayChecked(outbox, c)).ms);
      directs[key].push((await direct(outbox, c)).ms);
    }
  }
  const profiled = await build('profile', entries);
  const instant = await build('instant', entries);
  const profile = await call<ReplayProfile>('outboxProfile', profiled.tag, token, instant.tag);

  const series = (all: number[]): Series => ({ medianMs: spread(all).median, all });
  const measure = {
    replay: { sequential: series(replays.sequential), concurrent: series(replays.concurrent) },
    direct: { sequential: series(directs.sequential), concurrent: series(directs.concurrent) },
  };
  return {
    writes: shape?.writes ?? 0,
    entries: shape?.entries ?? 0,
    chained: shape?.chained ?? 0,
    runs,
    concurrency,
    enqueue: { totalMs: series(enqueue), perWriteMs: spread(perWrite).median },
    ...measure,
    ratio: {
      sequential: measure.replay.sequential.medianMs / measure.direct.sequential.medianMs,
      concurrent: measure.replay.concurrent.medianMs / measure.direct.concurrent.medianMs,
    },
    failed,
    reads,
    order,
    profile,
  };
}

/**
 * Reads the stand-in after a replay: each record's final state and the writes logged for it
 * since `from`, against what the page expected. Problems are added to `into`.
 */
function checkOrder(standin: StandinView, outbox: BuiltOutbox, from: number, into: OrderCheck): void {
  const problems: string[] = [];
  const window = standin.log.slice(from);
  const writes = window.filter((e) => e.method !== 'GET');
  if (writes.length !== outbox.entries)
    problems.push(`${outbox.tag}: ${writes.length} write requests for ${outbox.entries} entries`);
  const refused = writes.filter((e) => e.status < 200 || e.status > 299);
  if (refused.length > 0)
    problems.push(
      `${outbox.tag}: ${refused.length} writes answered non-2xx, e.g. ${refused[0]?.method} ${refused[0]?.path} ${refused[0]?.status}`,
    );
  if (writes.some((e) => /\/-\d/.test(e.path))) problems.push(`${outbox.tag}: a temporary id reached the server`);

  // Creates carry their marker in Notes; later writes are found by the record's path.
  const postedBy = new Map<string, number>();
  for (const [i, e] of writes.entries()) {
    if (e.method !== 'POST') continue;
    const notes = (JSON.parse(e.body) as OpenRecord).Notes;
    if (typeof notes === 'string') postedBy.set(notes, i);
  }
  const byMarker = new Map<Kind, Map<string, OpenRecord[]>>();
  const created = (kind: Kind, marker: string): OpenRecord[] => {
    let map = byMarker.get(kind);
    if (!map) {
      map = new Map();
      for (const record of standin.records(kind)) {
        const notes = record.Notes;
        if (typeof notes === 'string') map.set(notes, [...(map.get(notes) ?? []), record]);
      }
      byMarker.set(kind, map);
    }
    return map.get(marker) ?? [];
  };

  for (const expected of outbox.expected) {
    const name = `${expected.kind} ${expected.marker ?? expected.id}`;
    let record: OpenRecord | undefined;
    if (expected.marker !== undefined) {
      const found = created(expected.kind, expected.marker);
      if (found.length !== 1) {
        problems.push(`${name}: ${found.length} records on the server`);
        continue;
      }
      record = found[0];
    } else record = standin.record(expected.kind, expected.id as number);
    if (!record) {
      problems.push(`${name}: not on the server`);
      continue;
    }
    for (const [field, value] of Object.entries(expected.fields)) {
      if (record[field] !== value)
        problems.push(
          `${name}: ${field} is ${JSON.stringify(record[field])}, its last write said ${JSON.stringify(value)}`,
        );
    }
    const id = expected.id ?? (recordId(expected.kind, record) as number);
    const path = recordPath(expected.kind, id);
    const methods = writes.flatMap((e, i) =>
      (expected.marker !== undefined && postedBy.get(expected.marker) === i) || e.path === path ? [e.method] : [],
    );
    if (methods.join() !== expected.methods.join())
      problems.push(`${name}: sent ${methods.join(', ') || 'nothing'}, expected ${expected.methods.join(', ')}`);
  }
  into.replays++;
  into.records += outbox.expected.length;
  into.problems.push(...problems.slice(0, Math.max(0, 5 - into.problems.length)));
}

/** The figures as rows of (name, value, note), the way run.ts prints its table. */
export function formatOutboxRows(m: OutboxMeasure): [string, string, string][] {
  const f = (ms: number): string => `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;
  const x = (ratio: number): string => `${ratio.toFixed(2)}x direct (target <= 1.5x)`;
  const p = m.profile;
  const perEntry = (ms: number): string => `${(ms / p.entries).toFixed(2)} ms/entry`;
  const accounted = p.steps.reduce((sum, s) => sum + s.totalMs, 0);
  return [
    [
      `enqueue ${m.writes} writes (-> ${m.entries} entries)`,
      f(m.enqueue.totalMs.medianMs),
      `${f(m.enqueue.perWriteMs)} a write (median), one strict tx each`,
    ],
    ['replay, concurrency 1 (default)', f(m.replay.sequential.medianMs), x(m.ratio.sequential)],
    ['direct, one at a time', f(m.direct.sequential.medianMs), `same ${m.entries} requests, same client`],
    [`replay, concurrency ${m.concurrency}`, f(m.replay.concurrent.medianMs), x(m.ratio.concurrent)],
    [`direct, ${m.concurrency} at once`, f(m.direct.concurrent.medianMs), 'order per record kept'],
    [
      'GETs before updates, all replays',
      `${m.reads.gets} GETs / ${m.reads.puts} PUTs`,
      'one GET an update: the record read to merge with (issue 24)',
    ],
    [
      'order per record on the stand-in',
      m.order.problems.length === 0 ? 'kept' : `${m.order.problems.length}+ problems`,
      m.order.problems[0] ??
        `${m.order.records} records over ${m.order.replays} replays, ${m.chained} chained per outbox; ${m.failed} failed`,
    ],
    [`profiled replay, concurrency 1 (${p.entries} entries)`, f(p.wallMs), perEntry(p.wallMs)],
    ...p.steps.map((s): [string, string, string] => [
      `  ${s.step}`,
      perEntry(s.totalMs),
      `${s.calls} calls, ${((s.totalMs / p.wallMs) * 100).toFixed(0)} % of the replay`,
    ]),
    [
      '  steps summed',
      perEntry(accounted),
      accounted > p.wallMs
        ? "over the wall time: a read's commit overlaps the next step"
        : 'the rest is JS between steps',
    ],
    [
      '  readReady: first calls / last calls',
      `${f(p.readReadyFirstMs)} / ${f(p.readReadyLastMs)}`,
      'per call; it reads every entry',
    ],
    [
      'same replay, server answering in the page',
      f(p.instantMs),
      `${perEntry(p.instantMs)}: the store's own cost, no network`,
    ],
    [
      '  one small commit: strict / relaxed',
      `${f(p.strictCommitMs)} / ${f(p.relaxedCommitMs)}`,
      'scratch database, same browser',
    ],
  ];
}
