/**
 * The typed fields of the kinds a manager edits most, and the one check of a record against
 * them. The back office's forms are built from this table, and a write can be checked with it
 * before it is queued, so a value the API would refuse (ASP.NET model binding: a 400 naming the
 * field) is caught where it was typed instead of failing later in the outbox.
 *
 * Types follow epos-facts.md: money is a JSON number, missing values are `null`, dates have no
 * time zone. Whole numbers and ids are the API's 32-bit integers (`System.Int32`).
 */
import { INT32_MAX } from './ids.ts';
import type { Kind } from './kinds.ts';

/** What a field holds. `id` is a reference to another record: a whole number from 1. */
export type FieldType = 'string' | 'number' | 'integer' | 'money' | 'boolean' | 'id' | 'date';

/** One editable field of a kind. */
export interface FieldSpec {
  /** The real V2 key (`SalePrice`). */
  readonly key: string;
  /** What a person calls it ("Sale price"); also the start of every problem with it. */
  readonly label: string;
  readonly type: FieldType;
  /** Must be present and not null (a required string must not be blank either). */
  readonly required?: boolean;
  /** Smallest and largest value a number may take, where the field's meaning sets one. */
  readonly min?: number;
  readonly max?: number;
  /** What a new record starts with instead of `null`. */
  readonly initial?: unknown;
}

/** A kind that has a field table. */
export type FormKind = 'Product' | 'Customer' | 'TenderType' | 'DiscountReason' | 'SeatingTable';

/** Field key to what is wrong with its value; a field with no problem is absent. */
export type FieldProblems = Record<string, string>;

const INT32_MIN = -2_147_483_648;

const field = (key: string, label: string, type: FieldType, more: Partial<FieldSpec> = {}): FieldSpec => ({
  key,
  label,
  type,
  ...more,
});

/** Each form kind's fields, in the order a form shows them (what a manager changes most first). */
export const KIND_FIELDS: { readonly [K in FormKind]: readonly FieldSpec[] } = {
  Product: [
    field('Name', 'Name', 'string', { required: true }),
    field('SalePrice', 'Sale price', 'money'),
    field('EatOutPrice', 'Eat-out price', 'money'),
    field('CostPrice', 'Cost price', 'money'),
    field('RRPrice', 'Recommended retail price', 'money'),
    field('Barcode', 'Barcode', 'string'),
    field('Sku', 'SKU', 'string'),
    field('Description', 'Description', 'string'),
    field('SellOnTill', 'Sell on till', 'boolean', { initial: true }),
    field('SellOnWeb', 'Sell on web', 'boolean'),
    field('CategoryID', 'Category ID', 'id'),
    field('TaxRateID', 'Tax rate ID', 'id'),
    field('EatOutTaxRateID', 'Eat-out tax rate ID', 'id'),
    field('CostPriceTaxRateID', 'Cost price tax rate ID', 'id'),
    field('SupplierID', 'Supplier ID', 'id'),
    field('BrandID', 'Brand ID', 'id'),
    field('Size', 'Size', 'string'),
    field('OrderCode', 'Order code', 'string'),
    field('ArticleCode', 'Article code', 'string'),
    field('SortPosition', 'Sort position', 'integer'),
    field('ButtonColourID', 'Button colour ID', 'id'),
    field('PopupNoteID', 'Popup note ID', 'id'),
    field('MultiChoiceID', 'Multiple choice ID', 'id'),
    field('UnitOfSale', 'Unit of sale', 'integer'),
    field('VolumeOfSale', 'Volume of sale', 'number'),
    field('TareWeight', 'Tare weight', 'number', { min: 0 }),
    field('ProductType', 'Product type', 'integer'),
    field('ColourID', 'Colour ID', 'id'),
    field('VariantGroupID', 'Variant group ID', 'id'),
    field('MagentoAttributeSetID', 'Magento attribute set ID', 'id'),
  ],
  Customer: [
    field('Title', 'Title', 'string'),
    field('Forename', 'Forename', 'string'),
    field('Surname', 'Surname', 'string'),
    field('BusinessName', 'Business name', 'string'),
    field('EmailAddress', 'Email address', 'string'),
    field('ContactNumber', 'Phone', 'string'),
    field('ContactNumber2', 'Second phone', 'string'),
    field('DateOfBirth', 'Date of birth', 'date'),
    field('Type', 'Customer type ID', 'id'),
    field('CardNumber', 'Card number', 'string'),
    field('MaxCredit', 'Credit limit', 'money', { min: 0 }),
    field('CurrentBalance', 'Balance', 'money'),
    field('CurrentPoints', 'Points', 'integer'),
    field('ExpiryDate', 'Expiry date', 'date'),
    field('SignUpDate', 'Sign-up date', 'date'),
    field('SignUpLocationID', 'Sign-up location ID', 'id'),
    field('MainAddressID', 'Main address ID', 'id'),
    field('Notes', 'Notes', 'string'),
  ],
  TenderType: [field('Name', 'Name', 'string', { required: true }), field('Description', 'Description', 'string')],
  DiscountReason: [
    field('Reason', 'Reason', 'string', { required: true }),
    // A percentage (epos-facts.md): a discount of more than the whole price makes no sense.
    field('DefaultVal', 'Default discount (%)', 'number', { min: 0, max: 100 }),
  ],
  SeatingTable: [
    field('Name', 'Name', 'string', { required: true }),
    field('Seats', 'Seats', 'integer', { min: 0 }),
    field('SeatingAreaID', 'Seating area ID', 'id'),
    field('PosX', 'Position X', 'integer'),
    field('PosY', 'Position Y', 'integer'),
  ],
};

