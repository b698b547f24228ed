// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountOf } from '../../../app/epos/account.ts';
import type { EposErrorData } from '../../../app/epos/errors.ts';
import { createWriter, type Writer } from '../../../app/page/writer.ts';
import { saveContext } from '../../../app/store/context.ts';
import type { TillDb } from '../../../app/store/db.ts';
import { StoreError } from '../../../app/store/errors.ts';
import { enqueue } from '../../../app/store/outbox.ts';
import { retryEntry } from '../../../app/store/outbox-admin.ts';
import {
  holdOtherAccounts,
  markDone,
  markFailed,
  markHeld,
  pauseForAuth,
  settleTwinCheck,
} from '../../../app/store/outbox-outcomes.ts';
import { type OutboxStatus, readOutboxStatus } from '../../../app/store/outbox-status.ts';
import type { OutboxEntry } from '../../../app/store/schema.ts';
import { ChangesScreen, type ChangesScreenProps } from '../../../app/ui/office/changes-screen.tsx';
import { ChangeAnswer } from '../../../app/ui/office/changes-words.tsx';
import { freshDb } from '../../store/fixture.ts';

afterEach(cleanup);

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const MADE = NOW - 5 * 60_000;
const refusal = (path: string, detail: string): EposErrorData => ({
  code: 'client',
  name: 'ClientError',
  message: `POST ${path}: HTTP 400: ${detail}`,
  method: 'POST',
  path,
  mayHaveReached: true,
  status: 400,
  serverMessage: detail,
});
const dropped: EposErrorData = {
  code: 'network',
  name: 'NetworkError',
  message: 'POST /api/V2/PopupNote: network failure (connection reset)',
  method: 'POST',
  path: '/api/V2/PopupNote',
  mayHaveReached: true,
};

interface Fixture {
  db: TillDb;
  writer: Writer;
  notify: ReturnType<typeof vi.fn>;
}

async function setup(): Promise<Fixture> {
  const db = await freshDb();
  const target = new EventTarget();
  const channel = {
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    postMessage: vi.fn(),
  };
  const notify = vi.fn();
  const writer = createWriter({ db, channel, notify, now: () => NOW, waitMs: 10 });
  return { db, writer, notify };
}

/** The queue a manager might find: one of each state a person acts on, and one still waiting. */
async function seed(db: TillDb) {
  await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Ann' } }, MADE);
  await enqueue(db, { op: 'update', kind: 'Product', id: 12, body: { Name: 'Tea' } }, MADE);
  await enqueue(db, { op: 'delete', kind: 'Clocking', id: 3 }, MADE);
  await enqueue(db, { op: 'save', document: { version: 1 } }, MADE);
  await enqueue(db, { op: 'create', kind: 'PopupNote', body: { Note: 'Allergens' } }, MADE);
  const [ann, product, clocking, settings, note] = (await db.getAll('outbox')) as [
    OutboxEntry,
    OutboxEntry,
    OutboxEntry,
    OutboxEntry,
    OutboxEntry,
  ];
  await markFailed(db, { ...ann, attempts: 1 }, refusal('/api/V2/Customer', 'Surname is required'), NOW);
  await db.put('outbox', { ...(await db.get('outbox', ann.seq))!, attempts: 1 });
  await markFailed(db, clocking, refusal('/api/V2/Clocking/3', 'Clocking is closed'), NOW);
  await markHeld(
    db,
    note,
    dropped,
    [
      { PopupNoteID: 77, Note: 'Allergens' },
      { PopupNoteID: 78, Note: 'Allergens', Extra: true },
    ],
    NOW,
  );
  return { ann, product, clocking, settings, note };
}

async function renderScreen(writer: ChangesScreenProps['writer'], outbox?: OutboxStatus) {
  const view = render(<ChangesScreen writer={writer} outbox={outbox} now={NOW} />);
  await screen.findByRole('heading', { name: 'Pending changes' });
  return view;
}

function item(title: string): HTMLElement {
  return screen.getByRole('listitem', { name: title });
}

