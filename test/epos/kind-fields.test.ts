import { describe, expect, it } from 'vitest';
import { INT32_MAX } from '../../app/epos/ids.ts';
import {
  type FieldSpec,
  fieldProblem,
  isFormKind,
  KIND_FIELDS,
  newRecord,
  validateFields,
} from '../../app/epos/kind-fields.ts';
import { KIND_NAMES, type Kind } from '../../app/epos/kinds.ts';
import { FIELDS } from '../standin/fields.ts';
import { createStandin } from '../standin/standin.ts';

const FORM_KINDS = ['Product', 'Customer', 'TenderType', 'DiscountReason', 'SeatingTable'] as const;

/** The spec of one field of a kind. */
function spec(kind: (typeof FORM_KINDS)[number], key: string): FieldSpec {
  const found = KIND_FIELDS[kind].find((s) => s.key === key);
  if (!found) throw new Error(`${kind} has no field ${key}`);
  return found;
}

describe('KIND_FIELDS', () => {
  it('has a table for exactly the five kinds a manager edits most', () => {
    expect(KIND_NAMES.filter(isFormKind)).toEqual([
      'Product',
      'Customer',
      'TenderType',
      'DiscountReason',
      'SeatingTable',
    ]);
  });

  it.each(FORM_KINDS)('%s: every real V2 field (epos-facts.md), each once, and no other', (kind) => {
    const keys = KIND_FIELDS[kind].map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual([...FIELDS[kind]].sort());
  });

  it.each(FORM_KINDS)('%s: labels are distinct and written for people', (kind) => {
    const labels = KIND_FIELDS[kind].map((s) => s.label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const label of labels) expect(label).toMatch(/^[A-Z][A-Za-z -]*( ID| \(%\))?$/);
  });

  it('types the fields as the real API holds them', () => {
    const types = (kind: (typeof FORM_KINDS)[number]) =>
      Object.fromEntries(KIND_FIELDS[kind].map((s) => [s.key, s.type + (s.required ? '!' : '')]));
    expect(types('Product')).toMatchObject({
      Name: 'string!',
      SalePrice: 'money',
      EatOutPrice: 'money',
      CostPrice: 'money',
      RRPrice: 'money',
      CategoryID: 'id',
      TaxRateID: 'id',
      Barcode: 'string',
      SellOnTill: 'boolean',
      SellOnWeb: 'boolean',
      SortPosition: 'integer',
      TareWeight: 'number',
    });
    expect(types('Customer')).toMatchObject({
      Forename: 'string',
      DateOfBirth: 'date',
      Type: 'id',
      MaxCredit: 'money',
      CurrentPoints: 'integer',
    });
    expect(types('TenderType')).toEqual({ Name: 'string!', Description: 'string' });
    expect(types('DiscountReason')).toEqual({ Reason: 'string!', DefaultVal: 'number' });
    expect(types('SeatingTable')).toEqual({
      Name: 'string!',
      Seats: 'integer',
      SeatingAreaID: 'id',
      PosX: 'integer',
      PosY: 'integer',
    });
  });
});

describe('validateFields: real records', () => {
  it.each(['v2', 'contract'] as const)('every seeded record of the five kinds passes (%s ids)', (idStyle) => {
    const standin = createStandin({ products: 300, idStyle });
    for (const kind of FORM_KINDS) {
      const records = standin.records(kind);
      expect(records.length).toBeGreaterThan(0);
      for (const record of records) expect([kind, validateFields(kind, record)]).toEqual([kind, {}]);
    }
  });

  it('does not judge keys it does not know: ids in either style, fields a newer API added', () => {
    const record = { ProductID: 'not mine to judge', Id: -1, LoyaltyTier: ['gold'], Name: 'Tea' };
    expect(validateFields('Product', record)).toEqual({});
  });

  it('has nothing to check for a kind without a table', () => {
    expect(validateFields('ClockingType', { Name: 42, PayrateMultiplier: 'x' })).toEqual({});
    expect(validateFields('AccessRight', {})).toEqual({});
  });
});

