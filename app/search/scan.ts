/** Substring search over many strings joined into one, each ended by '\n': one indexOf per hit. */

/**
 * Calls `visit(region, pos)` once for each region of `text` holding `part`, with the first
 * position found in it; `starts` are the regions' offsets, ascending. `part` must not hold '\n'.
 */
export function scan(
  text: string,
  starts: ArrayLike<number>,
  part: string,
  visit: (region: number, pos: number) => void,
): void {
  let at = 0;
  for (let pos = text.indexOf(part); pos >= 0; pos = text.indexOf(part, starts[at])) {
    // Hits are often close together: a few steps forward before a binary search.
    let steps = 0;
    while (at + 1 < starts.length && (starts[at + 1] as number) <= pos && steps++ < 8) at++;
    if (at + 1 < starts.length && (starts[at + 1] as number) <= pos) {
      let hi = starts.length - 1;
      while (at < hi) {
        const mid = (at + hi + 1) >>> 1;
        if ((starts[mid] as number) <= pos) at = mid;
        else hi = mid - 1;
      }
    }
    visit(at, pos);
    if (++at === starts.length) return;
  }
}
