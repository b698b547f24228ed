/**
 * Products as tiles, one tap (or Enter) each to add: the search's results and the favourites.
 * A tile says what the cashier sees on it, its name and price, and is named by exactly that.
 */
import type { RefObject } from 'preact';
import type { TillProduct } from '../../search/index.ts';
import { memo } from '../memo.tsx';
import { useGridKeys } from './use-grid-keys.ts';

/** What tiles do with their products: sell them at a chosen price. */
export interface ProductActions {
  /** Adds a product to the basket. */
  onAdd(product: TillProduct): void;
  /** Writes a product's price, in the till's currency; a new function when prices change (the tiles are drawn again). */
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
  /** Draws only the first `shown` products (use-tiles-in-view.ts); all by default. */
  shown?: number;
  /** The grid's list element, for a caller that watches its tiles. */
  gridRef?: RefObject<HTMLUListElement | null>;
  /** Draws every product, so End goes to the last one rather than the last drawn. */
  onDrawAll?: () => void;
}

/**
 * The tiles, arrow keys moving between them. The grid listens for the tiles' clicks and focus, so
 * a tile depends on its product, its price and its tab stop alone: a tap draws none.
 *
 * A tile is kept by its place, not its product: a keystroke writes the new products' names and
 * prices into the tiles already there, where keyed tiles were removed and made anew for each new
 * product. At CPU 6x, 50,000 products, the same 109 key presses (test/bench/interaction-profile-cli.ts):
 * layout 1,726 ms keyed against 1,372 by place, style 490 against 303, paint 912 against 646.
 */
export function ProductTiles({
  products,
  label,
  onAdd,
  priceOf,
  onLeaveTop,
  shown = products.length,
  gridRef,
  onDrawAll,
}: ProductTilesProps) {
  const keys = useGridKeys(products, onLeaveTop);
  // The tile's place among the grid's items is its product's place in `products` (rooms are items
  // too), so the tapped product is found without computing every tile's id on each tap.
  const indexOf = (event: Event): number => {
    const item = (event.target as Element).closest('.product-tile')?.parentElement;
    return item ? Array.prototype.indexOf.call((event.currentTarget as Element).children, item) : -1;
  };
  return (
    <ul
      ref={gridRef}
      class="product-tiles"
      aria-label={label}
      onKeyDown={(event) => {
        if (event.key !== 'End' || shown >= products.length || !onDrawAll) return keys.onKeyDown(event);
        event.preventDefault();
        const grid = event.currentTarget as HTMLElement;
        onDrawAll();
        // Preact draws them in a microtask, before the next frame.
        requestAnimationFrame(() => grid.querySelector<HTMLElement>('li:last-child .product-tile')?.focus());
      }}
      onClick={(event) => {
        const product = products[indexOf(event)];
        if (product) onAdd(product);
      }}
      onFocusIn={(event) => {
        const index = indexOf(event);
        if (index >= 0) keys.onFocusTile(index);
      }}
    >
      {products.slice(0, shown).map((product, index) =>
        product === null ? (
          // Keyed by place: the tile that comes takes this room.
          <li key={`room-${index}`} class="product-tile-room" aria-hidden="true" />
        ) : (
          <Tile key={index} product={product} priceOf={priceOf} tabIndex={keys.tabIndexOf(index)} />
        ),
      )}
    </ul>
  );
}

interface TileProps {
  product: TillProduct;
  priceOf(product: TillProduct): string;
  tabIndex: 0 | -1;
}

const Tile = memo(function Tile({ product, priceOf, tabIndex }: TileProps) {
  return (
    <li>
      <button type="button" class="button product-tile" tabIndex={tabIndex}>
        <span class="product-name">{product.Name}</span> <span class="product-price">{priceOf(product)}</span>
      </button>
    </li>
  );
});
