/**
 * The page's view of whether Epos Now can be reached (app/store/reach.ts): what the worker stored,
 * read at start, then its broadcasts. The browser's offline event is a hint that makes it say
 * "unreachable" at once; its online event proves nothing (a shop's dead uplink behind live Wi-Fi
 * reads as online), so coming back waits for the worker's next answered request.
 */
import { errorText } from '../epos/error-text.ts';
import type { PageChannel, WorkerMessage } from '../store/channel.ts';
import type { TillDb } from '../store/db.ts';
import { type Reach, readReach } from '../store/reach.ts';
import { createHolder, type Subscribable } from './subscribable.ts';

/** The reach state; undefined until the worker has found anything. */
export interface ReachWatch extends Subscribable<Reach | undefined> {
  /** Stops listening (the channel stays the caller's). */
  close(): void;
}

/** What the browser says of its network: `navigator.onLine` and the window's online/offline events. */
export interface BrowserHints {
  onLine(): boolean;
  addEventListener(type: 'offline', listener: () => void): void;
  removeEventListener(type: 'offline', listener: () => void): void;
  now(): number;
}

/** The page's own browser. */
function browserHints(): BrowserHints {
  return {
    onLine: () => navigator.onLine !== false,
    addEventListener: (type, listener) => window.addEventListener(type, listener),
    removeEventListener: (type, listener) => window.removeEventListener(type, listener),
    now: Date.now,
  };
}

/** Reads the stored state and follows the worker's broadcasts on `channel`, and the browser's offline hint. */
export function watchReach(
  db: TillDb,
  channel: Pick<PageChannel, 'addEventListener' | 'removeEventListener'>,
  hints: BrowserHints = browserHints(),
): ReachWatch {
  const holder = createHolder<Reach | undefined>(undefined);
  let heard = false;
  const onMessage = (event: Event): void => {
    const message = (event as MessageEvent<WorkerMessage>).data;
    if (message?.type !== 'reach') return;
    heard = true;
    holder.set(message.reach);
  };
  const onOffline = (): void => {
    const current = holder.get();
    if (current?.state === 'unreachable') return;
    heard = true;
    const next: Reach = { state: 'unreachable', since: hints.now() };
    if (current?.lastAnsweredAt !== undefined) next.lastAnsweredAt = current.lastAnsweredAt;
    holder.set(next);
  };
  channel.addEventListener('message', onMessage);
  hints.addEventListener('offline', onOffline);
  if (!hints.onLine()) onOffline();
  readReach(db).then(
    (stored) => {
      if (!stored) return;
      // A broadcast (or the browser's hint) heard meanwhile is newer, except that an outage
      // stored before began earlier than the hint that repeats it.
      if (!heard || (stored.state === 'unreachable' && holder.get()?.state === 'unreachable')) holder.set(stored);
    },
    (error: unknown) => console.warn('Reading whether Epos Now answers failed:', errorText(error)),
  );
  return {
    get: holder.get,
    subscribe: holder.subscribe,
    close() {
      channel.removeEventListener('message', onMessage);
      hints.removeEventListener('offline', onOffline);
    },
  };
}