describe('ChangesScreen: what waits', () => {
  it('says every change is on Epos Now when the outbox is empty', async () => {
    const { writer } = await setup();
    await renderScreen(writer);
    await screen.findByText('Every change is on Epos Now.');
    expect(screen.queryByRole('list', { name: 'Changes waiting' })).toBeNull();
  });

  it('lists every entry in words, with its state, age, attempts and Epos Now\u2019s answer', async () => {
    const { db, writer } = await setup();
    await seed(db);
    await renderScreen(writer, await readOutboxStatus(db));
    const list = await screen.findByRole('list', { name: 'Changes waiting' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual([
      'Create Customer (Ann)',
      'Update Product 12 (Tea)',
      'Delete Clocking 3',
      'Save settings',
      'Create Popup note',
    ]);

    const ann = item('Create Customer (Ann)');
    expect(ann.textContent).toContain('Refused by Epos Now');
    expect(ann.textContent).toContain('Made 5 min ago');
    expect(ann.textContent).toContain('1 attempt');
    expect(ann.textContent).toContain('Epos Now answered 400: Surname is required');
    // The request itself is a detail, behind a disclosure.
    expect(within(ann).getByText('Details').closest('details')?.textContent).toBe(
      'DetailsPOST /api/V2/Customer: HTTP 400: Surname is required',
    );

    const product = item('Update Product 12 (Tea)');
    expect(product.textContent).toContain('Waiting to be sent');
    expect(product.textContent).toContain('Not sent yet');
    // Waiting entries are the replayer's: nothing for a person to do.
    expect(within(product).queryByRole('button')).toBeNull();

    expect(item('Create Popup note').textContent).toContain('Needs a decision');
    expect(item('Create Popup note').textContent).toContain('Last try failed');
    expect(within(item('Create Popup note')).getByText('Details').closest('details')?.textContent).toBe(
      'DetailsPOST /api/V2/PopupNote: network failure (connection reset)',
    );
    db.close();
  });

  it('says a change that never left the till waits for the connection, not that it failed', () => {
    const offline: EposErrorData = {
      ...dropped,
      mayHaveReached: false,
      message: 'POST /api/V2/Customer: network failure (Failed to fetch)',
    };
    render(<ChangeAnswer error={offline} />);
    expect(screen.getByText('Waiting for the connection: it is sent as soon as Epos Now can be reached.')).toBeTruthy();
    expect(screen.queryByText(/Last try failed/)).toBeNull();
    expect(screen.getByText('Details').closest('details')?.textContent).toBe(
      'DetailsPOST /api/V2/Customer: network failure (Failed to fetch)',
    );
    expect(screen.getByText(/Waiting for the connection/).closest('.change-answer')).toBeNull();
  });

  it('offers Retry, Edit and Discard on a refused change, but no Edit on a refused delete', async () => {
    const { db, writer } = await setup();
    await seed(db);
    await renderScreen(writer);
    await screen.findByRole('list', { name: 'Changes waiting' });
    for (const name of [
      'Retry Create Customer (Ann)',
      'Edit Create Customer (Ann)',
      'Discard Create Customer (Ann)',
      'Retry Delete Clocking 3',
      'Discard Delete Clocking 3',
    ]) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.queryByRole('button', { name: 'Edit Delete Clocking 3' })).toBeNull();
    expect(within(item('Save settings')).queryByRole('button')).toBeNull();
    db.close();
  });

  it('re-lists when the outbox changes, and shows a paused queue', async () => {
    const { db, writer } = await setup();
    const view = await renderScreen(writer, await readOutboxStatus(db));
    await screen.findByText('Every change is on Epos Now.');
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Cy' } }, MADE);
    const [entry] = await db.getAll('outbox');
    await pauseForAuth(db, entry!, { ...refusal('/api/V2/Customer', 'no'), code: 'auth', status: 401 }, NOW);
    view.rerender(<ChangesScreen writer={writer} outbox={await readOutboxStatus(db)} now={NOW} />);
    await screen.findByRole('heading', { name: 'Create Customer (Cy)' });
    expect(screen.getByText(/Sending is paused: Epos Now refused the API token/)).toBeTruthy();
    db.close();
  });

  it('says so when the stored changes cannot be read', async () => {
    const { writer } = await setup();
    await renderScreen({ ...writer, list: () => Promise.reject(new StoreError('failed', 'database closed')) });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The changes stored on this till could not be read (database closed). Reload the page.',
    );
  });
});

