// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, type EposClient } from '../../../app/epos/client.ts';
import { type IdStyle, idKey, recordId, withoutId } from '../../../app/epos/ids.ts';
import { KIND_FIELDS } from '../../../app/epos/kind-fields.ts';
import { KINDS, type Kind } from '../../../app/epos/kinds.ts';
import type { OpenRecord } from '../../../app/epos/records.ts';
import type { WriteResult, Writer } from '../../../app/page/writer.ts';
import { StoreError } from '../../../app/store/errors.ts';
import type { Write } from '../../../app/store/outbox.ts';
import { RecordsScreen } from '../../../app/ui/office/records-screen.tsx';
import { inProcessFetch } from '../../standin/in-process.ts';
import { createStandin } from '../../standin/standin.ts';

afterEach(cleanup);

const BASE = 'http://standin.test';
const QUEUED = 'Saved on this till; it goes to Epos Now as soon as the connection allows.';

/** Sends every write to the stand-in at once, as the worker would online. */
async function send(write: Write, client: EposClient): Promise<WriteResult> {
  if (write.op === 'create') {
    const record = await client.create(write.kind, write.body);
    return { state: 'done', recordId: recordId(write.kind, record)!, answer: record };
  }
  if (write.op === 'update') {
    const record = await client.update(write.kind, write.id, write.body);
    return { state: 'done', recordId: write.id, answer: record };
  }
  throw new Error(`unexpected ${write.op}`);
}

interface Setup {
  idStyle?: IdStyle;
  /** Send writes to the stand-in; otherwise each is only recorded and answered "queued". */
  sending?: boolean;
  answer?: (write: Write) => Promise<WriteResult>;
}

function setup({ idStyle = 'v2', sending = false, answer }: Setup = {}) {
  const standin = createStandin({ products: 30, idStyle });
  const client = createClient({ baseUrl: BASE, token: standin.token, fetch: inProcessFetch(standin) });
  const writes: Write[] = [];
  const writer: Pick<Writer, 'write'> = {
    write: (write) => {
      writes.push(write);
      if (answer) return answer(write);
      if (sending) return send(write, client);
      return Promise.resolve({ state: 'queued', seq: writes.length, recordId: -writes.length });
    },
  };
  const view = render(<RecordsScreen client={client} writer={writer} online />);
  return { standin, writes, container: view.container };
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const form = (name: string) => screen.getByRole('form', { name });

async function choose(kind: Kind): Promise<void> {
  fireEvent.change(screen.getByRole('combobox', { name: 'Record kind' }), { target: { value: kind } });
  await screen.findByRole('table', { name: `${KINDS[kind].label} records, page 1` });
}

async function startNew(kind: Kind): Promise<void> {
  await choose(kind);
  fireEvent.click(button(`New ${KINDS[kind].label} record`));
}

async function startEdit(kind: Kind, id: number): Promise<void> {
  await choose(kind);
  fireEvent.click(button(`View ${KINDS[kind].label} ${id}`));
  // The view shows the list's copy at once, then the server's; edit what the server has.
  const json = screen.getByRole('textbox', { name: `${KINDS[kind].label} ${id} as JSON` }) as HTMLTextAreaElement;
  await waitFor(() => expect(json.value).toContain('"'));
  fireEvent.click(button('Edit'));
}

function type(name: string, text: string): void {
  const input = field(name);
  fireEvent.input(input, { target: { value: text } });
  fireEvent.blur(input);
}

/** The problem a control is described by, if any. */
function problemOf(input: HTMLElement): string | undefined {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains('field-problem'))
    ?.textContent;
}

