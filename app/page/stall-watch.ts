/**
 * A download the page stops showing as running: no word from the worker for a while means the
 * browser stopped the worker that ran it (it does that to idle workers, and to busy ones after a
 * few minutes) and its walk is lost; the next trigger starts a new one.
 */
import type { CachedKind } from '../epos/kinds.ts';
import type { PullProgressMessage } from '../store/channel.ts';

/** Watches each kind's progress messages. */
export interface StallWatch {
  /** A progress message came: a running walk is watched afresh, a finished one no longer. */
  heard(message: PullProgressMessage): void;
  stop(): void;
}

/** Calls `onStalled(message)` with the last running message of a kind silent for `afterMs`. */
export function watchStalls(afterMs: number, onStalled: (last: PullProgressMessage) => void): StallWatch {
  const timers = new Map<CachedKind, ReturnType<typeof setTimeout>>();
  return {
    heard(message) {
      clearTimeout(timers.get(message.kind));
      timers.delete(message.kind);
      if (message.state === 'running')
        timers.set(
          message.kind,
          setTimeout(() => onStalled(message), afterMs),
        );
    },
    stop() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
