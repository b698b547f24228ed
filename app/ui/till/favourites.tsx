/**
 * The favourites grid: the products a manager chose, one tap each, in the manager's order. Until
 * a manager chooses, the till offers its own: what it sold most (counted on this till, read once
 * when the till opens so tiles do not move under the cashier's finger during a shift), then the
 * first products by name, and says where to change them.
 */
import { useMemo } from 'preact/hooks';
import type { SearchIndex, TillProduct } from '../../search/index.ts';
import { ProductTiles } from './product-tiles.tsx';

/** Props of {@link Favourites}. */
export interface FavouritesProps {
  /** Product ids from the settings, in order. */
  ids: readonly number[];
  /** This till's best sellers, most sold first: the default while `ids` is empty. */
  sold: readonly number[];
  /** Undefined while the catalog loads. */
  index: SearchIndex | undefined;
  /** Changes whenever the index does (it is updated in place). */
  revision: number;
  /**
   * Products are still to come (being read, or a first walk under way): room is kept for the tiles,
   * which come once the walk is done, so nothing moves as pages arrive (each page could put a
   * product before those shown, or bring a favourite the manager put first).
   */
  coming: boolean;
  priceOf(product: TillProduct): string;
  onAdd(product: TillProduct): void;
}

/** How many tiles the till picks for itself: two rows on a till screen. */
const DEFAULT_COUNT = 12;

/** One tile per favourite product found in the catalog. */
export function Favourites({ ids, sold, index, revision, coming, priceOf, onAdd }: FavouritesProps) {
  const chosen = ids.length > 0;
  const products = useMemo(() => {
    if (!index) return [];
    // A favourite deleted from the catalog since the manager chose it is skipped, not an error.
    if (chosen) return ids.flatMap((id) => index.get(id) ?? []);
    const picked = new Set(sold.filter((id) => index.get(id)).slice(0, DEFAULT_COUNT));
    for (const id of index.ids()) {
      if (picked.size >= DEFAULT_COUNT) break;
      picked.add(id);
    }
    return [...picked].flatMap((id) => index.get(id) ?? []);
  }, [index, revision, ids, sold]);
  return (
    <section class="till-panel" aria-label="Favourites">
      <h2>Favourites</h2>
      {chosen ? null : (
        <p class="hint">
          Picked by this till (its best sellers, then A to Z) until a manager chooses favourites in the back office,
          under Settings.
        </p>
      )}
      {coming ? (
        <ul class="product-tiles" aria-hidden="true">
          {Array.from({ length: chosen ? ids.length : DEFAULT_COUNT }, (_, slot) => (
            <li key={slot} class="product-tile-room" />
          ))}
        </ul>
      ) : chosen && index && products.length === 0 ? (
        <p class="notice">None of the favourites is in this till's catalog yet: they appear once it has synced.</p>
      ) : (
        <ProductTiles products={products} label="Favourites" onAdd={onAdd} priceOf={priceOf} />
      )}
    </section>
  );
}
