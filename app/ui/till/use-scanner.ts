/**
 * The barcode scanner wherever focus is: a scanner types like a keyboard, so a scan made while a
 * button has focus would otherwise be lost, or its closing Enter would press the button, and one
 * made while the Amount or discount field has focus would type the barcode into it.
 *
 * A scan is only known at its closing Enter, after its characters reached the field: the field's
 * value is noted when a burst begins there, and put back when the burst turns out to be a scan.
 * A field marked `data-scanner="own"` (the search box) takes scans itself.
 */
import { useEffect, useRef } from 'preact/hooks';
import { createScanDetector } from '../../till/scanner.ts';
import { isTypedField } from './typed-field.ts';

/** Where a scan is left to the field: it handles the scan's Enter itself. */
const OWN_SCANS = '[data-scanner=own]';

/** Calls `onScan` with each code scanned outside a text field; `now` gives key times (ms). */
export function useScanner(onScan: (code: string) => void, now?: () => number): void {
  // Refs, not effect dependencies: re-listening would start a new detector and lose a scan under way.
  const latest = useRef({ onScan, now });
  latest.current = { onScan, now };
  useEffect(() => {
    const detector = createScanDetector();
    /** The field a burst began in and its value then. */
    let before: { field: HTMLInputElement | HTMLTextAreaElement; value: string } | undefined;
    const listen = (event: KeyboardEvent): void => {
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(OWN_SCANS)) return;
      const code = detector.key(event.key, latest.current.now?.() ?? event.timeStamp);
      // Keydown comes before the character lands: the field still holds what the person typed.
      if (detector.pending() === 1) before = isTypedField(target) ? { field: target, value: target.value } : undefined;
      if (code === undefined) return;
      event.preventDefault();
      if (before && before.field === target) restore(before.field, before.value);
      before = undefined;
      latest.current.onScan(code);
    };
    // Capture, so the scan is seen before a focused control acts on the Enter.
    document.addEventListener('keydown', listen, true);
    return () => document.removeEventListener('keydown', listen, true);
  }, []);
}

/** Puts the field back as it was, telling its owner (a controlled Preact input reads the input event). */
function restore(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  if (field.value === value) return;
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
