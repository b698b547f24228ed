/**
 * Finding customers online. The contract has no search, and the `?search=` filter of the real API
 * is outside it (its syntax unconfirmed, one field at a time, and the local stand-in ignores it, so
 * a server that ignored it would look like one that matched everything). So the till walks the
 * Customer list a page at a time through the page's client and matches each page itself
 * (customer-match.ts): correct on any server, stopping as soon as it has enough matches, at the
 * end of the list, or at a cap that keeps a shop with many customers from paying for the whole list.
 */
import type { CallOptions, EposClient } from '../epos/client.ts';
import { PAGE_SIZE } from '../epos/kinds.ts';
import type { CustomerSummary } from '../till/recent-customers.ts';
import { matchesCustomer, searchable, summarizeCustomer } from './customer-match.ts';

/** Options of {@link searchCustomers}. */
export interface CustomerSearchOptions extends CallOptions {
  /** Matches that are enough to show; default 20. */
  want?: number;
  /** Pages read at most; default 10 (2,000 customers). */
  maxPages?: number;
}

/** What a search found, and why it stopped. */
export interface CustomerSearchResult {
  /** In the list's order. */
  matches: CustomerSummary[];
  /** 'end': the whole list was read; 'enough': `want` matches found first; 'cap': `maxPages` read, the list goes on. */
  stopped: 'end' | 'enough' | 'cap';
  /** Pages asked for. */
  pages: number;
}

/**
 * The customers answering to `query` (a name, phone or card number), one page after another.
 * Rejects with the client's error (offline, refused...) for the caller to word; a query too short
 * to be worth it ({@link searchable}) finds no one without a request.
 */
export async function searchCustomers(
  client: Pick<EposClient, 'list'>,
  query: string,
  { want = 20, maxPages = 10, signal }: CustomerSearchOptions = {},
): Promise<CustomerSearchResult> {
  const matches: CustomerSummary[] = [];
  if (!searchable(query)) return { matches, stopped: 'end', pages: 0 };
  for (let page = 1; page <= maxPages; page++) {
    // One at a time: most searches end on the first page or two, and a walk's extra pages in flight would be wasted.
    const records = await client.list('Customer', page, { signal });
    for (const record of records) {
      const customer = summarizeCustomer(record);
      if (customer && matchesCustomer(customer, query)) matches.push(customer);
      if (matches.length >= want) return { matches, stopped: 'enough', pages: page };
    }
    if (records.length < PAGE_SIZE) return { matches, stopped: 'end', pages: page };
  }
  return { matches, stopped: 'cap', pages: maxPages };
}
