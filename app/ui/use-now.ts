/** The current time, refreshed on an interval, so "3 min ago" keeps counting. */
import { useEffect, useState } from 'preact/hooks';

/** Date.now(), updated every `intervalMs`. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
