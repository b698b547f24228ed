/**
 * What a new till starts with from its build: the API base, the build's EPOS_API_BASE (build.mjs
 * checks it with the rule of transport-check.ts's isApiBase), or '' (the page's own origin: a
 * same-origin proxy, or the stand-in); and the path segments the deployment spells otherwise
 * (EPOS_SEGMENTS). A module of its own: the till's startup reads it, and the checks load later.
 */
import type { SegmentOverrides } from './paths.ts';

/** Injected by build.mjs (esbuild `define`); absent where the code is not built (tests). */
declare const __DEFAULT_API_BASE__: string | undefined;

/** EPOS_API_BASE at build time, or '' for this origin. */
export const DEFAULT_API_BASE: string = typeof __DEFAULT_API_BASE__ === 'string' ? __DEFAULT_API_BASE__ : '';

/** Injected by build.mjs (esbuild `define`); absent where the code is not built (tests). */
declare const __DEFAULT_SEGMENTS__: SegmentOverrides | undefined;

/** EPOS_SEGMENTS at build time (`DiscountReason=DiscountReason`), or none. */
const DEFAULT_SEGMENTS: SegmentOverrides =
  typeof __DEFAULT_SEGMENTS__ === 'object' && __DEFAULT_SEGMENTS__ !== null ? __DEFAULT_SEGMENTS__ : {};

/** The path segments a till uses: the build's, then its own (`own`: chosen or found for its base). */
export function segmentsFor(own: SegmentOverrides | undefined): SegmentOverrides {
  return { ...DEFAULT_SEGMENTS, ...own };
}
