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

// The table is derived from the names, listing only what differs from the API's conventions
// (segment = name, id key = name + "ID"), which keeps it short in the worker's bundle.
const NAMES: readonly Kind[] = [
  'Product',
  'Customer',
  'CustomerType',
  'PopupNote',
  'MultipleChoiceOption',
  'MultipleChoiceProductGroupItem',
  // ProductLocationAreaPrice's V2 id key is not public; it follows the <Thing>ID convention.
  'ProductLocationAreaPrice',
  'BookingCustomer',
  'ProductStock',
  'StockTransfer',
  'StockTransferItem',
  'TransactionItem',
  'BaseItem',
  'TenderType',
  'DiscountReason',
  'SeatingTable',
  'AccessRight',
  'Clocking',
  'ClockingType',
];
const SEGMENTS: Partial<Record<Kind, string>> = { DiscountReason: 'DiscoutReason' };
/**
 * Other spellings a real account may answer to, where one is known: public material spells the
 * contract's `DiscoutReason` `DiscountReason` (epos-facts.md). A client that meets a 404 on the
 * list tries these (client.ts).
 */
export const ALTERNATIVE_SEGMENTS: Partial<Record<Kind, readonly string[]>> = { DiscountReason: ['DiscountReason'] };
const ID_KEYS: Partial<Record<Kind, string>> = {
  ProductStock: 'StockID',
  TenderType: 'TypeID',
  SeatingTable: 'TableID',
};
// In the order screens list them: the area prices, which only adjust products, last.
const CACHED = ['Product', 'TenderType', 'DiscountReason', 'SeatingTable', 'ProductLocationAreaPrice'] as const;

/** Every kind of the contract, in the contract's order. */
export const KINDS = Object.fromEntries(
  NAMES.map((kind): [Kind, KindInfo] => [
    kind,
    {
      segment: SEGMENTS[kind] ?? kind,
      v2IdKey: ID_KEYS[kind] ?? `${kind}ID`,
      // "CustomerType" -> "Customer type"
      label: kind.replace(/(?<=[a-z])([A-Z])/g, (letter) => ` ${letter.toLowerCase()}`),
      cached: (CACHED as readonly Kind[]).includes(kind),
    },
  ]),
) as { readonly [K in Kind]: KindInfo };

/** Every kind name, in the contract's order. */
export const KIND_NAMES = Object.keys(KINDS) as readonly Kind[];

/** A kind the till keeps offline (its `cached` flag is set in {@link KINDS}). */
export type CachedKind = (typeof CACHED)[number];

/** The kinds the till keeps offline, in the order screens list them. */
export const CACHED_KINDS: readonly CachedKind[] = CACHED;

/**
 * Kinds an account may not serve at all: ProductLocationAreaPrice's V2 endpoint is not public
 * (epos-facts.md marks it a guess). A 404 on its list before any record of it came is an account
 * with none, not a failed pull: a failure would be shown for ever and retried, with the whole
 * catalog, on every backoff (sw/pull.ts; the till without storage, page/memory-catalog.ts).
 */
export const MAYBE_UNSERVED: ReadonlySet<Kind> = new Set(['ProductLocationAreaPrice']);

/** Narrows a kind to a cached kind. */
export function isCachedKind(kind: Kind): kind is CachedKind {
  return KINDS[kind].cached;
}

/** Narrows an arbitrary string (a route, a form value) to a kind. */
export function isKind(name: string): name is Kind {
  return Object.hasOwn(KINDS, name);
}
