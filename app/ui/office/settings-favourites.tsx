/**
 * The favourites grid's products, in order: named from the catalog where this till has them,
 * moved and removed by buttons (no dragging: it works by keyboard and on a small touch screen),
 * and added by name, barcode or product id.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { MAX_FAVOURITES } from '../../epos/app-config.ts';
import { recordId } from '../../epos/ids.ts';
import type { SearchIndex } from '../../search/index.ts';

/** Props of {@link SettingsFavourites}. */
export interface SettingsFavouritesProps {
  id: string;
  ids: readonly number[];
  onChange(ids: number[]): void;
  /** Undefined while the catalog loads: ids show as ids. */
  products: SearchIndex | undefined;
  error?: string | undefined;
}

/** How many products the add box offers at once. */
const OFFERED = 6;

/** The chosen list and the add box. */
export function SettingsFavourites({ id, ids, onChange, products, error }: SettingsFavouritesProps) {
  const [query, setQuery] = useState('');
  const [said, setSaid] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // A moved row is re-inserted, which drops focus in browsers: put it back on its button once the
  // list that moved it is on screen (an effect of an earlier render may run first).
  const refocus = useRef<{ ids: readonly number[]; target: string } | null>(null);
  useEffect(() => {
    if (refocus.current?.ids !== ids) return;
    document.getElementById(refocus.current.target)?.focus();
    refocus.current = null;
  });

  const full = ids.length >= MAX_FAVOURITES;
  const offers = full ? [] : candidates(products, query, ids);

  function move(from: number, by: -1 | 1): void {
    const next = [...ids];
    const [moved] = next.splice(from, 1);
    if (moved === undefined) return;
    const to = from + by;
    next.splice(to, 0, moved);
    // At the top "up" is disabled, at the bottom "down": the other one takes the focus there.
    const edge = by < 0 ? to === 0 : to === next.length - 1;
    const button = edge ? (by < 0 ? 'down' : 'up') : by < 0 ? 'up' : 'down';
    refocus.current = { ids: next, target: `${id}-${moved}-${button}` };
    onChange(next);
    setSaid(`${nameOf(products, moved)} moved to position ${to + 1}`);
  }
  function remove(index: number): void {
    const gone = ids[index];
    if (gone === undefined) return;
    onChange(ids.filter((_, i) => i !== index));
    input.current?.focus();
    setSaid(`${nameOf(products, gone)} removed`);
  }
  function add(productId: number, name: string): void {
    onChange([...ids, productId]);
    setQuery('');
    input.current?.focus();
    setSaid(`${name} added`);
  }

  return (
    <fieldset class="settings-favourites" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Favourites</legend>
      {ids.length === 0 ? (
        <p class="hint">None yet: the till shows no favourites grid.</p>
      ) : (
        <ol class="favourite-list" aria-label="Chosen favourites">
          {ids.map((productId, index) => {
            const name = nameOf(products, productId);
            return (
              <li key={productId} class="favourite-row">
                <span class="favourite-name">{name}</span>
                <button
                  type="button"
                  class="button"
                  id={`${id}-${productId}-up`}
                  aria-label={`Move ${name} up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  class="button"
                  id={`${id}-${productId}-down`}
                  aria-label={`Move ${name} down`}
                  disabled={index === ids.length - 1}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </button>
                <button type="button" class="button" aria-label={`Remove ${name}`} onClick={() => remove(index)}>
                  Remove
                </button>
              </li>
            );
          })}
        </ol>
      )}
      {error ? (
        <p id={`${id}-error`} class="field-problem">
          {error}
        </p>
      ) : null}
      <label for={`${id}-add`}>Add favourite</label>
      <input
        ref={input}
        id={`${id}-add`}
        type="search"
        autocomplete="off"
        spellcheck={false}
        placeholder="Name, barcode or product id"
        disabled={full}
        aria-describedby={`${id}-add-hint`}
        value={query}
        onInput={(event) => setQuery(event.currentTarget.value)}
        onKeyDown={(event) => {
          // Enter would submit the settings form; here it picks the first offer (what a scanner sends).
          if (event.key !== 'Enter') return;
          event.preventDefault();
          const first = offers[0];
          if (first) add(first.id, first.name);
        }}
      />
      <p id={`${id}-add-hint`} class="hint">
        {full
          ? `The grid holds ${MAX_FAVOURITES} products: remove one to add another.`
          : `${ids.length} of ${MAX_FAVOURITES} chosen.`}
      </p>
      {query.trim() !== '' && !full ? (
        offers.length === 0 ? (
          <p class="notice">No products match “{query.trim()}”.</p>
        ) : (
          <ul class="favourite-offers" aria-label="Products to add">
            {offers.map((offer) => (
              <li key={offer.id}>
                <button type="button" class="button" onClick={() => add(offer.id, offer.name)}>
                  Add {offer.name}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
      <p role="status" class="hint">
        {said}
      </p>
    </fieldset>
  );
}

/** A product's name, or what a manager needs to recognise an id this till does not have. */
function nameOf(products: SearchIndex | undefined, productId: number): string {
  const product = products?.get(productId);
  if (!product) return `Product ${productId} (not on this till)`;
  return product.Name || `Product ${productId}`;
}

/** Products to offer for `query`: an id, a barcode, then name and code matches; never one already chosen. */
function candidates(
  products: SearchIndex | undefined,
  query: string,
  chosen: readonly number[],
): { id: number; name: string }[] {
  const text = query.trim();
  if (text === '') return [];
  const asId = /^\d{1,9}$/.test(text) ? Number(text) : undefined;
  const found = [
    asId === undefined ? undefined : products?.get(asId),
    products?.byBarcode(text),
    ...(products?.search(text, OFFERED + chosen.length) ?? []),
  ];
  const offers = new Map<number, string>();
  for (const product of found) {
    const productId = recordId('Product', product);
    if (productId !== undefined && product && !chosen.includes(productId)) offers.set(productId, product.Name);
  }
  // An id the catalog lacks (not pulled yet, or not sold on this till) may still be wanted.
  if (asId !== undefined && asId > 0 && !offers.has(asId) && !chosen.includes(asId))
    offers.set(asId, nameOf(products, asId));
  return [...offers].slice(0, OFFERED).map(([id, name]) => ({ id, name }));
}
