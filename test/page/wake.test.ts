/**
 * The page wakes the worker while something waits for Epos Now (issue 25, item 3): a browser
 * stops an idle worker, and its timers with it, so the page's own timer and a person's activity
 * wake it to look again. Throttled per page: a cashier typing is not a request storm (and the
 * worker's back-off decides whether any wake-up costs a request at all).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_WAKE_MS, startWakeUps, WAKE_EVERY_MS } from '../../app/page/wake.ts';

class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
}

function page(initiallyWaiting = true) {
  const state = { waiting: initiallyWaiting };
  const win = new EventTarget();
  const doc = new FakeDocument();
  let wakes = 0;
  const stop = startWakeUps({
    wake: () => wakes++,
    waiting: () => state.waiting,
    window: win,
    document: doc,
  });
  return { state, win, doc, stop, wakes: () => wakes };
}

describe('waking the worker from the page', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('wakes it on a timer while something waits, often enough that a stopped worker is woken within the idle time a browser allows', () => {
    const { wakes } = page();
    expect(WAKE_EVERY_MS).toBeLessThan(30_000);
    vi.advanceTimersByTime(WAKE_EVERY_MS - 1);
    expect(wakes()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(wakes()).toBe(1);
    vi.advanceTimersByTime(WAKE_EVERY_MS * 3);
    expect(wakes()).toBe(4);
  });

  it('does not wake it while nothing waits', () => {
    const { state, win, wakes } = page(false);
    vi.advanceTimersByTime(WAKE_EVERY_MS * 4);
    win.dispatchEvent(new Event('pointerdown'));
    expect(wakes()).toBe(0);
    state.waiting = true;
    win.dispatchEvent(new Event('pointerdown'));
    expect(wakes()).toBe(1);
  });

  it('wakes it on a tap, a key, the browser’s online event and the page shown again, at most once in the throttle time', () => {
    const { win, doc, wakes } = page();
    win.dispatchEvent(new Event('pointerdown'));
    expect(wakes()).toBe(1);
    // A cashier typing a search: one wake-up, not one a key.
    for (let i = 0; i < 20; i++) win.dispatchEvent(new Event('keydown'));
    expect(wakes()).toBe(1);
    vi.advanceTimersByTime(ACTIVITY_WAKE_MS);
    win.dispatchEvent(new Event('keydown'));
    expect(wakes()).toBe(2);
    vi.advanceTimersByTime(ACTIVITY_WAKE_MS);
    win.dispatchEvent(new Event('online'));
    expect(wakes()).toBe(3);
    vi.advanceTimersByTime(ACTIVITY_WAKE_MS);
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(wakes()).toBe(3);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(wakes()).toBe(4);
  });

  it('stops: no timer, no listener', () => {
    const { win, stop, wakes } = page();
    stop();
    vi.advanceTimersByTime(WAKE_EVERY_MS * 2);
    win.dispatchEvent(new Event('pointerdown'));
    expect(wakes()).toBe(0);
  });
});
