/**
 * The stand-in binds a write body as ASP.NET Web API would (./binding.ts): a mistyped field is a
 * 400 naming it, an unknown key is dropped, a missing field is null.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdStyle, idKey, withoutId } from '../../app/epos/ids.ts';
import { isFormKind, KIND_FIELDS } from '../../app/epos/kind-fields.ts';
import { KIND_NAMES, KINDS, type Kind } from '../../app/epos/kinds.ts';
import type { OpenRecord } from '../../app/epos/records.ts';
import { type ServedStandin, serveStandin } from '../server/served-standin.ts';
import { bindBody, FIELD_TYPES } from './binding.ts';
import { FIELDS } from './fields.ts';
import { harness } from './harness.ts';

const STYLES: readonly IdStyle[] = ['v2', 'contract'];
const INVALID = 'The request is invalid.';

/** The kinds whose name the database requires, and its field. */
const NAMED: readonly (readonly [Kind, string])[] = [
  ['Product', 'Name'],
  ['CustomerType', 'Name'],
  ['TenderType', 'Name'],
  ['SeatingTable', 'Name'],
  ['AccessRight', 'Name'],
  ['ClockingType', 'Name'],
  ['DiscountReason', 'Reason'],
];

/** A 400's ModelState, asserting the rest of the body is ASP.NET's. */
function modelState(answer: { status: number; json(): unknown }): Record<string, string[]> {
  expect(answer.status).toBe(400);
  const body = answer.json() as { Message: string; ModelState: Record<string, string[]> };
  expect(Object.keys(body)).toEqual(['Message', 'ModelState']);
  expect(body.Message).toBe(INVALID);
  return body.ModelState;
}

describe('a value of the wrong type', () => {
  it('is a 400 whose ModelState names the field, and nothing is stored', async () => {
    const { standin, call } = harness({ products: 10 });
    const answer = await call('POST', '/api/V2/Product', { Name: 'Tea', SalePrice: '12.50x' });
    expect(modelState(answer)).toEqual({
      'product.SalePrice': ["Error converting value \"12.50x\" to type 'System.Decimal'. Path 'SalePrice'."],
    });
    expect(standin.records('Product')).toHaveLength(10);
  });

  it('names every mistyped field of an update, and the record keeps every field', async () => {
    const { standin, call } = harness();
    const before = standin.record('Customer', 4);
    const answer = await call('PUT', '/api/V2/Customer/4', {
      Surname: 'Kept?',
      MaxCredit: true,
      DateOfBirth: '31/12/1980',
      Notes: { text: 'x' },
    });
    expect(modelState(answer)).toEqual({
      'customer.MaxCredit': ["Error converting value true to type 'System.Decimal'. Path 'MaxCredit'."],
      'customer.DateOfBirth': ["Error converting value \"31/12/1980\" to type 'System.DateTime'. Path 'DateOfBirth'."],
      'customer.Notes': ['Error converting value {"text":"x"} to type \'System.String\'. Path \'Notes\'.'],
    });
    expect(standin.record('Customer', 4)).toEqual(before);
  });

  it.each([
    ['CategoryID', ['7x', 1.5, true, [7]]],
    ['SortPosition', ['first', 0.5, false]],
    ['SalePrice', ['£2', '1.5.0', 'NaN', 'Infinity', false, {}, 1e29]],
    ['SellOnTill', ['yes', '1', 'on', []]],
    ['Name', [{}, ['Tea']]],
  ] as const)('%s refuses %j', async (field, values) => {
    const { call } = harness({ products: 1 });
    for (const value of values) {
      const answer = await call('PUT', '/api/V2/Product/1', { [field]: value });
      expect([value, Object.keys(modelState(answer))]).toEqual([value, [`product.${field}`]]);
    }
  });

  it.each([
    '2015-02-29',
    '2016-02-30',
    '2015-13-01',
    '2015-12-00',
    '2015-12-10T24:00:00',
    '2015-12-10T17:60',
    '2015-12-10T17:13.5',
    '2015-12-10T17:13:14+0100',
    '2015-12-10 17:13:14',
    '0000-01-01',
    'today',
  ])('a date %j is refused', async (value) => {
    const { call } = harness({ products: 1 });
    expect(Object.keys(modelState(await call('PUT', '/api/V2/Customer/1', { SignUpDate: value })))).toEqual([
      'customer.SignUpDate',
    ]);
  });
});

