/**
 * A queue paused on a refused token resumes by itself once the token works again (issue 11,
 * item 5): the runner probes with one cheap GET, at once when asked (a page opened from Epos Now
 * with the same token) and on a back-off schedule otherwise.
 */
import { describe, expect, it } from 'vitest';
import type { WorkerMessage } from '../../app/store/channel.ts';
import { enqueue } from '../../app/store/outbox.ts';
import { createApiLimit } from '../../sw/api-limit.ts';
import { recoveryDelay } from '../../sw/outbox/recovery.ts';
import { createOutboxRunner } from '../../sw/outbox/runner.ts';
import { freshDb, standinClient } from '../store/fixture.ts';

async function pausedTill() {
  const db = await freshDb();
  const { standin, client } = standinClient();
  const timers: { run: () => void; ms: number }[] = [];
  const messages: WorkerMessage[] = [];
  const runner = createOutboxRunner({
    replayDeps: async () => ({ db, client, now: Date.now, random: () => 0.5 }),
    broadcast: (m) => messages.push(m),
    setTimer: (run, ms) => timers.push({ run, ms }),
    clearTimer: () => undefined,
    withLock: (_name, task) => task(),
    exclusive: true,
    apiLimit: createApiLimit({ db: async () => db, now: Date.now, broadcast: () => undefined }),
  });
  // The API refuses the token for a while (a device disabled, an outage answering 401).
  standin.faults.add({ type: 'status', status: 401 });
  await enqueue(db, { op: 'update', kind: 'Product', id: 1, body: { Name: 'Waited' } }, 1);
  expect((await runner.run())?.paused).toBe(true);
  return { db, standin, runner, timers, messages };
}

const gets = (standin: { log: { method: string }[] }) => standin.log.filter((e) => e.method === 'GET').length;

describe('a queue paused on a refused token', () => {
  it('resumes and sends when the app is opened again with the same token, once the API takes it', async () => {
    const { db, standin, runner, messages } = await pausedTill();
    standin.faults.clear();
    // What a page opened from Epos Now asks of the worker: send what waits.
    const report = await runner.run();
    expect(report?.paused).toBe(false);
    expect(await db.getAll('outbox')).toEqual([]);
    expect(standin.record('Product', 1)?.Name).toBe('Waited');
    expect((await db.get('queue', 'queue'))?.paused).toBeNull();
    expect(messages.some((m) => m.type === 'outbox-changed')).toBe(true);
  });

  it('probes on a back-off schedule, one GET each time, and resumes when a probe is answered', async () => {
    const { db, standin, timers } = await pausedTill();
    // The pass that met the refusal does not probe at once: it schedules the first probe.
    expect(timers.at(-1)?.ms).toBe(recoveryDelay(1));
    const before = gets(standin);
    timers.at(-1)!.run();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gets(standin)).toBe(before + 1);
    expect(timers.at(-1)?.ms).toBe(recoveryDelay(2));
    expect((await db.get('queue', 'queue'))?.paused).not.toBeNull();

    standin.faults.clear();
    timers.at(-1)!.run();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await db.getAll('outbox')).toEqual([]);
    expect(standin.record('Product', 1)?.Name).toBe('Waited');
  });

  it('spaces its probes out to at most 20 s apart: a token that works again is used within 30 s', () => {
    expect([1, 2, 3, 4, 10].map(recoveryDelay)).toEqual([5_000, 10_000, 20_000, 20_000, 20_000]);
  });
});
