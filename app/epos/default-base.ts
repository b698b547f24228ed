/**
 * The API base a new till starts with: the build's EPOS_API_BASE (build.mjs checks it with the
 * rule of transport-check.ts's isApiBase), or '' (the page's own origin: a same-origin proxy, or
 * the stand-in). A module of its own: the till's startup reads it, and the checks load later.
 */

/** Injected by build.mjs (esbuild `define`); absent where the code is not built (tests). */
declare const __DEFAULT_API_BASE__: string | undefined;

/** EPOS_API_BASE at build time, or '' for this origin. */
export const DEFAULT_API_BASE: string = typeof __DEFAULT_API_BASE__ === 'string' ? __DEFAULT_API_BASE__ : '';
