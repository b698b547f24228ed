/** The bench CLIs' numeric flags, read one way. */

/**
 * The flags `names` of a `parseArgs` result as whole numbers from `min` (1 unless said), or an
 * error naming the first that is not one: a typo must not become a bench of NaN products.
 */
export function wholeNumberFlags<const N extends string>(
  values: { readonly [K in N]?: unknown },
  names: readonly N[],
  min = 1,
): Record<N, number> {
  const read = {} as Record<N, number>;
  for (const name of names) {
    const value = Number(values[name]);
    if (!Number.isSafeInteger(value) || value < min) throw new Error(`--${name} must be a whole number from ${min}`);
    read[name] = value;
  }
  return read;
}
