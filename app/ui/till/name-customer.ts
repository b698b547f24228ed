/**
 * The name of a customer the sale knows by id alone: from the customers this till knows, else
 * from Epos Now (the page's client, through the worker). Loaded when a sale first needs it, so the
 * till's startup does not carry the customer code (or the API's errors) for sales without one.
 */
import type { EposClient } from '../../epos/client.ts';
import { errorText } from '../../epos/error-text.ts';
import { EposError } from '../../epos/errors.ts';
import { summarizeCustomer } from '../../page/customer-match.ts';
import type { BasketStorage } from '../../till/basket-storage.ts';
import { recentCustomers, rememberCustomer } from '../../till/recent-customers.ts';
import { reportBug } from '../bug.ts';

/**
 * The customer's name, or null when it cannot be had now (offline, refused, deleted since, a
 * record without one): the sale keeps the id, which is what the till needs. Never rejects.
 */
export async function nameCustomer(
  id: number,
  api: (() => Promise<Pick<EposClient, 'get'>>) | undefined,
  storage?: BasketStorage,
): Promise<string | null> {
  const known = recentCustomers(storage).find((customer) => customer.id === id);
  if (known?.name) {
    // Passed again by the till: used again, so kept longer.
    rememberCustomer(known, storage);
    return known.name;
  }
  if (!api) return null;
  try {
    const customer = summarizeCustomer(await (await api()).get('Customer', id));
    if (!customer) return null;
    rememberCustomer(customer, storage);
    return customer.name;
  } catch (error) {
    if (error instanceof EposError) console.warn('The sale\u2019s customer was not named:', errorText(error));
    else reportBug(error);
    return null;
  }
}
