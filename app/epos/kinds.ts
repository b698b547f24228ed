/**
 * The 19 V2 resource kinds of the contract, as data.
 *
 * Path segments are spelled exactly as the contract spells them (`DiscoutReason` included);
 * a deployment that needs another spelling overrides the segment in the client options rather
 * than editing string literals across the code.
 */

/** Name of a V2 resource kind. Also the key of {@link KINDS}. */
export type Kind =
  | 'Product'
  | 'Customer'
  | 'CustomerType'
  | 'PopupNote'
  | 'MultipleChoiceOption'
  | 'MultipleChoiceProductGroupItem'
  | 'ProductLocationAreaPrice'
  | 'BookingCustomer'
  | 'ProductStock'
  | 'StockTransfer'
  | 'StockTransferItem'
  | 'TransactionItem'
  | 'BaseItem'
  | 'TenderType'
  | 'DiscountReason'
  | 'SeatingTable'
  | 'AccessRight'
  | 'Clocking'
  | 'ClockingType';

/** What the code needs to know about one kind. */
export interface KindInfo {
  /** Path segment after `/api/V2/`, as the contract spells it. */
  readonly segment: string;
  /** The id field of real V2 records (`ProductID`, `TypeID`...); the contract's is `Id`. */
  readonly v2IdKey: string;
  /** Human label for screens and messages. */
  readonly label: string;
  /** Kept in IndexedDB so the till works offline. */
  readonly cached: boolean;
}

/** The contract's id field, common to every kind. */
export const CONTRACT_ID_KEY = 'Id';

/** Records a V2 list page holds at most. */
export const PAGE_SIZE = 200;

/** Every kind of the contract, in the contract's order. */
export const KINDS: { readonly [K in Kind]: KindInfo } = {
  Product: { segment: 'Product', v2IdKey: 'ProductID', label: 'Product', cached: true },
  Customer: { segment: 'Customer', v2IdKey: 'CustomerID', label: 'Customer', cached: false },
  CustomerType: { segment: 'CustomerType', v2IdKey: 'CustomerTypeID', label: 'Customer type', cached: false },
  PopupNote: { segment: 'PopupNote', v2IdKey: 'PopupNoteID', label: 'Popup note', cached: false },
  MultipleChoiceOption: {
    segment: 'MultipleChoiceOption',
    v2IdKey: 'MultipleChoiceOptionID',
    label: 'Multiple choice option',
    cached: false,
  },
  MultipleChoiceProductGroupItem: {
    segment: 'MultipleChoiceProductGroupItem',
    v2IdKey: 'MultipleChoiceProductGroupItemID',
    label: 'Multiple choice product group item',
    cached: false,
  },
  ProductLocationAreaPrice: {
    segment: 'ProductLocationAreaPrice',
    // Not public for V2; the field name follows the API's <Thing>ID convention.
    v2IdKey: 'ProductLocationAreaPriceID',
    label: 'Product location area price',
    cached: false,
  },
  BookingCustomer: { segment: 'BookingCustomer', v2IdKey: 'BookingCustomerID', label: 'Booking customer', cached: false },
  ProductStock: { segment: 'ProductStock', v2IdKey: 'StockID', label: 'Product stock', cached: false },
  StockTransfer: { segment: 'StockTransfer', v2IdKey: 'StockTransferID', label: 'Stock transfer', cached: false },
  StockTransferItem: {
    segment: 'StockTransferItem',
    v2IdKey: 'StockTransferItemID',
    label: 'Stock transfer item',
    cached: false,
  },
  TransactionItem: { segment: 'TransactionItem', v2IdKey: 'TransactionItemID', label: 'Transaction item', cached: false },
  BaseItem: { segment: 'BaseItem', v2IdKey: 'BaseItemID', label: 'Base item', cached: false },
  TenderType: { segment: 'TenderType', v2IdKey: 'TypeID', label: 'Tender type', cached: true },
  DiscountReason: { segment: 'DiscoutReason', v2IdKey: 'DiscountReasonID', label: 'Discount reason', cached: true },
  SeatingTable: { segment: 'SeatingTable', v2IdKey: 'TableID', label: 'Seating table', cached: true },
  AccessRight: { segment: 'AccessRight', v2IdKey: 'AccessRightID', label: 'Access right', cached: false },
  Clocking: { segment: 'Clocking', v2IdKey: 'ClockingID', label: 'Clocking', cached: false },
  ClockingType: { segment: 'ClockingType', v2IdKey: 'ClockingTypeID', label: 'Clocking type', cached: false },
};

/** Every kind name, in the contract's order. */
export const KIND_NAMES = Object.keys(KINDS) as readonly Kind[];

/** A kind the till keeps offline (its `cached` flag is set in {@link KINDS}). */
export type CachedKind = 'Product' | 'TenderType' | 'DiscountReason' | 'SeatingTable';

/** The kinds the till keeps offline. */
export const CACHED_KINDS = KIND_NAMES.filter((k): k is CachedKind => KINDS[k].cached);

/** Narrows a kind to a cached kind. */
export function isCachedKind(kind: Kind): kind is CachedKind {
  return KINDS[kind].cached;
}

/** Narrows an arbitrary string (a route, a form value) to a kind. */
export function isKind(name: string): name is Kind {
  return Object.prototype.hasOwnProperty.call(KINDS, name);
}
