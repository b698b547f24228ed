/** The favourites grid: the products a manager chose, one tap each, in the manager's order. */
import { recordId } from '../../epos/ids.ts';
import type { SearchIndex, TillProduct } from '../../search/index.ts';

/** Props of {@link Favourites}. */
export interface FavouritesProps {
  /** Product ids from the settings, in order. */
  ids: readonly number[];
  /** Undefined while the catalog loads. */
  index: SearchIndex | undefined;
  priceOf(product: TillProduct): string;
  onAdd(product: TillProduct): void;
}

/** One button per favourite product found in the catalog. */
export function Favourites({ ids, index, priceOf, onAdd }: FavouritesProps) {
  // A favourite deleted from the catalog since the manager chose it is skipped, not an error.
  const products = index ? ids.flatMap((id) => index.get(id) ?? []) : [];
  return (
    <section class="till-panel" aria-label="Favourites">
      <h2>Favourites</h2>
      {ids.length === 0 ? (
        <p class="notice">No favourites yet: a manager chooses favourites in the back office.</p>
      ) : index && products.length === 0 ? (
        <p class="notice">None of the favourites is in this till's catalog yet: they appear once it has synced.</p>
      ) : (
        <div class="favourites">
          {products.map((product) => (
            <button
              key={recordId('Product', product)}
              type="button"
              class="button favourite"
              onClick={() => onAdd(product)}
            >
              <span>{product.Name}</span>
              <small> {priceOf(product)}</small>
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
