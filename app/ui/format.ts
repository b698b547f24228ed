/** How the status screens write counts and ages (prices: app/till/money.ts, in the shop's currency). */

const COUNT = new Intl.NumberFormat('en-GB');

/** A whole count with thousands separators ("3,000"). */
export function formatCount(value: number): string {
  return COUNT.format(value);
}

/** How long ago `then` was, for a cashier glancing at the screen ("3 min ago"). */
export function formatAge(then: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? 'yesterday' : `${days} days ago`;
}
