/**
 * Which API request is this? Parses a GET under the configured API base into a route the
 * worker answers itself when the network fails; anything else is not the worker's business.
 */
import { KIND_NAMES, KINDS, type Kind } from '../app/epos/kinds.ts';
import { SETTINGS_PATHS } from '../app/epos/paths.ts';

/** A GET the worker knows how to answer. */
export type ApiRoute =
  | { type: 'list'; kind: Kind; page: number }
  | { type: 'get'; kind: Kind; id: number }
  | { type: 'settings' }
  /** Under the API base but not one of the above: passed to the network as it is. */
  | { type: 'other' };

const SEGMENT_TO_KIND = new Map<string, Kind>(KIND_NAMES.map((kind) => [KINDS[kind].segment.toLowerCase(), kind]));
// Public material spells it DiscountReason; a deployment that does must still be routed.
SEGMENT_TO_KIND.set('discountreason', 'DiscountReason');
const SETTINGS = new Set(Object.values(SETTINGS_PATHS).map((path) => path.toLowerCase().replace(/\/$/, '')));

/**
 * The route of a request, or undefined when it is not a GET under `apiBase` (an absolute URL,
 * e.g. the page's origin).
 */
export function routeOf(request: Request, apiBase: string): ApiRoute | undefined {
  if (request.method !== 'GET') return undefined;
  const base = new URL(apiBase);
  const url = new URL(request.url);
  const prefix = base.pathname.replace(/\/+$/, '');
  if (url.origin !== base.origin || !url.pathname.startsWith(`${prefix}/`)) return undefined;
  const path = url.pathname.slice(prefix.length).toLowerCase().replace(/\/$/, '');
  if (!path.startsWith('/api/')) return undefined;
  if (SETTINGS.has(path)) return { type: 'settings' };

  const match = /^\/api\/v2\/([a-z]+)(?:\/(\d+))?$/.exec(path);
  const kind = match ? SEGMENT_TO_KIND.get(match[1] as string) : undefined;
  if (!match || !kind) return { type: 'other' };
  if (match[2] !== undefined) return { type: 'get', kind, id: Number(match[2]) };
  const page = url.searchParams.get('page') ?? '1';
  // Filters (?search=, ?OrderBy=) change the answer in ways the stored snapshot cannot reproduce.
  if (!/^\d+$/.test(page) || Number(page) < 1 || [...url.searchParams.keys()].some((k) => k !== 'page'))
    return { type: 'other' };
  return { type: 'list', kind, page: Number(page) };
}