describe('ChangesScreen: what a person does', () => {
  it('Retry sends a refused change again', async () => {
    const { db, writer, notify } = await setup();
    const { ann } = await seed(db);
    await renderScreen(writer);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry Create Customer (Ann)' }));
    await waitFor(() => expect(item('Create Customer (Ann)').textContent).toContain('Waiting to be sent'));
    const stored = await db.get('outbox', ann.seq);
    expect(stored?.state).toBe('pending');
    expect(notify).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Retry Create Customer (Ann)' })).toBeNull();
    db.close();
  });

  it('Edit checks the JSON before sending the new fields', async () => {
    const { db, writer } = await setup();
    const { ann } = await seed(db);
    await renderScreen(writer);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Create Customer (Ann)' }));
    const box = screen.getByRole('textbox', { name: 'Fields of Create Customer (Ann)' }) as HTMLTextAreaElement;
    expect(JSON.parse(box.value)).toEqual({ Forename: 'Ann' });
    expect(document.activeElement).toBe(box);

    fireEvent.input(box, { target: { value: '{"Forename": "Ann",' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and send Create Customer (Ann)' }));
    expect(screen.getByRole('alert').textContent).toMatch(/^Not valid JSON/);
    fireEvent.input(box, { target: { value: '["Ann"]' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and send Create Customer (Ann)' }));
    expect(screen.getByRole('alert').textContent).toBe('Must be a JSON object: fields inside { }.');
    expect((await db.get('outbox', ann.seq))?.state).toBe('failed');

    fireEvent.input(box, { target: { value: '{"Forename": "Ann", "Surname": "Lee"}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and send Create Customer (Ann)' }));
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    const stored = await db.get('outbox', ann.seq);
    expect(stored?.body).toEqual({ Forename: 'Ann', Surname: 'Lee' });
    expect(stored?.state).toBe('pending');
    db.close();
  });

  it('Edit can be cancelled, and focus goes back to its button', async () => {
    const { db, writer } = await setup();
    await seed(db);
    await renderScreen(writer);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Create Customer (Ann)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel editing Create Customer (Ann)' }));
    expect(screen.queryByRole('textbox')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Create Customer (Ann)' })),
    );
    db.close();
  });

  it('Discard asks first, names what else goes, and Keep keeps it', async () => {
    const { db, writer } = await setup();
    const { ann } = await seed(db);
    // An update queued behind the create, to the same (temporary) record.
    await enqueue(db, { op: 'update', kind: 'Customer', id: ann.recordId, body: { Surname: 'Lee' } }, MADE);
    await renderScreen(writer);
    expect(await screen.findByRole('heading', { name: 'Update new Customer (Lee)' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Discard Create Customer (Ann)' }));
    const confirm = screen.getByRole('group', { name: /^Discard Create Customer \(Ann\)\?/ });
    expect(confirm.textContent).toContain(
      'It will not be sent. Changes queued after it for the same record are discarded too.',
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep Create Customer (Ann)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep Create Customer (Ann)' }));
    expect(screen.queryByRole('group', { name: /^Discard/ })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Discard Create Customer (Ann)' })),
    );
    expect(await db.count('outbox')).toBe(6);

    fireEvent.click(screen.getByRole('button', { name: 'Discard Create Customer (Ann)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm discard Create Customer (Ann)' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Create Customer (Ann)' })).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Update new Customer' })).toBeNull();
    const left = await db.getAll('outbox');
    expect(left.some((e) => e.target === 'Customer')).toBe(false);
    expect(left).toHaveLength(4);
    db.close();
  });

  it('a held create: the person picks the record it became', async () => {
    const { db, writer } = await setup();
    const { note } = await seed(db);
    await renderScreen(writer);
    const group = await screen.findByRole('group', { name: /Epos Now may have received this already/ });
    expect(
      within(group)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Popup note 77 Note: AllergensThis is the one', 'Popup note 78 Note: AllergensThis is the one']);
    fireEvent.click(screen.getByRole('button', { name: 'This is the one: Popup note 78' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Create Popup note' })).toBeNull());
    expect(await db.get('outbox', note.seq)).toBeUndefined();
    expect(await db.get('aliases', note.recordId)).toEqual({ tempId: note.recordId, id: 78, at: NOW });
    db.close();
  });

  it('a held create: a candidate without an id cannot be picked', async () => {
    const { db, writer } = await setup();
    const { note } = await seed(db);
    await markHeld(
      db,
      (await db.get('outbox', note.seq))!,
      dropped,
      [{ Note: 'Allergens' }, { PopupNoteID: 78, Note: 'Allergens' }],
      NOW,
    );
    await renderScreen(writer);
    const group = await screen.findByRole('group', { name: /Epos Now may have received this already/ });
    const [noId, withId] = within(group).getAllByRole('listitem');
    expect(noId?.textContent).toBe('Popup note (no id) Note: AllergensNo id: cannot be adopted');
    expect(within(noId!).queryByRole('button')).toBeNull();
    expect(within(withId!).getByRole('button', { name: 'This is the one: Popup note 78' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'None of these: send again (Create Popup note)' })).toBeTruthy();
    db.close();
  });

  it('a held create: "None of these" sends it again', async () => {
    const { db, writer } = await setup();
    const { note } = await seed(db);
    await renderScreen(writer);
    const sendAgain = await screen.findByRole('button', { name: 'None of these: send again (Create Popup note)' });
    // Checked once the list is there: a held create with candidates offers no plain Retry.
    expect(screen.queryByRole('button', { name: 'Retry Create Popup note' })).toBeNull();
    fireEvent.click(sendAgain);
    await waitFor(() => expect(item('Create Popup note').textContent).toContain('Waiting to be sent'));
    expect((await db.get('outbox', note.seq))?.state).toBe('pending');
    db.close();
  });
});

describe('ChangesScreen: a twin a resent create made', () => {
  it('says what happened and what Retry and Discard do; Retry queues the delete', async () => {
    const { db, writer } = await setup();
    await enqueue(db, { op: 'create', kind: 'Customer', body: { Forename: 'Ann' } }, MADE);
    const [create] = await db.getAll('outbox');
    await markDone(db, create!, { CustomerID: 42, Forename: 'Ann' }, NOW);
    const [check] = (await db.get('queue', 'queue'))?.twinChecks ?? [];
    expect(check).toEqual({ kind: 'Customer', id: 42, body: { Forename: 'Ann' } });
    await settleTwinCheck(db, check!, [{ CustomerID: 41, Forename: 'Ann' }], NOW);
    await renderScreen(writer);
    const twin = await screen.findByRole('listitem', { name: 'Delete Customer 41' });
    expect(twin.textContent).toContain('Needs a decision');
    expect(twin.textContent).toContain(
      '41 is a copy of 42, the one the till uses. Retry deletes 41; Discard keeps both.',
    );
    expect(twin.textContent).not.toContain('may or may not have received it');
    expect(within(twin).getByRole('button', { name: 'Discard Delete Customer 41' })).toBeTruthy();
    fireEvent.click(within(twin).getByRole('button', { name: 'Retry Delete Customer 41' }));
    await waitFor(() => expect(item('Delete Customer 41').textContent).toContain('Waiting to be sent'));
    db.close();
  });
});

describe('ChangesScreen: a change made under another account', () => {
  it('says so and what Retry does, without the may-or-may-not words', async () => {
    const { db, writer } = await setup();
    await saveContext(db, {
      baseUrl: '',
      token: btoa('shop-a:secret'),
      deviceId: null,
      locationId: null,
      staffId: null,
      username: null,
      locationAreaId: null,
    });
    await enqueue(db, { op: 'update', kind: 'Product', id: 12, body: { Name: 'Tea' } }, MADE);
    await holdOtherAccounts(db, accountOf(btoa('shop-b:secret')), NOW);
    await renderScreen(writer);
    const held = await screen.findByRole('listitem', { name: 'Update Product 12 (Tea)' });
    expect(held.textContent).toContain('Made under another Epos Now account');
    expect(held.textContent).toContain('Retry sends it to the account in use now.');
    expect(held.textContent).not.toContain('may or may not have received it');
    expect(within(held).getByRole('button', { name: 'Retry Update Product 12 (Tea)' })).toBeTruthy();
    db.close();
  });
});

describe('ChangesScreen: actions that fail', () => {
  it('a bug in an action is reported as one, not worded as a storage problem', async () => {
    const reported = vi.fn();
    vi.stubGlobal('reportError', reported);
    try {
      const { db, writer } = await setup();
      await seed(db);
      await renderScreen({ ...writer, retry: () => Promise.reject(new TypeError('entry.body is undefined')) });
      fireEvent.click(await screen.findByRole('button', { name: 'Retry Create Customer (Ann)' }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Something went wrong in the app (entry.body is undefined). Reload the page; if it happens again, tell support.',
      );
      expect(reported).toHaveBeenCalledWith(expect.any(TypeError));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows a rejected action in an alert and keeps the list', async () => {
    const { db, writer } = await setup();
    const { ann } = await seed(db);
    await renderScreen({
      ...writer,
      retry: () =>
        Promise.reject(
          new StoreError(
            'storage-full',
            'The device\u2019s storage is full: retrying the change failed. Free some space on the till and try again.',
          ),
        ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Retry Create Customer (Ann)' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Could not retry Create Customer (Ann): The device\u2019s storage is full: retrying the change failed. Free some space on the till and try again. The change is still kept on this till; try again.',
    );
    expect(screen.getAllByRole('listitem', { name: /./ })).toHaveLength(5);
    expect((await db.get('outbox', ann.seq))?.state).toBe('failed');
    // The buttons work again once the action is over.
    expect((screen.getByRole('button', { name: 'Retry Create Customer (Ann)' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    db.close();
  });

  it('keeps each entry busy until its own action ends, when two run at once', async () => {
    const { db, writer } = await setup();
    const { ann, clocking } = await seed(db);
    const finish = new Map<number, () => void>();
    const retry = (seq: number) => new Promise<void>((resolve) => finish.set(seq, resolve));
    await renderScreen({ ...writer, retry });
    const disabled = (name: string) => (screen.getByRole('button', { name }) as HTMLButtonElement).disabled;
    fireEvent.click(await screen.findByRole('button', { name: 'Retry Create Customer (Ann)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Retry Delete Clocking 3' }));
    expect(disabled('Retry Create Customer (Ann)')).toBe(true);
    expect(disabled('Retry Delete Clocking 3')).toBe(true);

    await act(async () => finish.get(ann.seq)?.());
    await waitFor(() => expect(disabled('Retry Create Customer (Ann)')).toBe(false));
    // The other action still runs: its buttons stay off.
    expect(disabled('Retry Delete Clocking 3')).toBe(true);
    expect(disabled('Discard Delete Clocking 3')).toBe(true);

    await act(async () => finish.get(clocking.seq)?.());
    await waitFor(() => expect(disabled('Retry Delete Clocking 3')).toBe(false));
    db.close();
  });

  it('a rejected edit keeps the editor open with the typed text', async () => {
    const { db, writer } = await setup();
    await seed(db);
    await renderScreen({
      ...writer,
      edit: () => Promise.reject(new StoreError('failed', 'editing the change failed: AbortError')),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Create Customer (Ann)' }));
    const box = screen.getByRole('textbox', { name: 'Fields of Create Customer (Ann)' }) as HTMLTextAreaElement;
    fireEvent.input(box, { target: { value: '{"Forename": "Anne"}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and send Create Customer (Ann)' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Could not save Create Customer (Ann): editing the change failed: AbortError.',
    );
    expect(
      (screen.getByRole('textbox', { name: 'Fields of Create Customer (Ann)' }) as HTMLTextAreaElement).value,
    ).toBe('{"Forename": "Anne"}');
    db.close();
  });

  it('a change settled elsewhere meanwhile: the store\u2019s refusal is shown, and the list catches up', async () => {
    const { db, writer } = await setup();
    const { clocking } = await seed(db);
    await renderScreen(writer);
    await screen.findByRole('button', { name: 'Retry Delete Clocking 3' });
    // Another tab retried it.
    await retryEntry(db, clocking.seq, NOW);
    fireEvent.click(screen.getByRole('button', { name: 'Retry Delete Clocking 3' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Could not retry Delete Clocking 3: retrying the change failed: Error: that change is pending, not waiting for a person.',
    );
    await waitFor(() => expect(item('Delete Clocking 3').textContent).toContain('Waiting to be sent'));
    db.close();
  });
});
