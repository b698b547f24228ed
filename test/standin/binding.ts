/**
 * The model binding of a V2 write body, as the real server most likely does it: it is ASP.NET Web
 * API (epos-facts.md), whose Json.NET binds the body to a typed record. So, as there:
 * - a value of the wrong type is a 400 whose `ModelState` names the field (`product.SalePrice`);
 *   every such field is named, not only the first;
 * - keys are matched to fields case-insensitively (Json.NET's fallback after an exact match), so
 *   `CategoryId` lands in `CategoryID`; a key that matches no field is dropped unseen;
 * - a field not sent is null (the record's shape does that, ./fields.ts);
 * - null is accepted for every field (nullable columns), and for a number, boolean or date an
 *   empty string reads as null, as Json.NET reads it for a nullable value type;
 * - conversions Json.NET makes are made: a numeric string to a number ("12.50" to 12.5, never
 *   "12.50x"), a number or boolean to its text for a string field, `"true"` and numbers (non-zero
 *   is true) to a boolean; ids and whole numbers are `System.Int32`, so 2^31 is refused.
 * Where this is stricter than Json.NET, on purpose: a date must be ISO 8601 (Json.NET falls back
 * to the server's culture, so `10/12/2015` would mean whatever the server's locale says), and
 * `1.0` for a whole number is taken as 1 (JSON.parse cannot tell it from `1`).
 */
import { type IdStyle, idKey } from '../../app/epos/ids.ts';
import type { Kind } from '../../app/epos/kinds.ts';
import { ACCESS_RIGHT_FLAGS, ACCESS_RIGHT_LIMITS, FIELDS } from './fields.ts';

/** The .NET type a field binds to, as Json.NET names it in its messages. */
export type FieldType = 'Int32' | 'Decimal' | 'Boolean' | 'DateTime' | 'String';

/** ASP.NET's `ModelState`: `<parameter>.<path>` to what was wrong there. */
export type ModelState = Record<string, string[]>;

/** A bound body: the fields it sets, under their real names and converted, or why it was refused. */
export type Bound = { readonly fields: Record<string, unknown> } | { readonly modelState: ModelState };

/** Whether a body creates a record (every required field must be there) or changes some of its fields. */
export type BindMode = 'create' | 'update';

// Field types by name, the same in every kind that has the field; a name ending in `ID` is an id.
const DECIMALS = new Set([
  'CostPrice',
  'SalePrice',
  'EatOutPrice',
  'RRPrice',
  'VolumeOfSale',
  'TareWeight',
  'MaxCredit',
  'CurrentBalance',
  'Discount',
  'DefaultMaxCredit',
  'CurrentStock',
  'MinStock',
  'MaxStock',
  'CurrentVolume',
  'OnOrder',
  'QtySent',
  'QtyReceived',
  'QtyNewFrom',
  'QtyNewTo',
  'Price',
  'Quantity',
  'VATAmount',
  'Amount',
  'DefaultVal',
  'HoursWorked',
  'PayrateMultiplier',
  ...ACCESS_RIGHT_LIMITS,
]);
const WHOLE_NUMBERS = new Set([
  'UnitOfSale',
  'SortPosition',
  'ProductType',
  'Type',
  'CurrentPoints',
  'DefaultExpiryLength',
  'TillOrder',
  'GroupSize',
  'FromLocation',
  'ToLocation',
  'StaffSent',
  'StaffReceived',
  'Status',
  'Seats',
  'PosX',
  'PosY',
]);
const BOOLEANS = new Set(['SellOnWeb', 'SellOnTill', 'Alerts', ...ACCESS_RIGHT_FLAGS]);
const DATES = new Set(['DateOfBirth', 'ExpiryDate', 'SignUpDate', 'DateSent', 'DateReceived', 'InTime', 'OutTime']);

/**
 * Fields the database cannot hold as null, so a create without them is refused, as is an update
 * setting them to null. Only names are known to be required: the kinds whose facts list a `Name`
 * (Product, CustomerType, TenderType, SeatingTable, AccessRight, ClockingType) and DiscountReason's
 * `Reason`, which is its name. An empty string is a value, as it is to a database.
 */
const REQUIRED: Partial<Record<Kind, string>> = {
  Product: 'Name',
  CustomerType: 'Name',
  TenderType: 'Name',
  SeatingTable: 'Name',
  AccessRight: 'Name',
  ClockingType: 'Name',
  DiscountReason: 'Reason',
};

/** The type of a field by its name. */
function typeOf(field: string): FieldType {
  if (field.endsWith('ID') || WHOLE_NUMBERS.has(field)) return 'Int32';
  if (DECIMALS.has(field)) return 'Decimal';
  if (BOOLEANS.has(field)) return 'Boolean';
  if (DATES.has(field)) return 'DateTime';
  return 'String';
}

