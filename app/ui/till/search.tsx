/**
 * The product search: results as the cashier types, and a barcode entered with Enter (what a
 * scanner sends after the digits) handed to the caller. Every keystroke is answered from memory,
 * never from storage.
 */
import type { RefObject } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { SearchIndex, TillProduct } from '../../search/index.ts';
import { memo } from '../memo.tsx';
import { type ProductActions, ProductTiles } from './product-tiles.tsx';
import { useSearchKey } from './use-search-key.ts';
import { useTilesInView } from './use-tiles-in-view.ts';
import { useWarmLetters } from './use-warm-letters.ts';

/** Props of {@link Search}. */
export interface SearchProps extends ProductActions {
  /** Undefined while the catalog loads. */
  index: SearchIndex | undefined;
  /** Changes whenever the index does (it is updated in place). */
  revision: number;
  /** A pull is under way (says so instead of "nothing stored" on a first download). */
  pulling?: boolean;
  /**
   * Takes a code entered with Enter (one the catalog knows, or digits that can only be a barcode):
   * true when it was used (the box clears for the next one), false when it was not and the caller said why.
   */
  onBarcode: (code: string) => boolean;
  /** The search box, for a caller that moves focus back to it. */
  inputRef?: RefObject<HTMLInputElement | null>;
  /** Closes what covers the box, before `/` or F2 focuses it. */
  onSummon?: () => void;
}

/** How many results the list shows. */
const RESULT_LIMIT = 50;

/** The search box and what it finds; drawn again only when one of its props changed (a tap in the basket leaves it be). */
export const Search = memo(function Search({
  index,
  revision,
  pulling = false,
  onBarcode,
  onAdd,
  priceOf,
  inputRef,
  onSummon,
}: SearchProps) {
  const [query, setQuery] = useState('');
  const [scanned, setScanned] = useState<string | undefined>(undefined);
  const own = useRef<HTMLInputElement>(null);
  const input = inputRef ?? own;
  // A till waits for the scanner: the box has focus from the start, and `/` or F2 brings it back.
  useEffect(() => input.current?.focus(), []);
  useSearchKey(input, onSummon);
  useWarmLetters(index, revision, RESULT_LIMIT);

  const trimmed = query.trim();
  const results = useMemo(
    () => (index && trimmed !== '' && scanned === undefined ? index.search(trimmed, RESULT_LIMIT) : []),
    [index, revision, trimmed, scanned],
  );

  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'ArrowDown' && results.length > 0) {
      // From the box into the results, where the arrows go on.
      event.preventDefault();
      input.current?.parentElement?.querySelector<HTMLElement>('.product-tile')?.focus();
      return;
    }
    if (event.key !== 'Enter' || !index || trimmed === '') return;
    event.preventDefault();
    // A code the catalog knows, or one that can only be a barcode; "7up" or "330ml" is a search, and keeps its results.
    if (index.byBarcode(trimmed) || onlyACode(trimmed)) {
      if (onBarcode(trimmed)) {
        setQuery('');
        return;
      }
      setScanned(trimmed);
      // The next scan replaces this code instead of being appended to it.
      input.current?.select();
    }
  };

  return (
    <section class="search" aria-label="Product search">
      <input
        ref={input}
        class="search-input"
        type="search"
        aria-label="Search products"
        // A scan typed here is this box's: its Enter adds the product (see onKeyDown).
        data-scanner="own"
        placeholder="Product name, barcode or SKU"
        autocomplete="off"
        spellcheck={false}
        enterkeyhint="search"
        value={query}
        onInput={(event) => {
          setQuery(event.currentTarget.value);
          setScanned(undefined);
        }}
        onKeyDown={onKeyDown}
      />
      {scanned === undefined ? (
        <Results
          index={index}
          query={trimmed}
          results={results}
          pulling={pulling}
          onAdd={onAdd}
          priceOf={priceOf}
          onLeaveTop={() => input.current?.focus()}
        />
      ) : null}
    </section>
  );
});

interface ResultsProps extends ProductActions {
  index: SearchIndex | undefined;
  query: string;
  results: readonly TillProduct[];
  pulling: boolean;
  onLeaveTop(): void;
}

function Results({ index, query, results, pulling, onAdd, priceOf, onLeaveTop }: ResultsProps) {
  const tiles = useTilesInView<HTMLUListElement>(results.length);
  if (!index) return <p class="notice">Loading the catalog…</p>;
  if (index.size === 0) {
    return (
      <p class="notice">
        {pulling
          ? 'Downloading the catalog: search works as soon as the products are in.'
          : 'No products are stored on this till yet. They download while it is online.'}
      </p>
    );
  }
  if (query === '') return <p class="notice">Type a product name, or scan a barcode.</p>;
  return (
    <>
      <p class="search-summary" aria-live="polite">
        {results.length === 0
          ? `No products match \u201c${query}\u201d`
          : results.length >= RESULT_LIMIT
            ? `First ${RESULT_LIMIT} matches: type more to narrow them`
            : `${results.length} product${results.length === 1 ? '' : 's'}`}
      </p>
      {results.length > 0 ? (
        <ProductTiles
          products={results}
          shown={tiles.shown}
          gridRef={tiles.gridRef}
          onDrawAll={tiles.drawAll}
          label="Search results"
          onAdd={onAdd}
          priceOf={priceOf}
          onLeaveTop={onLeaveTop}
        />
      ) : null}
    </>
  );
}

/** Text that can only be a product code, so an unknown one is worth saying so: EAN-8, UPC-A, EAN-13, ITF-14. */
function onlyACode(text: string): boolean {
  return /^\d{8,14}$/.test(text);
}
