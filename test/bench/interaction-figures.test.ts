import { describe, expect, it } from 'vitest';
import {
  formatInteractionRows,
  type InteractionMeasure,
  type InteractionSample,
  interactionTargets,
  type PageAtRate,
} from './interaction-figures.ts';

/** A press: `changed` false leaves the screen as it was (answered by the next frame alone). */
const press = (what: string, answeredMs: number, changed = true): InteractionSample => ({
  what,
  opens: false,
  shownMs: changed ? answeredMs : null,
  answeredMs,
  eventMs: null,
});

/** A page at one rate whose key presses are `keystrokes`; everything else fixed. */
const page = (keystrokes: InteractionSample[]): PageAtRate => ({
  reloadMs: [300],
  keystrokes,
  taps: [press('Latte', 20)],
  heapMb: 7,
  compile: { compileMs: 5, windowMs: 100 },
  slowdown: { start: { page: 6, worker: 1 }, end: { page: 6, worker: 1 } },
  workerThrottle: 'refused',
});

const measure = (app: PageAtRate, naive: PageAtRate, bare: PageAtRate): InteractionMeasure => ({
  products: 1000,
  query: 'flat white',
  // The targets read 4x (the reload) and 6x: the same pages at both.
  rates: [4, 6].map((rate) => ({ rate, app, naive, bare })),
});

const target = (m: InteractionMeasure, name: string): [string, string, boolean] => {
  const found = interactionTargets(m).find(([n]) => n.includes(name));
  if (!found) throw new Error(`no target ${name}`);
  return found;
};

describe('the interaction figures', () => {
  it('judges keystrokes over every press, a press that changed nothing at the frame that answered it', () => {
    // The till redraws on one press in ten (slowly), the naive page on every press.
    const letters = [...'abcdefghijklmnopqrst'];
    const app = page(letters.map((l, i) => (i % 10 === 0 ? press(l, 60) : press(l, 20, false))));
    const naive = page(letters.map((l) => press(l, 45)));
    const bare = page(letters.map((l) => press(l, 15)));
    const m = measure(app, naive, bare);
    // Over every press the till's p95 is one of its two redraws (60); alone they would be all of it.
    const [, value, met] = target(m, 'keystroke to results p95 at 6x');
    expect(value).toBe('60 ms (bare page 15); the presses that changed the results 60 ms');
    expect(met).toBe(false);
    expect(target(m, "keystroke p95 1.5x the naive page's")[1]).toMatch(/^0\.75 \/ 0\.75x/);
    const counts = formatInteractionRows(m).find(([name]) => name.includes('keystrokes that changed the results'));
    expect(counts?.[1]).toBe('2/20 / 2/20');
    expect(counts?.[2]).toContain('naive 20/20 / 20/20');
  });

  it('uses the next frame of the presses that changed nothing when they are the slowest 5%', () => {
    const letters = [...'abcdefghijklmnopqrst'];
    const app = page(letters.map((l) => press(l, 20, false)));
    const naive = page(letters.map((l) => press(l, 45)));
    const m = measure(app, naive, page(letters.map((l) => press(l, 15))));
    expect(target(m, 'keystroke to results p95 at 6x')[1]).toBe(
      '20 ms (bare page 15); the presses that changed the results – ms',
    );
    expect(target(m, "keystroke p95 1.5x the naive page's")[1]).toMatch(/^2\.25 \/ 2\.25x/);
  });

  it('refuses to compare pages that were pressed different keys', () => {
    const app = page([press('a', 20), press('b', 20)]);
    const naive = page([press('a', 30), press('c', 30)]);
    expect(() => interactionTargets(measure(app, naive, app))).toThrow(
      'the pages were not pressed the same keys: their keystrokes cannot be compared',
    );
    expect(() => formatInteractionRows(measure(app, app, page([press('a', 10)])))).toThrow('not pressed the same keys');
  });
});
