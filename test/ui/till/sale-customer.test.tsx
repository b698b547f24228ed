// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, type EposClient } from '../../../app/epos/client.ts';
import { NetworkError } from '../../../app/epos/errors.ts';
import { BASKET_KEY } from '../../../app/till/basket-storage.ts';
import { type CustomerSummary, recentCustomers, rememberCustomer } from '../../../app/till/recent-customers.ts';
import { OrderPad } from '../../../app/ui/till/order-pad.tsx';
import { inProcessFetch } from '../../standin/in-process.ts';
import { createStandin } from '../../standin/standin.ts';
import { catalogView, config, memoryStorage, tillFrame } from './fixture.ts';

afterEach(cleanup);

const NOAH: CustomerSummary = { id: 7, name: 'Noah Patel', phone: '07700 900312', card: '633700100259' };

/** The API through the stand-in in process, or one that cannot reach Epos Now (the worker's offline answer). */
function api(online: boolean) {
  const standin = createStandin({ products: 10 });
  const client = createClient({ baseUrl: 'http://standin.test', token: standin.token, fetch: inProcessFetch(standin) });
  const offline = (path: string) => Promise.reject(new NetworkError({ method: 'GET', path }, 'offline', false));
  const reached: Pick<EposClient, 'get' | 'list'> = online
    ? client
    : { get: () => offline('/api/V2/Customer/7'), list: () => offline('/api/V2/Customer/?page=1') };
  const asked = () => standin.log.filter((request) => request.path.startsWith('/api/V2/Customer')).map((r) => r.path);
  return { standin, api: async () => reached, asked };
}

function renderPad({ online = true, passedId = null as number | null, storage = memoryStorage() } = {}) {
  const { api: reach, asked, standin } = api(online);
  const onPassedTaken = vi.fn();
  const props = {
    catalog: catalogView(),
    config: config(),
    pulling: false,
    storage,
    frame: tillFrame().frame,
    now: () => 0,
  };
  const view = render(<OrderPad {...props} customers={{ api: reach, passedId, onPassedTaken }} />);
  const again = (id: number | null) =>
    view.rerender(<OrderPad {...props} customers={{ api: reach, passedId: id, onPassedTaken }} />);
  return { storage, onPassedTaken, asked, standin, again };
}

const kept = (storage: ReturnType<typeof memoryStorage>) =>
  JSON.parse(storage.items.get(BASKET_KEY) ?? '{}').basket?.customer;

async function openPicker(name: string | RegExp = 'Customer') {
  fireEvent.click(screen.getByRole('button', { name }));
  const dialog = screen.getByRole('dialog', { name: 'Customer' });
  await within(dialog).findByRole('searchbox', { name: 'Name, phone or card number' });
  return dialog;
}

const findField = (dialog: HTMLElement) =>
  within(dialog).getByRole('searchbox', { name: 'Name, phone or card number' });

