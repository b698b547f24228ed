// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { memo, useStableCallback } from '../../app/ui/memo.tsx';

afterEach(cleanup);

describe('memo', () => {
  it('renders again for a changed prop, not for the same props, and always for its own state', () => {
    let renders = 0;
    const Counter = memo(function Counter({ label, start }: { label: string; start: number }) {
      renders++;
      const [count, setCount] = useState(start);
      return (
        <button type="button" onClick={() => setCount(count + 1)}>
          {label} {count}
        </button>
      );
    });
    const { rerender } = render(<Counter label="Taps" start={0} />);
    expect(renders).toBe(1);
    rerender(<Counter label="Taps" start={0} />);
    expect(renders).toBe(1);
    rerender(<Counter label="Presses" start={0} />);
    expect(screen.getByRole('button').textContent).toBe('Presses 0');
    expect(renders).toBe(2);
    // Its hooks' state is its own: a change renders it without asking its props, after any render.
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button').textContent).toBe('Presses 1');
    expect(renders).toBe(3);
  });
});

describe('useStableCallback', () => {
  it('is the same function on every render and calls the latest callback', () => {
    const seen: unknown[] = [];
    const called: string[] = [];
    function Holder({ word }: { word: string }) {
      const stable = useStableCallback(() => called.push(word));
      seen.push(stable);
      return (
        <button type="button" onClick={stable}>
          Go
        </button>
      );
    }
    const { rerender } = render(<Holder word="first" />);
    rerender(<Holder word="second" />);
    fireEvent.click(screen.getByRole('button'));
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(seen[1]);
    expect(called).toEqual(['second']);
  });
});
