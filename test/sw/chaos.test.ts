/**
 * Chaos, in process: 1,000 random writes across several kinds, replayed while the stand-in
 * answers about a quarter of requests the way real servers, proxies and gateways misbehave. At
 * the end the server holds exactly what the writes intended: nothing lost, nothing duplicated.
 * The same run in Chromium, over HTTP with keep-alive, is test/browser/chaos.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { API_LIMIT_TEXT, type Fault } from '../standin/faults.ts';
import { freshDb, standinClient } from '../store/fixture.ts';
import { checkChaos, seededOf } from './chaos-check.ts';
import { runChaos, settleAsPerson } from './chaos-run.ts';

const WRITES = 1_000;

/** What misbehaves, and how often: shared with the Chromium run. */
export const CHAOS_FAULTS: Fault[] = [
  { type: 'status', status: 503, probability: 0.05 },
  { type: 'status', status: 500, probability: 0.03 },
  { type: 'rate-limit', retryAfter: 1, probability: 0.03 },
  { type: 'rate-limit', status: 200, form: 'text', probability: 0.01 },
  { type: 'rate-limit', status: 400, form: 'text', probability: 0.01 },
  { type: 'drop-after-apply', probability: 0.05 },
  // A proxy or portal answering for the server: a 200 that is not the API's answer.
  { type: 'malformed', probability: 0.02 },
  { type: 'malformed', body: API_LIMIT_TEXT, contentType: 'text/plain', probability: 0.01 },
  { type: 'empty-list', probability: 0.03 },
  { type: 'latency', ms: 3, probability: 0.05 },
];

describe('chaos', () => {
  it(`${WRITES} random writes under about 25% misbehaving answers land exactly once, the server ending as the writes intended`, async () => {
    const db = await freshDb();
    const { standin, client } = standinClient({ products: 300 });
    for (const fault of CHAOS_FAULTS) standin.faults.add(fault);
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