describe('the sale\u2019s customer: the one the till passed', () => {
  it('is the sale\u2019s at once by id, then by name from Epos Now, kept with the basket and remembered', async () => {
    const { storage, onPassedTaken, asked } = renderPad({ passedId: 7 });
    expect(screen.getByRole('button', { name: 'Customer 7' })).toBeTruthy();
    expect(onPassedTaken).toHaveBeenCalledOnce();
    expect(await screen.findByRole('button', { name: 'Customer: Noah Patel' })).toBeTruthy();
    expect(kept(storage)).toEqual({ id: 7, name: 'Noah Patel' });
    expect(asked()).toEqual(['/api/V2/Customer/7']);
    expect(recentCustomers(storage)).toEqual([NOAH]);
  });

  it('offline, is named from the customers this till knows, else shown by id, and selling goes on', async () => {
    const storage = memoryStorage();
    rememberCustomer(NOAH, storage);
    renderPad({ online: false, passedId: 7, storage });
    expect(await screen.findByRole('button', { name: 'Customer: Noah Patel' })).toBeTruthy();
    cleanup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const other = renderPad({ online: false, passedId: 12 });
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('The sale\u2019s customer was not named:', expect.any(String)),
    );
    warn.mockRestore();
    expect(screen.getByRole('button', { name: 'Customer 12' })).toBeTruthy();
    expect(kept(other.storage)).toEqual({ id: 12, name: null });
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search products' }), { target: { value: 'latte' } });
    fireEvent.click(
      within(screen.getByRole('list', { name: 'Search results' })).getByRole('button', { name: /Latte/ }),
    );
    expect(within(screen.getByRole('list', { name: 'Basket lines' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('left unnamed offline, is named when the connection comes back', async () => {
    const { api: reach, asked } = api(true);
    let reachable = false;
    const flaky = async () => {
      const client = await reach();
      return {
        ...client,
        get: ((kind, id) =>
          reachable
            ? client.get(kind, id)
            : Promise.reject(
                new NetworkError({ method: 'GET', path: `/api/V2/Customer/${id}` }, 'offline', false),
              )) as EposClient['get'],
      };
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const props = { catalog: catalogView(), config: config(), pulling: false, storage: memoryStorage(), now: () => 0 };
    const customers = { api: flaky, passedId: 7, onPassedTaken: vi.fn() };
    const view = render(<OrderPad {...props} customers={{ ...customers, online: false }} />);
    await waitFor(() => expect(warn).toHaveBeenCalledOnce());
    warn.mockRestore();
    expect(screen.getByRole('button', { name: 'Customer 7' })).toBeTruthy();
    reachable = true;
    view.rerender(<OrderPad {...props} customers={{ ...customers, passedId: null, online: true }} />);
    expect(await screen.findByRole('button', { name: 'Customer: Noah Patel' })).toBeTruthy();
    expect(asked()).toEqual(['/api/V2/Customer/7']);
  });

  it('replaces a kept sale\u2019s other customer, keeps the same one\u2019s name, and is taken once', async () => {
    const storage = memoryStorage();
    storage.items.set(
      BASKET_KEY,
      JSON.stringify({
        currency: 'GBP',
        basket: { lines: [], discount: null, tableId: null, tenders: [], customer: { id: 9, name: 'Someone Else' } },
      }),
    );
    const { again, asked } = renderPad({ passedId: 7, storage });
    expect(await screen.findByRole('button', { name: 'Customer: Noah Patel' })).toBeTruthy();
    // Removed by the cashier, then the pad shown again: the till's word is not taken twice.
    const dialog = await openPicker('Customer: Noah Patel');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove customer' }));
    again(7);
    expect(screen.getByRole('button', { name: 'Customer' })).toBeTruthy();
    expect(kept(storage)).toBeNull();
    cleanup();
    rememberCustomer({ ...NOAH, name: 'Noah P.' }, storage);
    storage.items.set(
      BASKET_KEY,
      JSON.stringify({
        currency: 'GBP',
        basket: { lines: [], discount: null, tableId: null, tenders: [], customer: { id: 7, name: 'Noah Patel' } },
      }),
    );
    const before = asked().length;
    renderPad({ passedId: 7, storage });
    expect(screen.getByRole('button', { name: 'Customer: Noah Patel' })).toBeTruthy();
    expect(asked()).toHaveLength(before);
  });
});

describe('the sale\u2019s customer: attached and removed by the cashier', () => {
  it('online, found by part of a name through Epos Now, attached with a tap, and remembered', async () => {
    const { storage, asked } = renderPad();
    const dialog = await openPicker();
    fireEvent.input(findField(dialog), { target: { value: 'noah pat' } });
    expect(asked()).toEqual([]);
    fireEvent.submit(within(dialog).getByRole('search', { name: 'Find a customer' }));
    const found = await within(dialog).findByRole('list', { name: 'Customers found' });
    expect(asked()).toEqual(['/api/V2/Customer/?page=1', '/api/V2/Customer/?page=2']);
    fireEvent.click(within(found).getAllByRole('button', { name: /^Noah Patel/ })[0]!);
    expect(screen.getByRole('button', { name: 'Customer: Noah Patel' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Customer' })).toBeNull();
    expect(kept(storage)).toEqual({ id: 7, name: 'Noah Patel' });
    expect(recentCustomers(storage)[0]).toEqual(NOAH);
  });

  it('online, by card number', async () => {
    renderPad();
    const dialog = await openPicker();
    fireEvent.input(findField(dialog), { target: { value: '6337 0010 0259' } });
    fireEvent.submit(within(dialog).getByRole('search', { name: 'Find a customer' }));
    const found = await within(dialog).findByRole('list', { name: 'Customers found' });
    expect(
      within(found)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Noah Patel 07700 900312 card 633700100259']);
    expect(within(dialog).getByRole('status').textContent).toBe('1 found on Epos Now.');
  });

  it('offline, among the customers this till knows, as the cashier types; the failed search says why', async () => {
    const storage = memoryStorage();
    rememberCustomer({ id: 31, name: 'Ada Lovelace', phone: '07700 900111', card: null }, storage);
    rememberCustomer(NOAH, storage);
    renderPad({ online: false, storage });
    const dialog = await openPicker();
    const known = () => within(dialog).getByRole('list', { name: 'Customers on this till' });
    expect(within(known()).getAllByRole('button')).toHaveLength(2);
    fireEvent.input(findField(dialog), { target: { value: '900111' } });
    expect(
      within(known())
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Ada Lovelace 07700 900111']);
    fireEvent.submit(within(dialog).getByRole('search', { name: 'Find a customer' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('status').textContent).toMatch(
        /^Epos Now could not be searched \(.*offline.*\)\. Customers this till knows are shown\.$/,
      ),
    );
    fireEvent.click(within(known()).getByRole('button', { name: /Ada Lovelace/ }));
    expect(screen.getByRole('button', { name: 'Customer: Ada Lovelace' })).toBeTruthy();
    expect(kept(storage)).toEqual({ id: 31, name: 'Ada Lovelace' });
  });

  it('removed from the sale, the pad says no customer and the basket keeps none', async () => {
    const { storage } = renderPad({ passedId: 7 });
    const dialog = await openPicker(/^Customer/);
    expect(within(dialog).getByText(/^This sale is for /)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove customer' }));
    expect(within(dialog).queryByRole('button', { name: 'Remove customer' })).toBeNull();
    expect(document.activeElement).toBe(findField(dialog));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('button', { name: 'Customer' })).toBeTruthy();
    expect(kept(storage)).toBeNull();
  });

  it('a loyalty card scanned into the search field is the search\u2019s, not a product barcode', async () => {
    renderPad();
    const dialog = await openPicker();
    const field = findField(dialog) as HTMLInputElement;
    // The pad's clock stands still: every key comes as fast as a scanner's.
    for (const key of '633700100259')
      if (fireEvent.keyDown(field, { key })) fireEvent.input(field, { target: { value: field.value + key } });
    expect(fireEvent.keyDown(field, { key: 'Enter' })).toBe(true);
    expect(field.value).toBe('633700100259');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Basket lines' })).toBeNull();
  });

  it('a query too short to be worth asking is not sent', async () => {
    const { asked } = renderPad();
    const dialog = await openPicker();
    fireEvent.input(findField(dialog), { target: { value: 'n' } });
    const button = within(dialog).getByRole('button', { name: 'Search Epos Now' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(within(dialog).getByRole('status').textContent).toBe(
      'None of the customers this till knows match. Type 2 letters or 3 digits to search Epos Now.',
    );
    fireEvent.submit(within(dialog).getByRole('search', { name: 'Find a customer' }));
    expect(asked()).toEqual([]);
  });
});
