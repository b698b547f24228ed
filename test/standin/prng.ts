/**
 * Seeded randomness for the stand-in. Nothing here touches Math.random, so the same seed gives the
 * same records and the same fault decisions on every run.
 */

/** A seeded source of floats in [0, 1). */
export type Random = () => number;

/** mulberry32: tiny and fast, plenty for test data. */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A stream for one purpose (one kind's records, fault decisions...), derived from the seed and a
 * label, so drawing more numbers for one purpose never shifts another's data.
 */
export function substream(seed: number, label: string): Random {
  // FNV-1a over the label, mixed with the seed.
  let hash = 0x811c9dc5 ^ (seed >>> 0);
  for (let i = 0; i < label.length; i++) {
    hash ^= label.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return mulberry32(hash >>> 0);
}

/** An integer in [min, max], both inclusive. */
export function intBetween(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** One element of a non-empty list. */
export function pick<T>(random: Random, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError('pick from an empty list');
  return items[Math.floor(random() * items.length)] as T;
}

/** True with probability p. */
export function chance(random: Random, p: number): boolean {
  return random() < p;
}

/** Rounds to pennies the way the API sends money: a JSON number with at most 2 decimals. */
export function money(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A date-time without a time zone, as the API sends them ("2015-12-10T17:13:14"). */
export function localDateTime(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 19);
}

/** A random moment between two dates (ISO strings, read as UTC), formatted like the API. */
export function dateBetween(random: Random, from: string, to: string): string {
  const start = Date.parse(`${from}Z`);
  const end = Date.parse(`${to}Z`);
  return localDateTime(start + Math.floor((random() * (end - start)) / 1000) * 1000);
}
