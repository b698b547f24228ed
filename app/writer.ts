/**
 * The page's one way to write: the change is stored durably in the outbox (and shown at once),
 * the worker is told to send it, and the caller gets the server's answer if it comes quickly,
 * or "queued" to show while the till is offline. Either way the write is safe from that moment.
 */
import type { WorkerMessage } from './store/channel.ts';
import type { TillDb } from './store/db.ts';
import { enqueue, type Queued, type Write } from './store/outbox.ts';

/** What happened to a write by the time the caller stops waiting. */
export type WriteResult =
  | { state: 'done'; recordId: number; answer?: unknown }
  | { state: 'queued'; seq: number | undefined; recordId: number };

/** What the writer needs from the page. */
export interface WriterDeps {
  db: TillDb;
  /** Where the worker's broadcasts arrive. */
  channel: Pick<BroadcastChannel, 'addEventListener' | 'removeEventListener'>;
  /** Asks the worker to send now (and registers Background Sync where there is one). */
  notify(): void;
  /** Called once the write is stored, before any answer: the page re-reads what it shows. */
  onQueued?(write: Write, queued: Queued): void;
  now(): number;
  /** How long to wait for the server's answer before saying "queued". Default 3 s. */
  waitMs?: number;
}

/** The writer. */
export interface Writer {
  write(write: Write): Promise<WriteResult>;
}

/** Creates the writer. */
export function createWriter(deps: WriterDeps): Writer {
  async function write(change: Write): Promise<WriteResult> {
    const queued = await enqueue(deps.db, change, deps.now());
    deps.onQueued?.(change, queued);
    const { seq } = queued;
    if (seq === undefined) return { state: 'queued', seq, recordId: queued.recordId };
    // Listen before notifying, so a fast answer cannot slip past.
    const landed = new Promise<WriteResult>((resolve) => {
      const timer = setTimeout(() => finish({ state: 'queued', seq, recordId: queued.recordId }), deps.waitMs ?? 3_000);
      const listener = (event: Event): void => {
        const message = (event as MessageEvent<WorkerMessage>).data;
        if (message?.type === 'write-landed' && message.seq === seq) finish({ state: 'done', recordId: message.recordId, answer: message.answer });
      };
      function finish(result: WriteResult): void {
        clearTimeout(timer);
        deps.channel.removeEventListener('message', listener);
        resolve(result);
      }
      deps.channel.addEventListener('message', listener);
    });
    deps.notify();
    return landed;
  }
  return { write };
}