describe('ids and whole numbers are 32-bit', () => {
  it('refuses a value above 2,147,483,647 or below -2,147,483,648, as a number or a string', async () => {
    const { standin, call } = harness({ products: 1 });
    for (const [field, value] of [
      ['CategoryID', 2_147_483_648],
      ['CategoryID', 3_000_000_000],
      ['CategoryID', '3000000000'],
      ['SortPosition', -2_147_483_649],
    ] as const) {
      expect(modelState(await call('POST', '/api/V2/Product', { Name: 'Tea', [field]: value }))).toEqual({
        [`product.${field}`]: [
          `JSON integer ${JSON.stringify(value)} is too large or small for an Int32. Path '${field}'.`,
        ],
      });
    }
    expect(standin.records('Product')).toHaveLength(1);
    const edges = await call('POST', '/api/V2/Product', {
      Name: 'Tea',
      CategoryID: 2_147_483_647,
      SortPosition: -(2 ** 31),
    });
    expect(edges.status).toBe(201);
    expect(edges.json()).toMatchObject({ CategoryID: 2_147_483_647, SortPosition: -(2 ** 31) });
  });
});

describe('keys', () => {
  it('drops a key no field has, from the stored record and from the echo', async () => {
    const { standin, call } = harness({ products: 10 });
    // __proto__ too: copied onto a record, it would change the record's prototype instead.
    const created = await call('POST', '/api/V2/Product', '{"Name":"Tea","Colour":"red","__proto__":{"SalePrice":1}}');
    expect(created.status).toBe(201);
    expect(Object.keys(created.json() as object)).toEqual(['ProductID', ...FIELDS.Product]);
    expect(standin.record('Product', 11)).toEqual(created.json());

    const updated = await call('PUT', '/api/V2/Product/11', { Colour: 'blue', Flavour: 'mint' });
    expect(updated.json()).toEqual(created.json());
    expect(standin.record('Product', 11)).toEqual(created.json());
  });

  it('matches a key to its field case-insensitively, as Json.NET does: CategoryId lands in CategoryID', async () => {
    const { standin, call } = harness({ products: 10 });
    const created = await call('POST', '/api/V2/Product', { name: 'Tea', CategoryId: 4, SALEPRICE: 2.5 });
    expect(created.status).toBe(201);
    const record = created.json() as Record<string, unknown>;
    expect(record).toMatchObject({ Name: 'Tea', CategoryID: 4, SalePrice: 2.5 });
    expect(Object.keys(record)).toEqual(['ProductID', ...FIELDS.Product]);
    expect(standin.record('Product', 11)).toEqual(record);
    // A mistyped field is named as it was sent.
    expect(modelState(await call('PUT', '/api/V2/Product/11', { salePrice: 'x' }))).toEqual({
      'product.salePrice': ["Error converting value \"x\" to type 'System.Decimal'. Path 'salePrice'."],
    });
  });
});

describe('missing fields and null', () => {
  it('stores every field not sent as null', async () => {
    const { call } = harness();
    const created = await call('POST', '/api/V2/Customer', { Surname: 'Okafor' });
    expect(created.status).toBe(201);
    const record = created.json() as Record<string, unknown>;
    expect(Object.keys(record)).toEqual(['CustomerID', ...FIELDS.Customer]);
    for (const field of FIELDS.Customer)
      expect([field, record[field]]).toEqual([field, field === 'Surname' ? 'Okafor' : null]);
  });

  it.each(KIND_NAMES)('%s: accepts null for every field but its name', async (kind) => {
    const { standin, call } = harness({ products: 1 });
    const body: Record<string, unknown> = Object.fromEntries(FIELDS[kind].map((field) => [field, null]));
    const name = NAMED.find(([named]) => named === kind)?.[1];
    if (name !== undefined) body[name] = 'named';
    const answer = await call('PUT', `/api/V2/${KINDS[kind].segment}/1`, body);
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ [idKey(kind, 'v2')]: 1, ...body });
    expect(standin.record(kind, 1)).toEqual(answer.json());
  });

  it('reads an empty string as null for a number, a boolean or a date, and keeps it for text', async () => {
    const { call } = harness({ products: 1 });
    const answer = await call('PUT', '/api/V2/Product/1', {
      SalePrice: '',
      CategoryID: '',
      SellOnWeb: '',
      Barcode: '',
    });
    expect(answer.json()).toMatchObject({ SalePrice: null, CategoryID: null, SellOnWeb: null, Barcode: '' });
  });
});

