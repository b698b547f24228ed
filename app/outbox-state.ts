/**
 * The outbox as the page shows it: its status, read from IndexedDB at start, on every
 * 'outbox-changed' broadcast of the worker and after each write this page queues. Reads run one
 * at a time, in order, so the last one wins; a burst of changes costs one or two reads.
 */
import { CHANNEL_NAME, type WorkerMessage } from './store/channel.ts';
import type { TillDb } from './store/db.ts';
import { type OutboxStatus, readOutboxStatus } from './store/outbox-status.ts';

/** The page's outbox status. */
export interface OutboxState {
  /** The last status read, or undefined before the first read ends. */
  get(): OutboxStatus | undefined;
  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Re-reads the status; resolves once a read that began after this call has ended. */
  refresh(): Promise<void>;
  /** Stops listening to the worker. */
  close(): void;
}

/** The part of a BroadcastChannel this needs; tests pass their own. */
export type OutboxChannel = Pick<BroadcastChannel, 'addEventListener' | 'removeEventListener'>;

/** Reads the status and starts following the worker. The channel stays the caller's to close. */
export function createOutboxState(db: TillDb, channel: OutboxChannel = new BroadcastChannel(CHANNEL_NAME)): OutboxState {
  const listeners = new Set<() => void>();
  let status: OutboxStatus | undefined;
  let reads: Promise<void> = Promise.resolve();
  let waiting = false;

  async function read(): Promise<void> {
    waiting = false;
    try {
      status = await readOutboxStatus(db);
      for (const listener of listeners) listener();
    } catch (error) {
      // The bar keeps the last status it had; the next broadcast or write reads again.
      console.error('Reading the outbox status failed:', error instanceof Error ? error.message : error);
    }
  }

  // A read not yet started will see this change too: join it rather than queue another.
  function refresh(): Promise<void> {
    if (!waiting) {
      waiting = true;
      reads = reads.then(read);
    }
    return reads;
  }

  const onMessage = (event: Event): void => {
    if ((event as MessageEvent<WorkerMessage>).data?.type === 'outbox-changed') void refresh();
  };
  channel.addEventListener('message', onMessage);
  void refresh();

  return {
    get: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    refresh,
    close: () => channel.removeEventListener('message', onMessage),
  };
}
