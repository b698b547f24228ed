/**
 * The chaos run's page side (bundled by chaos.test.ts): the app's own enqueue and replayer over
 * Chromium's IndexedDB, talking to the stand-in on this page's origin over HTTP.
 */
import { createClient, type EposClient } from '../../app/epos/client.ts';
import { openTillDb, type TillDb } from '../../app/store/db.ts';
import { type ChaosRun, runChaos, type Seeded, settleAsPerson } from '../sw/chaos-run.ts';

let state: { db: TillDb; client: EposClient; run: ChaosRun } | undefined;

const chaos = {
  async run(token: string, seeded: Seeded, writes: number, seed: number): Promise<ChaosRun> {
    const db = await openTillDb({ name: `chaos-${Date.now()}` });
    const client = createClient({ baseUrl: location.origin, token });
    const run = await runChaos(db, client, seeded, writes, seed);
    state = { db, client, run };
    return run;
  },
  async settle(): Promise<{ settled: number; left: string[] }> {
    if (!state) throw new Error('chaos.run first');
    const settled = await settleAsPerson(state.db, state.client, state.run);
    const left = (await state.db.getAll('outbox')).map(
      (e) => `${e.op} ${e.target} ${e.recordId} ${e.state}: ${e.error?.message ?? ''}`,
    );
    return { settled, left };
  },
};

(globalThis as unknown as { chaos: typeof chaos }).chaos = chaos;
