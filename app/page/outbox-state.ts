/**
 * The outbox as the page shows it: its status, read from IndexedDB at start, on every
 * 'outbox-changed' broadcast of the worker and after each write this page queues. Reads run one
 * at a time, in order, so the last one wins; a burst of changes costs one or two reads.
 */
import { errorText } from '../epos/error-text.ts';
import type { PageChannel, WorkerMessage } from '../store/channel.ts';
import type { TillDb } from '../store/db.ts';
import { type OutboxStatus, readOutboxStatus } from '../store/outbox-status.ts';
import { createHolder, type Subscribable } from './subscribable.ts';

/** The page's outbox status: the last one read, or undefined before the first read ends. */
export interface OutboxState extends Subscribable<OutboxStatus | undefined> {
  /** Re-reads the status; resolves once a read that began after this call has ended. */
  refresh(): Promise<void>;
  /** Stops listening to the worker. */
  close(): void;
}

/** Reads the status and starts following the worker. The channel stays the caller's to close. */
export function createOutboxState(
  db: TillDb,
  channel: Pick<PageChannel, 'addEventListener' | 'removeEventListener'>,
): OutboxState {
  const holder = createHolder<OutboxStatus | undefined>(undefined);
  let reads: Promise<void> = Promise.resolve();
  let waiting = false;

  async function read(): Promise<void> {
    waiting = false;
    try {
      holder.set(await readOutboxStatus(db));
    } catch (error) {
      // The bar keeps the last status it had; the next broadcast or write reads again.
      console.error('Reading the outbox status failed:', errorText(error));
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
    get: holder.get,
    subscribe: holder.subscribe,
    refresh,
    close: () => channel.removeEventListener('message', onMessage),
  };
}
