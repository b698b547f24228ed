/** Re-renders a component whenever a state it reads changes. */
import { useEffect, useState } from 'preact/hooks';
import type { Subscribable } from '../page/subscribable.ts';

/** The state's current value, or undefined while there is no state yet. */
export function useSubscription<T>(source: Subscribable<T> | undefined): T | undefined {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!source) return undefined;
    const rerender = (): void => setTick((n) => n + 1);
    const unsubscribe = source.subscribe(rerender);
    // A change between this render and the subscription would otherwise go unseen.
    rerender();
    return unsubscribe;
  }, [source]);
  return source?.get();
}
