/** Scanner lookup: the product whose Barcode is exactly a scanned code. */
import { squash, text } from './fields.ts';
import { fold } from './fold.ts';
import type { ProductTable } from './table.ts';
import type { TillProduct } from './till-product.ts';

/** The product in `table` whose Barcode is `code` trimmed, in either UPC-A spelling; the first by name if shared. */
export function byBarcode(table: ProductTable, code: string): TillProduct | undefined {
  const wanted = barcodeSpellings(code.trim());
  let best: number | undefined;
  for (const spelling of wanted) {
    table.codeWords.withCode(squash(fold(spelling)), (slot) => {
      const barcode = text(table.products.get(slot)?.Barcode).trim();
      if (
        wanted.includes(barcode) &&
        (best === undefined || (table.rank[slot] as number) < (table.rank[best] as number))
      )
        best = slot;
    });
  }
  return best === undefined ? undefined : table.products.get(best);
}

/** A UPC-A code and its EAN-13 spelling (a leading 0) are the same barcode. */
function barcodeSpellings(code: string): string[] {
  if (/^\d{12}$/.test(code)) return [code, `0${code}`];
  if (/^0\d{12}$/.test(code)) return [code, code.slice(1)];
  return code === '' ? [] : [code];
}