describe('a create without a name', () => {
  it.each(NAMED)('%s: {} or a null %s is a 400 naming it, and nothing is stored', async (kind, field) => {
    const { standin, call } = harness({ products: 3 });
    const before = standin.records(kind);
    const parameter = `${kind.charAt(0).toLowerCase()}${kind.slice(1)}.${field}`;
    for (const body of [{}, { [field]: null }, { Description: 'no name' }]) {
      expect(modelState(await call('POST', `/api/V2/${KINDS[kind].segment}`, body))).toEqual({
        [parameter]: [`The ${field} field is required.`],
      });
    }
    expect(modelState(await call('PUT', `/api/V2/${KINDS[kind].segment}/1`, { [field]: null }))).toEqual({
      [parameter]: [`The ${field} field is required.`],
    });
    expect(standin.records(kind)).toEqual(before);
    // An update that leaves the name alone is fine, and so is an empty one.
    expect((await call('PUT', `/api/V2/${KINDS[kind].segment}/1`, {})).json()).toEqual(before[0]);
  });

  it('every other kind takes {} and stores a record of nulls', async () => {
    const { call } = harness();
    const named = new Set(NAMED.map(([kind]) => kind));
    for (const kind of KIND_NAMES.filter((k) => !named.has(k))) {
      const created = await call('POST', `/api/V2/${KINDS[kind].segment}`, {});
      expect([kind, created.status]).toEqual([kind, 201]);
      expect(withoutId(kind, created.json() as OpenRecord)).toEqual(
        Object.fromEntries(FIELDS[kind].map((field) => [field, null])),
      );
    }
  });
});

describe('conversions Json.NET makes', () => {
  it('takes a numeric string for a number, a number for text, "true" and numbers for a boolean, a date alone as midnight', async () => {
    const { call } = harness({ products: 10 });
    const created = await call('POST', '/api/V2/Product', {
      Name: 42,
      Barcode: 5012345678900,
      Sku: true,
      SalePrice: '12.50',
      CostPrice: ' -3 ',
      RRPrice: '1e2',
      EatOutPrice: '.5',
      CategoryID: '7',
      SortPosition: ' +3 ',
      SellOnTill: 'True',
      SellOnWeb: 0,
    });
    expect(created.status).toBe(201);
    expect(created.json()).toMatchObject({
      Name: '42',
      Barcode: '5012345678900',
      Sku: 'true',
      SalePrice: 12.5,
      CostPrice: -3,
      RRPrice: 100,
      EatOutPrice: 0.5,
      CategoryID: 7,
      SortPosition: 3,
      SellOnTill: true,
      SellOnWeb: false,
    });
    const customer = await call('POST', '/api/V2/Customer', {
      DateOfBirth: '1980-12-31',
      SignUpDate: '2015-12-10T17:13:14.1234567',
      ExpiryDate: '2016-02-29T08:00Z',
    });
    expect(customer.json()).toMatchObject({
      DateOfBirth: '1980-12-31T00:00:00',
      SignUpDate: '2015-12-10T17:13:14.1234567',
      ExpiryDate: '2016-02-29T08:00Z',
    });
  });
});

