/**
 * The bare page (issue 26): the least a page can do for what the interaction bench times, so its
 * figures are the measurement's own floor at each CPU rate (the input's dispatch, a frame, the
 * probe). It has no products: 50 tiles are in its HTML, a keystroke writes the box's text into
 * the first tile, a tap adds a basket line or counts one more on the tile's line. Served under
 * /bare/ with a worker of its own (./offline-page.ts).
 */
import { PAGE_WORKER, scriptCalling, writeOfflinePage } from './offline-page.ts';

/** Where the bare page is, on the app's origin. */
export const BARE_PATH = '/bare/';

/** As many tiles as the till and the naive page show at most. */
const TILES = 50;

/** Writes the page, its script and its worker under `dir` (a build's folder, served at the origin's root). */
export function writeBareTill(dir: string): Promise<void> {
  const tiles = Array.from({ length: TILES }, (_, i) => `<li><button type="button">Tile ${i + 1}</button></li>`);
  return writeOfflinePage(dir, {
    path: BARE_PATH,
    title: 'Bare till',
    status: `${TILES} tiles`,
    results: tiles.join(''),
    script: scriptCalling(bareTill, { worker: PAGE_WORKER }),
  });
}

/** The page's script (serialised into its page.js, so it closes over nothing). */
function bareTill({ worker }: { worker: string }): void {
  const find = <T extends Element>(selector: string): T => {
    const found = document.querySelector<T>(selector);
    if (!found) throw new Error(`the bare page has no ${selector}`);
    return found;
  };
  const box = find<HTMLInputElement>('input[aria-label="Search products"]');
  const results = find<HTMLUListElement>('ul[aria-label="Search results"]');
  const first = find<HTMLButtonElement>('ul[aria-label="Search results"] button');
  const lines = find<HTMLUListElement>('ul[aria-label="Basket lines"]');
  const label = first.textContent;
  box.addEventListener('input', () => {
    first.textContent = box.value === '' ? label : box.value;
  });
  const basket = new Map<Element, { line: HTMLLIElement; quantity: number }>();
  results.addEventListener('click', (event) => {
    const tile = (event.target as Element).closest('button');
    if (!tile) return;
    let held = basket.get(tile);
    if (!held) {
      held = { line: document.createElement('li'), quantity: 0 };
      basket.set(tile, held);
      lines.append(held.line);
    }
    held.quantity++;
    held.line.textContent = `${tile.textContent} × ${held.quantity}`;
  });
  void navigator.serviceWorker.register(worker);
}
