/**
 * `window.eposTill.write(change)`: the page's writer, reachable from outside the UI.
 *
 * The screens (new customer, settings, records) write through the same writer. This hook is
 * that one function and nothing else, so a browser test can make many writes of every kind
 * quickly, and support can make one from the devtools console, exactly the way a screen does:
 * the write stored by the page, the worker told, the worker sending it. It reads nothing and holds no token: the page
 * already holds the same power, and the strict CSP keeps foreign scripts out of it.
 */
import type { Write } from '../store/outbox.ts';
import type { WriteResult, Writer } from './writer.ts';

/** What the page exposes on `window.eposTill`. */
export interface PageHook {
  /** Queues a write through the page's writer; see {@link Writer.write}. */
  write(change: Write): Promise<WriteResult>;
}

declare global {
  interface Window {
    /** Set while the till screen runs. */
    eposTill?: PageHook;
  }
}

/** Puts the writer on `window.eposTill`; returns the removal. */
export function exposeWriter(writer: Writer): () => void {
  const hook: PageHook = { write: (change) => writer.write(change) };
  window.eposTill = hook;
  return () => {
    if (window.eposTill === hook) delete window.eposTill;
  };
}
