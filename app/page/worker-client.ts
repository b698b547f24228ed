/**
 * The page's side of the service worker: registers it (after the context is stored, so the
 * worker finds it), asks it to pull the catalog on boot, on a timer, on reconnect and on demand, asks it to
 * send queued writes on boot, on reconnect and after each write, wakes it while writes or a
 * refused token wait (wake.ts), and tells the UI when a new version waits.
 */
import { Workbox } from 'workbox-window/build/workbox-window.prod.mjs';
import { errorText } from '../epos/error-text.ts';
import type { CachedKind } from '../epos/kinds.ts';
import { OUTBOX_SYNC_TAG, type PageMessage } from '../store/channel.ts';
import type { Problem } from './problem.ts';
import { createHolder, type Subscribable } from './subscribable.ts';
import { startWakeUps } from './wake.ts';

/** What the UI shows of the worker. */
export interface WorkerState {
  /** The browser has service workers (secure context, not disabled). */
  supported: boolean;
  /** A new version is installed and waits for {@link WorkerClient.applyUpdate}. */
  updateWaiting: boolean;
  /** Why offline support could not start, or null. */
  problem: Problem<'worker-unregistered'> | null;
}

/** The registered worker, as the page uses it. */
export interface WorkerClient extends Subscribable<WorkerState> {
  /** A person's "Sync now": a pull that walks every page of every kind. */
  pullNow(): void;
  /** A person's answer to a pull held because it would empty or halve a kind. */
  settleHeld(kind: CachedKind, gen: number, accept: boolean): void;
  /**
   * Asks the worker to send queued writes now, and registers Background Sync, so the browser
   * wakes the worker to send them when the network is back, even with no page open.
   */
  sendNow(): void;
  /** Activates the waiting version and reloads once it controls the page. */
  applyUpdate(): void;
  /** Stops the timer and listeners (the worker itself keeps running). */
  stop(): void;
}

/** How to start. */
export interface WorkerOptions {
  /** The stored context differs from the one before this boot: a running worker must re-read it. */
  contextChanged: boolean;
  /** The refresh interval (the settings may change it): a catalog older than this is pulled. */
  intervalMs(): number;
  /** The product ids the till shows most (favourites, best sellers): each refresh reads their pages. */
  hotIds?(): number[];
  /** The worker script; default `sw.js` beside the page. */
  scriptUrl?: string;
  /** Whether anything waits for Epos Now (writes, a refused token): the page then wakes the worker. */
  waiting?(): boolean;
}

/** How often the page asks the worker whether the catalog has come of age. */
const STALE_CHECK_MS = 60_000;

/** How long the connection must stay up after an 'online' event before a pull is asked for. */
const ONLINE_SETTLE_MS = 1_500;

