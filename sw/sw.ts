/**
 * The service worker: keeps the app shell and the catalog available offline. It answers only
 * requests for the app's own files and GETs under the configured API base; every other request
 * passes through untouched.
 */
import { accountOf } from '../app/epos/account.ts';
import { errorText } from '../app/epos/error-text.ts';
import type { WorkerMessage } from '../app/store/channel.ts';
import { CHANNEL_NAME, OUTBOX_SYNC_TAG } from '../app/store/channel.ts';
import { resume } from '../app/store/outbox-outcomes.ts';
import { readReach, writeReach } from '../app/store/reach.ts';
import { loadSettingsDocument, refreshIntervalMs } from '../app/store/settings-cache.ts';
import { answerApiGet } from './api-answers.ts';
import { createApiLimit } from './api-limit.ts';
import { routeOf } from './api-routes.ts';
import { absoluteBase, bootContext, currentClient, database, forgetContext } from './config.ts';
import { syncPass } from './outbox/recovery.ts';
import { createOutboxRunner } from './outbox/runner.ts';
import { hotIds, readPageMessage } from './page-message.ts';
import { createPullSchedule } from './pull-schedule.ts';
import { createReachability, pullsToCatchUp, reporting } from './reachability.ts';
import { dropOldCaches, precache, serveShell, shellUrlFor } from './shell.ts';

declare const self: ServiceWorkerGlobalScope;

/** How long the network gets to answer an API GET before stored data does. */
const NETWORK_TIMEOUT_MS = 4_000;

const channel = new BroadcastChannel(CHANNEL_NAME);
// Known synchronously in the fetch handler, which must decide at once whether to answer.
let apiBase = absoluteBase(undefined);
const configured = refreshBase();

const locks = self.navigator.locks as LockManager | undefined;
// The first answer after an outage, to any of the worker's requests, catches up: a pull for the
// server's changes made meanwhile, and the writes queued.
// Stored and told to every page: a page opened during an outage says so at once, and a
// restarted worker keeps when it began.
const reach = createReachability(
  (from) => {
    if (pullsToCatchUp(from, Date.now())) void scheduler.pullNow().catch(reportError);
    void outbox.run().catch(reportError);
  },
  {
    now: Date.now,
    load: async () => readReach(await database()),
    store: async (state) => writeReach(await database(), state),
    broadcast: (message) => channel.postMessage(message),
  },
);
// One wait for the account's API limit, whichever of the pull and the outbox met it; the reach
// state says it too, with its time.
const apiLimit = createApiLimit({
  db: database,
  now: Date.now,
  broadcast: (message) => channel.postMessage(message),
  reach,
});
const scheduler = createPullSchedule({
  pullDeps: async () => {
    const client = await currentClient();
    return client ? { db: await database(), client } : undefined;
  },
  broadcast: (message: WorkerMessage) => channel.postMessage(message),
  now: () => Date.now(),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  random: Math.random,
  withLock: (name, task) => (locks ? locks.request(name, task) : task()),
  apiLimit,
  reach,
});

const outbox = createOutboxRunner({
  replayDeps: async () => {
    const client = await currentClient();
    const token = (await bootContext())?.token;
    // The client was built from this token: entries of another account are held, not sent with it.
    return client && token
      ? { db: await database(), client, account: accountOf(token), now: Date.now, random: Math.random }
      : undefined;
  },
  broadcast: (message: WorkerMessage) => channel.postMessage(message),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  withLock: (name, task) => (locks ? locks.request(name, task) : task()),
  exclusive: locks !== undefined,
  apiLimit,
  reach,
});

self.addEventListener('install', (event) => {
  event.waitUntil(precache());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(dropOldCaches().then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const shell = shellUrlFor(event.request);
  if (shell !== undefined) {
    event.respondWith(serveShell(event.request, shell));
    return;
  }
  const route = routeOf(event.request, apiBase);
  // Not ours: no respondWith, so the browser handles it exactly as without a worker.
  if (route === undefined) return;
  event.respondWith(
    answerApiGet(event.request, route, {
      db: database,
      token: async () => (await bootContext())?.token,
      timeoutMs: NETWORK_TIMEOUT_MS,
      now: Date.now,
      // A reload as the connection returns may be the first to get an answer; one that gets
      // none in time is answered from storage and says Epos Now is out of reach then.
      fetch: reporting((request) => fetch(request), reach, NETWORK_TIMEOUT_MS),
    }),
  );
});

self.addEventListener('message', (event) => {
  const message = readPageMessage(event.data);
  switch (message?.type) {
    case 'SKIP_WAITING':
      event.waitUntil(self.skipWaiting());
      break;
    case 'pull-now':
      event.waitUntil(scheduler.pullNow(message.full === true));
      break;
    case 'pull-if-stale':
      event.waitUntil(scheduler.pullIfStale(message.intervalMs, hotIds(message.hot)));
      break;
    case 'context-changed':
      forgetContext();
      // A new token may be what a paused queue was waiting for.
      event.waitUntil(
        refreshBase()
          .then(async () => resume(await database()))
          .then(() => Promise.all([scheduler.pullNow(), outbox.run()])),
      );
      break;
    case 'went-offline':
      // The browser knows it has no network: no request need fail first to say so.
      reach.report({ type: 'failed' });
      break;
    case 'send-now':
      event.waitUntil(outbox.run());
      break;
    case 'wake':
      // Each open page wakes the worker on its own timer and on every tap: the runner's back-off
      // decides whether that costs a request.
      event.waitUntil(outbox.wake());
      break;
    case 'settle-held':
      event.waitUntil(scheduler.settleHeld(message.kind, message.gen, message.accept));
      break;
    default:
      console.warn('Unknown message from a page:', message);
  }
});

// Background Sync fires when the browser sees the network back, even with no page open.
self.addEventListener('sync', (event) => {
  const sync = event as Event & { tag: string; waitUntil(promise: Promise<unknown>): void };
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(syncPass(() => outbox.run()));
});

// Every start of the worker is a chance to catch up: a stale catalog, writes still queued.
void configured.then(startupSync).catch(reportError);
void configured.then(() => outbox.run()).catch(reportError);

async function refreshBase(): Promise<void> {
  apiBase = absoluteBase(await bootContext());
}

async function startupSync(): Promise<void> {
  const stored = await loadSettingsDocument(await database());
  await scheduler.pullIfStale(refreshIntervalMs(stored?.document));
}

function reportError(error: unknown): void {
  console.error('Service worker:', errorText(error));
}
