/**
 * Fills a fresh state with deterministic records for all 19 kinds. Each kind draws from its own
 * stream, so the product count changes products (and references to them) but nothing else.
 */

import { idKey } from '../../app/epos/ids.ts';
import type { Kind } from '../../app/epos/kinds.ts';
import { type Random, substream } from './prng.ts';
import {
  seedAccessRights,
  seedBookingCustomers,
  seedClockings,
  seedClockingTypes,
  seedCustomers,
  seedCustomerTypes,
} from './seed-people.ts';
import { productMaker } from './seed-products.ts';
import {
  seedBaseItems,
  seedProductStock,
  seedStockTransferItems,
  seedStockTransfers,
  seedTransactionItems,
} from './seed-stock.ts';
import {
  seedDiscountReasons,
  seedMultipleChoiceOptions,
  seedMultipleChoiceProductGroupItems,
  seedPopupNotes,
  seedProductLocationAreaPrices,
  seedSeatingTables,
  seedTenderTypes,
} from './seed-till.ts';
import type { StandinState } from './state.ts';

/** How much to seed. */
export interface SeedOptions {
  /** Products to create. */
  readonly products: number;
  /** PRNG seed. */
  readonly seed: number;
}

/** Customers seeded; other kinds refer to them. */
const CUSTOMERS = 200;

type Rows = Record<string, unknown>[];

/** Every kind's generator, given its own random stream and the product count. */
const GENERATORS: { readonly [K in Exclude<Kind, 'Product'>]: (random: Random, products: number) => Rows } = {
  Customer: (r) => seedCustomers(r, CUSTOMERS),
  CustomerType: () => seedCustomerTypes(),
  PopupNote: () => seedPopupNotes(),
  MultipleChoiceOption: (r) => seedMultipleChoiceOptions(r),
  MultipleChoiceProductGroupItem: (r, products) => seedMultipleChoiceProductGroupItems(r, products),
  ProductLocationAreaPrice: (r, products) => seedProductLocationAreaPrices(r, products),
  BookingCustomer: (r) => seedBookingCustomers(r, CUSTOMERS),
  ProductStock: (r, products) => seedProductStock(r, products),
  StockTransfer: (r) => seedStockTransfers(r),
  StockTransferItem: (r, products) => seedStockTransferItems(r, products),
  TransactionItem: (r, products) => seedTransactionItems(r, products),
  BaseItem: (r) => seedBaseItems(r),
  TenderType: () => seedTenderTypes(),
  DiscountReason: () => seedDiscountReasons(),
  SeatingTable: (r) => seedSeatingTables(r),
  AccessRight: () => seedAccessRights(),
  Clocking: (r) => seedClockings(r),
  ClockingType: () => seedClockingTypes(),
};

/** Seeds every kind into an empty state, ids from 1. */
export function seedState(state: StandinState, options: SeedOptions): void {
  // Products are built on first read, since there may be tens of thousands of them.
  state.table('Product').seedLazily(options.products, productMaker(options.seed, idKey('Product', state.idStyle)));
  for (const [kind, generate] of Object.entries(GENERATORS) as [
    Exclude<Kind, 'Product'>,
    (r: Random, p: number) => Rows,
  ][]) {
    state.load(kind, generate(substream(options.seed, kind), options.products));
  }
}
