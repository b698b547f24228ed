/**
 * The page's view of Epos Now's API limit: when the worker may ask again, read from storage at
 * start and followed through the worker's broadcasts.
 */
import { errorText } from '../epos/error-text.ts';
import { readApiLimit } from '../store/api-limit.ts';
import type { PageChannel, WorkerMessage } from '../store/channel.ts';
import type { TillDb } from '../store/db.ts';
import { createHolder, type Subscribable } from './subscribable.ts';

/** The time (ms) the worker waits for, 0 when it does not wait. */
export interface ApiLimitState extends Subscribable<number> {
  /** Stops listening (the channel stays the caller's). */
  close(): void;
}

/** Reads the stored limit and follows the worker's broadcasts on `channel`. */
export function watchApiLimit(
  db: TillDb,
  channel: Pick<PageChannel, 'addEventListener' | 'removeEventListener'>,
): ApiLimitState {
  const holder = createHolder(0);
  let heard = false;
  const onMessage = (event: Event): void => {
    const message = (event as MessageEvent<WorkerMessage>).data;
    if (message?.type !== 'api-limit') return;
    heard = true;
    holder.set(message.until);
  };
  channel.addEventListener('message', onMessage);
  readApiLimit(db).then(
    // A broadcast heard meanwhile is newer than what was stored when the read began.
    (row) => heard || holder.set(row?.until ?? 0),
    (error: unknown) => console.warn('Reading the API limit failed:', errorText(error)),
  );
  return {
    get: holder.get,
    subscribe: holder.subscribe,
    close: () => channel.removeEventListener('message', onMessage),
  };
}
