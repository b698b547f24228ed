// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, type EposClient } from '../../../app/epos/client.ts';
import { type IdStyle, idKey } from '../../../app/epos/ids.ts';
import { KIND_NAMES, KINDS, type Kind, PAGE_SIZE } from '../../../app/epos/kinds.ts';
import { OFFLINE_HEADER } from '../../../app/epos/offline.ts';
import type { WriteResult, Writer } from '../../../app/page/writer.ts';
import { StoreError } from '../../../app/store/errors.ts';
import type { Write } from '../../../app/store/outbox.ts';
import { formatJson } from '../../../app/ui/office/json-text.ts';
import { RecordsScreen } from '../../../app/ui/office/records-screen.tsx';
import { inProcessFetch } from '../../standin/in-process.ts';
import { createStandin, type Standin } from '../../standin/standin.ts';

afterEach(cleanup);

const BASE = 'http://standin.test';
const QUEUED = 'Saved on this till; it goes to Epos Now as soon as the connection allows.';

interface Setup {
  products?: number;
  idStyle?: IdStyle;
  token?: string;
  fetch?: (standin: Standin) => typeof fetch;
  online?: boolean;
  answer?: (write: Write, client: EposClient) => Promise<WriteResult>;
}

/** A fake writer that records every write and answers "queued" unless told otherwise. */
function recordingWriter(client: EposClient, answer: Setup['answer']) {
  const writes: Write[] = [];
  const writer: Pick<Writer, 'write'> = {
    write: (write) => {
      writes.push(write);
      return answer
        ? answer(write, client)
        : Promise.resolve({ state: 'queued', seq: writes.length, recordId: -writes.length });
    },
  };
  return { writer, writes };
}

function setup({
  products = 250,
  idStyle = 'v2',
  token,
  fetch,
  online = true,
  answer,
  onNewToken,
}: Setup & { onNewToken?: () => void } = {}) {
  const standin = createStandin({ products, idStyle });
  const client = createClient({
    baseUrl: BASE,
    token: token ?? standin.token,
    fetch: (fetch ?? inProcessFetch)(standin),
  });
  const { writer, writes } = recordingWriter(client, answer);
  const view = render(<RecordsScreen client={client} writer={writer} online={online} onNewToken={onNewToken} />);
  const rerender = (nowOnline: boolean) =>
    view.rerender(<RecordsScreen client={client} writer={writer} online={nowOnline} />);
  return { standin, client, writes, container: view.container, rerender };
}

const chooser = () => screen.getByRole('combobox', { name: 'Record kind' });
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const table = (label: string, page: number) => screen.findByRole('table', { name: `${label} records, page ${page}` });
/** Body rows of a table: one per record. */
const rows = (element: HTMLElement) => within(element).getAllByRole('row').slice(1);

async function choose(kind: Kind): Promise<HTMLElement> {
  fireEvent.change(chooser(), { target: { value: kind } });
  return table(KINDS[kind].label, 1);
}

function type(name: string, text: string): void {
  fireEvent.input(screen.getByRole('textbox', { name }), { target: { value: text } });
}

async function openRecord(kind: Kind, id: number): Promise<HTMLTextAreaElement> {
  await choose(kind);
  fireEvent.click(button(`View ${KINDS[kind].label} ${id}`));
  return screen.getByRole('textbox', { name: `${KINDS[kind].label} ${id} as JSON` }) as HTMLTextAreaElement;
}

