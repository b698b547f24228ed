/**
 * Tells a barcode scanner from a person. A scanner acting as a keyboard types a code in a burst
 * (a few ms between keys) and ends it with Enter; nobody types that fast. The detector is fed
 * key presses with their times and answers the code when Enter closes a fast enough burst.
 */

/** The detector's thresholds. */
export interface ScannerOptions {
  /** Longest gap between two keys of one scan, ms. Scanners manage under 20; people over 60. */
  maxGapMs?: number;
  /** Fewest characters a code has (EAN-8 is 8; 4 leaves room for short in-store codes). */
  minLength?: number;
}

/** Feeds keys; answers a code when a scan ends. */
export interface ScanDetector {
  /**
   * A key pressed at `time` (ms). Returns the scanned code when `key` is an Enter that ends a
   * scan (the caller then keeps the Enter from doing anything else), otherwise undefined.
   */
  key(key: string, time: number): string | undefined;
  /** How many characters the burst under way holds (1 right after the key that began one). */
  pending(): number;
}

/** A detector with the given thresholds. */
export function createScanDetector({ maxGapMs = 40, minLength = 4 }: ScannerOptions = {}): ScanDetector {
  let buffer = '';
  let last = -Infinity;
  return {
    key(key, time) {
      const fast = time - last <= maxGapMs;
      last = time;
      if (key === 'Enter') {
        const code = fast && buffer.length >= minLength ? buffer : undefined;
        buffer = '';
        return code;
      }
      if (key.length !== 1) {
        // Shift and friends come between a scanner's keys too; anything else ends the burst.
        if (key !== 'Shift') buffer = '';
        return undefined;
      }
      buffer = fast ? buffer + key : key;
      return undefined;
    },
    pending: () => buffer.length,
  };
}
