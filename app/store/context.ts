/**
 * The boot context: how Epos Now opened the app (query string), or what was stored the last
 * time it did, so a reload offline or without the query string still knows the till.
 */

import { DEFAULT_API_BASE } from '../epos/default-base.ts';
import type { TillDb } from './db.ts';
import { storeErrorFrom } from './errors.ts';
import type { BootContext } from './schema.ts';

/** Query parameters Epos Now passes to an embedded app, and the context field each fills. */
const PARAMS = {
  deviceID: 'deviceId',
  locationID: 'locationId',
  staffID: 'staffId',
  username: 'username',
  locationAreaID: 'locationAreaId',
} as const;

/** The query parameter that carries the API token; removed from the address bar after boot. */
const TOKEN_PARAM = 'appToken';

/**
 * The context in a query string, or undefined when it carries no token. `baseUrl` is the
 * stored one if any (a till keeps the API base it was given, '' included), else `defaultBase`:
 * the build's, or '' (the page's own origin).
 */
export function contextFromQuery(
  search: string,
  stored?: BootContext,
  defaultBase = DEFAULT_API_BASE,
): BootContext | undefined {
  const params = new URLSearchParams(search);
  const token = rawParam(search, TOKEN_PARAM)?.trim();
  if (!token) return undefined;
  const context: BootContext = {
    baseUrl: stored?.baseUrl ?? defaultBase,
    token,
    deviceId: null,
    locationId: null,
    staffId: null,
    username: null,
    locationAreaId: null,
    // The spellings belong with the base they were found for.
    ...(stored?.segments ? { segments: stored.segments } : {}),
  };
  for (const [param, field] of Object.entries(PARAMS) as [
    keyof typeof PARAMS,
    (typeof PARAMS)[keyof typeof PARAMS],
  ][]) {
    context[field] = params.get(param);
  }
  return context;
}

/**
 * A parameter as it is in the address, `+` kept: Epos Now may pass the Base64 token unencoded,
 * and URLSearchParams would read its `+` as a space (Base64 has no spaces, so that is damage).
 * Percent escapes are decoded as URLSearchParams does, leniently; `%2B` is a `+` either way.
 */
function rawParam(search: string, name: string): string | undefined {
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const at = pair.indexOf('=');
    const key = at < 0 ? pair : pair.slice(0, at);
    if (new URLSearchParams(`${key}=`).has(name)) {
      return new URLSearchParams(`v=${at < 0 ? '' : pair.slice(at + 1).replaceAll('+', '%2B')}`).get('v') ?? '';
    }
  }
  return undefined;
}

/** The query string without the token, for history.replaceState. */
export function withoutToken(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(TOKEN_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The stored context, if the app was ever opened with one. */
export function loadContext(db: TillDb): Promise<BootContext | undefined> {
  return db.get('context', 'boot');
}

/** Stores the context for later boots and for the worker. */
export async function saveContext(db: TillDb, context: BootContext): Promise<void> {
  try {
    await db.put('context', context, 'boot');
  } catch (error) {
    throw storeErrorFrom(error, 'saving the till\u2019s setup');
  }
}
