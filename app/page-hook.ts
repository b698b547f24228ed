/**
 * `window.eposTill.write(change)`: the page's writer, reachable from outside the UI.
 *
 * The till has no screens yet that create customers, edit products or save settings (the back
 * office comes later), but the outbox behind them is built and must be exercised end to end in
 * a real browser: the write stored by the page, the worker told, the worker sending it. This hook
 * is that one function and nothing else, so a browser test (or support, from the devtools
 * console) writes exactly the way a screen will. It reads nothing and holds no token: the page
 * already holds the same power, and the strict CSP keeps foreign scripts out of it.
 */
import type { Write } from './store/outbox.ts';
import type { Writer, WriteResult } from './writer.ts';

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
