// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BootResult } from '../../app/page/boot.ts';
import type { TillDb } from '../../app/store/db.ts';
import { StoreError } from '../../app/store/errors.ts';
import type { BootContext } from '../../app/store/schema.ts';
import { StorageRefusedNotice } from '../../app/ui/storage-refused-notice.tsx';

afterEach(cleanup);

const ORIGIN = 'https://till-app.example.com';
const CONTEXT: BootContext = {
  baseUrl: '',
  token: 'dG9rZW4=',
  deviceId: '1',
  locationId: '1',
  staffId: '1',
  username: null,
  locationAreaId: null,
};
const READY: Extract<BootResult, { status: 'ready' }> = {
  status: 'ready',
  db: {} as TillDb,
  context: CONTEXT,
  changed: true,
  persisted: true,
  customerId: null,
};

type Reopened = Extract<BootResult, { status: 'ready' | 'failed' }>;

function show(
  doc: Parameters<typeof StorageRefusedNotice>[0]['doc'],
  reopen = vi.fn(async (): Promise<Reopened> => READY),
) {
  const onStorage = vi.fn();
  render(<StorageRefusedNotice origin={ORIGIN} reopen={reopen} onStorage={onStorage} doc={doc} />);
  const notice = screen.getByRole('region', { name: 'Selling without storage' });
  return { notice, onStorage, reopen };
}

const ask = () => fireEvent.click(screen.getByRole('button', { name: 'Ask the browser for access' }));

describe('StorageRefusedNotice', () => {
  it('says in a cashier’s words what the till cannot do, and what happens to a change made now', () => {
    const { notice } = show({});
    expect(notice.textContent).toContain('This browser does not let the till keep data inside Epos Now');
    expect(notice.textContent).toContain('cannot work offline');
    expect(notice.textContent).toContain('sent to Epos Now at once, or refused if Epos Now cannot be reached');
    expect(notice.textContent).toContain('nothing is kept to send later');
  });

  it('without the Storage Access API, offers no button and says to allow it in the settings, steps with this app’s address', () => {
    const { notice } = show({});
    expect(screen.queryByRole('button', { name: 'Ask the browser for access' })).toBeNull();
    expect(notice.textContent).toContain('This browser cannot be asked from here');
    const steps = within(notice).getByRole('region', { name: "How to allow this app's storage" });
    expect(steps.textContent).toContain(
      `Sites allowed to use third-party cookies (Edge: Allow), choose Add and enter ${ORIGIN}`,
    );
  });

  it('asks on a tap and, when granted, starts the till again with its storage', async () => {
    const requestStorageAccess = vi.fn(async () => undefined);
    const { onStorage, reopen } = show({ hasStorageAccess: async () => false, requestStorageAccess });
    expect(requestStorageAccess).not.toHaveBeenCalled();
    ask();
    await vi.waitFor(() => expect(onStorage).toHaveBeenCalledWith(READY));
    expect(requestStorageAccess).toHaveBeenCalledTimes(1);
    expect(reopen).toHaveBeenCalledTimes(1);
  });

  it('says so when the browser refuses, and does not reopen', async () => {
    const refuse = async () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    const { onStorage, reopen } = show({ requestStorageAccess: refuse });
    ask();
    await screen.findByText(
      `The browser said no. Chrome asks only for a site used on its own before: open ${ORIGIN} in a tab of its own once, come back and ask again. Or allow it in the browser's settings (below); on a managed till its policy decides.`,
    );
    expect(reopen).not.toHaveBeenCalled();
    expect(onStorage).not.toHaveBeenCalled();
  });

  it('granted but the storage still refused: says why and what to do, and stays', async () => {
    const failed: Extract<BootResult, { status: 'failed' }> = {
      status: 'failed',
      problem: { code: 'storage-blocked-in-frame', cause: new StoreError('open-failed', 'SecurityError') },
      persisted: 'unsupported',
    };
    const { onStorage } = show(
      { requestStorageAccess: async () => undefined },
      vi.fn(async () => failed),
    );
    ask();
    await screen.findByText(
      /The browser allowed access, but the till's storage still would not open \(SecurityError\)\. Allow it in the browser's settings/,
    );
    expect(onStorage).not.toHaveBeenCalled();
  });
});
