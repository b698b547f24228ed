/**
 * The chaos run, shared by the in-process test (Node, fake-indexeddb) and the one in Chromium
 * (real IndexedDB, the stand-in over HTTP with keep-alive): random writes across several kinds,
 * queued with the app's `enqueue` and replayed with its replayer while the server misbehaves.
 * No Node and no DOM here beyond what both have; the caller checks the server afterwards.
 */
import type { EposClient } from '../../app/epos/client.ts';
import { recordId } from '../../app/epos/ids.ts';
import type { Kind } from '../../app/epos/kinds.ts';
import type { OpenRecord } from '../../app/epos/records.ts';
import type { TillDb } from '../../app/store/db.ts';
import { enqueue, type Write } from '../../app/store/outbox.ts';
import { adoptRecord, retryEntry } from '../../app/store/outbox-admin.ts';
import { readReady } from '../../app/store/outbox-outcomes.ts';
import type { OutboxEntry } from '../../app/store/schema.ts';
import { type ReplayDeps, replay } from '../../sw/outbox/replay.ts';
import { pullCatalog } from '../../sw/pull.ts';
import { intBetween, mulberry32 } from '../standin/prng.ts';

/** A record as the writes intend it. */
export interface Intended {
  kind: Kind;
  /** The id the app was given: temporary for creates. */
  id: number;
  created: boolean;
  /** Marker field and value, unique per created record. */
  marker?: [string, string];
  fields: OpenRecord;
  deleted: boolean;
}

/** What a run made, for the caller to check against the server. */
export interface ChaosRun {
  intended: Intended[];
  /** The last settings document saved. */
  settings: unknown;
  counts: { create: number; update: number; delete: number; save: number };
  /** Replay passes after the last write, until nothing was due. */
  rounds: number;
  /** Entries that went through a verification (a look at the server) at least once. */
  verified: number;
  /** What was left for a person: held or failed entries, as `op target state: note`. */
  forPerson: string[];
}

/** The seeded records a run may update or delete: 20 of each kind. */
export type Seeded = { kind: Kind; id: number }[];

/** The kinds a run writes to; the first three also get creates. */
export const CHAOS_KINDS = ['Product', 'SeatingTable', 'Customer', 'CustomerType'] as const;

/** The text field a run writes notes to in each kind that gets creates: one the kind has, as the server drops the rest. */
const NOTE_FIELD: Readonly<Record<string, string>> = {
  Customer: 'Notes',
  Product: 'Description',
  CustomerType: 'Description',
};

/**
 * Makes `writes` random writes (from `seed`), replaying now and then as a till online on and off
 * would, then replays until nothing is due, jumping a clock over each wait.
 */
