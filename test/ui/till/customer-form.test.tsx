// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnsentWriteError } from '../../../app/page/unsent-write.ts';
import { createWriter, type WriteOptions, type WriteResult } from '../../../app/page/writer.ts';
import type { WorkerMessage } from '../../../app/store/channel.ts';
import { StoreError } from '../../../app/store/errors.ts';
import { markFailed } from '../../../app/store/outbox-outcomes.ts';
import { recentCustomers } from '../../../app/till/recent-customers.ts';
import { CustomerForm, checkCustomer } from '../../../app/ui/till/customer-form.tsx';
import { freshDb } from '../../store/fixture.ts';
import { memoryStorage } from './fixture.ts';

afterEach(cleanup);

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const box = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.input(box(name), { target: { value } });
const create = () => fireEvent.click(screen.getByRole('button', { name: 'Create customer' }));
const done = (): Promise<WriteResult> => Promise.resolve({ state: 'done', recordId: 501, answer: { CustomerID: 501 } });

describe('CustomerForm', () => {
  it('asks for the customer’s names, email, phone and business name', () => {
    render(<CustomerForm writer={{ write: vi.fn() }} allowed />);
    expect(screen.getByRole('heading', { name: 'New customer' })).toBeTruthy();
    for (const name of ['Forename', 'Surname', 'Email', 'Phone', 'Business name (optional)'])
      expect(box(name).value).toBe('');
    expect(box('Email').inputMode).toBe('email');
    expect(box('Phone').inputMode).toBe('tel');
  });

  it('puts focus in the first field on opening, or on Close when there is no form', async () => {
    render(<CustomerForm writer={{ write: vi.fn() }} allowed onDone={vi.fn()} />);
    await waitFor(() => expect(document.activeElement).toBe(box('Forename')));
    cleanup();
    render(<CustomerForm writer={{ write: vi.fn() }} allowed={false} onDone={vi.fn()} />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' })));
  });

  it('creates a Customer with the V2 field names, only what was typed, trimmed', async () => {
    const write = vi.fn(done);
    render(<CustomerForm writer={{ write }} allowed />);
    type('Forename', ' Ann ');
    type('Surname', 'Lee');
    type('Email', 'ann@example.com');
    type('Phone', '07700 900123');
    create();
    await screen.findByText('Customer created');
    expect(write).toHaveBeenCalledWith(
      {
        op: 'create',
        kind: 'Customer',
        body: { Forename: 'Ann', Surname: 'Lee', EmailAddress: 'ann@example.com', ContactNumber: '07700 900123' },
      },
      { onSettled: expect.any(Function) },
    );
    // Ready for the next customer, with the focus on the way to it.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add another' })));
    fireEvent.click(screen.getByRole('button', { name: 'Add another' }));
    expect(box('Forename').value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(box('Forename')));
  });

  it('takes a business name alone', async () => {
    const write = vi.fn(done);
    render(<CustomerForm writer={{ write }} allowed />);
    type('Business name (optional)', 'Acme Ltd');
    create();
    await screen.findByText('Customer created');
    expect(write).toHaveBeenCalledWith(
      { op: 'create', kind: 'Customer', body: { BusinessName: 'Acme Ltd' } },
      { onSettled: expect.any(Function) },
    );
  });

  /** The form over a real writer whose worker never answers in time; `post` plays the worker's broadcasts. */
  async function queuingWriter() {
    const db = await freshDb();
    const target = new EventTarget();
    const channel = {
      addEventListener: target.addEventListener.bind(target),
      removeEventListener: target.removeEventListener.bind(target),
      postMessage: (_: WorkerMessage) => undefined,
    };
    const post = (data: WorkerMessage) => target.dispatchEvent(new MessageEvent('message', { data }));
    render(
      <CustomerForm
        writer={createWriter({ db, channel, now: () => NOW, notify: () => undefined, waitMs: 10 })}
        allowed
      />,
    );
    return { db, post };
  }

  it('stores it on the till when offline, and says it will be sent', async () => {
    const { db } = await queuingWriter();
    type('Surname', 'Okafor');
    create();
    await screen.findByText('Saved on this till; it goes to Epos Now as soon as the connection allows.');
    const [entry] = await db.getAll('outbox');
    expect(entry).toMatchObject({ target: 'Customer', op: 'create', body: { Surname: 'Okafor' }, state: 'pending' });
    db.close();
  });

  it('says so when a customer saved on the till is refused by Epos Now later, and when one lands later', async () => {
    const { db, post } = await queuingWriter();
    type('Surname', 'Okafor');
    create();
    await screen.findByText('Saved on this till; it goes to Epos Now as soon as the connection allows.');
    const [entry] = await db.getAll('outbox');
    await markFailed(
      db,
      entry!,
      {
        code: 'client',
        name: 'ClientError',
        message: 'HTTP 400: EmailAddress is not valid',
        method: 'POST',
        path: '/api/V2/Customer',
        mayHaveReached: true,
      },
      NOW,
    );
    post({ type: 'outbox-changed' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Kept on this till, but not accepted by Epos Now (HTTP 400: EmailAddress is not valid). Fix it under Back office, Pending changes.',
    );

    // The next customer, queued, then landing: only its own outcome is shown.
    fireEvent.click(screen.getByRole('button', { name: 'Add another' }));
    type('Surname', 'Adeyemi');
    create();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    const second = (await db.getAll('outbox')).find((e) => (e.body as { Surname?: string }).Surname === 'Adeyemi');
    post({
      type: 'write-landed',
      seq: second!.seq,
      target: 'Customer',
      sentId: second!.recordId,
      recordId: 88,
      answer: { CustomerID: 88, Surname: 'Adeyemi' },
    });
    await screen.findByText('Customer created');
    db.close();
  });

  it('remembers a customer made here once it has its id from Epos Now (so the till finds it offline), never before', async () => {
    const storage = memoryStorage();
    render(<CustomerForm writer={{ write: vi.fn(done) }} allowed storage={storage} />);
    type('Forename', 'Ann');
    type('Surname', 'Lee');
    type('Phone', '07700 900123');
    create();
    await screen.findByText('Customer created');
    expect(recentCustomers(storage)).toEqual([{ id: 501, name: 'Ann Lee', phone: '07700 900123', card: null }]);
    cleanup();

    const later = memoryStorage();
    let settle: ((result: WriteResult) => void) | undefined;
    const write = vi.fn((_write: unknown, options?: WriteOptions) => {
      settle = options?.onSettled;
      return Promise.resolve<WriteResult>({ state: 'queued', seq: 1, recordId: -1 });
    });
    render(<CustomerForm writer={{ write }} allowed storage={later} />);
    type('Business name (optional)', 'Kilnworks');
    create();
    await screen.findByText('Saved on this till; it goes to Epos Now as soon as the connection allows.');
    expect(recentCustomers(later)).toEqual([]);
    settle!({ state: 'done', recordId: 88 });
    await screen.findByText('Customer created');
    expect(recentCustomers(later)).toEqual([{ id: 88, name: 'Kilnworks', phone: null, card: null }]);
  });

  it('needs a name of some kind, and says so next to Forename', async () => {
    const write = vi.fn();
    render(<CustomerForm writer={{ write }} allowed />);
    type('Email', 'ann@example.com');
    create();
    const problem = await screen.findByText('Enter a forename, a surname or a business name.');
    expect(box('Forename').getAttribute('aria-invalid')).toBe('true');
    expect(box('Forename').getAttribute('aria-describedby')).toBe(problem.id);
    expect(document.activeElement).toBe(box('Forename'));
    expect(write).not.toHaveBeenCalled();
  });

  it('refuses an email that is not one, and lets it be left empty', async () => {
    const write = vi.fn(done);
    render(<CustomerForm writer={{ write }} allowed />);
    type('Forename', 'Ann');
    type('Email', 'ann at example');
    create();
    await screen.findByText('Enter an email address like name@example.com, or leave it empty.');
    expect(box('Email').getAttribute('aria-invalid')).toBe('true');
    expect(box('Forename').getAttribute('aria-invalid')).toBeNull();
    expect(write).not.toHaveBeenCalled();
    type('Email', '');
    create();
    await screen.findByText('Customer created');
  });

  it('keeps what was typed and says why when the till cannot store it', async () => {
    const full = new StoreError(
      'storage-full',
      "The device's storage is full: saving the change on this till failed. Free some space on the till and try again.",
    );
    render(<CustomerForm writer={{ write: () => Promise.reject(full) }} allowed />);
    type('Forename', 'Ann');
    type('Email', 'ann@example.com');
    create();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`The customer was not saved: ${full.message}`);
    expect(box('Forename').value).toBe('Ann');
    expect(box('Email').value).toBe('ann@example.com');
    expect(screen.getByRole('button', { name: 'Create customer' })).toHaveProperty('disabled', false);
  });

  it('a till without storage: says a customer Epos Now did not get was not saved, and why, keeping what was typed', async () => {
    const unsent = new UnsentWriteError(
      'unreachable',
      'Epos Now could not be reached, so nothing was kept on this till, which cannot store changes to send later. Try again when the till is back online.',
    );
    render(<CustomerForm writer={{ write: () => Promise.reject(unsent) }} allowed />);
    type('Forename', 'Grace');
    create();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`The customer was not saved: ${unsent.message}`);
    expect(box('Forename').value).toBe('Grace');
    expect(screen.queryByText(/Saved on this till/)).toBeNull();
  });

  it('offers Cancel, and Close once created, when the till can close it', async () => {
    const onDone = vi.fn();
    render(<CustomerForm writer={{ write: done }} allowed onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onDone).toHaveBeenCalledTimes(1);
    type('Forename', 'Ann');
    create();
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(onDone).toHaveBeenCalledTimes(2);
  });

  it('shows why there is no form when a manager turned customer creation off', () => {
    const onDone = vi.fn();
    render(<CustomerForm writer={{ write: vi.fn() }} allowed={false} onDone={onDone} />);
    expect(
      screen.getByText('A manager has turned off creating customers on the till (back office → Settings)'),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create customer' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onDone).toHaveBeenCalled();
  });
});

describe('checkCustomer', () => {
  const blank = { Forename: '', Surname: '', EmailAddress: '', ContactNumber: '', BusinessName: '' };
  it('wants one name and a plausible email', () => {
    expect(checkCustomer(blank)).toEqual({ Forename: 'Enter a forename, a surname or a business name.' });
    expect(checkCustomer({ ...blank, Surname: '  ' }).Forename).toBeDefined();
    expect(checkCustomer({ ...blank, Surname: 'Lee' })).toEqual({});
    expect(checkCustomer({ ...blank, Surname: 'Lee', EmailAddress: 'a@b' }).EmailAddress).toBeDefined();
    expect(checkCustomer({ ...blank, Surname: 'Lee', EmailAddress: ' a@b.co ' })).toEqual({});
  });
});
