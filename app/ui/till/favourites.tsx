/**
 * The favourites grid: the products a manager chose, one tap each, in the manager's order. Until
 * a manager chooses, the till offers its own: what it sold most (counted on this till, read once
 * when the till opens so tiles do not move under the cashier's finger during a shift), then the
 * first products by name, and says where to change them.
 */
import { useMemo, useRef } from 'preact/hooks';
import type { SearchIndex, TillProduct } from '../../search/index.ts';
import { memo } from '../memo.tsx';
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
export const DEFAULT_COUNT = 12;

/** One tile per favourite product found in the catalog; room for those still to come. */
export const Favourites = memo(function Favourites({
  ids,
  sold,
  index,
  revision,
  coming,
  priceOf,
  onAdd,
}: FavouritesProps) {
  const chosen = ids.length > 0;
  // The till's own picks, fixed for this start once there are enough of them (a first walk's first
  // pages do), so a later page never moves a tile from under the cashier's hand.
  const picks = useRef<readonly number[] | null>(null);
  if (!chosen && index && !picks.current) {
    const found = pick(sold, index);
    if (found.length === DEFAULT_COUNT || !coming) picks.current = found;
  }
  const slots = useMemo((): readonly (TillProduct | null)[] => {
    if (chosen) {
      // While products arrive each favourite keeps its place, a tile once its page is in; after,
      // a favourite deleted from the catalog since the manager chose it is skipped, not an error.
      if (coming) return ids.map((id) => index?.get(id) ?? null);
      return index ? ids.flatMap((id) => index.get(id) ?? []) : [];
    }
    if (!picks.current) return Array.from({ length: DEFAULT_COUNT }, () => null);
    return index ? picks.current.flatMap((id) => index.get(id) ?? []) : [];
  }, [index, revision, ids, coming, picks.current]);
  return (
    <section class="till-panel" aria-label="Favourites">
      <h2>Favourites</h2>
      {chosen ? null : (
        <p class="hint">
          Picked by this till (its best sellers, then A to Z) until a manager chooses favourites in the back office,
          under Settings.
        </p>
      )}
      {chosen && !coming && slots.length === 0 ? (
        <p class="notice">None of the favourites is in this till's catalog yet: they appear once it has synced.</p>
      ) : (
        <ProductTiles products={slots} label="Favourites" onAdd={onAdd} priceOf={priceOf} />
      )}
    </section>
  );
});

/** This till's best sellers still in the catalog, then the first products by name: at most DEFAULT_COUNT ids. */
function pick(sold: readonly number[], index: SearchIndex): number[] {
  const picked = new Set(sold.filter((id) => index.get(id)).slice(0, DEFAULT_COUNT));
  // The first DEFAULT_COUNT by name are enough: at most picked.size of them are picked already,
  // which leaves as many new ones as the best sellers left room for.
  for (const id of index.ids(DEFAULT_COUNT)) {
    if (picked.size >= DEFAULT_COUNT) break;
    picked.add(id);
  }
  return [...picked];
}
