/**
 * The page's view of Epos Now's API limit: when the worker may ask again, read from storage at
 * start and followed through the worker's broadcasts.
 */
import { readApiLimit } from './store/api-limit.ts';
import { CHANNEL_NAME, type WorkerMessage } from './store/channel.ts';
import type { TillDb } from './store/db.ts';

/** Calls `onChange` with the time (ms) the worker waits for, 0 when it does not wait; returns the stop. */
export function watchApiLimit(db: TillDb, onChange: (until: number) => void): () => void {
  let heard = false;
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent) => {
    const message = event.data as WorkerMessage;
    if (message.type !== 'api-limit') return;
    heard = true;
    onChange(message.until);
  };
  readApiLimit(db).then(
    // A broadcast heard meanwhile is newer than what was stored when the read began.
    (row) => heard || onChange(row?.until ?? 0),
    (error: unknown) => console.warn('Reading the API limit failed:', error instanceof Error ? error.message : error),
  );
  return () => channel.close();
}
