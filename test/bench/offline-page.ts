/**
 * The pages the till is measured against in the interaction bench (./naive-till.ts,
 * ./bare-till.ts): each is served on the app's origin in a folder of its own, with the till's
 * roles and names (the search box, the results list, the basket region), so the same measuring
 * code drives every page.
 *
 * The app's worker answers only its own precached files and API calls and lets these pages'
 * requests through to the network, where an offline reload would fail; so each folder has a
 * worker of its own (the nearer scope controls the page) that precaches the page and its script
 * and serves them cache first, the least any offline page does.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Each page's worker script, in the page's folder. */
export const PAGE_WORKER = 'sw.js';

/** A page to write: its folder on the origin (`/naive/`), its title, what the search section says at first, and its script. */
export interface OfflinePage {
  path: string;
  title: string;
  /** The search section's paragraph as the page loads. */
  status: string;
  /** The search results' items as the page loads (HTML, written by the bench). */
  results?: string;
  /** The page's script: a function serialised with its argument, so it closes over nothing. */
  script: string;
}

/** The page's script as a file: `run` called with `argument`. */
export function scriptCalling<T>(run: (argument: T) => void, argument: T): string {
  return `(${run.toString()})(${JSON.stringify(argument)});\n`;
}

const html = ({ title, status, results = '' }: OfflinePage): string => `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width">
<title>${title}</title>
<section aria-label="Product search">
<input type="search" aria-label="Search products" autocomplete="off" autofocus>
<p>${status}</p>
<ul aria-label="Search results">${results}</ul>
</section>
<section aria-label="Basket">
<h2>Basket</h2>
<ul aria-label="Basket lines"></ul>
</section>
<script type="module" src="page.js"></script>
`;

/** The worker: a plain script (it never runs in Node, and test/ is typed without the worker's globals). */
const worker = (cache: string): string => `const CACHE = ${JSON.stringify(cache)};
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(['./', 'page.js'])).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  event.respondWith(caches.match(event.request, { ignoreSearch: true }).then((hit) => hit ?? fetch(event.request)));
});
`;

/** Writes the page, its script and its worker under `dir` (a build's folder, served at the origin's root). */
export async function writeOfflinePage(dir: string, page: OfflinePage): Promise<void> {
  const folder = join(dir, ...page.path.split('/').filter(Boolean));
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'index.html'), html(page));
  await writeFile(join(folder, 'page.js'), page.script);
  await writeFile(join(folder, PAGE_WORKER), worker(`bench-page${page.path}`));
}
