/**
 * Work that can wait for the page's next idle moment: between keystrokes, taps and frames, so it
 * never lengthens one. Where the browser has no idle callbacks (Safari), it waits a task instead.
 */

/** Runs `task` in the next idle moment, or after `timeoutMs` at the latest if given; returns the cancel. */
export function whenIdle(task: () => void, timeoutMs?: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, timeoutMs === undefined ? undefined : { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 0);
  return () => clearTimeout(handle);
}
