/** What a scanned (or typed) barcode matched. */
import type { Product } from '../epos/records.ts';
import { ProductList } from './product-list.tsx';

/** Props of {@link BarcodeResult}. */
export interface BarcodeResultProps {
  code: string;
  product: Product | undefined;
}

/** The matching product, or an alert saying there is none and what to do. */
export function BarcodeResult({ code, product }: BarcodeResultProps) {
  return (
    <section class="barcode-result" aria-label="Barcode result" aria-live="polite">
      {product ? <ProductList products={[product]} label={`Product with barcode ${code}`} /> : <p role="alert" class="till-alert">{unknownBarcode(code)}</p>}
    </section>
  );
}

/** What the till says of a code no product has, wherever it was scanned. */
export function unknownBarcode(code: string): string {
  return `Barcode ${code} is not in this till's catalog. Check the code or search for the product by name; if it is new, a manager adds the barcode in the back office and the till gets it at the next sync.`;
}
