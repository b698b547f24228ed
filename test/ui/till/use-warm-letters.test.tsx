// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSearchIndex, type SearchIndex } from '../../../app/search/index.ts';
import { FIRST_LETTERS, SETTLE_MS, useWarmLetters } from '../../../app/ui/till/use-warm-letters.ts';

// The test DOM has no idle callbacks: each idle moment is a task, which fake timers run.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Lets `ms` pass, running every task due, and the effects they cause. */
const pass = (ms: number): Promise<void> =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

/** An index over a few products that records what was warmed, and whether warming did work. */
function recording(): { index: SearchIndex; warmed: string[]; looked: boolean[] } {
  const index = createSearchIndex([{ ProductID: 1, Name: 'Flat White' }]);
  const warmed: string[] = [];
  const looked: boolean[] = [];
  const warm = index.warm;
  index.warm = (letter, limit) => {
    warmed.push(`${letter}@${limit}`);
    const did = warm(letter, limit);
    looked.push(did);
    return did;
  };
  return { index, warmed, looked };
}

function Warm({ index, revision }: { index: SearchIndex | undefined; revision: number }) {
  useWarmLetters(index, revision, 50);
  return null;
}

const EVERY = [...FIRST_LETTERS].map((letter) => `${letter}@50`);

describe('useWarmLetters', () => {
  it('looks up every first letter once the catalog has settled, at the search limit, and again after it changed', async () => {
    const { index, warmed, looked } = recording();
    const { rerender } = render(<Warm index={undefined} revision={0} />);
    rerender(<Warm index={index} revision={0} />);
    await pass(SETTLE_MS - 10);
    expect(warmed).toEqual([]);
    await pass(100);
    expect(warmed).toEqual(EVERY);
    expect(looked.every(Boolean)).toBe(true);
    // A change before the catalog settled again restarts the wait: only the last one is looked up.
    index.upsert([{ ProductID: 2, Name: 'Lemonade' }]);
    rerender(<Warm index={index} revision={1} />);
    await pass(SETTLE_MS / 2);
    index.upsert([{ ProductID: 3, Name: 'Latte' }]);
    rerender(<Warm index={index} revision={2} />);
    await pass(SETTLE_MS / 2 + 10);
    expect(warmed).toEqual(EVERY);
    await pass(SETTLE_MS);
    expect(warmed).toEqual([...EVERY, ...EVERY]);
    expect(looked.slice(EVERY.length).every(Boolean)).toBe(true);
    expect(index.search('l').map((p) => p.Name)).toEqual(['Latte', 'Lemonade', 'Flat White']);
  });

  it('stops when the search goes away, waiting or part way through', async () => {
    const waiting = recording();
    const early = render(<Warm index={waiting.index} revision={0} />);
    await pass(SETTLE_MS / 2);
    act(() => {
      early.unmount();
    });
    await pass(SETTLE_MS * 2);
    expect(waiting.warmed).toEqual([]);

    const { index, warmed } = recording();
    const { unmount } = render(<Warm index={index} revision={0} />);
    await pass(SETTLE_MS - 1);
    // Task by task, up to the first letter's idle moment.
    while (warmed.length === 0) await vi.advanceTimersToNextTimerAsync();
    // Preact runs an effect's cleanup after the next paint: act is that paint.
    act(() => {
      unmount();
    });
    await pass(SETTLE_MS * 2);
    expect(warmed).toEqual(['a@50']);
  });
});
