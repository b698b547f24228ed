/**
 * Every one of the 95 record operations and both settings paths, through the client, against the
 * stand-in, in both id styles: asserts the exact method, path, headers and body on the wire.
 */
import { describe, expect, it } from 'vitest';
import { createClient, type EposClient } from '../../app/epos/client.ts';
import { type IdStyle, idKey, recordId } from '../../app/epos/ids.ts';
import { KIND_NAMES, KINDS, type Kind } from '../../app/epos/kinds.ts';
import type { OpenRecord } from '../../app/epos/records.ts';
import { inProcessFetch } from '../standin/in-process.ts';
import { createStandin, type LoggedRequest, type Standin } from '../standin/standin.ts';

/** A create body per kind, with real V2 field names. */
const SAMPLE: Record<Kind, OpenRecord> = {
  Product: { Name: 'Test Flat White', SalePrice: 3.2, Barcode: '5000000000017' },
  Customer: { Forename: 'Ann', Surname: 'Ode', EmailAddress: 'ann@example.test' },
  CustomerType: { Name: 'Trade', Discount: 10 },
  PopupNote: { ShortDesc: 'Allergens', Description: 'Contains nuts' },
  MultipleChoiceOption: { Message: 'Oat milk' },
  MultipleChoiceProductGroupItem: { ProductID: 1, MultipleChoiceProductGroupID: 1, TillOrder: 3 },
  ProductLocationAreaPrice: { ProductID: 1, LocationAreaID: 1, SalePrice: 2.5 },
  BookingCustomer: { BookingID: 1, CustomerID: 1, GroupSize: 4 },
  ProductStock: { LocationID: 1, ProductID: 1, CurrentStock: 12 },
  StockTransfer: { FromLocation: 1, ToLocation: 2, Note: 'Weekly top-up' },
  StockTransferItem: { StockTransferID: 1, ProductID: 1, QtySent: 6 },
  TransactionItem: { TransactionID: 1, ProductID: 1, Price: 3.2, Quantity: 1 },
  BaseItem: { TransactionID: 1, ItemTypeID: 1, Amount: 3.2 },
  TenderType: { Name: 'Luncheon Voucher', Description: 'Paper vouchers' },
  DiscountReason: { Reason: 'Regular', DefaultVal: 5 },
  SeatingTable: { Name: 'Patio 1', Seats: 4, PosX: 10, PosY: 20 },
  AccessRight: { Name: 'Supervisor', Till: true, Refunds: true },
  Clocking: { StaffID: 1, InTime: '2026-11-22T09:00:00', Notes: 'Early shift' },
  ClockingType: { Name: 'Overtime', PayrateMultiplier: 1.5 },
};

/** An update body per kind: one real field, changed (a key the kind lacks would be dropped by the server). */
const CHANGE: Record<Kind, OpenRecord> = {
  Product: { Description: 'changed Product' },
  Customer: { Notes: 'changed Customer' },
  CustomerType: { Description: 'changed CustomerType' },
  PopupNote: { Description: 'changed PopupNote' },
  MultipleChoiceOption: { Message: 'changed MultipleChoiceOption' },
  MultipleChoiceProductGroupItem: { TillOrder: 4 },
  ProductLocationAreaPrice: { EatOutPrice: 2.75 },
  BookingCustomer: { Notes: 'changed BookingCustomer' },
  ProductStock: { MinStock: 2 },
  StockTransfer: { Note: 'changed StockTransfer' },
  StockTransferItem: { QtyReceived: 6 },
  TransactionItem: { Notes: 'changed TransactionItem' },
  BaseItem: { Amount: 4.1 },
  TenderType: { Description: 'changed TenderType' },
  DiscountReason: { DefaultVal: 7.5 },
  SeatingTable: { Name: 'changed SeatingTable' },
  AccessRight: { Description: 'changed AccessRight' },
  Clocking: { Notes: 'changed Clocking' },
  ClockingType: { Name: 'changed ClockingType' },
};

const BASE = 'http://standin.test';

function setup(idStyle: IdStyle): { standin: Standin; client: EposClient } {
  const standin = createStandin({ idStyle, products: 250 });
  return { standin, client: createClient({ baseUrl: BASE, token: standin.token, fetch: inProcessFetch(standin) }) };
}

/** The contract's paths, written out rather than built with the code under test. */
function expectedListPath(kind: Kind, page: number): string {
  const segment = KINDS[kind].segment;
  return kind === 'Product' ? `/api/V2/Product?page=${page}` : `/api/V2/${segment}/?page=${page}`;
}

function expectWire(entry: LoggedRequest | undefined, method: string, path: string, body: string, token: string): void {
  expect(entry).toBeDefined();
  expect({ method: entry?.method, path: entry?.path, body: entry?.body }).toEqual({ method, path, body });
  expect(entry?.headers.authorization).toBe(`Basic ${token}`);
  expect(entry?.headers['content-type']).toBe('application/json');
}

