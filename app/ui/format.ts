/** How the till writes prices, counts and ages. One locale for now: en-GB, pounds. */

const PRICE = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const COUNT = new Intl.NumberFormat('en-GB');

/** A price as the till shows it ("£3.95"), or an em dash when the product has none. */
export function formatPrice(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? PRICE.format(value) : '—';
}

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
