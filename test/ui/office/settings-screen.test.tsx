// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ConfigState, createConfigState } from '../../../app/page/config-state.ts';
import { createHolder } from '../../../app/page/subscribable.ts';
import type { TillSdkState, TillSdkStatus } from '../../../app/page/till-sdk-state.ts';
import { createWriter, type WriteResult, type Writer } from '../../../app/page/writer.ts';
import { createSearchIndex } from '../../../app/search/index.ts';
import type { TillDb } from '../../../app/store/db.ts';
import { StoreError } from '../../../app/store/errors.ts';
import type { Write } from '../../../app/store/outbox.ts';
import { SettingsScreen } from '../../../app/ui/office/settings-screen.tsx';
import { product } from '../../search/fixture.ts';
import { freshDb } from '../../store/fixture.ts';

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const SERVER = {
  version: 1,
  tillName: 'Front counter',
  currency: 'GBP',
  locale: 'en-GB',
  priceField: 'SalePrice',
  refreshMinutes: 15,
  favourites: [2, 99, 1],
  allowCustomerCreate: true,
  tillSdk: false,
  printer: 'kitchen',
};
const PRODUCTS = [
  product(1, 'Flat white', { Barcode: '5000000000011' }),
  product(2, 'Croissant'),
  product(3, 'Earl Grey tea', { Barcode: '5000000000035' }),
];

const states: ConfigState[] = [];
const dbs: TillDb[] = [];
afterEach(() => {
  cleanup();
  for (const state of states.splice(0)) state.close();
  for (const db of dbs.splice(0)) db.close();
});

interface Options {
  server?: unknown;
  getSettings?: () => Promise<unknown>;
  writer?: Pick<Writer, 'write'>;
  tillSdk?: TillSdkState;
}

/** The screen over a real ConfigState on a fresh database; the writer queues (nothing answers) unless one is given. */
async function renderScreen({ server = SERVER, getSettings = async () => server, writer, tillSdk }: Options = {}) {
  const db = await freshDb();
  dbs.push(db);
  const target = new EventTarget();
  const channel = {
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    postMessage: () => undefined,
  };
  const realWriter = createWriter({ db, channel, now: () => NOW, notify: () => undefined, waitMs: 10 });
  const config = createConfigState({
    db,
    client: { getSettings: async () => ({ document: await getSettings(), storedAt: null }) },
    writer: writer ?? realWriter,
    channel,
    now: () => NOW,
  });
  states.push(config);
  render(<SettingsScreen config={config} products={createSearchIndex(PRODUCTS)} tillSdk={tillSdk} />);
  return { db, config };
}

const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
const type = (element: HTMLElement, value: string) => fireEvent.input(element, { target: { value } });
const favourites = () =>
  within(screen.getByRole('list', { name: 'Chosen favourites' }))
    .getAllByRole('listitem')
    .map((item) => item.firstChild?.textContent);

