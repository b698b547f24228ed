/**
 * The naive page the till is measured against (issue 26): a first attempt at an offline till. It
 * reads every product with one getAll into an array, filters them with `includes` on every
 * keystroke and renders the first 50 matches as buttons; a tap adds one to a basket list.
 *
 * It is served on the app's origin, under /naive/ (./offline-page.ts), so it opens the IndexedDB
 * the app filled (the product pages of the current generation: app/store/schema.ts).
 */
import { DB_NAME } from '../../app/store/schema.ts';
import { PAGE_WORKER, scriptCalling, writeOfflinePage } from './offline-page.ts';

/** Where the naive page is, on the app's origin. */
export const NAIVE_PATH = '/naive/';

/** How many matches the naive page renders, as the till does. */
const LIMIT = 50;

/** Writes the page, its script and its worker under `dir` (a build's folder, served at the origin's root). */
export function writeNaiveTill(dir: string): Promise<void> {
  return writeOfflinePage(dir, {
    path: NAIVE_PATH,
    title: 'Naive till',
    status: 'Loading the products…',
    script: scriptCalling(naiveTill, { dbName: DB_NAME, limit: LIMIT, worker: PAGE_WORKER }),
  });
}

/** A product as the naive page reads it: whatever the API stored. */
interface NaiveProduct {
  Name?: unknown;
  SalePrice?: unknown;
}

/** The page's script (serialised into its page.js, so it closes over nothing). */
function naiveTill({ dbName, limit, worker }: { dbName: string; limit: number; worker: string }): void {
  const find = <T extends Element>(selector: string): T => {
    const found = document.querySelector<T>(selector);
    if (!found) throw new Error(`the naive page has no ${selector}`);
    return found;
  };
  const box = find<HTMLInputElement>('input[aria-label="Search products"]');
  const status = find<HTMLParagraphElement>('section[aria-label="Product search"] p');
  const results = find<HTMLUListElement>('ul[aria-label="Search results"]');
  const lines = find<HTMLUListElement>('ul[aria-label="Basket lines"]');
  let products: NaiveProduct[] = [];
  let shown: NaiveProduct[] = [];
  const basket: { product: NaiveProduct; quantity: number }[] = [];
  const price = (product: NaiveProduct, quantity = 1): string =>
    typeof product.SalePrice === 'number' ? `£${(product.SalePrice * quantity).toFixed(2)}` : 'No price';
  const item = (text: string, button?: string): HTMLLIElement => {
    const li = document.createElement('li');
    if (button === undefined) {
      li.textContent = text;
      return li;
    }
    const tile = document.createElement('button');
    tile.type = 'button';
    tile.value = button;
    tile.textContent = text;
    li.append(tile);
    return li;
  };

  const search = (): void => {
    const query = box.value.toLowerCase();
    shown = query === '' ? [] : products.filter((p) => String(p.Name).toLowerCase().includes(query)).slice(0, limit);
    results.replaceChildren(...shown.map((product, i) => item(`${String(product.Name)} ${price(product)}`, String(i))));
  };
  box.addEventListener('input', search);
  results.addEventListener('click', (event) => {
    const tile = (event.target as Element).closest('button');
    const product = tile ? shown[Number(tile.value)] : undefined;
    if (!product) return;
    const line = basket.find((l) => l.product === product);
    if (line) line.quantity++;
    else basket.push({ product, quantity: 1 });
    lines.replaceChildren(
      ...basket.map((l) => item(`${String(l.product.Name)} × ${l.quantity} ${price(l.product, l.quantity)}`)),
    );
  });
  void navigator.serviceWorker.register(worker);

  const open = indexedDB.open(dbName);
  // The app creates its database; this page must never make an empty one in its place.
  open.onupgradeneeded = () => open.transaction?.abort();
  open.onerror = () => {
    status.textContent = `No products: ${open.error?.message ?? 'IndexedDB would not open'}`;
  };
  open.onsuccess = () => {
    const tx = open.result.transaction(['meta', 'pages'], 'readonly');
    const meta = tx.objectStore('meta').get('Product');
    meta.onsuccess = () => {
      const gen = (meta.result as { gen?: number } | undefined)?.gen ?? 0;
      const rows = tx
        .objectStore('pages')
        .getAll(IDBKeyRange.bound(['Product', gen, -Infinity], ['Product', gen, Infinity]));
      rows.onsuccess = () => {
        products = (rows.result as { records: NaiveProduct[] }[]).flatMap((row) => row.records);
        status.textContent = `${products.length.toLocaleString('en-GB')} products`;
        search();
      };
    };
  };
}
