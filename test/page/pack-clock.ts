/** The pack schedule's timers as the page tests drive them (app/page/pack-later.ts). */
import type { PackTimers } from '../../app/page/pack-later.ts';

/** A clock for packing that moves only when told: `fire()` runs what is due and waits for the stores it started. */
export function packClock() {
  let due: (() => void)[] = [];
  const started: unknown[] = [];
  const timers: PackTimers = {
    setTimeout(task) {
      due.push(task);
      return task;
    },
    clearTimeout(handle) {
      due = due.filter((task) => task !== handle);
    },
    whenIdle: (task) => void started.push(task()),
  };
  return {
    timers,
    async fire() {
      for (const task of due.splice(0)) task();
      await Promise.all(started.splice(0));
    },
  };
}
