/** What a scanned (or typed) barcode matched. */
import type { Product } from '../epos/records.ts';
import { ProductList } from './product-list.tsx';

/** Props of {@link BarcodeResult}. */
export interface BarcodeResultProps {
  code: string;
  product: Product | undefined;
}

/** The matching product, or a message saying there is none. */
export function BarcodeResult({ code, product }: BarcodeResultProps) {
  return (
    <section class="barcode-result" aria-label="Barcode result" aria-live="polite">
      {product ? <ProductList products={[product]} label={`Product with barcode ${code}`} /> : <p class="notice">No product with barcode {code}</p>}
    </section>
  );
}
