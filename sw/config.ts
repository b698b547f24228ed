/**
 * What the worker knows of the till: the database, and the boot context the page stored
 * (token and API base), re-read when the page says it changed.
 */
import { createClient, type EposClient } from '../app/epos/client.ts';
import { segmentsFor } from '../app/epos/default-base.ts';
import { errorText } from '../app/epos/error-text.ts';
import { contextProblem, isApiBase } from '../app/epos/transport-check.ts';
import { loadContext } from '../app/store/context.ts';
import { openTillDb, type TillDb } from '../app/store/db.ts';
import type { BootContext } from '../app/store/schema.ts';
import { rememberSegment } from '../app/store/spellings.ts';

declare const self: ServiceWorkerGlobalScope;

let db: Promise<TillDb> | undefined;
let context: Promise<BootContext | undefined> | undefined;
let client: { token: string; baseUrl: string; segments: string; client: EposClient } | undefined;

/** The database, opened once; reopened after a newer version of the app took it over. */
export function database(): Promise<TillDb> {
  db ??= openTillDb({
    onVersionChange: () => {
      db = undefined;
    },
  });
  return db;
}

/** The stored boot context (cached until {@link forgetContext}). */
export function bootContext(): Promise<BootContext | undefined> {
  context ??= database().then(loadContext);
  return context;
}

/** Drops the cached context, after the page stored a new one. */
export function forgetContext(): void {
  context = undefined;
}

/** The absolute API base: the stored one, or the worker's own origin. */
export function absoluteBase(stored: BootContext | undefined): string {
  // An unusable stored base is reported by the page (contextProblem); meanwhile this origin's.
  return new URL(stored && isApiBase(stored.baseUrl) ? stored.baseUrl || '/' : '/', self.location.origin).href;
}

/**
 * A client for the stored context, or undefined before the page has stored one. Rejects with
 * what is wrong (never the token) when none can be built; every page shows the same check.
 */
export async function currentClient(): Promise<EposClient | undefined> {
  const stored = await bootContext();
  if (!stored) return undefined;
  const problem = contextProblem(stored);
  if (problem !== null) throw new TypeError(problem);
  const baseUrl = stored.baseUrl || self.location.origin;
  const segments = segmentsFor(stored.segments);
  const spelled = JSON.stringify(segments);
  if (client?.token !== stored.token || client.baseUrl !== baseUrl || client.segments !== spelled) {
    const made = createClient({
      baseUrl,
      token: stored.token,
      segments,
      // A spelling the account answered to after a 404 is kept for the till's next start (the page's too).
      onSegment: (kind, segment) =>
        void database()
          .then((db) => rememberSegment(db, stored.baseUrl, kind, segment))
          .catch((error: unknown) => console.error('Service worker:', errorText(error))),
    });
    client = { token: stored.token, baseUrl, segments: spelled, client: made };
  }
  return client.client;
}
