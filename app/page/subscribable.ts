/**
 * The one way the page's state modules hold a value the screens follow: catalog, outbox,
 * configuration, worker. A new value object on every change, so a screen compares by identity.
 */

/** A current value and change notifications; what `useSubscription` reads. */
export interface Subscribable<T> {
  get(): T;
  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** A {@link Subscribable} its owner changes. */
export interface Holder<T> extends Subscribable<T> {
  /** Replaces the value and tells every listener. */
  set(value: T): void;
}

/** Holds `initial` until the owner changes it. */
export function createHolder<T>(initial: T): Holder<T> {
  const listeners = new Set<() => void>();
  let value = initial;
  return {
    get: () => value,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(next) {
      value = next;
      for (const listener of listeners) listener();
    },
  };
}
