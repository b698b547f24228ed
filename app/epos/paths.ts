/**
 * URL paths of the contract, relative to the API base. The only place paths are spelled.
 */
import { KINDS, type Kind } from './kinds.ts';

/** Where V2 record endpoints live. */
const V2_PREFIX = '/api/V2/';

/** The two paths the contract gives for the app-settings endpoint; both behave the same. */
export const SETTINGS_PATHS = {
  integration: '/api/integration/appsettings',
  legacy: '/API/Integrations/AppSettings/',
} as const;

/** Which of {@link SETTINGS_PATHS} a client uses. */
export type SettingsPathStyle = keyof typeof SETTINGS_PATHS;

/** Per-kind path segment overrides, for a deployment that spells a segment differently. */
export type SegmentOverrides = Partial<Record<Kind, string>>;

/** The segment a kind is addressed by. */
function segmentOf(kind: Kind, overrides?: SegmentOverrides): string {
  return overrides?.[kind] ?? KINDS[kind].segment;
}

/** List path: Product has no slash before the query (the contract's quirk), every other kind has one. */
export function listPath(kind: Kind, page: number, overrides?: SegmentOverrides): string {
  const slash = kind === 'Product' ? '' : '/';
  return `${V2_PREFIX}${segmentOf(kind, overrides)}${slash}?page=${page}`;
}

/** Create path: the collection, no trailing slash. */
export function collectionPath(kind: Kind, overrides?: SegmentOverrides): string {
  return `${V2_PREFIX}${segmentOf(kind, overrides)}`;
}

/** Get, update and delete path of one record. */
export function recordPath(kind: Kind, id: number | string, overrides?: SegmentOverrides): string {
  return `${V2_PREFIX}${segmentOf(kind, overrides)}/${encodeURIComponent(String(id))}`;
}
