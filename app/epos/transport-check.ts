/**
 * The checks of what a transport is built from (token, API base), in a file of their own so the
 * page can run them without loading the HTTP client. app/epos/http.ts re-exports the token check
 * and refuses such a token.
 */

/**
 * Why a token cannot be sent (empty, or characters an HTTP header cannot carry: a space, a
 * non-ASCII letter), or null. The one check: the client refuses such a token, the page warns of it.
 */
export function tokenProblem(token: string): string | null {
  return /^[\x21-\x7e]+$/.test(token)
    ? null
    : 'The Epos API token is empty or has characters an HTTP header cannot carry';
}

/** Hosts where plain http stays on this machine: a developer's stand-in or proxy. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether `base` can be an API base: '' (the page's own origin) or an absolute https address;
 * plain http only on this machine, since anywhere else it would carry the token in the clear.
 * build.mjs applies the same rule to EPOS_API_BASE.
 */
export function isApiBase(base: string): boolean {
  if (base === '') return true;
  if (!URL.canParse(base)) return false;
  const { protocol, hostname } = new URL(base);
  return (protocol === 'https:' && hostname !== '') || (protocol === 'http:' && LOOPBACK.has(hostname));
}

/**
 * Why no API client can be built from a stored context (a token no header can carry, an API base
 * that is not this origin or an http(s) address), or null. The worker checks it before building
 * one, and the page at every start, so a page opened later learns it too. Never quotes the token.
 */
export function contextProblem(context: { token: string; baseUrl: string }): string | null {
  const token = tokenProblem(context.token);
  if (token !== null) return `${token}.`;
  return isApiBase(context.baseUrl)
    ? null
    : 'The stored API address is not a web address starting with https:// (http:// only for this computer).';
}