describe('SettingsScreen: the form', () => {
  it('shows each setting in a labelled control, from Epos Now', async () => {
    await renderScreen();
    await screen.findByText('From Epos Now');
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(textbox('Till name').value).toBe('Front counter');
    expect(textbox('Currency').value).toBe('GBP');
    expect(textbox('Locale').value).toBe('en-GB');
    expect((screen.getByRole('combobox', { name: 'Price charged' }) as HTMLSelectElement).value).toBe('SalePrice');
    expect((screen.getByRole('spinbutton', { name: 'Catalog refresh (minutes)' }) as HTMLInputElement).value).toBe(
      '15',
    );
    expect((screen.getByRole('checkbox', { name: 'Cashiers may create customers' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(favourites()).toEqual(['Croissant', 'Product 99 (not on this till)', 'Flat white']);
    // Another tool's key is named, and kept.
    expect(screen.getByText('Kept when you save (not this app’s settings): printer.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when nothing was ever saved: defaults', async () => {
    await renderScreen({ server: null });
    await screen.findByText('Not saved yet: defaults');
    expect(textbox('Currency').value).toBe('GBP');
  });

  it('saves every field as edited, keeping the keys it does not know, and says it is queued', async () => {
    const { db } = await renderScreen();
    await screen.findByText('From Epos Now');
    type(textbox('Till name'), '  Bar  ');
    type(textbox('Currency'), 'eur');
    type(textbox('Locale'), 'fr-FR');
    fireEvent.change(screen.getByRole('combobox', { name: 'Price charged' }), { target: { value: 'EatOutPrice' } });
    type(screen.getByRole('spinbutton', { name: 'Catalog refresh (minutes)' }), '30');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Cashiers may create customers' }));
    save();
    await screen.findByText('Saved on this till; it goes to Epos Now as soon as the connection allows.');
    const [entry] = await db.getAll('outbox');
    expect(entry?.body).toEqual({
      ...SERVER,
      tillName: 'Bar',
      currency: 'EUR',
      locale: 'fr-FR',
      priceField: 'EatOutPrice',
      refreshMinutes: 30,
      allowCustomerCreate: false,
    });
    // The form shows what was saved, tidied.
    await waitFor(() => expect(textbox('Currency').value).toBe('EUR'));
    expect(screen.getByText('Stored on this till')).toBeTruthy();
  });

  it('says "Saved" when Epos Now took it at once', async () => {
    const write = vi.fn(async (): Promise<WriteResult> => ({ state: 'done', recordId: 0 }));
    await renderScreen({ writer: { write } });
    await screen.findByText('From Epos Now');
    save();
    await screen.findByText('Saved');
    expect(write).toHaveBeenCalledWith({ op: 'save', document: SERVER, base: SERVER }, expect.anything());
  });

  it('blocks the save while fields are invalid, saying what is wrong next to each and in an alert', async () => {
    const write = vi.fn();
    await renderScreen({ writer: { write } });
    await screen.findByText('From Epos Now');
    type(textbox('Currency'), 'XX1');
    type(textbox('Locale'), 'not a locale!!');
    type(screen.getByRole('spinbutton', { name: 'Catalog refresh (minutes)' }), '0');
    save();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Not saved: fix these 3 first.');
    const currency = textbox('Currency');
    expect(currency.getAttribute('aria-invalid')).toBe('true');
    const described = currency.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(
      'Currency must be a three-letter currency code such as GBP or EUR.',
    );
    expect(textbox('Locale').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('spinbutton', { name: 'Catalog refresh (minutes)' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(textbox('Till name').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(currency);
    expect(write).not.toHaveBeenCalled();

    // Fixed on blur, one at a time; the summary follows.
    type(textbox('Currency'), 'EUR');
    fireEvent.blur(textbox('Currency'));
    await waitFor(() => expect(textbox('Currency').getAttribute('aria-invalid')).toBeNull());
    expect(screen.getByRole('alert').textContent).toContain('fix these 2 first');
  });

  it('checks a field when it is left', async () => {
    await renderScreen();
    await screen.findByText('From Epos Now');
    type(textbox('Till name'), 'x'.repeat(41));
    fireEvent.blur(textbox('Till name'));
    await screen.findByText('Till name must be at most 40 characters.');
    expect(textbox('Till name').getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps the form as typed and shows why when the till cannot store the save', async () => {
    const full = new StoreError(
      'storage-full',
      "The device's storage is full: saving the change on this till failed. Free some space on the till and try again.",
    );
    await renderScreen({ writer: { write: () => Promise.reject(full) } });
    await screen.findByText('From Epos Now');
    type(textbox('Till name'), 'Bar');
    save();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`Not saved: ${full.message}`);
    expect(textbox('Till name').value).toBe('Bar');
    expect(screen.getByText('From Epos Now')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save settings' })).toHaveProperty('disabled', false);
  });

  it('keeps edits when the document changes underneath, and follows it when not edited', async () => {
    const { config } = await renderScreen({ writer: { write: async () => ({ state: 'done', recordId: 0 }) } });
    await screen.findByText('From Epos Now');
    await act(async () => void (await config.saveDocument({ ...SERVER, tillName: 'Elsewhere' })));
    await waitFor(() => expect(textbox('Till name').value).toBe('Elsewhere'));
    type(textbox('Till name'), 'Mine');
    await act(async () => void (await config.saveDocument({ ...SERVER, tillName: 'Elsewhere again' })));
    expect(textbox('Till name').value).toBe('Mine');
  });

  it('saves only the edited fields over a document that arrived after editing began', async () => {
    let answer: (document: unknown) => void = () => undefined;
    const fetched = new Promise<unknown>((resolve) => (answer = resolve));
    const write = vi.fn(
      async (_write: Write, _options?: unknown): Promise<WriteResult> => ({ state: 'done', recordId: 0 }),
    );
    await renderScreen({ getSettings: () => fetched, writer: { write } });
    await screen.findByText('Not saved yet: defaults');
    type(textbox('Till name'), 'Bar');
    await act(async () => answer({ ...SERVER, currency: 'EUR' }));
    await screen.findByText('From Epos Now');
    // The untouched field follows the server; the edited one stays as typed.
    expect(textbox('Currency').value).toBe('EUR');
    expect(textbox('Till name').value).toBe('Bar');
    save();
    await waitFor(() => expect(write).toHaveBeenCalledTimes(1));
    // Laid over the document the form showed last: only the till name differs from it.
    expect(write.mock.calls[0]?.[0]).toEqual({
      op: 'save',
      document: { ...SERVER, currency: 'EUR', tillName: 'Bar' },
      base: { ...SERVER, currency: 'EUR' },
    });
  });
});

describe('SettingsScreen: favourites', () => {
  it('moves and removes favourites by button', async () => {
    await renderScreen();
    await screen.findByText('From Epos Now');
    expect(screen.getByRole('button', { name: 'Move Croissant up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move Flat white down' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Move Flat white up' }));
    expect(favourites()).toEqual(['Croissant', 'Flat white', 'Product 99 (not on this till)']);
    // Focus stays on the button used, in the row's new place.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Flat white up' })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move Flat white up' }));
    expect(favourites()).toEqual(['Flat white', 'Croissant', 'Product 99 (not on this till)']);
    // At the top "up" is disabled: focus moves to "down".
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Flat white down' })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove Product 99 (not on this till)' }));
    expect(favourites()).toEqual(['Flat white', 'Croissant']);
    expect(screen.getByText('Product 99 (not on this till) removed')).toBeTruthy();
  });

  it('adds by name, barcode or id, never twice, and saves the order', async () => {
    const write = vi.fn(
      async (_write: Write, _options?: unknown): Promise<WriteResult> => ({ state: 'done', recordId: 0 }),
    );
    await renderScreen({ writer: { write } });
    await screen.findByText('From Epos Now');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Croissant' }));
    const add = screen.getByRole('searchbox', { name: 'Add favourite' });

    type(add, 'earl');
    fireEvent.click(screen.getByRole('button', { name: 'Add Earl Grey tea' }));
    expect((add as HTMLInputElement).value).toBe('');

    // A chosen product is not offered again.
    type(add, 'flat');
    expect(screen.getByText('No products match “flat”.')).toBeTruthy();

    // A scanner types the barcode and Enter: the first offer is added.
    type(add, '5000000000011');
    type(add, 'croissant');
    fireEvent.keyDown(add, { key: 'Enter' });
    type(add, '4321');
    fireEvent.click(screen.getByRole('button', { name: 'Add Product 4321 (not on this till)' }));
    expect(favourites()).toEqual([
      'Product 99 (not on this till)',
      'Flat white',
      'Earl Grey tea',
      'Croissant',
      'Product 4321 (not on this till)',
    ]);

    save();
    await waitFor(() => expect(write).toHaveBeenCalledTimes(1));
    expect(write.mock.calls[0]?.[0]).toEqual({
      op: 'save',
      document: { ...SERVER, favourites: [99, 1, 3, 2, 4321] },
      base: SERVER,
    });
  });

  it('finds a product by its barcode', async () => {
    await renderScreen({ server: { ...SERVER, favourites: [] } });
    await screen.findByText('From Epos Now');
    expect(screen.getByText('None yet: the till shows no favourites grid.')).toBeTruthy();
    type(screen.getByRole('searchbox', { name: 'Add favourite' }), '5000000000035');
    fireEvent.click(screen.getByRole('button', { name: 'Add Earl Grey tea' }));
    expect(favourites()).toEqual(['Earl Grey tea']);
  });
});

describe('SettingsScreen: what is wrong with the stored settings', () => {
  it('warns about another app’s document: defaults in use, its keys kept', async () => {
    await renderScreen({ server: { theme: 'dark', layout: 'grid' } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('defaults are in use for those fields');
    expect(alert.textContent).toContain('The stored settings are not this app’s');
    expect(screen.getByText('Kept when you save (not this app’s settings): theme, layout.')).toBeTruthy();
    expect(textbox('Currency').value).toBe('GBP');
  });

  it('warns about a document that is not an object', async () => {
    await renderScreen({ server: ['a', 'list'] });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The stored settings are a list, not a settings object: defaults are in use.',
    );
  });

  it('keeps the good settings in use when Epos Now sends a foreign one, showing what came and what is wrong', async () => {
    let answer: unknown = { ...SERVER, currency: 'EUR' };
    const { config } = await renderScreen({ getSettings: async () => answer });
    await waitFor(() => expect(textbox('Currency').value).toBe('EUR'));
    answer = ['a', 'list'];
    await act(() => config.refresh());
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Epos Now sent settings this app cannot use: a list, not a settings object.');
    expect(alert.textContent).toContain('The last good settings stay in use');
    expect(within(alert).getByLabelText('What Epos Now sent').textContent).toBe('["a","list"]');
    expect(textbox('Currency').value).toBe('EUR');
    expect(screen.getByText('Stored on this till')).toBeTruthy();
  });

  it('lists each broken field of a partly valid document', async () => {
    await renderScreen({ server: { ...SERVER, currency: 'pounds', refreshMinutes: -5 } });
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Currency must be a three-letter currency code such as GBP or EUR; using "GBP".',
      'Catalog refresh (minutes) must be a whole number of minutes from 1 to 1440; using 15.',
    ]);
    expect(textbox('Till name').value).toBe('Front counter');
  });

  it('says when the settings could not be fetched, and that defaults are in use', async () => {
    await renderScreen({ getSettings: () => Promise.reject(new Error('Failed to fetch')) });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The settings could not be fetched (Failed to fetch); defaults are in use.');
    expect(screen.getByText('Not saved yet: defaults')).toBeTruthy();
  });
});

describe('SettingsScreen: raw JSON', () => {
  async function openRaw(options: Options = {}) {
    const rendered = await renderScreen(options);
    await screen.findByText('From Epos Now');
    const toggle = screen.getByRole('button', { name: 'Raw JSON', pressed: false });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();
    return { ...rendered, editor: screen.getByRole('textbox', { name: 'Settings JSON' }) as HTMLTextAreaElement };
  }

  it('shows the stored document, and the form comes back as it was left', async () => {
    await renderScreen();
    await screen.findByText('From Epos Now');
    type(textbox('Till name'), 'Typed');
    fireEvent.click(screen.getByRole('button', { name: 'Raw JSON' }));
    expect(JSON.parse((screen.getByRole('textbox', { name: 'Settings JSON' }) as HTMLTextAreaElement).value)).toEqual(
      SERVER,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Raw JSON', pressed: true }));
    expect(textbox('Till name').value).toBe('Typed');
  });

  it('says where the JSON is broken and saves nothing', async () => {
    const write = vi.fn();
    const { editor } = await openRaw({ writer: { write } });
    type(editor, '{"tillName": "Bar",}');
    fireEvent.click(screen.getByRole('button', { name: 'Save JSON' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Not valid JSON: /);
    expect(editor.getAttribute('aria-invalid')).toBe('true');
    type(editor, '[1, 2]');
    fireEvent.click(screen.getByRole('button', { name: 'Save JSON' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Must be a JSON object: fields inside { }.');
    expect(write).not.toHaveBeenCalled();
  });

  it('saves a valid document as typed', async () => {
    const { editor, db } = await openRaw();
    type(editor, JSON.stringify({ ...SERVER, tillName: 'Raw', extra: { a: 1 } }));
    fireEvent.click(screen.getByRole('button', { name: 'Save JSON' }));
    await screen.findByText('Saved on this till; it goes to Epos Now as soon as the connection allows.');
    expect((await db.getAll('outbox'))[0]?.body).toEqual({ ...SERVER, tillName: 'Raw', extra: { a: 1 } });
  });

  it('asks before saving a document with problems, and saves it only on "Save anyway"', async () => {
    const write = vi.fn(async (): Promise<WriteResult> => ({ state: 'done', recordId: 0 }));
    const { editor } = await openRaw({ writer: { write } });
    type(editor, '{"currency": "XX1", "other": true}');
    fireEvent.click(screen.getByRole('button', { name: 'Save JSON' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Currency must be a three-letter currency code');
    expect(write).not.toHaveBeenCalled();

    fireEvent.click(within(alert).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save JSON' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save anyway' }));
    await waitFor(() =>
      expect(write).toHaveBeenCalledWith(
        { op: 'save', document: { currency: 'XX1', other: true }, base: SERVER },
        expect.anything(),
      ),
    );
    await screen.findByText('Saved');
    // The till now reads it with the problem, and says so.
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('defaults are in use for those fields'),
    );
  });

  it('shows a refused save and keeps the text', async () => {
    const full = new StoreError(
      'storage-full',
      "The device's storage is full: saving the change on this till failed. Free some space on the till and try again.",
    );
    const { editor } = await openRaw({ writer: { write: () => Promise.reject(full) } });
    type(editor, '{"tillName": "Bar"}');
    fireEvent.click(screen.getByRole('button', { name: 'Save JSON' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`Not saved: ${full.message}`);
    expect(editor.value).toBe('{"tillName": "Bar"}');
  });
});

describe('SettingsScreen: Epos Now’s till script', () => {
  const ADDRESS = 'https://cdn.eposnowhq.com/sdk/eposnow.till.sdk.js';
  const sdkState = (status: Partial<TillSdkStatus> = {}) => {
    const holder = createHolder<TillSdkStatus>({ address: ADDRESS, script: 'not-loaded', problem: null, ...status });
    return { ...holder, stop: () => undefined };
  };
  const checkbox = () => screen.getByRole('checkbox', { name: 'Load Epos Now’s till script' }) as HTMLInputElement;
  const description = () =>
    (checkbox().getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');

  it('is off by default; a manager switches it on where the build names the script, and it is saved', async () => {
    const { db } = await renderScreen({ tillSdk: sdkState() });
    await screen.findByText('From Epos Now');
    expect(checkbox().checked).toBe(false);
    expect(checkbox().disabled).toBe(false);
    expect(description()).toContain('https://cdn.eposnowhq.com');
    fireEvent.click(checkbox());
    save();
    await screen.findByText('Saved on this till; it goes to Epos Now as soon as the connection allows.');
    const [entry] = await db.getAll('outbox');
    expect(entry?.body).toEqual({ ...SERVER, tillSdk: true });
  });

  it('says plainly whether the script loaded on this page, and why not', async () => {
    const state = sdkState({ script: 'loading' });
    await renderScreen({ server: { ...SERVER, tillSdk: true }, tillSdk: state });
    await screen.findByText('From Epos Now');
    expect(checkbox().checked).toBe(true);
    expect(description()).toContain('Loading it on this page…');
    act(() =>
      state.set({
        address: ADDRESS,
        script: 'failed',
        problem: `Epos Now’s till script could not be loaded from ${ADDRESS} (offline, blocked or moved).`,
      }),
    );
    expect(description()).toContain(
      `It did not load: Epos Now’s till script could not be loaded from ${ADDRESS} (offline, blocked or moved). Sales still reach the till without it.`,
    );
    act(() => state.set({ address: ADDRESS, script: 'loaded', problem: null }));
    expect(description()).toContain('Loaded on this page.');
  });

  it('cannot be switched on where the build names no script, and says so', async () => {
    await renderScreen({ tillSdk: sdkState({ address: '' }) });
    await screen.findByText('From Epos Now');
    expect(checkbox().disabled).toBe(true);
    expect(description()).toContain('This build names no address for Epos Now’s till script (EPOS_TILL_SDK)');
  });
});