describe('Record forms: create', () => {
  it.each(['v2', 'contract'] as const)(
    'a product created through the form is on the stand-in with numbers as numbers (%s ids)',
    async (idStyle) => {
      const { standin, writes } = setup({ idStyle, sending: true });
      await startNew('Product');
      expect(screen.queryByRole('textbox', { name: 'Record JSON' })).toBeNull();
      type('Name (required)', ' Rhubarb Tart ');
      type('Sale price', '3.20');
      type('Eat-out price', ' 3.5 ');
      type('Category ID', '4');
      type('Barcode', '5012345678900');
      fireEvent.click(checkbox('Sell on web'));
      expect(checkbox('Sell on till').checked).toBe(true);
      fireEvent.click(button('Create'));
      expect(await screen.findByText('Saved to Epos Now')).toBeTruthy();

      expect(writes).toHaveLength(1);
      const created = standin.records('Product').find((p) => p.Name === 'Rhubarb Tart')!;
      expect(created).toMatchObject({
        [idKey('Product', idStyle)]: 31,
        SalePrice: 3.2,
        EatOutPrice: 3.5,
        CategoryID: 4,
        Barcode: '5012345678900',
        SellOnTill: true,
        SellOnWeb: true,
        CostPrice: null,
        Description: null,
      });
      expect(typeof created.SalePrice).toBe('number');
      expect(typeof created.CategoryID).toBe('number');
      // Every field of the kind, and nothing else, went in the body: no id, no strings for numbers.
      const body = (writes[0] as Extract<Write, { op: 'create' }>).body;
      expect(Object.keys(body)).toEqual(KIND_FIELDS.Product.map((s) => s.key));
    },
  );

  it('the other four kinds create from their forms too', async () => {
    const { standin } = setup({ sending: true });
    await startNew('TenderType');
    type('Name (required)', 'Gift voucher');
    fireEvent.click(button('Create'));
    expect(await screen.findByText('Saved to Epos Now')).toBeTruthy();
    expect(standin.records('TenderType').at(-1)).toMatchObject({ Name: 'Gift voucher', Description: null });

    await startNew('DiscountReason');
    type('Reason (required)', 'Birthday');
    type('Default discount (%)', '12.5');
    fireEvent.click(button('Create'));
    expect(await screen.findByText('Saved to Epos Now')).toBeTruthy();
    expect(standin.records('DiscountReason').at(-1)).toMatchObject({ Reason: 'Birthday', DefaultVal: 12.5 });

    await startNew('SeatingTable');
    type('Name (required)', 'Terrace 1');
    type('Seats', '4');
    type('Position X', '-20');
    fireEvent.click(button('Create'));
    expect(await screen.findByText('Saved to Epos Now')).toBeTruthy();
    expect(standin.records('SeatingTable').at(-1)).toMatchObject({
      Name: 'Terrace 1',
      Seats: 4,
      PosX: -20,
      PosY: null,
    });

    await startNew('Customer');
    type('Forename', 'Ada');
    type('Date of birth', '1815-12-10');
    type('Credit limit', '50');
    fireEvent.click(button('Create'));
    expect(await screen.findByText('Saved to Epos Now')).toBeTruthy();
    expect(standin.records('Customer').at(-1)).toMatchObject({
      Forename: 'Ada',
      // The server binds a date alone as a DateTime at midnight, and writes it back so.
      DateOfBirth: '1815-12-10T00:00:00',
      MaxCredit: 50,
      Surname: null,
    });
  });

  it('a bad price is refused at the field, focus goes to it, and nothing is queued', async () => {
    const { writes } = setup();
    await startNew('Product');
    type('Name (required)', 'Tea');
    fireEvent.input(field('Sale price'), { target: { value: '2,50' } });
    fireEvent.click(button('Create'));

    const price = field('Sale price');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(problemOf(price)).toBe('Sale price must be a number.');
    expect(document.activeElement).toBe(price);
    expect(screen.getByRole('alert').textContent).toBe('Not saved: fix this first.Sale price must be a number.');
    expect(price.value).toBe('2,50');
    expect(writes).toEqual([]);

    type('Sale price', '2.50');
    expect(price.getAttribute('aria-invalid')).toBeNull();
    expect(problemOf(price)).toBeUndefined();
    fireEvent.click(button('Create'));
    expect(await screen.findByText(QUEUED)).toBeTruthy();
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({ op: 'create', kind: 'Product', body: { Name: 'Tea', SalePrice: 2.5 } });
  });

  it('refuses NaN and Infinity, ids past the 32-bit range and halves of a whole number; focus on the first', async () => {
    const { writes } = setup();
    await startNew('Product');
    type('Sale price', 'Infinity');
    type('Cost price', '1e400');
    type('Eat-out price', 'NaN');
    type('Category ID', '2147483648');
    type('Sort position', '1.5');
    fireEvent.click(button('Create'));

    expect(document.activeElement).toBe(field('Name (required)'));
    expect(problemOf(field('Name (required)'))).toBe('Name is required.');
    expect(problemOf(field('Sale price'))).toBe('Sale price must be a number.');
    expect(problemOf(field('Cost price'))).toBe('Cost price must be a number.');
    expect(problemOf(field('Eat-out price'))).toBe('Eat-out price must be a number.');
    expect(problemOf(field('Category ID'))).toBe('Category ID must be a whole number from 1 to 2147483647.');
    expect(problemOf(field('Sort position'))).toBe('Sort position must be a whole number.');
    expect(within(screen.getByRole('alert')).getByText('Not saved: fix these 6 first.')).toBeTruthy();
    expect(writes).toEqual([]);
  });

  it('checks a field when it is left, not before', async () => {
    setup();
    await startNew('SeatingTable');
    const seats = field('Seats');
    fireEvent.input(seats, { target: { value: 'four' } });
    expect(problemOf(seats)).toBeUndefined();
    fireEvent.blur(seats);
    expect(problemOf(seats)).toBe('Seats must be a whole number.');
    // Leaving an untouched field says nothing yet, even a required one.
    fireEvent.blur(field('Name (required)'));
    expect(problemOf(field('Name (required)'))).toBeUndefined();
  });

  it('a write that could not be stored shows why and keeps every field as typed', async () => {
    const full = 'Storage is full.';
    setup({ answer: () => Promise.reject(new StoreError('storage-full', full)) });
    await startNew('Product');
    type('Name (required)', 'Scone');
    type('Sale price', '2.10');
    fireEvent.click(button('Create'));
    expect((await screen.findByRole('alert')).textContent).toBe(full);
    expect(field('Name (required)').value).toBe('Scone');
    expect(field('Sale price').value).toBe('2.10');
  });
});