for (const idStyle of ['contract', 'v2'] as const) {
  describe(`record operations, ${idStyle} ids`, () => {
    for (const kind of KIND_NAMES) {
      it(`${kind}: list, get, create, update, delete`, async () => {
        const { standin, client } = setup(idStyle);
        const key = idKey(kind, idStyle);
        const segment = KINDS[kind].segment;

        const page = await client.list(kind, 1);
        expectWire(standin.log.at(-1), 'GET', expectedListPath(kind, 1), '', standin.token);
        expect(page.length).toBeGreaterThan(0);
        expect(page.every((r) => typeof r[key] === 'number')).toBe(true);

        const firstId = recordId(kind, page[0]) as number;
        const one = await client.get(kind, firstId);
        expectWire(standin.log.at(-1), 'GET', `/api/V2/${segment}/${firstId}`, '', standin.token);
        expect(one).toEqual(page[0]);

        const created = await client.create(kind, SAMPLE[kind]);
        expectWire(standin.log.at(-1), 'POST', `/api/V2/${segment}`, JSON.stringify(SAMPLE[kind]), standin.token);
        const newId = created[key] as number;
        expect(newId).toBeGreaterThan(firstId);
        expect(created).toMatchObject(SAMPLE[kind]);
        expect(standin.record(kind, newId)).toEqual(created);

        const change = CHANGE[kind];
        const updated = await client.update(kind, newId, change);
        expectWire(standin.log.at(-1), 'PUT', `/api/V2/${segment}/${newId}`, JSON.stringify(change), standin.token);
        expect(updated).toEqual({ ...created, ...change });
        expect(standin.record(kind, newId)).toEqual(updated);

        await client.remove(kind, newId);
        expectWire(standin.log.at(-1), 'DELETE', `/api/V2/${segment}/${newId}`, '', standin.token);
        expect(standin.record(kind, newId)).toBeUndefined();
        expect(standin.log).toHaveLength(5);
      });
    }
  });
}

describe('app settings', () => {
  const doc = { version: 1, tillName: 'Front counter', favourites: [3, 1, 2], unknownKey: { kept: 'ü€' } };

  it('saves at the integration path and reads back at the legacy path, the same document', async () => {
    const { standin, client } = setup('v2');
    const legacy = createClient({
      baseUrl: BASE,
      token: standin.token,
      fetch: inProcessFetch(standin),
      settingsPath: 'legacy',
    });
    expect(await client.getSettings()).toEqual({ document: null, storedAt: null });
    expectWire(standin.log.at(-1), 'GET', '/api/integration/appsettings', '', standin.token);

    expect(await client.saveSettings(doc)).toEqual(doc);
    expectWire(standin.log.at(-1), 'POST', '/api/integration/appsettings', JSON.stringify(doc), standin.token);
    expect(standin.settingsText).toBe(JSON.stringify(doc));

    expect(await legacy.getSettings()).toEqual({ document: doc, storedAt: null });
    expectWire(standin.log.at(-1), 'GET', '/API/Integrations/AppSettings/', '', standin.token);
  });

  it('saves at the legacy path and reads at the integration path', async () => {
    const { standin, client } = setup('contract');
    const legacy = createClient({
      baseUrl: BASE,
      token: standin.token,
      fetch: inProcessFetch(standin),
      settingsPath: 'legacy',
    });
    expect(await legacy.saveSettings(doc)).toEqual(doc);
    expectWire(standin.log.at(-1), 'POST', '/API/Integrations/AppSettings/', JSON.stringify(doc), standin.token);
    expect((await client.getSettings()).document).toEqual(doc);
  });

  it('accepts a document JSON-encoded twice', async () => {
    const { standin, client } = setup('v2');
    standin.settingsText = JSON.stringify(JSON.stringify(doc));
    expect((await client.getSettings()).document).toEqual(doc);
  });

  it('says when the answer is the document this till stored (the worker answered offline)', async () => {
    const stored = createClient({
      baseUrl: BASE,
      token: 'dG9rZW4=',
      fetch: async () =>
        new Response(JSON.stringify(doc), {
          headers: { 'X-Epos-Source': 'cache', 'X-Epos-Cached-At': '2026-11-22T10:00:00.000Z' },
        }),
    });
    expect(await stored.getSettings()).toEqual({ document: doc, storedAt: Date.parse('2026-11-22T10:00:00.000Z') });
  });

  it('keeps a plain string document as a string', async () => {
    const { standin, client } = setup('v2');
    standin.settingsText = JSON.stringify('just words');
    expect((await client.getSettings()).document).toBe('just words');
  });
});
