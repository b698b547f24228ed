/**
 * Headers the service worker puts on answers it makes itself, so the client can tell a stored
 * answer or an offline refusal from the server's own.
 */

/** On an answer the worker made because the network failed: the request never reached the server. */
export const OFFLINE_HEADER = 'X-Epos-Offline';

/** On an answer served from IndexedDB: `cache`. */
export const SOURCE_HEADER = 'X-Epos-Source';

/** On an answer served from IndexedDB: when that data was pulled (ISO 8601). */
export const CACHED_AT_HEADER = 'X-Epos-Cached-At';
