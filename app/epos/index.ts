/**
 * The Epos Now API contract as code: kinds, ids, record types, paths, the client and its errors.
 * No DOM and no storage here, so a page, the worker and Node all use it as is.
 */
export * from './client.ts';
export * from './errors.ts';
export type { Answer, DeprecationNotice, SendOptions, Transport, TransportOptions } from './http.ts';
export { DEFAULT_TIMEOUT_MS } from './http.ts';
export * from './ids.ts';
export * from './kinds.ts';
export * from './paths.ts';
export type * from './records.ts';
