/**
 * The page's one way to write: the change is stored durably in the outbox (and shown at once),
 * the worker is told to send it, and the caller gets the server's answer if it comes quickly,
 * or "queued" to show while the till is offline. Either way the write is safe from that moment.
 */
import { errorText } from '../epos/error-text.ts';
import type { OpenRecord } from '../epos/records.ts';
import type { WorkerMessage } from '../store/channel.ts';
import { assertOpen, type TillDb } from '../store/db.ts';
import type { Queued, Write } from '../store/outbox.ts';
import { listEntries } from '../store/outbox-status.ts';
import type { OutboxEntry } from '../store/schema.ts';

/** What happened to a write by the time the caller stops waiting. */
export type WriteResult =
  | { state: 'done'; recordId: number; answer?: unknown }
  | { state: 'queued'; seq: number | undefined; recordId: number }
  /** Epos Now refused it, or it cannot be decided without a person: kept, under Pending changes. */
  | { state: 'attention'; seq: number; recordId: number; reason: string };

/** What a caller of {@link Writer.write} may ask to hear. */
export interface WriteOptions {
  /** Runs once the write is durable, before any answer is awaited. */
  onStored?(): void;
  /**
   * Runs once, later, when a write answered 'queued' lands or turns out to need a person, so the
   * screen that said "saved on this till" can say what became of it.
   */
  onSettled?(result: WriteResult): void;
}

/** What the writer needs from the page. */
export interface WriterDeps {
  db: TillDb;
  /** Where the worker's broadcasts arrive; changes made here are announced on it to other tabs. */
  channel: Pick<BroadcastChannel, 'addEventListener' | 'removeEventListener' | 'postMessage'>;
  /** Asks the worker to send now (and registers Background Sync where there is one). */
  notify(): void;
  /** Called once the write is stored, before any answer: the page re-reads what it shows. */
  onQueued?(write: Write, queued: Queued): void;
  now(): number;
  /** How long to wait for the server's answer before saying "queued". Default 3 s. */
  waitMs?: number;
  /**
   * Whether the browser believes it is online (`navigator.onLine` by default). When it knows it
   * is offline, no answer can come within the wait: "queued" is said at once.
   */
  online?(): boolean;
  /**
   * Whether the worker's last requests found Epos Now out of reach (no answer, a refused token,
   * the API limit; app/store/reach.ts). Then no answer can come within the wait either, whatever
   * the browser says: "queued" is said at once.
   */
  outOfReach?(): boolean;
}

/** The writer: every write, and what a person does with writes the server would not take. */
export interface Writer {
  /** Queues a write; see {@link WriteOptions}. */
  write(write: Write, options?: WriteOptions): Promise<WriteResult>;
  /** Every waiting entry, oldest first. */
  list(): Promise<OutboxEntry[]>;
  /** Sends a failed or held entry again. */
  retry(seq: number): Promise<void>;
  /** Replaces a failed entry's fields and sends it again. */
  edit(seq: number, body: OpenRecord): Promise<void>;
  /** Settles a held create as the server record a person picked. */
  adopt(seq: number, record: OpenRecord): Promise<void>;
  /** Throws an entry away (a create with the writes queued behind it). */
  discard(seq: number): Promise<void>;
  /**
   * Settles an entry held for a conflict with this till's values, or with `edited`, what a
   * person typed having seen both: sent again over what Epos Now has now.
   */
  keepMine(seq: number, edited?: OpenRecord): Promise<void>;
  /** Settles an entry held for a conflict with Epos Now's values: those fields leave the change. */
  keepTheirs(seq: number): Promise<void>;
}

/** What a manager does with stuck writes: only the back office needs it, so the till loads it late. */
const admin = () => import('../store/outbox-admin.ts');
/**
 * Queuing: a till may sell all day without writing, so it is fetched with the first write. One
 * promise for every caller, so writes made together still queue in the order they were made.
 */
let queuingModule: Promise<typeof import('../store/write-check.ts')> | undefined;
const queuing = () => (queuingModule ??= import('../store/write-check.ts'));

