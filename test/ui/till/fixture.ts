/** Catalog, settings, storage and frame stand-ins for the order pad's component tests. */
import { act, fireEvent, screen, within } from '@testing-library/preact';

import { type AppConfig, DEFAULT_CONFIG } from '../../../app/epos/app-config.ts';
import { CACHED_KINDS, type CachedKind } from '../../../app/epos/kinds.ts';
import type { DiscountReason, Product, SeatingTable, TenderType } from '../../../app/epos/records.ts';
import type { CatalogView } from '../../../app/page/catalog-state.ts';
import { createSearchIndex } from '../../../app/search/index.ts';
import type { KindMeta } from '../../../app/store/schema.ts';
import type { BasketStorage } from '../../../app/till/basket-storage.ts';
import type { FrameEnv } from '../../../app/till/till-bridge.ts';
import type { ReplyEnv } from '../../../app/till/till-reply.ts';

/** A product with the fields the till reads. */
export function product(
  id: number,
  name: string,
  SalePrice: number | null,
  Barcode: string | null = null,
  EatOutPrice: number | null = null,
): Product {
  return { ProductID: id, Name: name, SalePrice, EatOutPrice, Barcode, Sku: `SKU-${id}` } as Product;
}

/** A café's products: two with barcodes, one without a sale price. */
export const PRODUCTS: readonly Product[] = [
  product(1, 'Flat White', 3.2, '5012345678900', 3.5),
  product(2, 'Latte', 3.1, '5012345678917'),
  product(3, 'Cheese Scone', 2.5, null, 2.75),
  product(4, 'Staff Meal', null, '5012345678924'),
];

/** Tender types in both id styles. */
export const TENDER_TYPES: readonly TenderType[] = [
  { TypeID: 1, Name: 'Cash', Description: null },
  { Id: 2, Name: 'Card', Description: null } as unknown as TenderType,
];

/** Discount reasons: one with a default percentage, one without. */
export const DISCOUNT_REASONS: readonly DiscountReason[] = [
  { DiscountReasonID: 7, Reason: 'Staff', DefaultVal: 10 },
  { DiscountReasonID: 8, Reason: 'Damaged', DefaultVal: null },
];

/** A table in the floor plan. */
export function table(
  id: number,
  name: string,
  seats: number | null,
  x: number | null = null,
  y: number | null = null,
): SeatingTable {
  return { TableID: id, Name: name, Seats: seats, SeatingAreaID: 1, PosX: x, PosY: y };
}

/** What the screens read, over `products`. */
export function catalogView(
  products: readonly Product[] = PRODUCTS,
  rest: Partial<
    Pick<CatalogView, 'tenderTypes' | 'seatingTables' | 'discountReasons' | 'meta' | 'areaId' | 'areaPrices'>
  > = {},
): CatalogView {
  return {
    index: createSearchIndex(products),
    tenderTypes: TENDER_TYPES,
    seatingTables: [],
    discountReasons: DISCOUNT_REASONS,
    // Every kind pulled once: what the till has is all there is.
    meta: CACHED_KINDS.map((kind) => pulledMeta(kind)),
    areaId: null,
    areaPrices: new Map(),
    areaPriceCount: 0,
    progress: {},
    readError: null,
    indexRevision: 0,
    ...rest,
  };
}

/** A kind's state after one complete pull (`gen` 1), or before any (`gen` 0, never attempted). */
export function pulledMeta(kind: CachedKind, pulled = true): KindMeta {
  return {
    kind,
    gen: pulled ? 1 : 0,
    lastGen: pulled ? 1 : 0,
    count: 0,
    pulledAt: pulled ? 0 : null,
    attemptedAt: pulled ? 0 : null,
    lastError: null,
  };
}

/** The default settings with some changes. */
export function config(change: Partial<AppConfig> = {}): AppConfig {
  return { ...DEFAULT_CONFIG, favourites: [], ...change };
}

/** A Storage kept in a map, whose setItem throws `failWith` when set. */
export function memoryStorage(): BasketStorage & { items: Map<string, string>; failWith: Error | null } {
  const items = new Map<string, string>();
  return {
    items,
    failWith: null,
    getItem: (key) => items.get(key) ?? null,
    setItem(key, value) {
      if (this.failWith) throw this.failWith;
      items.set(key, value);
    },
  };
}

/**
 * A frame inside a till at `origin` whose parent records what is posted to it, whether unasked
 * (Send to till) or in answer to `ask`, which delivers a message from the parent (or `from`).
 */
export function tillFrame(origin = 'https://till.eposnowhq.com'): {
  frame: FrameEnv;
  reply: ReplyEnv;
  posted: { message: unknown; origin: string }[];
  ask(from?: unknown, at?: string): void;
} {
  const posted: { message: unknown; origin: string }[] = [];
  const parent = {
    postMessage: (message: unknown, targetOrigin: string) => void posted.push({ message, origin: targetOrigin }),
  } as Pick<Window, 'postMessage'>;
  const self = {};
  const listeners = new Set<(event: MessageEvent) => void>();
  const reply: ReplyEnv = {
    self,
    parent,
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
  };
  // In act: an answer hands the sale over, which renders.
  const ask = (from: unknown = parent, at = origin) =>
    act(() => {
      for (const listener of listeners) listener({ source: from, origin: at, data: 'sale?' } as MessageEvent);
    });
  return { frame: { self, parent, ancestorOrigins: [origin], referrer: '' }, reply, posted, ask };
}

/** The search result tile of the product named `name` (a tile is named by its name and price). */
export function resultTile(name: string): HTMLElement {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return within(screen.getByRole('list', { name: 'Search results' })).getByRole('button', {
    name: new RegExp(`^${escaped} `),
  });
}

/** The basket's lines as their text, in order. */
export const basketLines = (): (string | null)[] =>
  within(screen.getByRole('list', { name: 'Basket lines' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

/** The pad's search box. */
export const searchBox = (): HTMLInputElement =>
  screen.getByRole('searchbox', { name: 'Search products' }) as HTMLInputElement;

/** Types `text` into the search box, as one input event. */
export const typeSearch = (text: string): void => {
  fireEvent.input(searchBox(), { target: { value: text } });
};
