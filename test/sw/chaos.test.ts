/**
 * Chaos: 1,000 random writes across several kinds, replayed while the stand-in injects faults
 * into 20% of requests. At the end the server holds exactly what the writes intended: nothing
 * lost, nothing duplicated.
 */
import { describe, expect, it } from 'vitest';
import { recordId } from '../../app/epos/ids.ts';
import type { Kind } from '../../app/epos/kinds.ts';
import type { OpenRecord } from '../../app/epos/records.ts';
import { enqueue, type Write } from '../../app/store/outbox.ts';
import { pullCatalog } from '../../sw/pull.ts';
import { replay, type ReplayDeps } from '../../sw/replay.ts';
import { intBetween, mulberry32 } from '../standin/prng.ts';
import { freshDb, standinClient } from '../store/fixture.ts';

/** A record as the writes intend it. */
interface Intended {
  kind: Kind;
  /** The id the app was given: temporary for creates. */
  id: number;
  created: boolean;
  /** Marker field and value, unique per created record. */
  marker?: [string, string];
  fields: OpenRecord;
  deleted: boolean;
}

const WRITES = 1_000;

describe('chaos', () => {
  it(`${WRITES} random writes under 20% injected faults land exactly once, the server ending as the writes intended`, async () => {
    const random = mulberry32(20261122);
    const db = await freshDb();
    const { standin, client } = standinClient({ products: 300 });
    await pullCatalog({ db, client });
    standin.faults.add({ type: 'status', status: 503, probability: 0.05 });
    standin.faults.add({ type: 'status', status: 500, probability: 0.03 });
    standin.faults.add({ type: 'rate-limit', retryAfter: 1, probability: 0.04 });
    standin.faults.add({ type: 'drop-after-apply', probability: 0.05 });
    standin.faults.add({ type: 'latency', ms: 3, probability: 0.05 });

    const clock = { now: Date.now() };
    // Four records at once: the parallel paths are the ones that could lose or repeat a write.
    const deps: ReplayDeps = { db, client, now: () => clock.now, random, concurrency: 4, retryBaseMs: 500, maxRetryMs: 5_000, leaseMs: 0 };
    const intended: Intended[] = [];
    for (const kind of ['Product', 'SeatingTable', 'Customer', 'CustomerType'] as const) {
      for (const record of standin.records(kind).slice(0, 20)) {
        intended.push({ kind, id: recordId(kind, record) as number, created: false, fields: {}, deleted: false });
      }
    }
    let settings: unknown = null;
    const counts = { create: 0, update: 0, delete: 0, save: 0 };

    for (let i = 0; i < WRITES; i++) {
      const live = intended.filter((r) => !r.deleted);
      const roll = random();
      let write: Write;
      if (roll < 0.3) {
        const kind = (['Customer', 'Product', 'CustomerType'] as const)[intBetween(random, 0, 2)] as Kind;
        const field = kind === 'Customer' ? 'Forename' : 'Name';
        const body: OpenRecord = { [field]: `Chaos ${i}`, Notes: `made ${i}` };
        write = { op: 'create', kind, body };
        const queued = await enqueue(db, write, clock.now);
        intended.push({ kind, id: queued.recordId, created: true, marker: [field, `Chaos ${i}`], fields: { ...body }, deleted: false });
        counts.create++;
        continue;
      }
      if (roll < 0.8 || live.length < 10) {
        const target = live[intBetween(random, 0, live.length - 1)] as Intended;
        const change = target.kind === 'SeatingTable' ? { Seats: intBetween(random, 1, 12) } : { Notes: `update ${i}` };
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
      if (i % 50 === 49) await replay(deps);
    }

    let rounds = 0;
    for (; rounds < 200 && (await db.count('outbox')) > 0; rounds++) {
      const report = await replay(deps);
      clock.now = Math.max(clock.now + 1, report.nextAt ?? clock.now);
    }
    const left = await db.getAll('outbox');
    expect(left.map((e) => `${e.op} ${e.target} ${e.state} ${e.error?.message}`)).toEqual([]);

    let lost = 0;
    let duplicated = 0;
    for (const record of intended) {
      if (record.created) {
        const [field, value] = record.marker as [string, string];
        const found = standin.records(record.kind).filter((r) => r[field] === value);
        if (!record.deleted && found.length === 0) lost++;
        if (found.length > (record.deleted ? 0 : 1)) duplicated++;
        if (!record.deleted && found.length === 1) expect(found[0]).toMatchObject(record.fields);
      } else {
        const found = standin.record(record.kind, record.id);
        if (record.deleted) expect(found, `${record.kind} ${record.id} deleted`).toBeUndefined();
        else expect(found, `${record.kind} ${record.id}`).toMatchObject(record.fields);
      }
    }
    expect(JSON.parse(standin.settingsText ?? 'null')).toEqual(settings);
    const faults = standin.log.filter((e) => e.fault !== undefined).length;
    console.log(
      `chaos: ${WRITES} writes (${counts.create} creates, ${counts.update} updates, ${counts.delete} deletes, ${counts.save} settings saves); ` +
        `${standin.log.length} requests, ${faults} with an injected fault, ${rounds} final replay rounds; lost ${lost}, duplicated ${duplicated}`,
    );
    expect({ lost, duplicated }).toEqual({ lost: 0, duplicated: 0 });
  }, 120_000);
});
