/**
 * The customer the Epos Now till passes with its sale: `customerId` in the query string it opens
 * the app with. It belongs to the sale, not to the till, so it is not kept with the boot context
 * (the next sale is not that customer's); the basket keeps it instead, with the rest of the sale.
 */
import { isServerId } from '../epos/ids.ts';

/** The query parameter Epos Now names the sale's customer with. */
const CUSTOMER_PARAM = 'customerId';

/**
 * The sale's customer id in a query string, or null when there is none or it is not an id the API
 * can have (anything but plain digits, 0, past 32 bits): a junk value is no customer, not a crash.
 * The first one counts, as ASP.NET binds it.
 */
export function customerIdFromQuery(search: string): number | null {
  const raw = new URLSearchParams(search).get(CUSTOMER_PARAM);
  if (raw === null || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return isServerId(id) ? id : null;
}

/** The query string without the customer, for history.replaceState; unchanged when it has none. */
export function withoutCustomerId(search: string): string {
  const params = new URLSearchParams(search);
  if (!params.has(CUSTOMER_PARAM)) return search;
  params.delete(CUSTOMER_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
