/**
 * The customers this till knows recently (passed by the till, attached by a cashier, created at
 * the counter), kept in localStorage, newest first, so a customer can be found and named while
 * Epos Now cannot be reached. A small list of what tells people apart, nothing more: no token,
 * no notes. Storage that is full or blocked just means the till remembers no one this time.
 */
import { isServerId } from '../epos/ids.ts';
import type { BasketStorage } from './basket-storage.ts';

/** What the till keeps of a customer: enough to find and name them. */
export interface CustomerSummary {
  /** The server's id (never a temporary one: a sale handed to the till must name a real customer). */
  id: number;
  /** "Forename Surname", else the business name; null for a record with neither. */
  name: string | null;
  phone: string | null;
  card: string | null;
}

/** The key the list is kept under. */
export const RECENT_CUSTOMERS_KEY = 'epos-till:recent-customers';

/** How many are kept: a shift's regulars, small to read and search at every keystroke. */
const KEPT = 50;

/** The customers kept, most recently used first. */
export function recentCustomers(storage?: BasketStorage): CustomerSummary[] {
  let text: string | null;
  try {
    text = (storage ?? localStorage).getItem(RECENT_CUSTOMERS_KEY);
  } catch (error) {
    if (!(error instanceof DOMException)) throw error;
    return [];
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text ?? '[]');
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return [];
  }
  return Array.isArray(parsed) ? parsed.flatMap((item) => summaryOf(item) ?? []) : [];
}

/** Puts `customer` first (once; its details as given now). An id the API cannot have is not kept. */
export function rememberCustomer(customer: CustomerSummary, storage?: BasketStorage): void {
  const kept = summaryOf(customer);
  if (!kept) return;
  const list = [kept, ...recentCustomers(storage).filter((other) => other.id !== kept.id)].slice(0, KEPT);
  try {
    (storage ?? localStorage).setItem(RECENT_CUSTOMERS_KEY, JSON.stringify(list));
  } catch (error) {
    // Full or blocked storage: a convenience lost; the basket's own save tells the cashier of the storage.
    if (!(error instanceof DOMException)) throw error;
  }
}

/** The four fields of a kept customer, or undefined when `value` is not one; anything else is left behind. */
function summaryOf(value: unknown): CustomerSummary | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, name = null, phone = null, card = null } = value as Record<string, unknown>;
  const text = (field: unknown): field is string | null => field === null || typeof field === 'string';
  if (!isServerId(id) || !text(name) || !text(phone) || !text(card)) return undefined;
  return { id, name, phone, card };
}
