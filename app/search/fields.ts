/** A product's searchable fields as folded text: what the index stores and compares queries to. */
import { fold } from './fold.ts';
import type { TillProduct } from './till-product.ts';

/** A product's folded Name. */
export function nameOf(product: TillProduct): string {
  return foldName(product.Name);
}

/** A Name as nameOf folds it, whatever its type. */
export function foldName(name: unknown): string {
  return fold(text(name));
}

/** A product's folded codes (Barcode, Sku, ArticleCode, OrderCode), '\n' between them. */
export function codesOf(product: TillProduct): string {
  // Folded in one go: most codes are short ASCII.
  const folded = fold(
    [text(product.Barcode), text(product.Sku), text(product.ArticleCode), text(product.OrderCode)]
      .filter((code) => code !== '')
      .join('\n'),
  );
  // Rare spaced codes are trimmed and squashed one by one, so they compare as typed.
  if (!/[^\S\n]/.test(folded)) return folded;
  return folded
    .split('\n')
    .map(squash)
    .filter((code) => code !== '')
    .join('\n');
}

/** Trimmed, with each run of white space one space, so codes compare as typed. */
export function squash(text: string): string {
  return /\s/.test(text) ? text.trim().replace(/\s+/g, ' ') : text;
}

/** A field as text; a code the server sent as a number still reads as its digits. */
export function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}
