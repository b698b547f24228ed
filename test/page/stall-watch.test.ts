/** A download that goes silent is reported once, after the wait; word from the worker resets the wait. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchStalls } from '../../app/page/stall-watch.ts';
import type { PullProgressMessage } from '../../app/store/channel.ts';

const running = (kind: PullProgressMessage['kind'], pages: number): PullProgressMessage => ({
  type: 'pull-progress',
  kind,
  state: 'running',
  pages,
  records: pages * 200,
});

describe('watching downloads for silence', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('reports the last running message of a kind silent for the whole wait, once', () => {
    const stalled: PullProgressMessage[] = [];
    const watch = watchStalls(1_000, (last) => stalled.push(last));
    watch.heard(running('Product', 1));
    vi.advanceTimersByTime(600);
    watch.heard(running('Product', 2));
    vi.advanceTimersByTime(999);
    expect(stalled).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(stalled).toEqual([running('Product', 2)]);
    vi.advanceTimersByTime(5_000);
    expect(stalled).toHaveLength(1);
  });

  it('a finished or failed download is not watched; kinds are watched apart', () => {
    const stalled: PullProgressMessage[] = [];
    const watch = watchStalls(1_000, (last) => stalled.push(last));
    watch.heard(running('Product', 1));
    watch.heard(running('TenderType', 1));
    watch.heard({ type: 'pull-progress', kind: 'Product', state: 'done', pages: 1, records: 200 });
    vi.advanceTimersByTime(1_000);
    expect(stalled.map((m) => m.kind)).toEqual(['TenderType']);
    watch.heard(running('SeatingTable', 1));
    watch.heard({
      type: 'pull-progress',
      kind: 'SeatingTable',
      state: 'failed',
      pages: 1,
      records: 200,
      error: 'HTTP 503',
    });
    vi.advanceTimersByTime(1_000);
    expect(stalled).toHaveLength(1);
  });

  it('stop() cancels every wait', () => {
    const stalled: PullProgressMessage[] = [];
    const watch = watchStalls(1_000, (last) => stalled.push(last));
    watch.heard(running('Product', 1));
    watch.stop();
    vi.advanceTimersByTime(2_000);
    expect(stalled).toEqual([]);
  });
});