describe('RecordsScreen: browsing', () => {
  it('a bug while listing is reported as one and said, not left on "Loading" with an unhandled rejection', async () => {
    const reported = vi.fn();
    vi.stubGlobal('reportError', reported);
    try {
      const standin = createStandin({ products: 5 });
      const client = createClient({ baseUrl: BASE, token: standin.token, fetch: inProcessFetch(standin) });
      const broken: EposClient = {
        ...client,
        list: () => Promise.reject(new TypeError('records.map is not a function')),
      };
      render(<RecordsScreen client={broken} writer={recordingWriter(client, undefined).writer} online={true} />);
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Something went wrong in the app (records.map is not a function). Reload the page; if it happens again, tell support.',
      );
      expect(screen.queryByText(/^Loading/)).toBeNull();
      expect(reported).toHaveBeenCalledWith(expect.any(TypeError));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('offers every one of the 19 kinds by its label', async () => {
    setup();
    const options = within(chooser()).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(KIND_NAMES.map((kind) => KINDS[kind].label));
    expect(options).toHaveLength(19);
    await table('Product', 1);
  });

  it('pages forward and back, and stops at the last, short page', async () => {
    setup({ products: PAGE_SIZE + 50 });
    const first = await table('Product', 1);
    expect(rows(first)).toHaveLength(PAGE_SIZE);
    expect(within(first).getByRole('columnheader', { name: 'Name' })).toBeTruthy();
    expect((button('Previous page') as HTMLButtonElement).disabled).toBe(true);
    expect((button('Next page') as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(button('Next page'));
    const second = await table('Product', 2);
    expect(rows(second)).toHaveLength(50);
    expect(within(rows(second)[0]!).getByRole('rowheader').textContent).toBe(String(PAGE_SIZE + 1));
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect((button('Next page') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(button('Previous page'));
    expect(rows(await table('Product', 1))).toHaveLength(PAGE_SIZE);
  });

  it('goes back to page 1 when another kind is chosen', async () => {
    const { standin } = setup({ products: PAGE_SIZE + 50 });
    await table('Product', 1);
    fireEvent.click(button('Next page'));
    await table('Product', 2);
    await choose('Customer');
    const customers = standin.log.filter((r) => r.method === 'GET' && r.path.startsWith('/api/V2/Customer'));
    expect(customers.map((r) => new URL(r.path, BASE).searchParams.get('page'))).toEqual(['1']);
    expect(screen.getByText('Page 1')).toBeTruthy();
  });

  it('never shows the last kind\u2019s rows as the new kind\u2019s while it loads', async () => {
    // Contract ids: every kind's key is Id, so a Product row would read as a Customer to open.
    setup({ idStyle: 'contract' });
    await table('Product', 1);
    const select = chooser() as HTMLSelectElement;
    select.value = 'Customer';
    // Dispatched outside act(): Preact renders on a microtask, the load effect only after a frame,
    // so the render in between can be looked at.
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    expect(screen.getByText('Loading Customer records…')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: /^View Customer/ })).toBeNull();
    expect(rows(await table('Customer', 1))).toHaveLength(PAGE_SIZE);
  });

  it('shows the naming fields of a kind first', async () => {
    setup();
    const customers = await choose('Customer');
    const headers = within(customers)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 3)).toEqual(['ID', 'Forename', 'Surname']);
    expect(headers.length).toBeLessThanOrEqual(6);
  });

  it('says when a kind has no records, and when a page is past the end', async () => {
    const { standin } = setup();
    for (const record of standin.records('ClockingType'))
      standin.remove('ClockingType', record.ClockingTypeID as number);
    fireEvent.change(chooser(), { target: { value: 'ClockingType' } });
    expect(await screen.findByText('No Clocking type records')).toBeTruthy();
    expect((button('Next page') as HTMLButtonElement).disabled).toBe(true);

    // Exactly one full page of customers: the next page is empty.
    expect(standin.records('Customer')).toHaveLength(PAGE_SIZE);
    await choose('Customer');
    fireEvent.click(button('Next page'));
    expect(await screen.findByText('No Customer records on page 2')).toBeTruthy();
  });

  it('views one record as read-only JSON, the server\u2019s latest copy', async () => {
    const { standin } = setup();
    await choose('Customer');
    standin.put('Customer', { ...standin.record('Customer', 12), Forename: 'Changed since the list' });
    fireEvent.click(button('View Customer 12'));
    const json = screen.getByRole('textbox', { name: 'Customer 12 as JSON' }) as HTMLTextAreaElement;
    expect(json.readOnly).toBe(true);
    await waitFor(() => expect(json.value).toBe(formatJson(standin.record('Customer', 12))));
    expect(json.value).toContain('Changed since the list');
    expect(standin.log.some((r) => r.method === 'GET' && r.path === '/api/V2/Customer/12')).toBe(true);
    expect(button('Edit')).toBeTruthy();
    expect(button('Delete')).toBeTruthy();

    fireEvent.click(button('Back to the list'));
    expect(await table('Customer', 1)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('renders record data as text, never as markup', async () => {
    const { standin, container } = setup();
    const attack = '<img src=x onerror=alert(1)>';
    const added = standin.put('TenderType', { Name: attack, Description: `<b>${attack}</b>` });
    const tenders = await choose('TenderType');
    expect(within(tenders).getByText(attack)).toBeTruthy();
    expect(container.querySelector('img, b')).toBeNull();

    fireEvent.click(button(`View Tender type ${added.TypeID as number}`));
    await waitFor(() => expect(container.querySelector('textarea')?.value).toContain(attack));
    expect(container.querySelector('img, b')).toBeNull();
  });
});

describe('RecordsScreen: load errors', () => {
  /** Answers like the service worker offline: cached kinds from storage, the rest refused as not sent. */
  function workerOffline(state: { offline: boolean }) {
    return (standin: Standin): typeof fetch => {
      const server = inProcessFetch(standin);
      return (input, init) => {
        const path = new URL(String(input)).pathname;
        if (state.offline && !/\/(Product|TenderType|SeatingTable|DiscoutReason)\b/.test(path)) {
          const body = JSON.stringify({ Message: 'offline: not sent' });
          return Promise.resolve(
            new Response(body, { status: 503, headers: { [OFFLINE_HEADER]: '1', 'Content-Type': 'application/json' } }),
          );
        }
        return server(input, init);
      };
    };
  }

  it('offline, says a non-cached kind is only available online, and loads it when the connection is back', async () => {
    const state = { offline: true };
    const { rerender } = setup({ online: false, fetch: workerOffline(state) });
    expect(rows(await table('Product', 1))).toHaveLength(PAGE_SIZE);

    fireEvent.change(chooser(), { target: { value: 'CustomerType' } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Customer type records are only available online. Connect and try again.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();

    state.offline = false;
    rerender(true);
    expect(await table('Customer type', 1)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a refused token says so and what to do, without showing the token', async () => {
    const token = btoa('revoked-key:revoked-secret');
    const onNewToken = vi.fn();
    setup({ token, onNewToken });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Epos Now refused the API token');
    expect(alert.textContent).toContain('open the app again from Epos Now');
    expect(alert.textContent).not.toContain(token);
    expect(screen.queryByRole('table')).toBeNull();
    // A revoked token asks for a new one.
    fireEvent.click(within(alert).getByRole('button', { name: 'Enter a new token' }));
    expect(onNewToken).toHaveBeenCalledTimes(1);
  });

  it('another failure shows its message, and Try again loads the page', async () => {
    const standin = createStandin({ products: 20 });
    standin.faults.add({ match: { method: 'GET' }, type: 'status', status: 500, times: 1 });
    const client = createClient({ baseUrl: BASE, token: standin.token, fetch: inProcessFetch(standin) });
    render(<RecordsScreen client={client} writer={recordingWriter(client, undefined).writer} online />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Could not load Product records: GET \/api\/V2\/Product.*HTTP 500/);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(rows(await table('Product', 1))).toHaveLength(20);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('RecordsScreen: writes', () => {
  // A kind without a form (test/ui/office/record-form.test.tsx has the kinds with one).
  it('creates from a template of the kind\u2019s fields, with the exact write, and says it is queued', async () => {
    const { writes } = setup();
    await choose('CustomerType');
    fireEvent.click(button('New Customer type record'));
    const editor = screen.getByRole('textbox', { name: 'Record JSON' }) as HTMLTextAreaElement;
    const template = JSON.parse(editor.value) as Record<string, unknown>;
    expect(template).toHaveProperty('Name', '');
    expect(template).not.toHaveProperty('CustomerTypeID');

    type('Record JSON', '{"Name": "Trade", "Discount": 10}');
    fireEvent.click(button('Create'));
    expect(await screen.findByText(QUEUED)).toBeTruthy();
    expect(writes).toEqual([{ op: 'create', kind: 'CustomerType', body: { Name: 'Trade', Discount: 10 } }]);
    expect(screen.queryByRole('textbox', { name: 'Record JSON' })).toBeNull();
    expect(await table('Customer type', 1)).toBeTruthy();
  });

  it('after a write the server took, says so and reloads the page', async () => {
    const { writes } = setup({
      answer: async (write, client) => {
        if (write.op !== 'create') throw new Error('unexpected write');
        const record = await client.create(write.kind, write.body);
        return { state: 'done', recordId: record.TypeID as number, answer: record };
      },
    });
    const before = rows(await choose('TenderType')).length;
    fireEvent.click(button('New Tender type record'));
    fireEvent.click(button('Advanced (JSON)'));
    type('Record JSON', '{"Name": "Gift voucher", "Description": null}');
    fireEvent.click(button('Create'));
    expect(await screen.findByText('Saved to Epos Now')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Tender type records, page 1' }).textContent).toContain('Gift voucher'),
    );
    expect(rows(screen.getByRole('table', { name: 'Tender type records, page 1' }))).toHaveLength(before + 1);
    expect(writes).toHaveLength(1);
  });

  it.each(['v2', 'contract'] as const)(
    'edits a record without its id (%s ids) and sends the exact update',
    async (idStyle) => {
      const { standin, writes } = setup({ idStyle });
      await openRecord('Customer', 12);
      fireEvent.click(button('Edit'));
      fireEvent.click(button('Advanced (JSON)'));
      const editor = screen.getByRole('textbox', { name: 'Record JSON' }) as HTMLTextAreaElement;
      const { [idKey('Customer', idStyle)]: id, ...fields } = standin.record('Customer', 12)!;
      expect(id).toBe(12);
      expect(JSON.parse(editor.value)).toEqual(fields);

      type('Record JSON', JSON.stringify({ ...fields, Surname: 'Hopper' }));
      fireEvent.click(button('Save changes'));
      expect(await screen.findByText(QUEUED)).toBeTruthy();
      // The fields changed, and the record the editor started from as their base.
      expect(writes).toEqual([{ op: 'update', kind: 'Customer', id: 12, body: { Surname: 'Hopper' }, base: fields }]);
    },
  );

  it('deletes only after confirmation', async () => {
    const { writes } = setup();
    await openRecord('Customer', 12);
    fireEvent.click(button('Delete'));
    const confirm = screen.getByRole('group', { name: 'Confirm' });
    expect(confirm.textContent).toContain('Delete Customer 12? This cannot be undone.');
    expect(writes).toEqual([]);

    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Confirm' })).toBeNull();
    expect(writes).toEqual([]);

    fireEvent.click(button('Delete'));
    fireEvent.click(within(screen.getByRole('group', { name: 'Confirm' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(QUEUED)).toBeTruthy();
    expect(writes).toEqual([{ op: 'delete', kind: 'Customer', id: 12 }]);
  });

  it('refuses invalid JSON, and anything but an object, before sending', async () => {
    const { writes } = setup();
    await table('Product', 1);
    fireEvent.click(button('New Product record'));
    fireEvent.click(button('Advanced (JSON)'));
    type('Record JSON', '{"Name": }');
    fireEvent.click(button('Create'));
    expect((await screen.findByRole('alert')).textContent).toContain('Not valid JSON');
    expect(screen.getByRole('textbox', { name: 'Record JSON' }).getAttribute('aria-invalid')).toBe('true');

    type('Record JSON', '["Tea"]');
    fireEvent.click(button('Create'));
    expect((await screen.findByRole('alert')).textContent).toContain('Must be a JSON object');
    expect(writes).toEqual([]);
  });

  it('a write that could not be stored shows why and keeps the text', async () => {
    const full =
      "The device's storage is full: saving the change on this till failed. Free some space on the till and try again.";
    const { writes } = setup({ answer: () => Promise.reject(new StoreError('storage-full', full)) });
    await choose('Customer');
    fireEvent.click(button('New Customer record'));
    fireEvent.click(button('Advanced (JSON)'));
    const typed = '{"Forename": "Grace"}';
    type('Record JSON', typed);
    fireEvent.click(button('Create'));
    expect((await screen.findByRole('alert')).textContent).toBe(full);
    expect((screen.getByRole('textbox', { name: 'Record JSON' }) as HTMLTextAreaElement).value).toBe(typed);
    expect((button('Create') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(QUEUED)).toBeNull();
    expect(writes).toHaveLength(1);
  });

  it('a delete that could not be stored stays on the record with the reason', async () => {
    setup({ answer: () => Promise.reject(new StoreError('storage-full', 'Storage is full.')) });
    await openRecord('Customer', 3);
    fireEvent.click(button('Delete'));
    fireEvent.click(within(screen.getByRole('group', { name: 'Confirm' })).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Storage is full.');
    expect(screen.getByRole('textbox', { name: 'Customer 3 as JSON' })).toBeTruthy();
  });
});
