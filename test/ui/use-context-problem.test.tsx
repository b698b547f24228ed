// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { BootContext } from '../../app/store/schema.ts';
import { useContextProblem } from '../../app/ui/use-context-problem.ts';

afterEach(cleanup);

const CONTEXT: BootContext = {
  baseUrl: '',
  token: 'abc+def==',
  deviceId: '1',
  locationId: '1',
  staffId: '1',
  username: null,
  locationAreaId: null,
};

function Probe({ context }: { context: BootContext }) {
  return <p role="status">{useContextProblem(context) ?? 'usable'}</p>;
}

describe('useContextProblem', () => {
  it('checks the stored context the way the worker does, a damaged token or an unusable address', async () => {
    const { rerender } = render(<Probe context={{ ...CONTEXT, token: 'abc def==' }} />);
    expect(await screen.findByText(/token is empty or has characters an HTTP header cannot carry/)).toBeTruthy();
    rerender(<Probe context={CONTEXT} />);
    expect(await screen.findByText('usable')).toBeTruthy();
    rerender(<Probe context={{ ...CONTEXT, baseUrl: 'eposnow' }} />);
    expect(await screen.findByText(/API address is not a web address/)).toBeTruthy();
  });
});
