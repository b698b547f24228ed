/** Queries for search tests: what a cashier might type, made from the products searched. */
import { fold } from '../../app/search/fold.ts';
import type { TillProduct } from '../../app/search/index.ts';
import { pick, type Random } from '../standin/prng.ts';

/** The code fields search looks in. */
export const CODE_FIELDS = ['Barcode', 'Sku', 'ArticleCode', 'OrderCode'] as const;

/** A query a cashier might type for one of `products`: name words in any order, part of a word, a code... */
export function randomQuery(random: Random, products: readonly TillProduct[]): string {
  const record = pick(random, products);
  const roll = random();
  if (roll < 0.4) {
    const words = record.Name.split(' ');
    const first = pick(random, words);
    const second = pick(random, words);
    const text = random() < 0.5 ? first : `${second} ${first}`;
    return random() < 0.3 ? text.toUpperCase() : random() < 0.3 ? fold(text) : text;
  }
  if (roll < 0.55) {
    const from = Math.floor(random() * record.Name.length);
    return record.Name.slice(from, from + 2 + Math.floor(random() * 4));
  }
  if (roll < 0.85) {
    const code = pick(
      random,
      CODE_FIELDS.map((field) => record[field]).filter((value): value is string => typeof value === 'string'),
    );
    const from = random() < 0.6 ? 0 : Math.floor(random() * code.length);
    return code.slice(from, from + 1 + Math.floor(random() * code.length));
  }
  return Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(random, [...'aeiourstln0123 '])).join('');
}
