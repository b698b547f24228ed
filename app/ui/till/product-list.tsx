/** The products a search found. */
import { recordId } from '../../epos/ids.ts';
import type { TillProduct } from '../../search/index.ts';
import { ProductItem } from './product-item.tsx';

/** What a list can do with its products: sell them at a chosen price. */
export interface ProductActions {
  /** Adds a product to the basket: each line gets an "Add" button. */
  onAdd?: ((product: TillProduct) => void) | undefined;
  /** Writes a product's price, in the till's currency. */
  priceOf: (product: TillProduct) => string;
}

/** Props of {@link ProductList}. */
export interface ProductListProps extends ProductActions {
  products: readonly TillProduct[];
  /** Accessible name of the list. */
  label: string;
}

/** A list of products. */
export function ProductList({ products, label, onAdd, priceOf }: ProductListProps) {
  return (
    <ul class="product-list" aria-label={label}>
      {products.map((product) => (
        <ProductItem key={recordId('Product', product)} product={product} price={priceOf(product)} onAdd={onAdd} />
      ))}
    </ul>
  );
}
