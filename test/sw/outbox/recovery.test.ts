/**
 * Recovery without a person (issue 25, item 3): while Epos Now cannot be reached or the token is
 * refused, the worker tries again on a short, capped back-off, and a wake-up (a page's timer, a
 * tap, Background Sync) inside that back-off sends nothing.
 */
import { describe, expect, it } from 'vitest';
import { createRecoveryGate, MAX_RECOVERY_MS, recoveryDelay, syncPass } from '../../../sw/outbox/recovery.ts';
import type { ReplayReport } from '../../../sw/outbox/replay.ts';

describe('the recovery schedule', () => {
  it('starts at 5 s and doubles, never more than 20 s apart: a write lands within 30 s of the link back', () => {
    expect([1, 2, 3, 4, 5, 20, 1000].map(recoveryDelay)).toEqual([
      5_000, 10_000, 20_000, 20_000, 20_000, 20_000, 20_000,
    ]);
    expect(MAX_RECOVERY_MS).toBe(20_000);
  });

  it('costs at most 8 tries in 2 minutes of outage', () => {
    let at = 0;
    let tries = 0;
    while (at <= 120_000) at += recoveryDelay(++tries);
    expect(tries - 1).toBeLessThanOrEqual(8);
  });
});

describe('the recovery gate', () => {
  it('lets every wake-up through while nothing failed', () => {
    const gate = createRecoveryGate(() => 0);
    expect(gate.due()).toBe(true);
    expect(gate.due()).toBe(true);
  });

  it('after a failed try lets nothing through before its back-off ends, then the next', () => {
    let now = 1_000_000;
    const gate = createRecoveryGate(() => now);
    expect(gate.failed()).toBe(5_000);
    now += 4_999;
    expect(gate.due()).toBe(false);
    now += 1;
    expect(gate.due()).toBe(true);
    expect(gate.failed()).toBe(10_000);
    now += 9_000;
    expect(gate.due()).toBe(false);
    expect(gate.dueAt).toBe(now + 1_000);
  });

  it('starts over from the shortest wait once a try succeeds', () => {
    let now = 0;
    const gate = createRecoveryGate(() => now);
    gate.failed();
    gate.failed();
    gate.failed();
    gate.succeeded();
    expect(gate.due()).toBe(true);
    expect(gate.dueAt).toBeUndefined();
    now += 1;
    expect(gate.failed()).toBe(5_000);
  });
});

describe('a Background Sync pass', () => {
  const report = (over: Partial<ReplayReport>): ReplayReport => ({
    sent: 1,
    done: 0,
    nextAt: null,
    paused: false,
    offline: false,
    ...over,
  });

  // A dead uplink behind live Wi-Fi: the browser fires the sync at once (it thinks it is online),
  // the sends get no answer, and a sync that resolves is never fired again, page open or not.
  it.each([
    ['the browser offline', { offline: true }],
    ['no answer (a dead uplink: reset or timed out)', { unanswered: true as const }],
  ])('fails while Epos Now could not be reached (%s), so the browser fires it again later', async (_name, over) => {
    await expect(syncPass(async () => report(over))).rejects.toThrow('Epos Now could not be reached');
  });

  it.each([
    ['a pass that sent', report({ done: 1 })],
    ['a pass that found the token refused (a person must act; firing again changes nothing)', report({ paused: true })],
    ['the API limit (the runner waits it out)', report({ limited: { retryAfterMs: 30_000 } })],
    ['no pass (no context yet)', undefined],
  ])('succeeds after %s', async (_name, outcome) => {
    await expect(syncPass(async () => outcome)).resolves.toBeUndefined();
  });
});
