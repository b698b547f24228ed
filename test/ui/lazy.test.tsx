// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { lazy } from '../../app/ui/lazy.tsx';

afterEach(cleanup);

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazy', () => {
  it('says it is loading, then shows the component with its props, loading it once', async () => {
    let loads = 0;
    const Lazy = lazy(async () => (loads++, Greeting), 'greeting');
    render(<Lazy name="Ada" />);
    expect(screen.getByText('Loading the greeting…')).toBeTruthy();
    await screen.findByText('Hello Ada');
    cleanup();
    render(<Lazy name="Bo" />);
    await screen.findByText('Hello Bo');
    expect(loads).toBe(1);
  });

  it('says what to do when the code cannot be fetched, and Try again loads it', async () => {
    let fail = true;
    const Lazy = lazy(async () => {
      if (fail) throw new TypeError('Failed to fetch dynamically imported module');
      return Greeting;
    }, 'back office');
    render(<Lazy name="Ada" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'The back office could not be loaded (Failed to fetch dynamically imported module)',
    );
    expect(alert.textContent).toContain('Connect the till to the internet, or reload the page.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Hello Ada');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
