/**
 * Products as tiles, one tap (or Enter) each to add: the search's results and the favourites.
 * A tile says what the cashier sees on it, its name and price, and is named by exactly that.
 */
import { recordId } from '../../epos/ids.ts';
import type { TillProduct } from '../../search/index.ts';
import { useGridKeys } from './use-grid-keys.ts';

/** What tiles do with their products: sell them at a chosen price. */
export interface ProductActions {
  /** Adds a product to the basket. */
  onAdd(product: TillProduct): void;
  /** Writes a product's price, in the till's currency. */
  priceOf: (product: TillProduct) => string;
}

/** Props of {@link ProductTiles}. */
export interface ProductTilesProps extends ProductActions {
  /** The tiles in order; null keeps a tile's room for a product still to come. */
  products: readonly (TillProduct | null)[];
  /** Accessible name of the grid ("Search results", "Favourites"). */
  label: string;
  /** Takes Up from the first row (back to the search box). */
  onLeaveTop?: () => void;
}

/** The tiles, arrow keys moving between them. */
export function ProductTiles({ products, label, onAdd, priceOf, onLeaveTop }: ProductTilesProps) {
  const keys = useGridKeys(products, onLeaveTop);
  return (
    <ul class="product-tiles" aria-label={label} onKeyDown={keys.onKeyDown}>
      {products.map((product, index) =>
        product === null ? (
          // Keyed by place: the tile that comes takes this room.
          <li key={`room-${index}`} class="product-tile-room" aria-hidden="true" />
        ) : (
          <li key={recordId('Product', product)}>
            <button
              type="button"
              class="button product-tile"
              tabIndex={keys.tabIndexOf(index)}
              onFocus={() => keys.onFocusTile(index)}
              onClick={() => onAdd(product)}
            >
              <span class="product-name">{product.Name}</span> <span class="product-price">{priceOf(product)}</span>
            </button>
          </li>
        ),
      )}
    </ul>
  );
}
