/** Re-renders a component whenever a store it reads changes. */
import { useEffect, useState } from 'preact/hooks';

/** A store with a current value and change notifications (catalog state, worker client). */
export interface Subscribable<T> {
  get(): T;
  subscribe(listener: () => void): () => void;
}

/** The store's current value, or undefined while there is no store yet. */
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