describe('Record forms: edit', () => {
  it.each(['v2', 'contract'] as const)(
    'editing a customer sends only the fields changed, with the record the form showed as their base (%s ids)',
    async (idStyle) => {
      const { standin, writes } = setup({ idStyle });
      standin.put('Customer', {
        ...standin.record('Customer', 12),
        Notes: null,
        LoyaltyTier: 'gold',
        Preferences: { milk: 'oat' },
      });
      const before = standin.record('Customer', 12)!;
      expect(before).toHaveProperty('LoyaltyTier', 'gold');
      await startEdit('Customer', 12);
      expect(form('Edit Customer 12')).toBeTruthy();
      expect(field('Forename').value).toBe(before.Forename);
      expect(field('Notes').value).toBe('');
      type('Surname', 'Hopper');
      // A field emptied is "no value" to the API: null, not "".
      expect(before.ContactNumber).toEqual(expect.any(String));
      type('Phone', '');
      fireEvent.click(button('Save changes'));
      expect(await screen.findByText(QUEUED)).toBeTruthy();
      // Only what was changed goes, with the record as the form showed it: a field nobody touched,
      // known to the form or not, is left as Epos Now has it when the change lands.
      expect(writes).toEqual([
        {
          op: 'update',
          kind: 'Customer',
          id: 12,
          body: { Surname: 'Hopper', ContactNumber: null },
          base: withoutId('Customer', before),
        },
      ]);
    },
  );

  it.each(['v2', 'contract'] as const)(
    'an edited product reaches the stand-in as numbers (%s ids)',
    async (idStyle) => {
      const { standin } = setup({ idStyle, sending: true });
      standin.put('Product', { ...standin.record('Product', 3), SalePrice: 3.2, CostPrice: 1.125 });
      const before = standin.record('Product', 3)!;
      await startEdit('Product', 3);
      // Money as money is written, down to the penny, with nothing rounded off what has more.
      expect(field('Sale price').value).toBe('3.20');
      expect(field('Cost price').value).toBe('1.125');
      type('Sale price', '4.75');
      type('Tare weight', '0.25');
      fireEvent.click(checkbox('Sell on till'));
      fireEvent.click(button('Save changes'));
      expect(await screen.findByText('Saved to Epos Now')).toBeTruthy();
      expect(standin.record('Product', 3)).toEqual({ ...before, SalePrice: 4.75, TareWeight: 0.25, SellOnTill: false });
    },
  );
});

