// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSetup } from '../../app/page/boot.ts';
import { loadContext } from '../../app/store/context.ts';
import { openTillDb } from '../../app/store/db.ts';
import { StoreError } from '../../app/store/errors.ts';
import { SetupScreen, validate } from '../../app/ui/setup-screen.tsx';

afterEach(cleanup);

const ORIGIN = 'http://till.test';

function fill(label: string, value: string): void {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

describe('SetupScreen', () => {
  it('asks for the token, with the base URL defaulting to this origin', () => {
    render(<SetupScreen origin={ORIGIN} onSave={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Set up this till' })).toBeTruthy();
    expect((screen.getByLabelText('API token') as HTMLInputElement).required).toBe(true);
    expect((screen.getByLabelText('API base URL (optional)') as HTMLInputElement).value).toBe(ORIGIN);
  });

  it('refuses an empty token and a base URL that is not http(s), saying why next to each field', async () => {
    const onSave = vi.fn();
    render(<SetupScreen origin={ORIGIN} onSave={onSave} />);
    fill('API base URL (optional)', 'ftp://example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Save and start' }));
    await screen.findByText('Enter the API token.');
    const token = screen.getByLabelText('API token');
    expect(token.getAttribute('aria-invalid')).toBe('true');
    expect(token.getAttribute('aria-describedby')).toBe('setup-token-problem');
    expect(document.activeElement).toBe(token);
    expect(screen.getByLabelText('API base URL (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('submits the trimmed token, and "" as the base for this origin', async () => {
    const onSave = vi.fn(async () => {});
    render(<SetupScreen origin={ORIGIN} onSave={onSave} />);
    fill('API token', '  ZGVtbzpzZWNyZXQ=  ');
    fireEvent.click(screen.getByRole('button', { name: 'Save and start' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith('ZGVtbzpzZWNyZXQ=', ''));
  });

  it('stores the context through saveSetup, which the next boot finds', async () => {
    const db = await openTillDb({ name: `setup-${process.pid}` });
    render(
      <SetupScreen origin={ORIGIN} onSave={async (token, baseUrl) => void (await saveSetup(db, token, baseUrl))} />,
    );
    fill('API token', 'dG9rZW4=');
    fill('API base URL (optional)', 'https://api.example.com/');
    fireEvent.click(screen.getByRole('button', { name: 'Save and start' }));
    await waitFor(async () => expect((await loadContext(db))?.token).toBe('dG9rZW4='));
    expect(await loadContext(db)).toEqual({
      baseUrl: 'https://api.example.com',
      token: 'dG9rZW4=',
      deviceId: null,
      locationId: null,
      staffId: null,
      username: null,
      locationAreaId: null,
    });
    db.close();
  });

  it('shows a failed save as an alert and lets the cashier try again', async () => {
    render(
      <SetupScreen
        origin={ORIGIN}
        onSave={async () => Promise.reject(new StoreError('storage-full', 'The device\u2019s storage is full'))}
      />,
    );
    fill('API token', 'dG9rZW4=');
    fireEvent.click(screen.getByRole('button', { name: 'Save and start' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Saving failed: The device\u2019s storage is full');
    expect((screen.getByRole('button', { name: 'Save and start' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a bug while saving is reported as one, not worded as a storage problem', async () => {
    const reported = vi.fn();
    vi.stubGlobal('reportError', reported);
    try {
      render(
        <SetupScreen origin={ORIGIN} onSave={async () => Promise.reject(new TypeError('context is undefined'))} />,
      );
      fill('API token', 'dG9rZW4=');
      fireEvent.click(screen.getByRole('button', { name: 'Save and start' }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Something went wrong in the app (context is undefined). Reload the page; if it happens again, tell support.',
      );
      expect(reported).toHaveBeenCalledWith(expect.any(TypeError));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('takes a new token for a till whose token was refused: keeps its ids and base, and can be cancelled', async () => {
    const db = await openTillDb({ name: `renew-${process.pid}` });
    const current = {
      baseUrl: 'https://api.example.com',
      token: 'b2xk',
      deviceId: '3',
      locationId: '2',
      staffId: '9',
      username: 'sam',
      locationAreaId: null,
    };
    const onCancel = vi.fn();
    render(
      <SetupScreen
        origin={ORIGIN}
        heading="Enter a new API token"
        baseUrl={current.baseUrl}
        onCancel={onCancel}
        onSave={async (token, baseUrl) => void (await saveSetup(db, token, baseUrl, current))}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Enter a new API token' })).toBeTruthy();
    expect((screen.getByLabelText('API base URL (optional)') as HTMLInputElement).value).toBe(
      'https://api.example.com',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    fill('API token', 'bmV3');
    fireEvent.click(screen.getByRole('button', { name: 'Save and start' }));
    await waitFor(async () => expect(await loadContext(db)).toEqual({ ...current, token: 'bmV3' }));
    db.close();
  });

  it('validate() rejects a token with spaces inside', () => {
    expect(validate('abc def', '', ORIGIN)).toEqual({
      ok: false,
      problems: { token: 'The token has no spaces in it: check what was pasted.' },
    });
    expect(validate('abc', '', ORIGIN)).toMatchObject({ ok: true, token: 'abc', baseUrl: '' });
    // What the client would refuse is refused here first, not stored to fail later.
    expect(validate('abc\u00e9', '', ORIGIN)).toEqual({
      ok: false,
      problems: { token: 'The token has characters an API token never has: check what was pasted.' },
    });
  });

  it('validate() takes an https API base, or http on this computer only (the token would cross the network in the clear)', () => {
    expect(validate('abc', 'http://api.example.com', ORIGIN)).toEqual({
      ok: false,
      problems: { baseUrl: 'Enter a full address starting with https:// (or leave this site\u2019s address).' },
    });
    expect(validate('abc', 'http://localhost:8080/', ORIGIN)).toMatchObject({
      ok: true,
      baseUrl: 'http://localhost:8080',
    });
    expect(validate('abc', 'https://api.example.com', ORIGIN)).toMatchObject({
      ok: true,
      baseUrl: 'https://api.example.com',
    });
  });
});
