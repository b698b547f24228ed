// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Confirm } from '../../app/ui/confirm.tsx';

afterEach(cleanup);

describe('Confirm', () => {
  it('asks, named by its question, with the focus on the answer that changes nothing', () => {
    const onYes = vi.fn();
    const onNo = vi.fn();
    render(
      <Confirm
        question="Delete Brand 3? This cannot be undone."
        yes={{ text: 'Delete' }}
        no={{ text: 'Cancel' }}
        onYes={onYes}
        onNo={onNo}
      />,
    );
    expect(screen.getByRole('group', { name: 'Delete Brand 3? This cannot be undone.' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect([onYes.mock.calls.length, onNo.mock.calls.length]).toEqual([1, 1]);
  });

  it('takes names for answers that would be ambiguous on the page, and holds the step while busy', () => {
    render(
      <Confirm
        question="Discard it?"
        label="Confirm"
        yes={{ text: 'Discard', name: 'Confirm discard Create Customer' }}
        no={{ text: 'Keep', name: 'Keep Create Customer' }}
        busy
        onYes={vi.fn()}
        onNo={vi.fn()}
      />,
    );
    expect(screen.getByRole('group', { name: 'Confirm' })).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Confirm discard Create Customer' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect((screen.getByRole('button', { name: 'Keep Create Customer' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
