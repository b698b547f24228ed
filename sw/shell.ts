/**
 * The app shell: precaches what build.mjs lists (index.html and the hashed assets) so a reload
 * works offline, and serves those files cache first.
 */
declare const self: ServiceWorkerGlobalScope;

/** One precached file: URL relative to the worker's scope, and a hash of its content. */
export interface PrecacheEntry {
  url: string;
  revision: string;
}

/** Injected by build.mjs (esbuild `define`). */
declare const __PRECACHE_MANIFEST__: PrecacheEntry[];

const CACHE_PREFIX = 'epos-till-shell-';
// Named by the manifest's hash: a new build gets a new cache, and the old one stays whole for
// the pages still running the old version until this worker activates.
const CACHE_NAME = CACHE_PREFIX + fnv1a(JSON.stringify(__PRECACHE_MANIFEST__));
const SHELL_URL = new URL('index.html', self.registration.scope).href;
const PRECACHED = new Set(__PRECACHE_MANIFEST__.map((entry) => new URL(entry.url, self.registration.scope).href));

/** Fills this version's cache. */
export async function precache(): Promise<void> {
  const cache = await caches.open(CACHE_NAME);
  // 'reload' skips the HTTP cache, so a stale index.html cannot end up in a new version's cache;
  // a hashed asset cannot be stale, and the one the page has just loaded is not fetched again.
  // One at a time: on a first visit the catalog's requests must not queue behind the shell's.
  for (const url of PRECACHED) await cache.add(new Request(url, { cache: url === SHELL_URL ? 'reload' : 'default' }));
}

/** Deletes the caches of older versions. */
export async function dropOldCaches(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME).map((name) => caches.delete(name)),
  );
}

/** The precached URL that answers this request, if any. */
export function shellUrlFor(request: Request): string | undefined {
  if (request.method !== 'GET') return undefined;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return undefined;
  if (request.mode === 'navigate') {
    // Epos Now opens the app with its context in the query string; the shell is the same for all.
    const page = url.origin + url.pathname;
    return page === self.registration.scope || page === SHELL_URL ? SHELL_URL : undefined;
  }
  url.search = '';
  url.hash = '';
  return PRECACHED.has(url.href) ? url.href : undefined;
}

/** Serves a shell file from this version's cache, or the network if it is somehow missing. */
export async function serveShell(request: Request, cachedUrl: string): Promise<Response> {
  const cache = await caches.open(CACHE_NAME);
  const hit = await cache.match(cachedUrl);
  return hit ?? fetch(request);
}

/** FNV-1a, 32 bits, as hex: enough to tell manifests apart, and synchronous. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
