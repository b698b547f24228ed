/**
 * Rendering only what changed: a component that skips its render while its props are the same
 * (each compared with ===), and a callback that stays the same function while calling the latest
 * one. On a slow till every tile a keystroke or a tap need not touch is time the cashier does not
 * wait (issue 26). What preact/compat's `memo` does, without compat's weight.
 */
import type { Component, FunctionComponent } from 'preact';
import { useRef, useState } from 'preact/hooks';

/** `component`, rendered again only when one of its props is a different value (or its own state changed). */
export function memo<P extends object>(component: FunctionComponent<P>): FunctionComponent<P> {
  // Preact renders a function component with its instance as `this`, and asks an instance's
  // shouldComponentUpdate before rendering it again for its parent. `component` is a child of its
  // own: its hooks' state changes render it without asking (hooks wrap the question they find).
  const Inner = component;
  function Memo(this: Component<P>, props: P) {
    this.shouldComponentUpdate = propsChanged;
    return <Inner {...props} />;
  }
  Memo.displayName = `memo(${component.displayName ?? component.name})`;
  return Memo;
}

function propsChanged(this: Component, next: object): boolean {
  const props = this.props as Record<string, unknown>;
  const keys = Object.keys(next);
  return (
    keys.length !== Object.keys(props).length ||
    keys.some((key) => props[key] !== (next as Record<string, unknown>)[key])
  );
}

/**
 * A function that is the same on every render and calls what `callback` is on the latest one: an
 * event handler handed to a memoised child without making it render again.
 */
export function useStableCallback<A extends unknown[], R>(callback: (...args: A) => R): (...args: A) => R {
  const latest = useRef(callback);
  latest.current = callback;
  const [stable] = useState(
    () =>
      (...args: A): R =>
        latest.current(...args),
  );
  return stable;
}
