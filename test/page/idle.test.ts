import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from '../../app/page/idle.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it("waits for the browser's idle callback, with the timeout only when one is given, and cancels it", () => {
    const asked: { task: () => void; options: IdleRequestOptions | undefined }[] = [];
    const cancelled: number[] = [];
    vi.stubGlobal('requestIdleCallback', (task: () => void, options?: IdleRequestOptions) =>
      asked.push({ task, options }),
    );
    vi.stubGlobal('cancelIdleCallback', (handle: number) => cancelled.push(handle));
    const task = vi.fn();
    whenIdle(task, 1_000);
    const cancel = whenIdle(task);
    expect(asked.map((a) => a.options)).toEqual([{ timeout: 1_000 }, undefined]);
    expect(task).not.toHaveBeenCalled();
    asked[0]?.task();
    expect(task).toHaveBeenCalledTimes(1);
    cancel();
    expect(cancelled).toEqual([2]);
  });

  it('waits a task where the browser has no idle callbacks (Safari), and cancels it', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const ran = vi.fn();
    const dropped = vi.fn();
    whenIdle(ran);
    whenIdle(dropped)();
    expect(ran).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(ran).toHaveBeenCalledTimes(1);
    expect(dropped).not.toHaveBeenCalled();
  });
});
