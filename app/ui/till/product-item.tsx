/** One product in a list: name, price, barcode, and an Add button where the list sells. */
import type { TillProduct } from '../../search/index.ts';

/** Props of {@link ProductItem}. */
export interface ProductItemProps {
  product: TillProduct;
  /** The price as shown. */
  price: string;
  /** Adds the product to the basket: the line gets an "Add" button. */
  onAdd?: ((product: TillProduct) => void) | undefined;
}

/** A product's line. */
export function ProductItem({ product, price, onAdd }: ProductItemProps) {
  return (
    <li class={onAdd ? 'product product-addable' : 'product'}>
      <span class="product-name">{product.Name}</span>
      <span class="product-price">{price}</span>
      {product.Barcode ? <span class="product-barcode">{product.Barcode}</span> : null}
      {onAdd ? (
        <button
          type="button"
          class="button product-add"
          aria-label={`Add ${product.Name}`}
          onClick={() => onAdd(product)}
        >
          Add
        </button>
      ) : null}
    </li>
  );
}
