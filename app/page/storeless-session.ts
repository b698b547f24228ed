/**
 * The composition root of a till refused its storage (third-party site data blocked in Epos
 * Now's frame): the catalog fetched into memory, the settings read once, and writes sent straight
 * to Epos Now. No worker, no outbox, no database: the screens get the same views a stored session
 * gives them (CatalogView, ConfigView, a writer), so they need not know which kind of till this is.
 */
import { readConfig } from '../epos/app-config.ts';
import { createClient, type EposClient } from '../epos/client.ts';
import { segmentsFor } from '../epos/default-base.ts';
import type { BootContext } from '../store/schema.ts';
import { areaIdOf } from '../till/area-price.ts';
import type { ConfigView } from './config-state.ts';
import { createDirectWriter } from './direct-writer.ts';
import { fetchCatalog, type MemoryCatalog } from './memory-catalog.ts';
import { dueKinds } from './memory-refresh.ts';
import { createHolder, type Subscribable } from './subscribable.ts';
import type { Writer } from './writer.ts';

/** The running pieces of a till without storage. */
export interface StorelessSession {
  /** Fetched at start and on a person's "Sync now", kept in memory only. */
  catalog: MemoryCatalog;
  /** The server's settings, read once at start; defaults (and why) when they could not be. */
  config: Subscribable<ConfigView>;
  /** Writes sent at once, or refused: never kept. */
  writer: Pick<Writer, 'write'>;
  /** The API, straight (no worker): what the till page reads a customer's name through. */
  api: () => Promise<EposClient>;
  /** Stops following what is under way. */
  stop(): void;
}

/** What the session needs beyond the context; tests pass a client and a clock of their own. */
export interface StorelessDeps {
  client?: EposClient;
  now?: () => number;
  /** How often to look for kinds and settings due a fetch; default every minute. */
  checkEveryMs?: number;
}

/** Default {@link StorelessDeps.checkEveryMs}: intervals are whole minutes. */
const CHECK_EVERY_MS = 60_000;

/**
 * Starts the session for `context`, held only in memory (the token included: it is not in the
 * address bar any more, and nowhere else). Throws a TypeError for a token no header can carry.
 */
export function startStorelessSession(context: BootContext, deps: StorelessDeps = {}): StorelessSession {
  // No onSegment: a spelling the API answered to is used for this start, with nowhere to keep it.
  const client =
    deps.client ??
    createClient({ baseUrl: context.baseUrl, token: context.token, segments: segmentsFor(context.segments) });
  const now = deps.now ?? Date.now;
  const catalog = fetchCatalog({ client, now, areaId: areaIdOf(context.locationAreaId) });
  const config = createHolder<ConfigView>({
    ...readConfig(null),
    document: null,
    source: 'none',
    error: null,
    rejected: null,
  });
  let stopped = false;
  let settingsAt = now();
  const readSettings = (): void => {
    settingsAt = now();
    client.getSettings().then(
      ({ document }) =>
        stopped || config.set({ ...readConfig(document), document, source: 'server', error: null, rejected: null }),
      // The settings in use stay; the screen says why they could not be fetched.
      (error: unknown) =>
        stopped || config.set({ ...config.get(), error: { code: 'settings-unfetchable', cause: error } }),
    );
  };
  readSettings();
  // A till left open all day sees a manager's changes, as a stored till's refresh brings them.
  const timer = setInterval(() => {
    const intervalMs = config.get().config.refreshMinutes * 60_000;
    const due = dueKinds(catalog.get().meta, now(), intervalMs);
    if (due.length > 0) void catalog.refresh(due);
    if (now() - settingsAt >= intervalMs) readSettings();
  }, deps.checkEveryMs ?? CHECK_EVERY_MS);
  return {
    catalog,
    api: () => Promise.resolve(client),
    config,
    writer: createDirectWriter(client),
    stop() {
      stopped = true;
      clearInterval(timer);
      catalog.close();
    },
  };
}
