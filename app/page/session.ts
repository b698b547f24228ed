/**
 * The composition root of a page with a till context: opens the page's one channel and starts,
 * once, everything that runs while the till is open: the catalog (following the worker), the
 * outbox status, the writer, the configuration, the API limit, whether Epos Now can be reached
 * and the worker client. The UI (ui/use-till-session.ts) holds what this returns; nothing else
 * wires these together.
 */
import type { EposClient } from '../epos/client.ts';
import { isCachedKind } from '../epos/kinds.ts';
import { CHANNEL_NAME } from '../store/channel.ts';
import type { TillDb } from '../store/db.ts';
import { outOfReach } from '../store/reach.ts';
import type { BootContext } from '../store/schema.ts';
import { areaIdOf } from '../till/area-price.ts';
import { mostSold } from '../till/sold-counts.ts';
import { loadScript, TILL_SDK_URL } from '../till/till-sdk-script.ts';
import { type ApiLimitState, watchApiLimit } from './api-limit-state.ts';
import { type CatalogState, createCatalogState } from './catalog-state.ts';
import { type ConfigState, createConfigState } from './config-state.ts';
import { lockMarks } from './lock-marks.ts';
import { createOutboxState, type OutboxState } from './outbox-state.ts';
import { exposeWriter } from './page-hook.ts';
import type { Problem } from './problem.ts';
import { type ReachWatch, watchReach } from './reach-state.ts';
import { createHolder, type Subscribable } from './subscribable.ts';
import { type TillSdkState, watchTillSdk } from './till-sdk-state.ts';
import { startWorker, type WorkerClient } from './worker-client.ts';
import { createWriter, type Writer } from './writer.ts';

/** Best sellers whose pages every refresh reads, beside the favourites. */
const HOT_SOLD = 24;

/** The running pieces; the catalog is undefined until its first read ends. */
export interface TillSession {
  catalog: CatalogState | undefined;
  worker: WorkerClient;
  outbox: OutboxState;
  /** The page's one way to write (screens that edit records use it). */
  writer: Writer;
  /** The app's configuration. */
  config: ConfigState;
  /** Until when the worker waits for Epos Now's API limit. */
  apiLimit: ApiLimitState;
  /** Whether Epos Now can be reached, as the worker's requests last found it. */
  reach: ReachWatch;
  /** Epos Now's till SDK script: loaded after start where the build names it and the settings say so. */
  tillSdk: TillSdkState;
  /**
   * The API as this page reads it (through the worker, so cached kinds answer offline). A chunk
   * of its own, loaded with import() on first use (the settings fetch just after start): the
   * till's screens read IndexedDB, so the client need not be in the code a till parses to start.
   */
  api: () => Promise<EposClient>;
  /** Why the stored catalog could not be read at all, or null. */
  problem: Problem<'catalog-unopenable'> | null;
}

/** A started session (a new value when the catalog opens or fails) and its stop. */
export interface RunningSession extends Subscribable<TillSession> {
  /** Stops everything and closes the channel. */
  stop(): void;
}

/** Starts the session for `db` and `context`; `contextChanged` is what boot found. */
export function startSession(db: TillDb, context: BootContext, contextChanged: boolean): RunningSession {
  // Opened before anything reads, so no broadcast of the worker's first pull is missed.
  const channel = new BroadcastChannel(CHANNEL_NAME);
  let stopped = false;
  // Set just below; a write queued before (none can be) would find nobody to tell.
  let worker: WorkerClient | undefined;
  let catalog: CatalogState | undefined;
  const outbox = createOutboxState(db, channel);
  const reach = watchReach(db, channel);
  const writer = createWriter({
    db,
    channel,
    now: Date.now,
    // Known out of reach: "kept on this till" at once, not after a wait no answer can end.
    outOfReach: () => outOfReach(reach.get(), Date.now()),
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
  const api = (): Promise<EposClient> =>
    (client ??= import('./page-client.ts').then((module) => module.createPageClient(db, context)));
  const config = createConfigState({
    db,
    client: { getSettings: async () => (await api()).getSettings() },
    writer,
    channel,
    now: Date.now,
    withLock: (name, task) => (navigator.locks ? navigator.locks.request(name, task) : task()),
    ...(navigator.locks ? { marks: lockMarks(navigator.locks, 'epos-till-settings-asked') } : {}),
  });
  const apiLimit = watchApiLimit(db, channel);
  // After everything above: appending an async script blocks nothing the till needs to start.
  const tillSdk = watchTillSdk(config, TILL_SDK_URL, (url) => loadScript(url));
  // The interval is read at each check, so a manager's change applies without a reload.
  worker = startWorker({
    contextChanged,
    intervalMs: () => config.get().config.refreshMinutes * 60_000,
    // What a cashier taps most: a price changed there shows at the next refresh, not hours later.
    hotIds: () => [...new Set([...config.get().config.favourites, ...mostSold(HOT_SOLD)])],
    // Writes not yet sent, a refused token, or Epos Now out of reach with nothing queued (the bar
    // says so until a try finds it back): the worker may have stopped, its back-off's timers with it.
    waiting: () => {
      const status = outbox.get();
      const queued = status !== undefined && (status.pending > 0 || status.paused !== null);
      return queued || outOfReach(reach.get(), Date.now());
    },
  });
  const holder = createHolder<TillSession>({
    catalog: undefined,
    worker,
    outbox,
    writer,
    config,
    apiLimit,
    reach,
    tillSdk,
    api,
    problem: null,
  });
  const set = (change: Partial<TillSession>): void => holder.set({ ...holder.get(), ...change });
  // The till's area prices the sale (till/area-price.ts); a stored context keeps it for a reload offline.
  createCatalogState(db, channel, {}, areaIdOf(context.locationAreaId)).then(
    (state) => {
      if (stopped) return state.close();
      catalog = state;
      set({ catalog: state });
    },
    (error: unknown) => {
      if (!stopped) set({ problem: { code: 'catalog-unopenable', cause: error } });
    },
  );
  return {
    get: holder.get,
    subscribe: holder.subscribe,
    stop() {
      stopped = true;
      catalog?.close();
      worker.stop();
      unexpose();
      config.close();
      outbox.close();
      apiLimit.close();
      reach.close();
      tillSdk.stop();
      channel.close();
    },
  };
}