describe('validateFields: required fields', () => {
  it.each([
    ['Product', 'Name', 'Name is required.'],
    ['TenderType', 'Name', 'Name is required.'],
    ['DiscountReason', 'Reason', 'Reason is required.'],
    ['SeatingTable', 'Name', 'Name is required.'],
  ] as const)('%s: %s must be there, not null, not blank', (kind, key, message) => {
    expect(validateFields(kind, {})).toEqual({ [key]: message });
    expect(validateFields(kind, { [key]: null })).toEqual({ [key]: message });
    expect(validateFields(kind, { [key]: '  ' })).toEqual({ [key]: message });
    expect(validateFields(kind, { [key]: 'Cash' })).toEqual({});
  });

  it('a customer needs no one field', () => {
    expect(validateFields('Customer', {})).toEqual({});
  });

  it('partial (an update of some fields): an absent field is fine, a present one is still checked', () => {
    expect(validateFields('Product', { SalePrice: 2 }, { partial: true })).toEqual({});
    expect(validateFields('Product', { Name: '' }, { partial: true })).toEqual({ Name: 'Name is required.' });
    expect(validateFields('Product', { SalePrice: 'two' }, { partial: true })).toEqual({
      SalePrice: 'Sale price must be a number.',
    });
  });

  it('an undefined value counts as absent (JSON.stringify drops it)', () => {
    expect(validateFields('Product', { Name: undefined })).toEqual({ Name: 'Name is required.' });
    expect(validateFields('Product', { Name: 'Tea', SalePrice: undefined })).toEqual({});
    expect(validateFields('Product', { Name: undefined }, { partial: true })).toEqual({});
  });

  it('a new record of each kind is refused only for its required fields', () => {
    expect(validateFields('Product', newRecord('Product'))).toEqual({ Name: 'Name is required.' });
    expect(validateFields('Customer', newRecord('Customer'))).toEqual({});
    expect(newRecord('Product')).toMatchObject({ Name: null, SalePrice: null, SellOnTill: true, SellOnWeb: null });
    expect(Object.keys(newRecord('SeatingTable'))).toEqual(['Name', 'Seats', 'SeatingAreaID', 'PosX', 'PosY']);
  });
});