describe('Record forms: Advanced (JSON)', () => {
  it('switching to JSON and back keeps what was typed, unknown keys included', async () => {
    const { standin, writes } = setup();
    standin.put('Product', { ...standin.record('Product', 3), Allergens: ['nuts'] });
    const before = standin.record('Product', 3)!;
    await startEdit('Product', 3);
    type('Sale price', '4.75');
    type('Barcode', 'abc');
    type('Category ID', ' seven ');

    fireEvent.click(button('Advanced (JSON)'));
    const editor = screen.getByRole('textbox', { name: 'Record JSON' }) as HTMLTextAreaElement;
    expect(document.activeElement).toBe(editor);
    const json = JSON.parse(editor.value) as OpenRecord;
    expect(json).toEqual({
      ...withoutId('Product', before),
      SalePrice: 4.75,
      Barcode: 'abc',
      CategoryID: 'seven',
    });

    fireEvent.input(editor, { target: { value: JSON.stringify({ ...json, Name: 'Renamed', CategoryID: 2 }) } });
    fireEvent.click(button('Back to the form'));
    expect(screen.queryByRole('textbox', { name: 'Record JSON' })).toBeNull();
    expect(document.activeElement).toBe(field('Name (required)'));
    expect(field('Name (required)').value).toBe('Renamed');
    expect(field('Sale price').value).toBe('4.75');
    expect(field('Category ID').value).toBe('2');

    fireEvent.click(button('Save changes'));
    expect(await screen.findByText(QUEUED)).toBeTruthy();
    expect(writes).toEqual([
      {
        op: 'update',
        kind: 'Product',
        id: 3,
        body: { Name: 'Renamed', SalePrice: 4.75, Barcode: 'abc', CategoryID: 2 },
        base: withoutId('Product', before),
      },
    ]);
  });

  it('a value of the wrong type typed as JSON shows at its field in the form', async () => {
    const { writes } = setup();
    await startNew('SeatingTable');
    fireEvent.click(button('Advanced (JSON)'));
    const editor = screen.getByRole('textbox', { name: 'Record JSON' });
    fireEvent.input(editor, { target: { value: '{"Name": "Bar 2", "Seats": "lots", "Extra": 1}' } });
    fireEvent.click(button('Back to the form'));
    expect(field('Seats').value).toBe('lots');
    fireEvent.click(button('Create'));
    expect(problemOf(field('Seats'))).toBe('Seats must be a whole number.');
    expect(document.activeElement).toBe(field('Seats'));
    expect(writes).toEqual([]);
  });

  it('JSON that does not parse stays in the editor, with the reason, until it does', async () => {
    const { writes } = setup();
    await startNew('TenderType');
    fireEvent.click(button('Advanced (JSON)'));
    const editor = screen.getByRole('textbox', { name: 'Record JSON' }) as HTMLTextAreaElement;
    fireEvent.input(editor, { target: { value: '{"Name": ' } });
    fireEvent.click(button('Back to the form'));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Not valid JSON: .* Fix it to go back to the form\.$/,
    );
    expect(editor.value).toBe('{"Name": ');
    expect(editor.getAttribute('aria-invalid')).toBe('true');
    expect(writes).toEqual([]);
  });

  it('JSON is checked by the same field rules before anything is queued', async () => {
    const { writes } = setup();
    await startNew('DiscountReason');
    fireEvent.click(button('Advanced (JSON)'));
    fireEvent.input(screen.getByRole('textbox', { name: 'Record JSON' }), {
      target: { value: '{"Reason": "", "DefaultVal": 150}' },
    });
    fireEvent.click(button('Create'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Reason is required. Default discount (%) must be from 0 to 100.',
    );
    expect(writes).toEqual([]);
  });

  it('a kind without a form keeps the JSON editor only', async () => {
    setup();
    await startNew('CustomerType');
    expect(screen.getByRole('textbox', { name: 'Record JSON' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Advanced (JSON)' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Back to the form' })).toBeNull();
  });
});

describe('Record forms: accessibility', () => {
  it.each(['Product', 'Customer', 'TenderType', 'DiscountReason', 'SeatingTable'] as const)(
    '%s: every control has a visible label that is its accessible name',
    async (kind) => {
      const { container } = setup();
      await startNew(kind);
      const controls = [...container.querySelectorAll<HTMLInputElement>('form input')];
      expect(controls).toHaveLength(KIND_FIELDS[kind].length);
      for (const control of controls) {
        const label = control.labels?.[0];
        expect(label, control.id).toBeTruthy();
        const name = label!.textContent!;
        const role = control.type === 'checkbox' ? 'checkbox' : 'textbox';
        expect(screen.getByRole(role, { name })).toBe(control);
      }
      // The focus starts at the form's heading, so a screen reader says where it is.
      expect(document.activeElement?.textContent).toBe(`New ${KINDS[kind].label} record`);
    },
  );
});