/** Creates the writer. */
export function createWriter(deps: WriterDeps): Writer {
  const online = deps.online ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  /** Other tabs learn of a change made here; the worker's own broadcasts cover what it does. */
  function announce(): void {
    const message: WorkerMessage = { type: 'outbox-changed' };
    deps.channel.postMessage(message);
  }

  async function settle(action: () => Promise<void>): Promise<void> {
    assertOpen(deps.db, 'nothing was changed');
    await action();
    announce();
    deps.notify();
  }

  async function write(change: Write, options: WriteOptions = {}): Promise<WriteResult> {
    // Refused before anything is stored: the connection is closed, and a typed error says why.
    assertOpen(deps.db, 'this change was not saved');
    // Checked against what the API takes first: refused here, nothing is stored (InvalidWriteError).
    const queued = await (await queuing()).queueChecked(deps.db, change, deps.now());
    announce();
    deps.onQueued?.(change, queued);
    options.onStored?.();
    const seq = queued.seq;
    if (seq === undefined) return { state: 'queued', seq, recordId: queued.recordId };
    const entrySeq: number = seq;
    // Listen before notifying, so a fast answer cannot slip past.
    const landed = new Promise<WriteResult>((resolve) => {
      let answered = false;
      const answer = (result: WriteResult): void => {
        answered = true;
        resolve(result);
      };
      // Past the wait the caller hears "queued"; one that asked for the outcome keeps listening.
      const timer = setTimeout(
        () => {
          answer({ state: 'queued', seq, recordId: queued.recordId });
          if (!options.onSettled) stop();
        },
        online() && !deps.outOfReach?.() ? (deps.waitMs ?? 3_000) : 0,
      );
      const listener = (event: Event): void => {
        const message = (event as MessageEvent<WorkerMessage>).data;
        if (message?.type === 'write-landed' && message.seq === seq)
          finish({ state: 'done', recordId: message.recordId, answer: message.answer });
        // The worker settled some entry: if it is this one and it needs a person, say so now.
        else if (message?.type === 'outbox-changed') void checkAttention();
      };
      async function checkAttention(): Promise<void> {
        let entry: OutboxEntry | undefined;
        try {
          entry = await deps.db.get('outbox', entrySeq);
        } catch (error) {
          // The timeout still answers "queued"; the status bar shows the entry's state.
          console.warn('Reading a queued write failed:', errorText(error));
          return;
        }
        if (entry?.state === 'failed' || entry?.state === 'held') {
          const reason =
            entry.state === 'held'
              ? 'Epos Now may already have it, and a person must decide'
              : (entry.error?.message ?? 'refused by Epos Now');
          finish({ state: 'attention', seq: entrySeq, recordId: queued.recordId, reason });
        }
      }
      let settled = false;
      function stop(): void {
        settled = true;
        clearTimeout(timer);
        deps.channel.removeEventListener('message', listener);
      }
      function finish(result: WriteResult): void {
        if (settled) return;
        stop();
        // Stryker disable next-line OptionalChaining: answered without onSettled means stop() already ran (the timer's), so finish returned above
        if (answered) options.onSettled?.(result);
        else answer(result);
      }
      deps.channel.addEventListener('message', listener);
    });
    deps.notify();
    return landed;
  }
  return {
    write,
    list: () => listEntries(deps.db),
    retry: (seq) => settle(() => admin().then((a) => a.retryEntry(deps.db, seq, deps.now()))),
    edit: (seq, body) => settle(() => admin().then((a) => a.editEntry(deps.db, seq, body, deps.now()))),
    adopt: (seq, record) => settle(() => admin().then((a) => a.adoptRecord(deps.db, seq, record, deps.now()))),
    discard: (seq) => settle(() => admin().then((a) => a.discardEntry(deps.db, seq))),
    keepMine: (seq, edited) => settle(() => admin().then((a) => a.keepMineEntry(deps.db, seq, deps.now(), edited))),
    keepTheirs: (seq) => settle(() => admin().then((a) => a.keepTheirsEntry(deps.db, seq, deps.now()))),
  };
}
