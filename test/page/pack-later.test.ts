/** When the product index is packed: after changes settle, in an idle moment, once per settled stamp. */
import { describe, expect, it } from 'vitest';
import { type PackTimers, schedulePacks } from '../../app/page/pack-later.ts';
import type { CatalogStamp } from '../../app/store/schema.ts';

const stamp = (gen: number): CatalogStamp => ({ gen, local: '' });

/** Timers that run only when told; `idle` holds what waits for an idle moment. */
function manual() {
  let due: { task: () => void; ms: number }[] = [];
  const idle: (() => unknown)[] = [];
  const timers: PackTimers = {
    setTimeout(task, ms) {
      const timer = { task, ms };
      due.push(timer);
      return timer;
    },
    clearTimeout(handle) {
      due = due.filter((timer) => timer !== handle);
    },
    whenIdle: (task) => void idle.push(task),
  };
  return {
    timers,
    due: () => due,
    idle,
    fire: () => due.splice(0).forEach((t) => t.task()),
    runIdle: () => idle.splice(0).forEach((t) => t()),
  };
}

describe('packing the index', () => {
  it('stores a stamp once the delay passes and the page is idle, not before', () => {
    const clock = manual();
    const stored: CatalogStamp[] = [];
    const packs = schedulePacks(stamp(1), 100, async (s) => void stored.push(s), clock.timers);
    packs.later(stamp(2));
    expect(clock.due().map((t) => t.ms)).toEqual([100]);
    expect(packs.indexed()).toEqual(stamp(2));
    clock.fire();
    expect(stored).toEqual([]);
    clock.runIdle();
    expect(stored).toEqual([stamp(2)]);
  });

  it('a burst of changes moves the time on and stores only the last', () => {
    const clock = manual();
    const stored: CatalogStamp[] = [];
    const packs = schedulePacks(stamp(1), 100, async (s) => void stored.push(s), clock.timers);
    packs.later(stamp(2));
    packs.later(stamp(3));
    expect(clock.due()).toHaveLength(1);
    clock.fire();
    clock.runIdle();
    expect(stored).toEqual([stamp(3)]);
  });

  it('a change after the timer fired, before the idle moment, leaves the pack to its own timer', () => {
    const clock = manual();
    const stored: CatalogStamp[] = [];
    const packs = schedulePacks(stamp(1), 100, async (s) => void stored.push(s), clock.timers);
    packs.later(stamp(2));
    clock.fire();
    packs.later(stamp(3));
    clock.runIdle();
    expect(stored).toEqual([]);
    clock.fire();
    clock.runIdle();
    expect(stored).toEqual([stamp(3)]);
  });

  it('stops: nothing due is stored, even from an idle moment already asked for', () => {
    const clock = manual();
    const stored: CatalogStamp[] = [];
    const packs = schedulePacks(stamp(1), 100, async (s) => void stored.push(s), clock.timers);
    packs.later(stamp(2));
    clock.fire();
    packs.stop();
    clock.runIdle();
    expect(clock.due()).toEqual([]);
    expect(stored).toEqual([]);
  });
});
