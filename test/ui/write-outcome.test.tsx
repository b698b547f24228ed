// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { OutcomeMessage, writeOutcome } from '../../app/ui/write-outcome.tsx';

afterEach(cleanup);

describe('write outcomes', () => {
  it('says what each result means, the screen choosing the words for done', () => {
    expect(writeOutcome({ state: 'done', recordId: 5 }, 'Customer created')).toEqual({
      text: 'Customer created',
      alert: false,
    });
    expect(writeOutcome({ state: 'queued', seq: 3, recordId: -1 }, 'x')).toEqual({
      text: 'Saved on this till; it goes to Epos Now as soon as the connection allows.',
      alert: false,
    });
    expect(writeOutcome({ state: 'attention', seq: 3, recordId: -1, reason: 'HTTP 400: bad email' }, 'x')).toEqual({
      text: 'Kept on this till, but not accepted by Epos Now (HTTP 400: bad email). Fix it under Back office, Pending changes.',
      alert: true,
    });
  });

  it('announces a stored write in the status region and a refused one as an alert', () => {
    const { rerender } = render(<OutcomeMessage outcome={null} />);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<OutcomeMessage outcome={writeOutcome({ state: 'done', recordId: 1 }, 'Saved')} />);
    expect(screen.getByRole('status').textContent).toBe('Saved');
    rerender(
      <OutcomeMessage
        outcome={writeOutcome({ state: 'attention', seq: 1, recordId: 1, reason: 'refused' }, 'Saved')}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.getByRole('alert').textContent).toContain('not accepted by Epos Now (refused)');
  });
});
