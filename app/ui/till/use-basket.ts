/**
 * The order pad's basket: restored from storage at mount and kept there after every change, so a
 * reload mid-sale loses nothing. Says when storing failed, since the cashier would not notice.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { type BasketStorage, loadBasket, saveBasket } from '../../till/basket-storage.ts';
import type { Basket } from '../../till/basket.ts';

/** The basket, a way to change it, and why it could not be kept (or read), if so. */
export interface BasketState {
  basket: Basket;
  /** Applies `edit` to the latest basket (so two edits in one event both count). */
  change(edit: (basket: Basket) => Basket): void;
  problem: string | null;
}

/**
 * The kept basket, in the till's `currency`; `storage` is localStorage unless given. Read once, at
 * mount: the till page remounts the order pad when the currency changes.
 */
export function useBasket(currency: string, storage?: BasketStorage): BasketState {
  const [loaded] = useState(() => loadBasket(currency, storage));
  const [basket, setBasket] = useState(loaded.basket);
  const [problem, setProblem] = useState(loaded.problem);
  const kept = useRef(loaded.basket);
  useEffect(() => {
    // The restored basket is already stored; saving it again would hide a read problem.
    if (basket === kept.current) return;
    kept.current = basket;
    setProblem(saveBasket(basket, currency, storage));
  }, [basket, currency, storage]);
  return { basket, change: setBasket, problem };
}