/** Background Sync, where the browser has it (Chromium); not in TypeScript's DOM library. */
interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Registers the worker and starts the pull and send triggers. */
export function startWorker(options: WorkerOptions): WorkerClient {
  const holder = createHolder<WorkerState>({
    supported: 'serviceWorker' in navigator,
    updateWaiting: false,
    problem: null,
  });
  const set = (change: Partial<WorkerState>): void => holder.set({ ...holder.get(), ...change });
  const base = { get: holder.get, subscribe: holder.subscribe };
  if (!holder.get().supported) {
    return { ...base, pullNow() {}, settleHeld() {}, sendNow() {}, applyUpdate() {}, stop() {} };
  }

  const container = navigator.serviceWorker;
  const wb = new Workbox(options.scriptUrl ?? new URL('sw.js', document.baseURI).href);
  wb.addEventListener('waiting', () => set({ updateWaiting: true }));

  const registered = register(wb, container).catch((error: unknown) => {
    set({ problem: { code: 'worker-unregistered', cause: error } });
    return undefined;
  });

  // The active worker, not the controller: on the first visit the worker is active before it
  // controls this page, and it must still hear the page.
  const post = (message: PageMessage): void => {
    void registered
      .then(async (outcome) => {
        if (!outcome) return;
        const registration = await container.ready;
        registration.active?.postMessage(message);
      })
      .catch(reportPostError);
  };
  const ifStale = (): PageMessage => ({
    type: 'pull-if-stale',
    intervalMs: options.intervalMs(),
    hot: options.hotIds?.() ?? [],
  });
  const sendNow = (): void => {
    post({ type: 'send-now' });
    void registered
      .then(async (outcome) => {
        if (!outcome) return;
        // Offline, the message above finds nothing it can send; the sync fires once the browser
        // sees the network again. Where there is no Background Sync, reconnect and boot cover it.
        await ((await container.ready) as SyncRegistration).sync?.register(OUTBOX_SYNC_TAG);
      })
      .catch(reportSyncError);
  };

  void registered.then((outcome) => {
    // A worker that was already running keeps the context it read; a new one reads the fresh one.
    const stale = options.contextChanged && outcome?.hadWorker === true;
    post(stale ? { type: 'context-changed' } : ifStale());
    // Writes queued before this page (a closed tab, a reload offline) go as soon as they can.
    post({ type: 'send-now' });
  });
  // Checked every minute (intervals are whole minutes), not every interval: a check that lands
  // just before the catalog comes of age would otherwise leave it one more whole interval.
  let lastUpdateCheck = Date.now();
  const timer = setInterval(() => {
    const intervalMs = options.intervalMs();
    post(ifStale());
    // A till left open all day still hears of a new version (browsers check only on navigation).
    if (navigator.onLine && Date.now() - lastUpdateCheck >= intervalMs) {
      lastUpdateCheck = Date.now();
      void registered.then((outcome) => (outcome ? wb.update() : undefined)).catch(reportUpdateError);
    }
  }, STALE_CHECK_MS);
  // A reconnect is acted on once it has held for a moment: links flap as they come up, and
  // Chromium fires 'online' at a page it is unloading.
  let settling: ReturnType<typeof setTimeout> | undefined;
  const onOnline = (): void => {
    clearTimeout(settling);
    settling = setTimeout(() => {
      if (!navigator.onLine) return;
      post({ type: 'pull-now' });
      post({ type: 'send-now' });
    }, ONLINE_SETTLE_MS);
  };
  const onOffline = (): void => {
    clearTimeout(settling);
    // A hint, not the answer: the worker marks Epos Now unreachable now rather than after a failure.
    post({ type: 'went-offline' });
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  const waiting = options.waiting;
  const stopWakeUps = waiting
    ? startWakeUps({ wake: () => post({ type: 'wake' }), waiting, window, document })
    : () => undefined;

  return {
    ...base,
    // A person's "Sync now": every page, not a refresh's sample.
    pullNow: () => post({ type: 'pull-now', full: true }),
    settleHeld: (kind, gen, accept) => post({ type: 'settle-held', kind, gen, accept }),
    sendNow,
    applyUpdate() {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    },
    stop() {
      clearInterval(timer);
      clearTimeout(settling);
      stopWakeUps();
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    },
  };
}

/** Registers; says whether a worker was already active before (it may hold an old context). */
async function register(wb: Workbox, container: ServiceWorkerContainer): Promise<{ hadWorker: boolean }> {
  const before = await container.getRegistration();
  const registration = await wb.register();
  if (!registration) throw new Error('the browser returned no registration');
  return { hadWorker: before?.active != null };
}

function reportUpdateError(error: unknown): void {
  console.warn('Checking for a new version failed:', errorText(error));
}

function reportSyncError(error: unknown): void {
  // The message: a DOMException's names the permission or state problem, never the token.
  console.warn('Registering Background Sync failed:', errorText(error));
}

function reportPostError(error: unknown): void {
  console.warn('Messaging the service worker failed:', errorText(error));
}
