/** The products a search found. */
import { recordId } from '../epos/ids.ts';
import type { Product } from '../epos/records.ts';
import { ProductItem } from './product-item.tsx';

/** Props of {@link ProductList}. */
export interface ProductListProps {
  products: readonly Product[];
  /** Accessible name of the list. */
  label: string;
}

/** A list of products. */
export function ProductList({ products, label }: ProductListProps) {
  return (
    <ul class="product-list" aria-label={label}>
      {products.map((product) => (
        <ProductItem key={recordId('Product', product)} product={product} />
      ))}
    </ul>
  );
}
