/**
 * The outbox benchmark's page side: queues a till's writes with the app's own `enqueue`, replays
 * them with the app's own replayer (sw/outbox/replay.ts, unmodified), and sends the same requests
 * directly with the same client, all against the stand-in over HTTP. test/bench/outbox.ts drives it.
 */
import { createClient, type EposClient } from '../../app/epos/client.ts';
import { type EposErrorData, isEposError } from '../../app/epos/errors.ts';
import { recordId } from '../../app/epos/ids.ts';
import { KINDS, type Kind } from '../../app/epos/kinds.ts';
import type { OpenRecord } from '../../app/epos/records.ts';
import { openTillDb, type TillDb } from '../../app/store/db.ts';
import { enqueue } from '../../app/store/outbox.ts';
import { claim, markRetry, recordKey } from '../../app/store/outbox-outcomes.ts';
import type { OutboxEntry } from '../../app/store/schema.ts';
import { replay } from '../../sw/outbox/replay.ts';
import { pullKind } from '../../sw/pull.ts';

/** A record the replay must leave in a known state, and the requests that must reach it, in order. */
export interface ExpectedRecord {
  kind: Kind;
  /** Server id of a seeded record; absent for a create, which is found by its marker. */
  id?: number;
  /** The `Notes` text that identifies a created record on the server. */
  marker?: string;
  /** Fields it must end with: every write's fields merged in the order they were made. */
  fields: OpenRecord;
  /** Methods the outbox must send for it, in order: one per entry. */
  methods: string[];
}

/** An outbox queued in a fresh database, ready to replay. */
export interface BuiltOutbox {
  tag: string;
  /** `enqueue()` calls: more than entries, since updates fold into an entry still waiting. */
  writes: number;
  /** Entries queued, i.e. requests a replay sends. */
  entries: number;
  /** Records with two entries (a head whose first attempt failed, and a write queued behind it). */
  chained: number;
  /** The enqueue() calls' times summed, ms. */
  enqueueMs: number;
  /** Median of one enqueue() call, ms. */
  enqueueMedianMs: number;
  expected: ExpectedRecord[];
}

/** One timed replay or direct send. */
export interface SendTiming {
  ms: number;
  /** Requests sent. */
  sent: number;
  /** Requests the server refused or that failed. */
  failed: number;
  /** Entries still in the outbox afterwards (0 for a direct send). */
  left: number;
}

/** Time spent in one kind of step during a profiled replay. */
export interface StepTime {
  step: string;
  calls: number;
  totalMs: number;
}

/** Where a replay's time goes, from a replay at concurrency 1 with its database and client timed. */
export interface ReplayProfile {
  entries: number;
  wallMs: number;
  /** IndexedDB transactions by their caller (from store names and mode), and the client's requests. */
  steps: StepTime[];
  /** readReady's time per call with the full queue (first 20 calls) and a near-empty one (last 20). */
  readReadyFirstMs: number;
  readReadyLastMs: number;
  /** One small readwrite transaction: strict durability (flushed to disk) and relaxed, ms each. */
  strictCommitMs: number;
  relaxedCommitMs: number;
  /** The same replay of another outbox with the server answering in the page: the store's own cost, ms. */
  instantMs: number;
  /** Aliases in the queue row once the profiled replay ended (one per landed create). */
}

type PlannedRecord = {
  kind: Kind;
  /** A seeded record to update; absent for a create. */
  id?: number;
  marker?: string;
  /** Queued first: the create or update, then updates that fold into it. */
  writes: OpenRecord[];
  /** Queued after the head's first attempt failed: a second entry (its writes fold into one). */
  behind: OpenRecord[];
};

const built = new Map<string, { db: TillDb; name: string; snapshot: OutboxEntry[] }>();
let opened = 0;

function client(token: string): EposClient {
  return createClient({ baseUrl: location.origin, token, timeoutMs: 60_000 });
}

const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * A shop's worth of writes made offline: mostly new customers and sale lines, price and name
 * edits to products, some records edited again while queued (those fold into one entry), and
 * some whose first send failed before the next edit, so two entries of one record must go in
 * order, the second to the create's real id.
 */