export async function runChaos(
  db: TillDb,
  client: EposClient,
  seeded: Seeded,
  writes: number,
  seed: number,
): Promise<ChaosRun> {
  const random = mulberry32(seed);
  await pullCatalog({ db, client });
  const clock = { now: Date.now() };
  const verifiedSeqs = new Set<number>();
  // Four records at once: the parallel paths are the ones that could lose or repeat a write.
  const deps: ReplayDeps = {
    db,
    client,
    now: () => clock.now,
    random,
    concurrency: 4,
    retryBaseMs: 500,
    maxRetryMs: 5_000,
    leaseMs: 0,
    onChange: () => undefined,
  };
  const pass = async () => {
    const report = await replay(deps);
    for (const entry of await db.getAll('outbox')) if (entry.state === 'verify') verifiedSeqs.add(entry.seq);
    return report;
  };
  const intended: Intended[] = seeded.map(({ kind, id }) => ({ kind, id, created: false, fields: {}, deleted: false }));
  let settings: unknown = null;
  const counts = { create: 0, update: 0, delete: 0, save: 0 };

  for (let i = 0; i < writes; i++) {
    const live = intended.filter((r) => !r.deleted);
    const roll = random();
    let write: Write;
    if (roll < 0.3) {
      const kind = (['Customer', 'Product', 'CustomerType'] as const)[intBetween(random, 0, 2)] as Kind;
      const field = kind === 'Customer' ? 'Forename' : 'Name';
      const body: OpenRecord = { [field]: `Chaos ${i}`, [NOTE_FIELD[kind] as string]: `made ${i}` };
      const queued = await enqueue(db, { op: 'create', kind, body }, clock.now);
      intended.push({
        kind,
        id: queued.recordId,
        created: true,
        marker: [field, `Chaos ${i}`],
        fields: { ...body },
        deleted: false,
      });
      counts.create++;
      continue;
    }
    if (roll < 0.8 || live.length < 10) {
      const target = live[intBetween(random, 0, live.length - 1)] as Intended;
      const change =
        target.kind === 'SeatingTable'
          ? { Seats: intBetween(random, 1, 12) }
          : { [NOTE_FIELD[target.kind] as string]: `update ${i}` };
      write = { op: 'update', kind: target.kind, id: target.id, body: change };
      Object.assign(target.fields, change);
      counts.update++;
    } else if (roll < 0.93) {
      const target = live[intBetween(random, 0, live.length - 1)] as Intended;
      write = { op: 'delete', kind: target.kind, id: target.id };
      target.deleted = true;
      counts.delete++;
    } else {
      settings = { version: 1, counter: i };
      write = { op: 'save', document: settings };
      counts.save++;
    }
    await enqueue(db, write, clock.now);
    // The till is online now and then, mid-stream.
    if (i % 50 === 49) await pass();
  }

  let rounds = 0;
  for (; rounds < 300 && (await due(db)) > 0; rounds++) {
    const report = await pass();
    clock.now = Math.max(clock.now + 1, report.nextAt ?? clock.now);
  }
  const left = await db.getAll('outbox');
  return {
    intended,
    settings,
    counts,
    rounds,
    verified: verifiedSeqs.size,
    forPerson: left.map((e: OutboxEntry) => `${e.op} ${e.target} ${e.recordId} ${e.state}: ${e.error?.message ?? ''}`),
  };
}

/**
 * What a person does with what was left for them, once the server behaves again (the caller
 * clears the faults): a twin's delete is confirmed; a held create is looked up in Epos Now by its
 * marker (as a person would in the back office) and adopted when there (any copies deleted),
 * sent again when not.
 * Then replays until nothing is due. Returns how many entries the person settled.
 */
export async function settleAsPerson(db: TillDb, client: EposClient, run: ChaosRun): Promise<number> {
  const left = await db.getAll('outbox');
  for (const entry of left) {
    if (entry.state !== 'held' && entry.state !== 'failed') continue;
    if (entry.op === 'create' && entry.target !== 'settings') {
      const marker = run.intended.find((r) => r.created && r.kind === entry.target && r.id === entry.recordId)?.marker;
      const found = marker ? (await client.listAll(entry.target)).filter((r) => r[marker[0]] === marker[1]) : [];
      const [first, ...extra] = found;
      if (first === undefined) await retryEntry(db, entry.seq, Date.now());
      else {
        // It is there (more than once when the browser's resend and a drop both struck): keep one.
        await adoptRecord(db, entry.seq, first, Date.now());
        for (const copy of extra)
          await enqueue(
            db,
            { op: 'delete', kind: entry.target, id: recordId(entry.target, copy) as number },
            Date.now(),
          );
      }
    } else {
      await retryEntry(db, entry.seq, Date.now());
    }
  }
  const deps: ReplayDeps = { db, client, now: Date.now, random: Math.random, leaseMs: 0, verifyAfterMs: 0 };
  for (let i = 0; i < 20 && (await due(db)) > 0; i++) await replay(deps);
  return left.length;
}

/** What the replayer may still settle: entries first of their record and not waiting for a person, and twin checks. */
async function due(db: TillDb): Promise<number> {
  const ready = await readReady(db, Number.MAX_SAFE_INTEGER);
  const twinChecks = (await db.get('queue', 'queue'))?.twinChecks?.length ?? 0;
  return ready.send.length + ready.verify.length + twinChecks;
}