/** Every field of each kind but its id, with its type. */
export const FIELD_TYPES: { readonly [K in Kind]: Readonly<Record<string, FieldType>> } = Object.fromEntries(
  Object.entries(FIELDS).map(([kind, fields]) => [
    kind,
    Object.fromEntries(fields.map((field) => [field, typeOf(field)])),
  ]),
) as { [K in Kind]: Record<string, FieldType> };

const INT32_MAX = 2 ** 31 - 1;
const INT32_MIN = -(2 ** 31);
// System.Decimal's largest value, 79,228,162,514,264,337,593,543,950,335.
const DECIMAL_MAX = 7.922816251426434e28;

/**
 * Binds a parsed JSON object to a kind's record. The id key of the stand-in's style is checked
 * like any whole number but never returned: the server owns ids (the path names the record).
 */
export function bindBody(kind: Kind, style: IdStyle, body: Record<string, unknown>, mode: BindMode): Bound {
  const types = FIELD_TYPES[kind];
  const ownIdKey = idKey(kind, style);
  const byLowerName = new Map<string, string>();
  for (const field of [ownIdKey, ...Object.keys(types)]) byLowerName.set(field.toLowerCase(), field);

  // The parameter's name, as ASP.NET prefixes ModelState keys with it: `product.SalePrice`.
  const prefix = `${kind.charAt(0).toLowerCase()}${kind.slice(1)}.`;
  const modelState: ModelState = {};
  const refused = new Set<string>();
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const field = Object.hasOwn(types, key) || key === ownIdKey ? key : byLowerName.get(key.toLowerCase());
    if (field === undefined) continue;
    const converted = convert(field === ownIdKey ? 'Int32' : (types[field] as FieldType), value);
    if (converted instanceof Refusal) {
      // The path is the key as sent, as Json.NET reports where in the text it stopped.
      modelState[`${prefix}${key}`] = [`${converted.problem} Path '${key}'.`];
      refused.add(field);
    } else if (field !== ownIdKey) {
      fields[field] = converted;
    }
  }
  const required = REQUIRED[kind];
  if (required !== undefined && !refused.has(required)) {
    const missing = mode === 'create' ? (fields[required] ?? null) === null : fields[required] === null;
    if (missing) modelState[`${prefix}${required}`] = [`The ${required} field is required.`];
  }
  return Object.keys(modelState).length > 0 ? { modelState } : { fields };
}

/** A refused value: Json.NET's words for it, without the path. */
class Refusal {
  constructor(readonly problem: string) {}
}

/** The value as the field's type holds it, or why it cannot be. */
function convert(type: FieldType, value: unknown): unknown {
  if (value === null) return null;
  if (value === '' && type !== 'String') return null;
  const refused = new Refusal(`Error converting value ${JSON.stringify(value)} to type 'System.${type}'.`);
  switch (type) {
    case 'String':
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : refused;
    case 'Boolean':
      if (typeof value === 'boolean') return value;
      if (typeof value === 'number') return value !== 0;
      if (typeof value === 'string' && /^\s*(true|false)\s*$/i.test(value))
        return value.trim().toLowerCase() === 'true';
      return refused;
    case 'DateTime':
      if (typeof value !== 'string' || !isIsoDate(value)) return refused;
      // Json.NET reads a date alone as midnight, and writes it back so.
      return value.length === 10 ? `${value}T00:00:00` : value;
    case 'Int32': {
      const number = numberOf(value, /^\s*[-+]?\d+\s*$/);
      if (number === undefined || !Number.isInteger(number)) return refused;
      if (number > INT32_MAX || number < INT32_MIN) {
        return new Refusal(`JSON integer ${JSON.stringify(value)} is too large or small for an Int32.`);
      }
      return number;
    }
    case 'Decimal': {
      const number = numberOf(value, /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/);
      return number === undefined || Math.abs(number) > DECIMAL_MAX ? refused : number;
    }
  }
}

/** A JSON number as it is, or a string that reads as one (`pattern` says which); undefined otherwise. */
function numberOf(value: unknown, pattern: RegExp): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && pattern.test(value)) return Number(value);
  return undefined;
}

// A date, optionally a time with up to seven decimals of seconds (.NET's ticks), optionally a zone.
const ISO_DATE = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2})(?:(:\d{2})(?:\.\d{1,7})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/** True for an ISO 8601 date that exists on the calendar (no 30 February, no hour 24, no year 0). */
function isIsoDate(text: string): boolean {
  const parts = ISO_DATE.exec(text);
  if (parts === null) return false;
  const [, day = '', time = '00:00', seconds = ':00'] = parts;
  const written = `${day}T${time}${seconds}`;
  // Date rolls what does not exist into what does (30 February into 2 March, hour 24 into the next
  // day) or gives up (minute 60): a date it writes back differently was not a real one.
  const read = new Date(`${written}Z`);
  return !Number.isNaN(read.getTime()) && read.toISOString().startsWith(written) && !day.startsWith('0000');
}
