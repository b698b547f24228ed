/**
 * The one shape of every wait after failures in the worker (a retry, a probe, the API limit):
 * the first wait, doubling with each failure in a row, never more than the longest.
 */

/** The wait before try `n` (from 1) after failures: `first`, then twice as long each time, up to `max`. */
export function doubling(first: number, max: number, n: number): number {
  return Math.min(max, first * 2 ** Math.max(0, n - 1));
}
