/** The products a search found. */
import { recordId } from '../epos/ids.ts';
import type { Product } from '../epos/records.ts';
import { ProductItem } from './product-item.tsx';

/** What a list can do with its products: sell them at a chosen price. */
export interface ProductActions {
  /** Adds a product to the basket: each line gets an "Add" button. */
  onAdd?: ((product: Product) => void) | undefined;
  /** Writes a product's price, in the till's currency. */
  priceOf: (product: Product) => string;
}

/** Props of {@link ProductList}. */
export interface ProductListProps extends ProductActions {
  products: readonly Product[];
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