describe.each(STYLES)('the %s id style', (style) => {
  const other: IdStyle = style === 'v2' ? 'contract' : 'v2';

  it("ignores the body's id (the server assigns it, the path names it) and drops the other style's key", async () => {
    const { standin, call } = harness({ idStyle: style, products: 10 });
    const created = await call('POST', '/api/V2/Product', {
      [idKey('Product', style)]: 77,
      [idKey('Product', other)]: 'junk',
      Name: 'Tea',
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.json() as object)).toEqual([idKey('Product', style), ...FIELDS.Product]);
    expect(created.json()).toMatchObject({ [idKey('Product', style)]: 11 });
    const updated = await call('PUT', '/api/V2/Product/11', { [idKey('Product', style)]: 12, Name: 'Green tea' });
    expect(updated.json()).toEqual({ ...(created.json() as object), Name: 'Green tea' });
    expect(standin.record('Product', 12)).toBeUndefined();
  });

  it('refuses an id of the wrong type in its own key', async () => {
    const { call } = harness({ idStyle: style, products: 10 });
    const key = idKey('TenderType', style);
    expect(modelState(await call('POST', '/api/V2/TenderType', { [key]: 'one', Name: 'Cash' }))).toEqual({
      [`tenderType.${key}`]: [`Error converting value "one" to type 'System.Int32'. Path '${key}'.`],
    });
  });

  it('binds every seeded record of every kind to itself', () => {
    const { standin } = harness({ idStyle: style, products: 300 });
    for (const kind of KIND_NAMES) {
      for (const record of standin.records(kind)) {
        expect([kind, bindBody(kind, style, record, 'update')]).toEqual([kind, { fields: withoutId(kind, record) }]);
      }
    }
  });
});

describe('FIELD_TYPES', () => {
  it('types each field as the real API holds it', () => {
    expect(FIELD_TYPES.Product).toMatchObject({
      Name: 'String',
      SalePrice: 'Decimal',
      CategoryID: 'Int32',
      SortPosition: 'Int32',
      SellOnWeb: 'Boolean',
      Barcode: 'String',
      TareWeight: 'Decimal',
    });
    expect(FIELD_TYPES.Customer).toMatchObject({ DateOfBirth: 'DateTime', Type: 'Int32', MaxCredit: 'Decimal' });
    expect(FIELD_TYPES.AccessRight).toMatchObject({ Till: 'Boolean', Import: 'Boolean', RefundLimit: 'Decimal' });
    expect(FIELD_TYPES.StockTransfer).toMatchObject({ TransNo: 'String', FromLocation: 'Int32', DateSent: 'DateTime' });
    for (const kind of KIND_NAMES) expect(Object.keys(FIELD_TYPES[kind])).toEqual(FIELDS[kind]);
  });

  it("agrees with the app's forms (app/epos/kind-fields.ts), so a value a form lets through binds here", () => {
    const AS_BOUND = {
      string: 'String',
      number: 'Decimal',
      money: 'Decimal',
      integer: 'Int32',
      id: 'Int32',
      boolean: 'Boolean',
      date: 'DateTime',
    } as const;
    for (const kind of KIND_NAMES.filter(isFormKind)) {
      const app = Object.fromEntries(KIND_FIELDS[kind].map((spec) => [spec.key, AS_BOUND[spec.type]]));
      expect([kind, app]).toEqual([kind, FIELD_TYPES[kind]]);
    }
  });
});

describe('over HTTP', () => {
  let served: ServedStandin;

  beforeAll(async () => {
    served = await serveStandin();
  });

  afterAll(async () => {
    await served?.server.close();
  });

  it('refuses a mistyped field with the ModelState answer and drops an unknown key', async () => {
    const post = (body: string) =>
      fetch(`${served.server.url}/api/V2/Product`, {
        method: 'POST',
        headers: { ...served.auth, 'content-type': 'application/json' },
        body,
      });
    const refused = await post('{"Name":"Tea","SalePrice":"12.50x"}');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      Message: INVALID,
      ModelState: {
        'product.SalePrice': ["Error converting value \"12.50x\" to type 'System.Decimal'. Path 'SalePrice'."],
      },
    });
    const created = await post('{"Name":"Tea","SalePrice":"12.50","Colour":"red"}');
    expect(created.status).toBe(201);
    const record = (await created.json()) as Record<string, unknown>;
    expect(record).toMatchObject({ ProductID: 11, Name: 'Tea', SalePrice: 12.5 });
    expect(Object.keys(record)).toEqual(['ProductID', ...FIELDS.Product]);
    expect(served.standin.record('Product', 11)).toEqual(record);
  });
});
