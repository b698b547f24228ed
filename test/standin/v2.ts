/**
 * The five V2 operations of every kind: list, get, create, update, delete. Answers are built
 * from the stored records; nothing here knows about auth, faults or logging.
 */
import { type Kind, PAGE_SIZE } from '../../app/epos/kinds.ts';
import { type BindMode, bindBody } from './binding.ts';
import {
  badIdResponse,
  invalidResponse,
  jsonResponse,
  methodNotAllowedResponse,
  modelStateResponse,
  notFoundResponse,
} from './responses.ts';
import type { Route } from './routes.ts';
import type { StandinState } from './state.ts';

/** A request as the V2 handler needs it: body already read. */
export interface V2Request {
  readonly method: string;
  readonly url: URL;
  readonly body: string;
}

/** Settings of the V2 handler. */
export interface V2Options {
  /** Status of a successful create (the real API's is not published; clients must take both). */
  readonly createStatus: 200 | 201;
}

/** Answers a request for a kind's collection or one of its records. */
export function handleV2(
  state: StandinState,
  route: Extract<Route, { type: 'collection' | 'record' }>,
  request: V2Request,
  options: V2Options,
): Response {
  if (route.type === 'collection') {
    if (request.method === 'GET') return list(state, route.kind, request.url);
    if (request.method === 'POST') return create(state, route.kind, request.body, options.createStatus);
    return methodNotAllowedResponse(request.method, ['GET', 'POST']);
  }
  if (request.method !== 'GET' && request.method !== 'PUT' && request.method !== 'DELETE') {
    return methodNotAllowedResponse(request.method, ['GET', 'PUT', 'DELETE']);
  }
  const id = parseId(route.raw);
  if (id === undefined) return badIdResponse(route.raw);
  const table = state.table(route.kind);
  if (table.get(id) === undefined) return notFoundResponse(request.url.href);
  if (request.method === 'GET') return jsonResponse(200, JSON.stringify(table.get(id)));
  if (request.method === 'DELETE') {
    state.remove(route.kind, id);
    return jsonResponse(200, 'true');
  }
  // Merged, not replaced: only the fields sent change. Whether the real PUT does the same is not
  // published; the app sends partial bodies either way.
  const changes = bound(state, route.kind, request.body, 'update');
  if (changes instanceof Response) return changes;
  return jsonResponse(200, JSON.stringify(state.update(route.kind, id, changes)));
}

function list(state: StandinState, kind: Kind, url: URL): Response {
  // ASP.NET binds query parameters case-insensitively; the first one wins.
  const raw = [...url.searchParams].find(([name]) => name.toLowerCase() === 'page')?.[1];
  const page = raw === undefined ? 1 : parsePositive(raw);
  if (page === undefined) return invalidResponse('page', `The value '${raw}' is not valid for page: pages start at 1.`);
  return jsonResponse(200, JSON.stringify(state.table(kind).page(page, PAGE_SIZE)));
}

function create(state: StandinState, kind: Kind, body: string, status: 200 | 201): Response {
  const fields = bound(state, kind, body, 'create');
  if (fields instanceof Response) return fields;
  return jsonResponse(status, JSON.stringify(state.create(kind, fields)));
}

/** The body bound to the kind's fields (./binding.ts), or the 400 saying why it cannot be. */
function bound(state: StandinState, kind: Kind, body: string, mode: BindMode): Record<string, unknown> | Response {
  const parsed = parseObjectBody(body);
  if (parsed instanceof Response) return parsed;
  const binding = bindBody(kind, state.idStyle, parsed, mode);
  return 'modelState' in binding ? modelStateResponse(binding.modelState) : binding.fields;
}

// Any integer binds to the action's int parameter; a negative one simply matches no record.
function parseId(raw: string): number | undefined {
  if (!/^-?\d+$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) && Math.abs(id) <= 2 ** 31 - 1 ? id : undefined;
}

function parsePositive(raw: string): number | undefined {
  if (!/^\d+$/.test(raw)) return undefined;
  const value = Number(raw);
  return Number.isSafeInteger(value) && value >= 1 ? value : undefined;
}

/** The body as a JSON object, or the 400 answer explaining why it is not one. */
function parseObjectBody(body: string): Record<string, unknown> | Response {
  if (body.trim() === '') return invalidResponse('body', 'A non-empty request body is required.');
  let value: unknown;
  try {
    value = JSON.parse(withoutBom(body));
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return invalidResponse('body', error.message);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return invalidResponse(
      'body',
      `Expected a JSON object describing the record, got ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}.`,
    );
  }
  return value as Record<string, unknown>;
}

/** The text without a leading byte-order mark, which JSON.parse rejects but ASP.NET accepts. */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