/** Narrows a kind to one that has a field table (and so a form). */
export function isFormKind(kind: Kind): kind is FormKind {
  return Object.hasOwn(KIND_FIELDS, kind);
}

/**
 * What is wrong with each known field of `record`. Keys the table does not know (ids, fields a
 * newer API added) are not judged: they pass through as they are. With `partial` (an update
 * that sends only some fields), an absent field is not a problem; otherwise a required field
 * must be there. Kinds without a table have nothing to check.
 */
export function validateFields(kind: Kind, record: Readonly<Record<string, unknown>>, { partial = false } = {}) {
  const problems: FieldProblems = {};
  if (!isFormKind(kind)) return problems;
  for (const spec of KIND_FIELDS[kind]) {
    const present = Object.hasOwn(record, spec.key) && record[spec.key] !== undefined;
    if (!present && partial) continue;
    const problem = fieldProblem(spec, present ? record[spec.key] : null);
    if (problem !== undefined) problems[spec.key] = problem;
  }
  return problems;
}

/** What is wrong with one value of a field, or undefined when it is fine. */
export function fieldProblem(spec: FieldSpec, value: unknown): string | undefined {
  const { label, type } = spec;
  if (value === null || value === undefined) return spec.required ? `${label} is required.` : undefined;
  switch (type) {
    case 'string':
      if (typeof value !== 'string') return `${label} must be text.`;
      return spec.required && value.trim() === '' ? `${label} is required.` : undefined;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `${label} must be true or false.`;
    case 'date':
      return typeof value === 'string' && isLocalDate(value)
        ? undefined
        : `${label} must be a date such as 2015-12-10 or 2015-12-10T17:13:14.`;
    case 'id':
      return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= INT32_MAX
        ? undefined
        : `${label} must be a whole number from 1 to ${INT32_MAX}.`;
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return `${label} must be a whole number.`;
      if (value < INT32_MIN || value > INT32_MAX) {
        return `${label} must be a whole number from ${INT32_MIN} to ${INT32_MAX}.`;
      }
      return rangeProblem(spec, value);
    case 'number':
    case 'money':
      // NaN and Infinity have no JSON form: JSON.stringify would send them as null.
      if (typeof value !== 'number' || !Number.isFinite(value)) return `${label} must be a number.`;
      return rangeProblem(spec, value);
  }
}

function rangeProblem({ label, min, max }: FieldSpec, value: number): string | undefined {
  if (min !== undefined && max !== undefined && (value < min || value > max)) {
    return `${label} must be from ${min} to ${max}.`;
  }
  if (min !== undefined && value < min) return `${label} must be ${min} or more.`;
  if (max !== undefined && value > max) return `${label} must be ${max} or less.`;
  return undefined;
}

// The API's dates: a calendar date, optionally a time, never a zone ("2015-12-10T17:13:14").
const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,7})?)?)?$/;

function isLocalDate(text: string): boolean {
  const parts = LOCAL_DATE.exec(text);
  if (!parts) return false;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = parts
    .slice(1)
    .map((part) => Number(part ?? 0));
  // setUTCFullYear, unlike Date.UTC, takes years before 100 as they are. It rolls a day past its
  // month's end (2023-02-30, or day 00) into another month, and month 13 or 00 into another
  // year's: a date whose month moves was not a real one. The API's dates start at year 1.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return year >= 1 && date.getUTCMonth() === month - 1 && hour < 24 && minute < 60 && second < 60;
}

/** A new record of a form kind: every field `null` (the API's "no value") or its starting value. */
export function newRecord(kind: FormKind): Record<string, unknown> {
  return Object.fromEntries(KIND_FIELDS[kind].map((spec) => [spec.key, spec.initial ?? null]));
}
