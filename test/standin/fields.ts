/**
 * The field set of every kind (real V2 names from epos-facts.md) and the one way records are
 * shaped, so seeded, created and test-inserted records all carry the same fields, with `null`
 * for a missing value as the real API sends it.
 */

import { type IdStyle, idKey } from '../../app/epos/ids.ts';
import { CONTRACT_ID_KEY, KINDS, type Kind } from '../../app/epos/kinds.ts';
import type { OpenRecord } from '../../app/epos/records.ts';

/** Permission flags of an access right. The facts name only the first few; the rest follow suit. */
const ACCESS_FLAGS = [
  'Till',
  'TillAdmin',
  'BackOffice',
  'Reports',
  'Refunds',
  'Discounts',
  'NoSale',
  'VoidItems',
  'VoidTransactions',
  'OpenDrawer',
  'PriceOverride',
  'EndOfDay',
  'XReport',
  'ZReport',
  'Customers',
  'CustomerCredit',
  'Products',
  'Stock',
  'StockTransfers',
  'PurchaseOrders',
  'Staff',
  'Clocking',
  'Settings',
  'Devices',
  'Tables',
  'Bookings',
  'Tenders',
  'Apps',
  'Export',
  'Import',
] as const;

/** Numeric limits of an access right. */
const ACCESS_LIMITS = ['ItemDiscountLimit', 'TransactionDiscountLimit', 'RefundLimit', 'NoSaleLimit'] as const;

/** The boolean permission fields of AccessRight, for the seeder. */
export const ACCESS_RIGHT_FLAGS: readonly string[] = ACCESS_FLAGS;

/** The numeric limit fields of AccessRight, for the seeder. */
export const ACCESS_RIGHT_LIMITS: readonly string[] = ACCESS_LIMITS;

/** Every field of each kind except its id, in the order the real API sends them. */
export const FIELDS: { readonly [K in Kind]: readonly string[] } = {
  Product: [
    'Name',
    'Description',
    'CostPrice',
    'SalePrice',
    'EatOutPrice',
    'CategoryID',
    'Barcode',
    'TaxRateID',
    'EatOutTaxRateID',
    'BrandID',
    'SupplierID',
    'PopupNoteID',
    'UnitOfSale',
    'VolumeOfSale',
    'MultiChoiceID',
    'ColourID',
    'VariantGroupID',
    'Size',
    'Sku',
    'SellOnWeb',
    'SellOnTill',
    'OrderCode',
    'ButtonColourID',
    'SortPosition',
    'MagentoAttributeSetID',
    'CostPriceTaxRateID',
    'RRPrice',
    'ProductType',
    'TareWeight',
    'ArticleCode',
  ],
  Customer: [
    'Title',
    'Forename',
    'Surname',
    'BusinessName',
    'DateOfBirth',
    'ContactNumber',
    'ContactNumber2',
    'EmailAddress',
    'Type',
    'MaxCredit',
    'CurrentBalance',
    'ExpiryDate',
    'CardNumber',
    'CurrentPoints',
    'SignUpDate',
    'Notes',
    'SignUpLocationID',
    'MainAddressID',
  ],
  CustomerType: ['Name', 'Discount', 'Description', 'DefaultExpiryLength', 'DefaultMaxCredit'],
  PopupNote: ['ShortDesc', 'Description'],
  MultipleChoiceOption: ['Message', 'NoteID'],
  MultipleChoiceProductGroupItem: ['ProductID', 'MultipleChoiceProductGroupID', 'TillOrder'],
  ProductLocationAreaPrice: ['ProductID', 'LocationAreaID', 'SalePrice', 'EatOutPrice'],
  BookingCustomer: ['BookingID', 'CustomerID', 'GroupSize', 'Notes'],
  ProductStock: [
    'LocationID',
    'ProductID',
    'CurrentStock',
    'MinStock',
    'MaxStock',
    'CurrentVolume',
    'OnOrder',
    'Alerts',
  ],
  StockTransfer: [
    'TransNo',
    'FromLocation',
    'ToLocation',
    'StaffSent',
    'StaffReceived',
    'ReasonID',
    'Note',
    'DateSent',
    'DateReceived',
    'Status',
  ],
  StockTransferItem: [
    'StockTransferID',
    'ProductID',
    'QtySent',
    'QtyReceived',
    'ItemReasonID',
    'QtyNewFrom',
    'QtyNewTo',
  ],
  TransactionItem: [
    'TransactionID',
    'ProductID',
    'Price',
    'Discount',
    'Quantity',
    'Notes',
    'ClientID',
    'VATAmount',
    'ParentTransactionItemID',
    'MultipleChoiceProductID',
  ],
  BaseItem: ['TransactionID', 'ItemTypeID', 'Amount'],
  TenderType: ['Name', 'Description'],
  DiscountReason: ['Reason', 'DefaultVal'],
  SeatingTable: ['Name', 'Seats', 'SeatingAreaID', 'PosX', 'PosY'],
  AccessRight: ['Name', 'Description', ...ACCESS_FLAGS, ...ACCESS_LIMITS],
  Clocking: ['StaffID', 'InTime', 'OutTime', 'HoursWorked', 'Notes', 'ClockingTypeID'],
  ClockingType: ['Name', 'PayrateMultiplier'],
};

/** True for a field that holds a record's id in either style; the server owns those. */
function isIdField(kind: Kind, field: string): boolean {
  return field === CONTRACT_ID_KEY || field === KINDS[kind].v2IdKey;
}

/**
 * The fields a client may set: everything but the id keys. `__proto__` is dropped too, since
 * copying it onto a plain object would change the object's prototype instead of adding a field.
 */
export function settableFields(kind: Kind, fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) {
    if (field === '__proto__' || isIdField(kind, field) || value === undefined) continue;
    out[field] = value;
  }
  return out;
}

/** A record keyed in the given style: the id first, then every known field (null when absent), then extras. */
export function shapeRecord(kind: Kind, style: IdStyle, id: number, fields: Record<string, unknown>): OpenRecord {
  // Records are copies of a template so they stay in V8's fast-properties mode; an object grown
  // key by key past a dozen keys turns into a slow dictionary, which made seeding 50,000
  // products several times slower (and every JSON.stringify of them too).
  const record: OpenRecord = { ...template(kind, style) };
  record[idKey(kind, style)] = id;
  let known = 0;
  for (const field of FIELDS[kind]) {
    if (!Object.hasOwn(fields, field)) continue;
    known++;
    const value = fields[field];
    if (value !== undefined) record[field] = value;
  }
  if (Object.keys(fields).length > known) {
    for (const [field, value] of Object.entries(settableFields(kind, fields))) {
      if (!Object.hasOwn(record, field)) record[field] = value;
    }
  }
  return record;
}

const templates = new Map<string, OpenRecord>();

// The id key and every field of the kind, all null, in the API's order.
function template(kind: Kind, style: IdStyle): OpenRecord {
  const name = `${kind}/${style}`;
  let found = templates.get(name);
  if (found === undefined) {
    // Object.fromEntries builds a fast-mode object; a loop of assignments would not.
    found = Object.fromEntries([idKey(kind, style), ...FIELDS[kind]].map((field) => [field, null])) as OpenRecord;
    templates.set(name, found);
  }
  return found;
}
