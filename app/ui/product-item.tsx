/** One product in a list: name, price, barcode. */
import type { Product } from '../epos/records.ts';
import { formatPrice } from './format.ts';

/** Props of {@link ProductItem}. */
export interface ProductItemProps {
  product: Product;
}

/** A product's line. */
export function ProductItem({ product }: ProductItemProps) {
  return (
    <li class="product">
      <span class="product-name">{product.Name}</span>
      <span class="product-price">{formatPrice(product.SalePrice)}</span>
      {product.Barcode ? <span class="product-barcode">{product.Barcode}</span> : null}
    </li>
  );
}
