/**
 * The barcode scanner wherever focus is: a scanner types like a keyboard, so a scan made while a
 * button has focus would otherwise be lost, or its closing Enter would press the button.
 */
import { useEffect, useRef } from 'preact/hooks';
import { createScanDetector } from '../../till/scanner.ts';

/** Fields that take typing: a scan there is theirs (the search box handles its own Enter). */
const TEXT_FIELD =
  'input:not([type=button]):not([type=checkbox]):not([type=radio]),textarea,select,[contenteditable]:not([contenteditable=false])';

/** Calls `onScan` with each code scanned outside a text field; `now` gives key times (ms). */
export function useScanner(onScan: (code: string) => void, now?: () => number): void {
  // Refs, not effect dependencies: re-listening would start a new detector and lose a scan under way.
  const latest = useRef({ onScan, now });
  latest.current = { onScan, now };
  useEffect(() => {
    const detector = createScanDetector();
    const listen = (event: KeyboardEvent): void => {
      const code = detector.key(event.key, latest.current.now?.() ?? event.timeStamp);
      if (code === undefined || (event.target instanceof Element && event.target.closest(TEXT_FIELD))) return;
      event.preventDefault();
      latest.current.onScan(code);
    };
    // Capture, so the scan is seen before a focused control acts on the Enter.
    document.addEventListener('keydown', listen, true);
    return () => document.removeEventListener('keydown', listen, true);
  }, []);
}