describe('fieldProblem: by type', () => {
  const price = spec('Product', 'SalePrice');
  const tare = spec('Product', 'TareWeight');
  const category = spec('Product', 'CategoryID');
  const sort = spec('Product', 'SortPosition');
  const seats = spec('SeatingTable', 'Seats');
  const percent = spec('DiscountReason', 'DefaultVal');
  const sellOnTill = spec('Product', 'SellOnTill');
  const born = spec('Customer', 'DateOfBirth');
  const description = spec('Product', 'Description');

  it('null is "no value" for every field that is not required', () => {
    for (const s of [price, tare, category, sort, seats, percent, sellOnTill, born, description]) {
      expect(fieldProblem(s, null)).toBeUndefined();
    }
  });

  it('money and numbers: finite numbers only; NaN, Infinity, text and numeric strings refused', () => {
    for (const ok of [0, 2.5, 1234567.89, -3.2]) expect(fieldProblem(price, ok)).toBeUndefined();
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, '2.50', 'two', true, [2], {}]) {
      expect(fieldProblem(price, bad)).toBe('Sale price must be a number.');
    }
    expect(fieldProblem(tare, 0.005)).toBeUndefined();
    expect(fieldProblem(tare, Number.NaN)).toBe('Tare weight must be a number.');
  });

  it('ids: whole numbers from 1 to the API\u2019s 32-bit limit', () => {
    const message = 'Category ID must be a whole number from 1 to 2147483647.';
    for (const ok of [1, 7, INT32_MAX]) expect(fieldProblem(category, ok)).toBeUndefined();
    for (const bad of [0, -1, 1.5, INT32_MAX + 1, Number.MAX_SAFE_INTEGER, Number.NaN, Number.POSITIVE_INFINITY, '7']) {
      expect(fieldProblem(category, bad)).toBe(message);
    }
    expect(INT32_MAX).toBe(2 ** 31 - 1);
  });

  it('whole numbers: integers in the 32-bit range, negative allowed unless the field says otherwise', () => {
    for (const ok of [0, -5, 2 ** 31 - 1, -(2 ** 31)]) expect(fieldProblem(sort, ok)).toBeUndefined();
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY, '3']) {
      expect(fieldProblem(sort, bad)).toBe('Sort position must be a whole number.');
    }
    for (const bad of [2 ** 31, -(2 ** 31) - 1]) {
      expect(fieldProblem(sort, bad)).toBe('Sort position must be a whole number from -2147483648 to 2147483647.');
    }
    expect(fieldProblem(seats, 0)).toBeUndefined();
    expect(fieldProblem(seats, -1)).toBe('Seats must be 0 or more.');
    expect(fieldProblem(seats, 2.5)).toBe('Seats must be a whole number.');
  });

  it('bounded numbers: a percentage from 0 to 100; a credit limit 0 or more', () => {
    for (const ok of [0, 12.5, 100]) expect(fieldProblem(percent, ok)).toBeUndefined();
    for (const bad of [-0.5, 100.01])
      expect(fieldProblem(percent, bad)).toBe('Default discount (%) must be from 0 to 100.');
    expect(fieldProblem(spec('Customer', 'MaxCredit'), -1)).toBe('Credit limit must be 0 or more.');
    expect(fieldProblem(spec('Customer', 'CurrentBalance'), -1)).toBeUndefined();
    const capped: FieldSpec = { key: 'Cap', label: 'Cap', type: 'number', max: 5 };
    expect(fieldProblem(capped, 5)).toBeUndefined();
    expect(fieldProblem(capped, 5.5)).toBe('Cap must be 5 or less.');
    expect(fieldProblem(capped, -1e9)).toBeUndefined();
  });

  it('booleans: true or false, not their spellings', () => {
    expect(fieldProblem(sellOnTill, true)).toBeUndefined();
    expect(fieldProblem(sellOnTill, false)).toBeUndefined();
    for (const bad of ['true', 1, 0]) expect(fieldProblem(sellOnTill, bad)).toBe('Sell on till must be true or false.');
  });

  it('text: any string, blank included when not required; anything else refused', () => {
    for (const ok of ['', 'Made fresh', '<b>x</b>']) expect(fieldProblem(description, ok)).toBeUndefined();
    for (const bad of [3, false, ['a']]) expect(fieldProblem(description, bad)).toBe('Description must be text.');
  });

  it('dates: a real calendar date, with or without a time, never a zone', () => {
    const message = 'Date of birth must be a date such as 2015-12-10 or 2015-12-10T17:13:14.';
    for (const ok of [
      '2015-12-10',
      '2015-12-10T17:13',
      '2015-12-10T17:13:14',
      '2015-12-10T17:13:14.1234567',
      '2024-02-29',
    ]) {
      expect(fieldProblem(born, ok)).toBeUndefined();
    }
    for (const bad of [
      '2015-12-10T17:13:14Z',
      '2015-12-10T17:13:14+01:00',
      '10/12/2015',
      '2015-13-01',
      '2023-02-29',
      '2015-12-32',
      '2015-12-00',
      '2015-12-10T17:13:60',
      '0000-01-01',
      '2015-00-10',
      '2015-12-10T24:00:00',
      '2015-12-10T12:60',
      '2015-12-10 17:13',
      '',
      20151210,
    ]) {
      expect([bad, fieldProblem(born, bad)]).toEqual([bad, message]);
    }
  });
});

describe('validateFields: a whole record', () => {
  it('names every field with a problem, and only those', () => {
    const record: Record<string, unknown> = {
      ...newRecord('Product'),
      Name: 'Tea',
      SalePrice: 'abc',
      CategoryID: 3_000_000_000,
      SellOnWeb: 'yes',
      Barcode: '5012345678900',
    };
    expect(validateFields('Product', record)).toEqual({
      SalePrice: 'Sale price must be a number.',
      CategoryID: 'Category ID must be a whole number from 1 to 2147483647.',
      SellOnWeb: 'Sell on web must be true or false.',
    });
  });

  it('never changes the record it checks', () => {
    const record = { Name: ' ', SalePrice: Number.NaN };
    const copy = { ...record };
    validateFields('Product', record as Record<string, unknown>);
    expect(record).toEqual(copy);
  });

  it('every kind: a field of the wrong type is named by its label', () => {
    const wrong: Record<FieldSpec['type'], unknown> = {
      string: 5,
      number: 'x',
      money: 'x',
      integer: 0.5,
      id: 0,
      boolean: 'x',
      date: 'x',
    };
    for (const kind of FORM_KINDS as readonly Kind[]) {
      if (!isFormKind(kind)) throw new Error('not a form kind');
      for (const s of KIND_FIELDS[kind]) {
        const problems = validateFields(kind, { ...newRecord(kind), Name: 'n', Reason: 'r', [s.key]: wrong[s.type] });
        expect(problems[s.key]).toMatch(new RegExp(`^${s.label.replace(/[()%]/g, '\\$&')} must be `));
      }
    }
  });
});
