/**
 * The sale's customer, chosen at the counter: a search field whose matches among the customers
 * this till knows show as the cashier types (no request per keystroke), and a search of Epos Now
 * on Enter (customer-search.ts walks the list: a few requests, not one a key). When Epos Now cannot
 * be reached, the till's own customers are what it offers, and it says so. Removing the customer
 * leaves the sale without one.
 */
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import type { EposClient } from '../../epos/client.ts';
import { errorText } from '../../epos/error-text.ts';
import { EposError } from '../../epos/errors.ts';
import { PAGE_SIZE } from '../../epos/kinds.ts';
import { matchesCustomer, searchable } from '../../page/customer-match.ts';
import { type CustomerSearchResult, searchCustomers } from '../../page/customer-search.ts';
import type { BasketStorage } from '../../till/basket-storage.ts';
import { type CustomerSummary, recentCustomers, rememberCustomer } from '../../till/recent-customers.ts';
import { reportBug } from '../bug.ts';

/** Props of {@link CustomerPicker}. */
export interface CustomerPickerProps {
  /** The sale's customer now (its id, and what the pad calls them), or null. */
  customer: { id: number; label: string } | null;
  /** The API as the page reads it; undefined until the session has started (the till's customers only). */
  api: (() => Promise<Pick<EposClient, 'list'>>) | undefined;
  /** Where the recent customers are kept; localStorage unless given. */
  storage?: BasketStorage;
  /** Attaches a customer to the sale (already remembered as one this till knows). */
  onChoose(customer: CustomerSummary): void;
  /** Leaves the sale without a customer. */
  onRemove(): void;
}

/** An online search: under way, done, or failed (its words). */
type Online =
  | { query: string; state: 'searching' }
  | { query: string; state: 'done'; result: CustomerSearchResult }
  | { query: string; state: 'failed'; reason: string };

/** Matches shown at most from the till's own list. */
const SHOWN = 20;

/** The customer controls. */
export function CustomerPicker({ customer, api, storage, onChoose, onRemove }: CustomerPickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [recent] = useState(() => recentCustomers(storage));
  const [online, setOnline] = useState<Online | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const search = useRef<AbortController | null>(null);
  useEffect(() => {
    field.current?.focus();
    return () => search.current?.abort();
  }, []);
  const typed = query.trim();

  function find(event: Event): void {
    event.preventDefault();
    if (!api || !searchable(typed)) return;
    search.current?.abort();
    const controller = new AbortController();
    search.current = controller;
    setOnline({ query: typed, state: 'searching' });
    api()
      .then((client) => searchCustomers(client, typed, { signal: controller.signal }))
      .then(
        (result) => !controller.signal.aborted && setOnline({ query: typed, state: 'done', result }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          // Offline, timed out, refused: the till's own customers are still offered, and it says why.
          if (error instanceof EposError) setOnline({ query: typed, state: 'failed', reason: errorText(error) });
          else setOnline({ query: typed, state: 'failed', reason: reportBug(error) });
        },
      );
  }

  const current = online?.query === typed ? online : null;
  const fromServer = current?.state === 'done' ? current.result.matches : null;
  const shown =
    fromServer ?? (typed ? recent.filter((known) => matchesCustomer(known, typed)) : recent).slice(0, SHOWN);
  const status = statusOf(current, typed, shown.length, api !== undefined);

  return (
    <section class="till-panel customer-picker" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Customer</h2>
      {customer ? (
        <div class="customer-chosen">
          <p>This sale is for {customer.label}.</p>
          <button
            type="button"
            class="button"
            onClick={() => {
              onRemove();
              field.current?.focus();
            }}
          >
            Remove customer
          </button>
        </div>
      ) : null}
      <form role="search" aria-label="Find a customer" class="customer-search" onSubmit={find}>
        <label for={`${id}-query`}>Name, phone or card number</label>
        <div class="customer-search-row">
          <input
            ref={field}
            id={`${id}-query`}
            type="search"
            // A loyalty card scanned here is this search's, not a product's (use-scanner.ts).
            data-scanner="own"
            autocomplete="off"
            enterKeyHint="search"
            value={query}
            onInput={(event) => setQuery(event.currentTarget.value)}
          />
          <button type="submit" class="button" disabled={!api || !searchable(typed)}>
            Search Epos Now
          </button>
        </div>
      </form>
      <p class="notice" role="status">
        {status}
      </p>
      {shown.length > 0 ? (
        <ul class="customer-results" aria-label={fromServer ? 'Customers found' : 'Customers on this till'}>
          {shown.map((found) => (
            <li key={found.id}>
              <button
                type="button"
                class="button customer-choice"
                aria-pressed={found.id === customer?.id}
                onClick={() => {
                  rememberCustomer(found, storage);
                  onChoose(found);
                }}
              >
                {found.name ?? `Customer ${found.id}`}
                {found.phone ? <small> {found.phone}</small> : null}
                {found.card ? <small> card {found.card}</small> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** What the status line says of what is shown. */
function statusOf(current: Online | null, typed: string, count: number, canSearch: boolean): string {
  if (current?.state === 'searching') return `Searching Epos Now for \u201c${typed}\u201d\u2026`;
  if (current?.state === 'failed')
    return `Epos Now could not be searched (${current.reason}). ${count === 0 ? 'No customer this till knows matches.' : 'Customers this till knows are shown.'}`;
  if (current?.state === 'done') {
    const { matches, stopped, pages } = current.result;
    if (stopped === 'enough') return `The first ${matches.length} matches: type more to narrow them.`;
    const found = matches.length === 0 ? 'No customer matches' : `${matches.length} found`;
    return stopped === 'cap'
      ? `${found} in the first ${(pages * PAGE_SIZE).toLocaleString()} customers: type more of the name, phone or card number.`
      : `${found} on Epos Now.`;
  }
  if (!typed) return count === 0 ? 'No recent customers on this till yet.' : 'Recent customers on this till.';
  const here = count === 0 ? 'None of the customers this till knows match.' : `${count} this till knows.`;
  if (!canSearch) return here;
  return searchable(typed)
    ? `${here} Press Enter to search Epos Now.`
    : `${here} Type 2 letters or 3 digits to search Epos Now.`;
}