function plan(tag: string, entries: number, products: number, build: number): PlannedRecord[] {
  const chainedCreates = Math.round(entries * 0.075);
  const chainedUpdates = Math.round(entries * 0.025);
  const productUpdates = Math.round(entries * 0.1);
  const rest = entries - 2 * (chainedCreates + chainedUpdates) - productUpdates;
  const customers = Math.round(rest * 0.55);
  const records: PlannedRecord[] = [];
  // A window of distinct products per outbox, moving between builds.
  let product = (build * 137) % products;
  const nextProduct = (): number => (product++ % products) + 1;
  const customer = (i: number, marker: string): OpenRecord => ({
    Forename: `Ann ${i}`,
    Surname: `Lee ${i}`,
    EmailAddress: `ann${i}@example.com`,
    ContactNumber: `0770090${i}`,
    Notes: marker,
  });
  for (let i = 0; i < customers; i++) {
    // Every third customer is corrected once or twice before the queue drains.
    const edits = i % 3 === 0 ? [{ Surname: `Lea ${i}` }, ...(i % 6 === 0 ? [{ Forename: `Anne ${i}` }] : [])] : [];
    const marker = `bench ${tag} c${i}`;
    records.push({ kind: 'Customer', marker, writes: [customer(i, marker), ...edits], behind: [] });
  }
  for (let i = 0; i < rest - customers; i++) {
    const marker = `bench ${tag} t${i}`;
    records.push({
      kind: 'TransactionItem',
      marker,
      writes: [
        {
          TransactionID: 1000 + (i >> 2),
          ProductID: (i % products) + 1,
          Price: 2.5 + (i % 7),
          Quantity: 1 + (i % 3),
          Notes: marker,
        },
      ],
      behind: [],
    });
  }
  for (let i = 0; i < productUpdates; i++) {
    const edits = i % 2 === 0 ? [{ Name: `bench ${tag} p${i} renamed` }] : [];
    records.push({
      kind: 'Product',
      id: nextProduct(),
      writes: [{ SalePrice: 1 + i / 100, Name: `bench ${tag} p${i}` }, ...edits],
      behind: [],
    });
  }
  for (let i = 0; i < chainedCreates; i++) {
    const edits = [{ Surname: `Chained ${i}` }, ...(i % 2 === 0 ? [{ ContactNumber: `0799900${i}` }] : [])];
    const marker = `bench ${tag} cc${i}`;
    records.push({ kind: 'Customer', marker, writes: [customer(100_000 + i, marker)], behind: edits });
  }
  for (let i = 0; i < chainedUpdates; i++) {
    records.push({
      kind: 'Product',
      id: nextProduct(),
      writes: [{ SalePrice: 5 }],
      behind: [{ SalePrice: 6 + i / 100 }, { Name: `bench ${tag} pc${i}` }],
    });
  }
  // Interleaved as a shop makes them, not kind by kind.
  return records
    .map((r, i) => ({ r, k: (i * 7919) % records.length }))
    .sort((a, b) => a.k - b.k)
    .map((x) => x.r);
}

function expectation(record: PlannedRecord): ExpectedRecord {
  const fields = Object.assign({}, ...record.writes, ...record.behind) as OpenRecord;
  const first = record.id === undefined ? 'POST' : 'PUT';
  return {
    kind: record.kind,
    ...(record.id === undefined ? {} : { id: record.id }),
    ...(record.marker === undefined ? {} : { marker: record.marker }),
    fields,
    methods: record.behind.length > 0 ? [first, 'PUT'] : [first],
  };
}

/** The error a failed first attempt leaves on its entry (a 503, as the worker records it). */
function unavailable(entry: OutboxEntry): EposErrorData {
  return {
    code: 'server',
    name: 'ServerError',
    message: 'Service unavailable',
    method: entry.op === 'create' ? 'POST' : 'PUT',
    path: '',
    mayHaveReached: true,
    status: 503,
  };
}

/** Queues the planned writes; resolves with each enqueue() call's time, ms. */
async function queue(db: TillDb, records: PlannedRecord[]): Promise<number[]> {
  const times: number[] = [];
  const timedEnqueue = async (write: Parameters<typeof enqueue>[1]): Promise<number> => {
    const started = performance.now();
    const queued = await enqueue(db, write, Date.now());
    times.push(performance.now() - started);
    return queued.recordId;
  };
  const ids: number[] = [];
  for (const record of records) {
    const [first] = record.writes as [OpenRecord];
    ids.push(
      record.id === undefined
        ? await timedEnqueue({ op: 'create', kind: record.kind, body: first })
        : await timedEnqueue({ op: 'update', kind: record.kind, id: record.id, body: first }),
    );
  }
  // Later corrections: each folds into its record's waiting entry.
  for (const [i, record] of records.entries()) {
    for (const body of record.writes.slice(1))
      await timedEnqueue({ op: 'update', kind: record.kind, id: ids[i] as number, body });
  }
  // The heads of chained records went out and got a 503; their retry is due now. Writes made
  // since then queue behind them as a second entry, as replay.test.ts's temp-id case does.
  const entries = await db.getAll('outbox');
  for (const [i, record] of records.entries()) {
    if (record.behind.length === 0) continue;
    const head = entries.find((e) => e.target === record.kind && e.recordId === ids[i]) as OutboxEntry;
    const claimed = await claim(db, head, Date.now());
    if (!claimed) throw new Error(`could not claim ${recordKey(head)}`);
    await markRetry(db, claimed, unavailable(claimed), Date.now(), Date.now());
  }
  for (const [i, record] of records.entries()) {
    for (const body of record.behind)
      await timedEnqueue({ op: 'update', kind: record.kind, id: ids[i] as number, body });
  }
  return times;
}

