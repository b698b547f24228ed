import { describe, expect, it } from 'vitest';
import { createScanDetector, type ScanDetector } from '../../app/till/scanner.ts';

/** Feeds `keys` at `gapMs` apart from `start`; returns what the last key answered. */
function feed(detector: ScanDetector, keys: readonly string[], gapMs: number, start = 1000): string | undefined {
  let answer: string | undefined;
  keys.forEach((key, i) => (answer = detector.key(key, start + i * gapMs)));
  return answer;
}
const typed = (code: string) => [...code, 'Enter'];

describe('createScanDetector', () => {
  it('answers a fast burst ended by Enter', () => {
    expect(feed(createScanDetector(), typed('5012345678900'), 8)).toBe('5012345678900');
  });

  it('takes gaps up to maxGapMs (40 by default) and no more', () => {
    expect(feed(createScanDetector(), typed('12345678'), 40)).toBe('12345678');
    expect(feed(createScanDetector(), typed('12345678'), 41)).toBeUndefined();
    expect(feed(createScanDetector({ maxGapMs: 100 }), typed('12345678'), 90)).toBe('12345678');
  });

  it('ignores a person typing, however long the code', () => {
    expect(feed(createScanDetector(), typed('5012345678900'), 150)).toBeUndefined();
  });

  it('needs minLength characters (4 by default)', () => {
    expect(feed(createScanDetector(), typed('123'), 5)).toBeUndefined();
    expect(feed(createScanDetector(), typed('1234'), 5)).toBe('1234');
    expect(feed(createScanDetector({ minLength: 8 }), typed('1234567'), 5)).toBeUndefined();
  });

  it('needs the Enter itself to come fast', () => {
    const detector = createScanDetector();
    feed(detector, [...'12345678'], 5);
    expect(detector.key('Enter', 1000 + 7 * 5 + 500)).toBeUndefined();
  });

  it('starts a new code after a pause, keeping only what came after it', () => {
    const detector = createScanDetector();
    feed(detector, [...'99'], 5, 0);
    expect(feed(detector, typed('12345678'), 5, 1000)).toBe('12345678');
  });

  it('lets Shift through inside a burst; another named key breaks it', () => {
    expect(feed(createScanDetector(), ['A', 'Shift', 'B', 'C', 'D', 'Enter'], 5)).toBe('ABCD');
    expect(feed(createScanDetector(), ['1', '2', 'Tab', '3', '4', 'Enter'], 5)).toBeUndefined();
  });

  it('forgets a code once answered', () => {
    const detector = createScanDetector();
    expect(feed(detector, typed('12345678'), 5, 0)).toBe('12345678');
    expect(detector.key('Enter', 50)).toBeUndefined();
  });

  it('says how many characters the burst under way holds: 1 at the key that began it', () => {
    const detector = createScanDetector();
    expect(detector.pending()).toBe(0);
    detector.key('1', 0);
    expect(detector.pending()).toBe(1);
    detector.key('2', 5);
    expect(detector.pending()).toBe(2);
    detector.key('3', 500);
    expect(detector.pending()).toBe(1);
    detector.key('Tab', 505);
    expect(detector.pending()).toBe(0);
    detector.key('4', 510);
    detector.key('Enter', 515);
    expect(detector.pending()).toBe(0);
  });
});
