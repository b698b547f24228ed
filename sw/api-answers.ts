/**
 * Answering API GETs: the network first, with a short time limit, then what IndexedDB holds,
 * in the same shape the server gives (a page of up to 200 in id order, a single record, the
 * settings document), marked as stored. Kinds not kept offline get a clear offline refusal.
 */

import { errorText } from '../app/epos/error-text.ts';
import { isCachedKind, KINDS } from '../app/epos/kinds.ts';
import { CACHED_AT_HEADER, OFFLINE_HEADER, SOURCE_HEADER } from '../app/epos/offline.ts';
import { decodeSettings } from '../app/epos/settings.ts';
import { readMeta, readOne, readPage } from '../app/store/catalog.ts';
import type { TillDb } from '../app/store/db.ts';
import { keepServerSettings, loadSettingsDocument } from '../app/store/settings-cache.ts';
import type { ApiRoute } from './api-routes.ts';

/** What answering needs from the worker. */
export interface AnswerDeps {
  db(): Promise<TillDb>;
  /** The token the page was opened with; stored data is only served to requests carrying it. */
  token(): Promise<string | undefined>;
  /** How long the network gets before stored data answers. */
  timeoutMs: number;
  now(): number;
  fetch(request: Request): Promise<Response>;
}

/** Answers a routed API GET. */
export async function answerApiGet(request: Request, route: ApiRoute, deps: AnswerDeps): Promise<Response> {
  const fallbackRequest = request.clone();
  const askedAt = deps.now();
  const network = deps.fetch(request);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), deps.timeoutMs);
  });
  const first = await Promise.race([
    network.then(
      (response) => ({ response }),
      (error: unknown) => ({ error }),
    ),
    timeout,
  ]);
  clearTimeout(timer);
  // A server error (or a proxy's 502/503/504) is no better than no answer when data is stored.
  if (first && 'response' in first && first.response.status < 500) {
    if (route.type === 'settings' && first.response.ok) await keepSettings(first.response.clone(), deps, askedAt);
    return first.response;
  }
  // Slow or failed: a late answer is still worth keeping for settings, but no longer awaited.
  if (!first && route.type === 'settings') {
    network.then((response) => (response.ok ? keepSettings(response, deps, askedAt) : undefined)).catch(reportLate);
  }
  const stored = await fromStorage(fallbackRequest, route, deps);
  if (typeof stored !== 'string') return stored;
  // Nothing stored to answer with: the server's own error, if it gave one, is the truth.
  return first && 'response' in first ? first.response : offline(stored);
}

/** The stored answer, or why there is none. */
async function fromStorage(request: Request, route: ApiRoute, deps: AnswerDeps): Promise<Response | string> {
  const token = await deps.token();
  if (token === undefined || request.headers.get('Authorization') !== `Basic ${token}`) {
    return 'Offline, and this request does not carry the token this till was opened with.';
  }
  const db = await deps.db();
  if (route.type === 'settings') {
    const stored = await loadSettingsDocument(db);
    if (!stored) return 'Offline, and no app settings have been stored on this till yet.';
    return cachedAnswer(JSON.stringify(stored.document), 200, stored.storedAt);
  }
  if (route.type === 'other' || !isCachedKind(route.kind)) {
    const what = route.type === 'other' ? 'This request' : `${KINDS[route.kind].label} records`;
    return `Offline: ${what} ${route.type === 'other' ? 'is' : 'are'} only available online.`;
  }
  const meta = (await readMeta(db)).find((m) => m.kind === route.kind);
  if (!meta || meta.pulledAt === null)
    return `Offline, and ${KINDS[route.kind].label} records have not been stored on this till yet.`;
  if (route.type === 'list')
    return cachedAnswer(JSON.stringify(await readPage(db, route.kind, route.page)), 200, meta.pulledAt);
  const record = await readOne(db, route.kind, route.id);
  if (record) return cachedAnswer(JSON.stringify(record), 200, meta.pulledAt);
  return cachedAnswer(
    JSON.stringify({ Message: `No ${KINDS[route.kind].label} with id ${route.id} is stored on this till.` }),
    404,
    meta.pulledAt,
  );
}

async function keepSettings(response: Response, deps: AnswerDeps, askedAt: number): Promise<void> {
  // An answer that came by a redirect may be a portal's or another origin's: never kept.
  if (response.redirected) return;
  const text = await response.text();
  let document: unknown;
  try {
    document = text.trim() ? decodeSettings(JSON.parse(text)) : null;
  } catch (error) {
    // The page's client reports an unusable answer; the worker just does not keep it.
    if (error instanceof SyntaxError) return;
    throw error;
  }
  if (document !== null) await keepServerSettings(await deps.db(), document, deps.now(), askedAt);
}

function cachedAnswer(body: string, status: number, pulledAt: number): Response {
  return new Response(body, {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      [SOURCE_HEADER]: 'cache',
      [CACHED_AT_HEADER]: new Date(pulledAt).toISOString(),
    },
  });
}

/** A refusal the client reads as "offline, not sent". */
function offline(message: string): Response {
  return new Response(JSON.stringify({ Message: message }), {
    status: 503,
    headers: { 'Content-Type': 'application/json; charset=utf-8', [OFFLINE_HEADER]: '1' },
  });
}

function reportLate(error: unknown): void {
  console.warn('Keeping a late settings answer failed:', errorText(error));
}
