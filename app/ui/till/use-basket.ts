/**
 * The order pad's basket: restored from storage at mount and kept there after every change, so a
 * reload mid-sale loses nothing. Says when storing failed, since the cashier would not notice. A
 * sale stays in the currency it began in: when the shop's currency changes under it, the cashier
 * decides (keep it, or start a new one); it is never thrown away unasked.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { type Basket, EMPTY_BASKET, isEmpty } from '../../till/basket.ts';
import { type BasketStorage, loadBasket, saveBasket } from '../../till/basket-storage.ts';

/** The basket, a way to change it, and why it could not be kept (or read), if so. */
export interface BasketState {
  basket: Basket;
  /** Applies `edit` to the latest basket (so two edits in one event both count). */
  change(edit: (basket: Basket) => Basket): void;
  problem: string | null;
  /** The currency the sale is counted in: the shop's, or the one it began in. */
  currency: string;
  /** The shop's currency changed under a sale and the cashier has not answered yet; else null. */
  question: { from: string; to: string } | null;
  /** Keeps the sale in its currency until it ends. */
  keepSale(): void;
  /** Drops the sale and starts an empty one in the shop's currency. */
  newSale(): void;
}

/** The kept basket; `currency` is the shop's, `storage` is localStorage unless given. */
export function useBasket(currency: string, storage?: BasketStorage): BasketState {
  const [loaded] = useState(() => loadBasket(currency, storage));
  const [basket, setBasket] = useState(loaded.basket);
  const [problem, setProblem] = useState(loaded.problem);
  const [saleCurrency, setSaleCurrency] = useState(loaded.currency);
  // The shop currency for which the cashier chose to keep the sale as it is.
  const [keptFor, setKeptFor] = useState<string | null>(null);
  const kept = useRef(loaded.basket);
  const empty = isEmpty(basket);
  // A sale that ended (sent, cleared) makes way: the next one is in the shop's currency.
  const sale = empty ? currency : saleCurrency;
  useEffect(() => {
    if (sale !== saleCurrency) setSaleCurrency(sale);
  }, [sale, saleCurrency]);
  // A layout effect runs in the same task as the render, before the browser may unload the
  // page: with a plain effect (after paint), a reload just after a tap lost that tap.
  useLayoutEffect(() => {
    // The restored basket is already stored; saving it again would hide a read problem.
    if (basket === kept.current) return;
    kept.current = basket;
    setProblem(saveBasket(basket, sale, storage));
  }, [basket, sale, storage]);
  return {
    basket,
    change: setBasket,
    problem,
    currency: sale,
    question: sale !== currency && keptFor !== currency ? { from: sale, to: currency } : null,
    keepSale: () => setKeptFor(currency),
    newSale: () => {
      setSaleCurrency(currency);
      setBasket(EMPTY_BASKET);
    },
  };
}
