/**
 * The sale's customer on the pad: the customer the till passed with this load goes into the basket
 * (once), and a customer known by id alone is named (name-customer.ts, loaded when first needed).
 * Never in the way of selling: the pad works while the name is on its way, and where it cannot
 * come the sale keeps the id, which is what the till needs.
 */
import { useEffect, useLayoutEffect } from 'preact/hooks';
import type { EposClient } from '../../epos/client.ts';
import { errorText } from '../../epos/error-text.ts';
import { type Basket, type BasketCustomer, setCustomer } from '../../till/basket.ts';
import type { BasketStorage } from '../../till/basket-storage.ts';

/** Where the pad's customers come from. */
export interface CustomerSource {
  /** The API as the page reads it (session.api); undefined until the session has started. */
  api: (() => Promise<Pick<EposClient, 'get' | 'list'>>) | undefined;
  /** The customer the till passed with this load, until the pad has taken it; else null. */
  passedId: number | null;
  /** Told once the pad has taken `passedId` into the sale, so a pad shown again does not take it twice. */
  onPassedTaken(): void;
  /** The browser's word on the connection: a customer left unnamed offline is asked for again when it turns true. */
  online?: boolean;
}

/** What the pad says of the sale's customer: the name, else "Customer 7". */
export function customerLabel(customer: BasketCustomer): string {
  return customer.name ?? `Customer ${customer.id}`;
}

/** Takes the passed customer into the basket and names a customer known by id alone. */
export function useSaleCustomer(
  basket: Basket,
  change: (edit: (basket: Basket) => Basket) => void,
  { api, passedId, onPassedTaken, online }: CustomerSource,
  storage?: BasketStorage,
): void {
  // Before paint, so the pad never shows the kept basket's customer in place of the till's.
  useLayoutEffect(() => {
    if (passedId === null) return;
    // The till's sale is for this customer; the same one kept already keeps its name.
    change((current) =>
      current.customer?.id === passedId ? current : setCustomer(current, { id: passedId, name: null }),
    );
    onPassedTaken();
  }, [passedId]);

  const unnamed = basket.customer?.name === null ? basket.customer.id : null;
  useEffect(() => {
    if (unnamed === null) return;
    let live = true;
    import('./name-customer.ts')
      .then(({ nameCustomer }) => nameCustomer(unnamed, api, storage))
      .then(
        (name) => {
          if (!live || name === null) return;
          change((current) =>
            current.customer?.id === unnamed && current.customer.name === null
              ? setCustomer(current, { id: unnamed, name })
              : current,
          );
        },
        // Only the chunk can fail to load (nameCustomer never rejects): the pad keeps showing the id.
        (error: unknown) => console.warn('The sale\u2019s customer was not named:', errorText(error)),
      );
    return () => {
      live = false;
    };
  }, [unnamed, api, online]);
}
