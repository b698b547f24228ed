/**
 * Chaos, in process: 1,000 random writes across several kinds, replayed while the stand-in
 * answers about a quarter of requests the way real servers, proxies and gateways misbehave. At
 * the end the server holds exactly what the writes intended: nothing lost, nothing duplicated.
 * The same run in Chromium, over HTTP with keep-alive, is test/browser/chaos.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { freshDb, standinClient } from '../store/fixture.ts';
import { chaosFaults, checkChaos, seededOf } from './chaos-check.ts';
import { runChaos, settleAsPerson } from './chaos-run.ts';

const WRITES = 1_000;

describe('chaos', () => {
  it(`${WRITES} random writes under about 25% misbehaving answers land exactly once, the server ending as the writes intended`, async () => {
    const db = await freshDb();
    const { standin, client } = standinClient({ products: 300 });
    // Loopback's discard port: in process a redirect is read, never followed.
    for (const fault of chaosFaults('http://127.0.0.1:9')) standin.faults.add(fault);
    const run = await runChaos(db, client, seededOf(standin), WRITES, 20261122);
    standin.faults.clear();
    const settled = await settleAsPerson(db, client, run);

    expect((await db.getAll('outbox')).map((e) => `${e.op} ${e.target} ${e.state} ${e.error?.message}`)).toEqual([]);
    const check = checkChaos(standin, run);
    const faults = standin.log.filter((e) => e.fault !== undefined).length;
    console.log(
      `chaos (in process): ${WRITES} writes (${run.counts.create} creates, ${run.counts.update} updates, ${run.counts.delete} deletes, ${run.counts.save} settings saves); ` +
        `${standin.log.length} requests, ${faults} with an injected fault, ${run.rounds} final replay rounds; ` +
        `${run.verified} entries verified against the server, ${settled} left for a person (${run.forPerson.join(' | ') || 'none'}); lost ${check.lost}, duplicated ${check.duplicated}`,
    );
    expect(check).toEqual({ lost: 0, duplicated: 0, wrong: [], settingsKept: true });
  }, 180_000);
});
