/**
 * When the product index is packed and stored for the next cold start: a moment after the last
 * change (a till may be reloaded just after a pull, but a burst of changes should settle first),
 * in an idle moment (packing 50,000 products takes about 40 ms of main thread).
 */
import type { CatalogStamp } from '../store/schema.ts';
import { whenIdle } from './idle.ts';

/** The clock and idle callback the schedule runs on; tests pass their own. */
export interface PackTimers {
  setTimeout(task: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Runs `task` when the page is idle (between keystrokes); what it returns (the store's promise) is the timers' to await or drop. */
  whenIdle(task: () => unknown): void;
}

/** Packing, scheduled. */
export interface PackSchedule {
  /** The index now reflects `stamp`: pack it once changes settle; a later call moves the time on. */
  later(stamp: CatalogStamp): void;
  /** What the index reflects (the stamp last given, or the start's). */
  indexed(): CatalogStamp;
  /** Cancels a pack not yet begun. */
  stop(): void;
}

/** Schedules `store(stamp)` `delayMs` after the last change, then when idle. */
export function schedulePacks(
  start: CatalogStamp,
  delayMs: number,
  store: (stamp: CatalogStamp) => Promise<void>,
  timers: PackTimers = browserTimers,
): PackSchedule {
  let indexed = start;
  let timer: unknown;
  let stopped = false;
  return {
    later(stamp) {
      indexed = stamp;
      timers.clearTimeout(timer);
      timer = timers.setTimeout(
        () =>
          // A change after this timer was set moved `indexed` on; its own timer packs it.
          timers.whenIdle(() => (!stopped && indexed === stamp ? store(stamp) : undefined)),
        delayMs,
      );
    },
    indexed: () => indexed,
    stop() {
      stopped = true;
      timers.clearTimeout(timer);
    },
  };
}

const browserTimers: PackTimers = {
  setTimeout: (task, ms) => setTimeout(task, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  whenIdle(task) {
    whenIdle(() => void task(), 1_000);
  },
};