/** Sends each entry's request with the client, keeping order per record; temp ids map to the creates' real ids. */
async function sendDirect(
  api: EposClient,
  requests: OutboxEntry[],
  concurrency: number,
): Promise<{ sent: number; failed: number }> {
  const realIds = new Map<number, number>();
  const lastOfRecord = new Map<string, Promise<unknown>>();
  let next = 0;
  let failed = 0;
  const one = async (entry: OutboxEntry): Promise<void> => {
    const kind = entry.target as Kind;
    const body = entry.body as OpenRecord;
    try {
      if (entry.op === 'create') {
        const answer = await api.create(kind, body);
        realIds.set(entry.recordId, recordId(kind, answer) as number);
      } else if (entry.op === 'update') {
        // The same requests as the replay's: it reads the record before each update (issue 24),
        // so the ratio measures the outbox's own cost, not that GET.
        const id = realIds.get(entry.recordId) ?? entry.recordId;
        await api.get(kind, id);
        await api.update(kind, id, body);
      } else if (entry.op === 'delete') await api.remove(kind, realIds.get(entry.recordId) ?? entry.recordId);
      else {
        await api.getSettings();
        await api.saveSettings(entry.body);
      }
    } catch (error) {
      if (!isEposError(error)) throw error;
      failed++;
    }
  };
  const worker = async (): Promise<void> => {
    while (next < requests.length) {
      const entry = requests[next++] as OutboxEntry;
      const key = recordKey(entry);
      const before = lastOfRecord.get(key);
      const run = (before ?? Promise.resolve()).then(() => one(entry));
      lastOfRecord.set(key, run);
      await run;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { sent: requests.length, failed };
}

/** Wraps the database so every transaction's time, from opening to `done`, is kept under its caller's name. */
function timedDb(db: TillDb, spans: { step: string; ms: number }[]): TillDb {
  // Store names and mode identify the caller in outbox.ts / outbox-outcomes.ts.
  const names: Record<string, string> = {
    'readonly outbox+queue': 'IDB readReady (reads the whole outbox)',
    'readwrite outbox+queue': 'IDB claim, a lane\u2019s first (strict)',
    'readwrite outbox+local+queue': 'IDB markDone + claim of the next (strict)',
    'readwrite outbox': 'IDB recoverInterrupted / mark* (strict)',
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'transaction') {
        return (stores: string | string[], mode?: IDBTransactionMode, options?: IDBTransactionOptions) => {
          const started = performance.now();
          const tx = target.transaction(stores as never, mode, options);
          const key = `${mode ?? 'readonly'} ${[stores].flat().join('+')}`;
          const step = names[key] ?? `IDB ${key}`;
          const record = (suffix: string) => () =>
            void spans.push({ step: step + suffix, ms: performance.now() - started });
          // The replayer awaits `done` itself and handles an abort; this only keeps the time.
          tx.done.then(record(''), record(' (aborted)'));
          return tx;
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Wraps the client so each write request's time (encode, fetch, parse) is kept. */
function timedClient(api: EposClient, spans: { step: string; ms: number }[]): EposClient {
  const timed =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const started = performance.now();
      try {
        return await call(...args);
      } finally {
        spans.push({ step: 'network: client request', ms: performance.now() - started });
      }
    };
  return Object.assign(Object.create(api) as EposClient, {
    create: timed(api.create.bind(api)),
    update: timed(api.update.bind(api)),
    remove: timed(api.remove.bind(api)),
    saveSettings: timed(api.saveSettings.bind(api)),
  });
}

/** A client whose writes are answered in the page at once, as the stand-in would shape them: no network. */
function instantClient(api: EposClient): EposClient {
  let nextId = 10_000_000;
  const withId = (kind: Kind, body: unknown, id: number): never =>
    ({ ...(body as OpenRecord), [KINDS[kind].v2IdKey]: id }) as never;
  return Object.assign(Object.create(api) as EposClient, {
    create: async (kind: Kind, body: unknown) => withId(kind, body, nextId++),
    update: async (kind: Kind, id: number, body: unknown) => withId(kind, body, id),
    remove: async () => undefined,
    saveSettings: async (document: unknown) => document,
  });
}

/** Small readwrite transactions on a scratch database: the cost of a strict commit against a relaxed one. */
async function commitCost(count: number): Promise<{ strict: number; relaxed: number }> {
  const name = `bench-outbox-commit-${++opened}`;
  const db = await openTillDb({ name });
  const per = async (durability: IDBTransactionDurability): Promise<number> => {
    const started = performance.now();
    for (let i = 0; i < count; i++) {
      const tx = db.transaction('settings', 'readwrite', { durability });
      await tx.store.put({ key: 'app', document: { i }, storedAt: i });
      await tx.done;
    }
    return (performance.now() - started) / count;
  };
  const strict = await per('strict');
  const relaxed = await per('relaxed');
  db.close();
  indexedDB.deleteDatabase(name);
  return { strict, relaxed };
}

async function drop(tag: string): Promise<void> {
  const found = built.get(tag);
  if (!found) return;
  built.delete(tag);
  found.db.close();
  indexedDB.deleteDatabase(found.name);
}

/** The functions the node side calls through `globalThis.bench`. */
export const outboxBench = {
  /**
   * Queues `entries` outbox entries in a fresh database holding the product catalog (pulled,
   * untimed), as a till that worked offline has them. Kept under `tag` for one replay or direct send.
   */
  async outboxBuild(
    tag: string,
    token: string,
    entries: number,
    products: number,
    build: number,
  ): Promise<BuiltOutbox> {
    const name = `bench-outbox-${tag}-${++opened}`;
    const db = await openTillDb({ name });
    await pullKind({ db, client: client(token) }, 'Product');
    const records = plan(tag, entries, products, build);
    const times = await queue(db, records);
    const snapshot = await db.getAll('outbox');
    built.set(tag, { db, name, snapshot });
    return {
      tag,
      writes: times.length,
      entries: snapshot.length,
      chained: records.filter((r) => r.behind.length > 0).length,
      enqueueMs: times.reduce((a, b) => a + b, 0),
      enqueueMedianMs: median(times),
      expected: records.map(expectation),
    };
  },

  /** The app's replay of the outbox queued under `tag`, as the worker runs it (holding the lock: leaseMs 0). */
  async outboxReplay(tag: string, token: string, concurrency: number): Promise<SendTiming> {
    const found = built.get(tag);
    if (!found) throw new Error(`no outbox built under ${tag}`);
    const started = performance.now();
    const report = await replay({
      db: found.db,
      client: client(token),
      now: Date.now,
      random: Math.random,
      concurrency,
      leaseMs: 0,
    });
    const ms = performance.now() - started;
    const left = await found.db.count('outbox');
    return { ms, sent: report.sent, failed: report.sent - report.done, left };
  },

  /** The same requests the outbox under `tag` held before its replay, sent straight with the client. */
  async outboxDirect(tag: string, token: string, concurrency: number): Promise<SendTiming> {
    const found = built.get(tag);
    if (!found) throw new Error(`no outbox built under ${tag}`);
    const api = client(token);
    const started = performance.now();
    const { sent, failed } = await sendDirect(api, found.snapshot, concurrency);
    const ms = performance.now() - started;
    await drop(tag);
    return { ms, sent, failed, left: 0 };
  },

  /**
   * A replay at concurrency 1 with its transactions and requests timed: where the time per entry
   * goes. Then the outbox under `instantTag` is replayed with the server answering in the page.
   */
  async outboxProfile(tag: string, token: string, instantTag: string): Promise<ReplayProfile> {
    const found = built.get(tag);
    const instant = built.get(instantTag);
    if (!found || !instant) throw new Error(`no outbox built under ${tag} or ${instantTag}`);
    const spans: { step: string; ms: number }[] = [];
    const started = performance.now();
    await replay({
      db: timedDb(found.db, spans),
      client: timedClient(client(token), spans),
      now: Date.now,
      random: Math.random,
      leaseMs: 0,
    });
    const wallMs = performance.now() - started;
    const steps = new Map<string, StepTime>();
    for (const { step, ms } of spans) {
      const s = steps.get(step) ?? { step, calls: 0, totalMs: 0 };
      s.calls++;
      s.totalMs += ms;
      steps.set(step, s);
    }
    const ready = spans.filter((s) => s.step.startsWith('IDB readReady')).map((s) => s.ms);
    const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    await drop(tag);
    const instantStarted = performance.now();
    await replay({
      db: instant.db,
      client: instantClient(client(token)),
      now: Date.now,
      random: Math.random,
      leaseMs: 0,
    });
    const instantMs = performance.now() - instantStarted;
    await drop(instantTag);
    const commits = await commitCost(100);
    return {
      entries: found.snapshot.length,
      wallMs,
      steps: [...steps.values()].sort((a, b) => b.totalMs - a.totalMs),
      readReadyFirstMs: mean(ready.slice(0, 20)),
      readReadyLastMs: mean(ready.slice(-20)),
      strictCommitMs: commits.strict,
      relaxedCommitMs: commits.relaxed,
      instantMs,
    };
  },
};
