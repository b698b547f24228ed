/**
 * What the till screen runs while it is open: the page's catalog (following the worker), the
 * outbox status, the writer and the worker client (registration, sync and send triggers).
 * Started once per database, stopped on unmount.
 */
import { useEffect, useState } from 'preact/hooks';
import { createCatalogState, type CatalogState } from '../catalog-state.ts';
import { type ConfigState, createConfigState } from '../config-state.ts';
import type { EposClient } from '../epos/client.ts';
import { isCachedKind } from '../epos/kinds.ts';
import { createOutboxState, type OutboxState } from '../outbox-state.ts';
import { exposeWriter } from '../page-hook.ts';
import { CHANNEL_NAME } from '../store/channel.ts';
import type { TillDb } from '../store/db.ts';
import type { BootContext } from '../store/schema.ts';
import { startWorker, type WorkerClient } from '../sw-client.ts';
import { createWriter, type Writer } from '../writer.ts';

/** The running pieces; each undefined until it has started. */
export interface TillSession {
  catalog: CatalogState | undefined;
  worker: WorkerClient | undefined;
  outbox: OutboxState | undefined;
  /** The page's one way to write (screens that edit records use it). */
  writer: Writer | undefined;
  /** The app's configuration. */
  config: ConfigState | undefined;
  /**
   * The API as this page reads it (through the worker, so cached kinds answer offline). A chunk
   * of its own, loaded with import() on first use (the settings fetch just after start): the
   * till's screens read IndexedDB, so the client need not be in the code a till parses to start.
   */
  api: (() => Promise<EposClient>) | undefined;
  /** Why the catalog could not be read, or null. */
  error: string | null;
}

/** Starts the session for `db` and `context`. `contextChanged` is what boot found. */
export function useTillSession(db: TillDb, context: BootContext, contextChanged: boolean): TillSession {
  const [session, setSession] = useState<TillSession>({ catalog: undefined, worker: undefined, outbox: undefined, writer: undefined, config: undefined, api: undefined, error: null });
  useEffect(() => {
    let stopped = false;
    let catalog: CatalogState | undefined;
    let worker: WorkerClient | undefined;
    // The catalog's channel opens first, so no broadcast of the worker's first pull is missed.
    createCatalogState(db).then(
      (state) => {
        if (stopped) return state.close();
        catalog = state;
        setSession((s) => ({ ...s, catalog: state }));
      },
      (error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        setSession((s) => ({ ...s, error: `The stored catalog could not be read (${reason}). Reload the page.` }));
      },
    );
    const channel = new BroadcastChannel(CHANNEL_NAME);
    const outbox = createOutboxState(db, channel);
    const writer = createWriter({
      db,
      channel,
      now: Date.now,
      // Before the worker client exists (a few ms after start) there is nobody to tell; its
      // start posts 'send-now' once registered, which sends this write too.
      notify: () => worker?.sendNow(),
      onQueued(write, queued) {
        void outbox.refresh();
        // The write is laid over the stored catalog: show it at once (that record, not the whole kind).
        if (write.op !== 'save' && isCachedKind(write.kind)) void catalog?.refreshRecords(write.kind, [queued.recordId]);
      },
    });
    const unexpose = exposeWriter(writer);
    let client: Promise<EposClient> | undefined;
    const api = (): Promise<EposClient> => (client ??= import('../epos/client.ts').then((module) => module.createClient({ baseUrl: context.baseUrl, token: context.token })));
    const config = createConfigState({ db, client: { getSettings: async () => (await api()).getSettings() }, writer, channel, now: Date.now });
    // The interval is read at each check, so a manager's change applies without a reload.
    worker = startWorker({ contextChanged, intervalMs: () => config.get().config.refreshMinutes * 60_000 });
    setSession((s) => ({ ...s, outbox, writer, config, api, worker }));
    return () => {
      stopped = true;
      catalog?.close();
      worker?.stop();
      unexpose();
      config.close();
      outbox.close();
      channel.close();
    };
  }, [db, context]);
  return session;
}
