/**
 * What this till sold, counted per product in localStorage, so a till whose manager has not picked
 * favourites yet can offer its own best sellers. Counts are kept for the most sold few hundred
 * products only; storage that is full or blocked just means no count this time (the basket,
 * kept in the same storage, already says so to the cashier).
 */
import type { BasketLine } from './basket.ts';
import type { BasketStorage } from './basket-storage.ts';

/** The key the counts are kept under. */
export const SOLD_KEY = 'epos-till:sold';

/** How many products keep a count: enough for any favourites grid, small to read at start. */
const KEPT = 200;

/** Product ids, most sold first (ties: the lower id), at most `limit`. */
export function mostSold(limit: number, storage?: BasketStorage): number[] {
  return ranked(readCounts(storage))
    .slice(0, limit)
    .map(([id]) => id);
}

/** Adds a sale's lines to the counts. */
export function countSale(lines: readonly BasketLine[], storage?: BasketStorage): void {
  const counts = readCounts(storage);
  for (const line of lines) counts.set(line.productId, (counts.get(line.productId) ?? 0) + line.quantity);
  const kept = Object.fromEntries(ranked(counts).slice(0, KEPT));
  try {
    (storage ?? localStorage).setItem(SOLD_KEY, JSON.stringify(kept));
  } catch (error) {
    // Full or blocked storage: the count is a nicety, and the basket's own save reports the storage.
    if (!(error instanceof DOMException)) throw error;
  }
}

function ranked(counts: ReadonlyMap<number, number>): [number, number][] {
  return [...counts].sort(([idA, a], [idB, b]) => b - a || idA - idB);
}

/** The counts kept; none where storage is blocked or holds something else. */
function readCounts(storage?: BasketStorage): Map<number, number> {
  let text: string | null;
  try {
    text = (storage ?? localStorage).getItem(SOLD_KEY);
  } catch (error) {
    if (!(error instanceof DOMException)) throw error;
    return new Map();
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text ?? '{}');
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return new Map();
  }
  const counts = new Map<number, number>();
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return counts;
  for (const [key, value] of Object.entries(parsed)) {
    const id = Number(key);
    if (Number.isSafeInteger(id) && typeof value === 'number' && value > 0 && Number.isFinite(value))
      counts.set(id, value);
  }
  return counts;
}
