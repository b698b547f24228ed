/**
 * Which endpoint a URL addresses. Matching is case-insensitive as ASP.NET routing is; V2 segments
 * are the contract's spellings unless overridden.
 */
import { KIND_NAMES, KINDS, type Kind } from '../../app/epos/kinds.ts';

/** What a request path addresses. */
export type Route =
  /** A kind's collection (`/api/V2/<Segment>` or with a trailing slash): list and create. */
  | { readonly type: 'collection'; readonly kind: Kind }
  /** One record: `raw` is the path segment as sent, not yet known to be an integer. */
  | { readonly type: 'record'; readonly kind: Kind; readonly raw: string }
  /** Under `/api/V2/` but no such kind or shape: a 404 that still carries V2 headers. */
  | { readonly type: 'v2-unknown' }
  /** The app-settings document, at either of its paths. */
  | { readonly type: 'settings' }
  | { readonly type: 'unknown' };

/** Path segment per kind when a deployment spells one differently (e.g. `DiscountReason`). */
export type SegmentMap = Partial<Record<Kind, string>>;

const V2_PREFIX = '/api/v2/';
const SETTINGS_PATHS = new Set(['/api/integration/appsettings', '/api/integrations/appsettings']);

/** Builds the router for a set of segment overrides. */
export function createRouter(overrides: SegmentMap = {}): (pathname: string) => Route {
  const kinds = new Map<string, Kind>();
  for (const kind of KIND_NAMES) kinds.set((overrides[kind] ?? KINDS[kind].segment).toLowerCase(), kind);

  return (pathname) => {
    const lower = pathname.toLowerCase();
    if (SETTINGS_PATHS.has(lower.replace(/\/+$/, ''))) return { type: 'settings' };
    if (!lower.startsWith(V2_PREFIX)) return { type: 'unknown' };
    const parts = pathname.slice(V2_PREFIX.length).split('/');
    // A single trailing slash is tolerated: `Product/` and `Product/5/` address what `Product` and `Product/5` do.
    if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
    const kind = kinds.get((parts[0] ?? '').toLowerCase());
    if (kind === undefined) return { type: 'v2-unknown' };
    if (parts.length === 1) return { type: 'collection', kind };
    if (parts.length === 2 && parts[1] !== '') return { type: 'record', kind, raw: parts[1] as string };
    return { type: 'v2-unknown' };
  };
}

/** The kind a route concerns, if any (for fault matching). */
export function routeKind(route: Route): Kind | undefined {
  return route.type === 'collection' || route.type === 'record' ? route.kind : undefined;
}
