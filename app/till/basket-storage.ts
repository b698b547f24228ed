/**
 * The basket kept across reloads: in localStorage, written on every change. A till reloaded
 * mid-sale (an update, a crash, the cashier's elbow) comes back with the same basket.
 */
import { type Basket, EMPTY_BASKET, isEmpty, parseBasket } from './basket.ts';

/** The key the basket is kept under. */
export const BASKET_KEY = 'epos-till:basket';

/** What storing needs; `localStorage` by default. */
export type BasketStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** A basket read back, in the currency its amounts are in (minor units). */
export interface LoadedBasket {
  basket: Basket;
  /** The kept basket's currency when it holds a sale; else the till's. */
  currency: string;
  /** Why nothing could be read back, or null. */
  problem: string | null;
}

/**
 * The stored basket, or an empty one (with why, when something unreadable was there). `currency`
 * is the till's; a sale kept in another currency comes back in it, for the cashier to decide.
 */
export function loadBasket(currency: string, storage?: BasketStorage): LoadedBasket {
  let text: string | null;
  try {
    // Inside the try: merely reading `localStorage` throws where the browser blocks storage for frames.
    text = (storage ?? localStorage).getItem(BASKET_KEY);
  } catch (error) {
    if (!(error instanceof DOMException)) throw error;
    return {
      basket: EMPTY_BASKET,
      currency,
      problem: `This till's storage is blocked (${error.message}): the basket will not survive a reload.`,
    };
  }
  if (text === null) return { basket: EMPTY_BASKET, currency, problem: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    parsed = undefined;
  }
  const kept = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  const basket = typeof kept.currency === 'string' ? parseBasket(kept.basket) : null;
  if (!basket)
    return {
      basket: EMPTY_BASKET,
      currency,
      problem: 'The basket kept from before could not be read; the till started a new one.',
    };
  // 320 pence are not ¥320: a sale stays in the currency its amounts are in.
  return { basket, currency: isEmpty(basket) ? currency : (kept.currency as string), problem: null };
}

/** Keeps the basket, in `currency`. Returns why it could not (storage full or blocked), or null. */
export function saveBasket(basket: Basket, currency: string, storage?: BasketStorage): string | null {
  try {
    (storage ?? localStorage).setItem(BASKET_KEY, JSON.stringify({ currency, basket }));
    return null;
  } catch (error) {
    if (error instanceof DOMException) {
      return error.name === 'QuotaExceededError'
        ? 'Storage on this till is full: the basket will not survive a reload. Free some space (the back office shows what is stored).'
        : `The basket could not be kept (${error.message}): it will not survive a reload.`;
    }
    throw error;
  }
}
