/**
 * The page's view of whether Epos Now can be reached: the worker's stored word at start, its
 * broadcasts after, and the browser's offline event as a hint that makes it say so at once.
 */
import { describe, expect, it } from 'vitest';
import { watchReach } from '../../app/page/reach-state.ts';
import { writeReach } from '../../app/store/reach.ts';
import { freshDb } from '../store/fixture.ts';
import { fakeChannel } from './channel.ts';

function browser(onLine = true) {
  const events = new EventTarget();
  return {
    hints: {
      onLine: () => onLine,
      addEventListener: events.addEventListener.bind(events),
      removeEventListener: events.removeEventListener.bind(events),
      now: () => 7_000,
    },
    goOffline() {
      onLine = false;
      events.dispatchEvent(new Event('offline'));
    },
  };
}

describe('the page\u2019s reach state', () => {
  it('a page opened during an outage knows at once from what the worker stored', async () => {
    const db = await freshDb();
    await writeReach(db, { state: 'unreachable', since: 1_000, lastAnsweredAt: 500 });
    const state = watchReach(db, fakeChannel(), browser().hints);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(state.get()).toEqual({ state: 'unreachable', since: 1_000, lastAnsweredAt: 500 });
  });

  it('follows the worker\u2019s broadcasts, and one heard during the read wins over the stored row', async () => {
    const db = await freshDb();
    await writeReach(db, { state: 'unreachable', since: 1_000 });
    const channel = fakeChannel();
    const state = watchReach(db, channel, browser().hints);
    const seen: unknown[] = [];
    state.subscribe(() => seen.push(state.get()));
    channel.post({ type: 'reach', reach: { state: 'reachable', since: 2_000, lastAnsweredAt: 2_000 } });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(state.get()).toEqual({ state: 'reachable', since: 2_000, lastAnsweredAt: 2_000 });
    channel.post({ type: 'outbox-changed' });
    expect(seen).toHaveLength(1);
    state.close();
    expect(channel.listening()).toBe(0);
  });

  it('the browser\u2019s offline event makes it unreachable at once, before the worker says so', async () => {
    const db = await freshDb();
    const channel = fakeChannel();
    const { hints, goOffline } = browser();
    const state = watchReach(db, channel, hints);
    channel.post({ type: 'reach', reach: { state: 'reachable', since: 2_000, lastAnsweredAt: 3_000 } });
    goOffline();
    expect(state.get()).toEqual({ state: 'unreachable', since: 7_000, lastAnsweredAt: 3_000 });
    // Already unreachable: a second hint keeps when it began.
    goOffline();
    expect(state.get()?.since).toBe(7_000);
  });

  it('a page that starts with the browser offline says unreachable at once, whatever was stored', async () => {
    const db = await freshDb();
    await writeReach(db, { state: 'reachable', since: 1_000 });
    const state = watchReach(db, fakeChannel(), browser(false).hints);
    expect(state.get()?.state).toBe('unreachable');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(state.get()?.state).toBe('unreachable');
  });
});
