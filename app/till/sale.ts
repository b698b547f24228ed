/**
 * The sale as the Epos Now till takes it: one model for both documented ways of handing it over
 * (../shared/epos-facts.md, "Handing a sale to the till"). Its field names are the till SDK's
 * `Transaction` (EposnowHQ/till.app), and it is valid as the reply's TillData too: `MiscItems`,
 * `Products`, `Tenders` and `TransactionDetails` are always present, `Discount` optional. Amounts
 * are in major units (3.95), as everywhere in the API. What no documented key carries (the table)
 * goes as a `TransactionDetail`, never as a key the till does not know.
 */
import { type Basket, basketTotals } from './basket.ts';
import type { Money } from './money.ts';

/** A product sold: the SDK's `Product`. */
export interface SaleProduct {
  ProductID: number;
  Quantity: number;
  /** The price of one item, major units. */
  ItemPrice: number;
  IsTaxExempt: boolean;
}

/** A line with no product record (the SDK's `MiscItem`); this app sells none, so the list stays empty. */
export interface SaleMiscItem {
  Name: string;
  Price: number;
  MiscProductID?: number;
  TaxRateID?: number;
  TaxGroupID?: number;
}

/** A payment: the SDK's `Tender`, amount in major units. */
export interface SaleTender {
  TypeID: number;
  Amount: number;
}

/** A fact of the sale with no key of its own: the SDK's `TransactionDetail`. */
export interface SaleDetail {
  Name: string;
  Details: string;
}

/** A discount on the whole sale, for a reason: a percentage, or an amount in major units. */
export type SaleDiscount = { reasonId: number; percentage: number } | { reasonId: number; amount: number };

/** The SDK's `Transaction`, which is also the reply's TillData. */
export interface Transaction {
  CustomerId?: number;
  Products: SaleProduct[];
  MiscItems: SaleMiscItem[];
  Tenders: SaleTender[];
  TransactionDetails: SaleDetail[];
  Discount?: SaleDiscount;
}

/** What the basket holds only by id, named by the caller (who has the catalog). */
export interface SaleNames {
  /** The basket's table as the floor plan names it ("Table 3"); else it is told by id. */
  tableName?: string | null | undefined;
}

/** The sale a basket makes. */
export function saleOf(basket: Basket, money: Money, names: SaleNames = {}): Transaction {
  const sale: Transaction = {
    Products: basket.lines.map((line) => ({
      ProductID: line.productId,
      Quantity: line.quantity,
      ItemPrice: money.toMajor(line.unitPrice),
      // The basket has no tax exemption: the till applies each product's own tax.
      IsTaxExempt: false,
    })),
    MiscItems: [],
    Tenders: basket.tenders.map((tender) => ({ TypeID: tender.typeId, Amount: money.toMajor(tender.amount) })),
    TransactionDetails: detailsOf(basket, names),
  };
  // Optional keys are left out, not sent as null: the SDK's class has them undefined, so absent.
  if (basket.customer) sale.CustomerId = basket.customer.id;
  const { discount } = basket;
  if (discount)
    sale.Discount =
      discount.kind === 'percentage'
        ? { reasonId: discount.reasonId, percentage: discount.value }
        : // The amount the basket showed: capped at the subtotal, never more than the sale.
          { reasonId: discount.reasonId, amount: money.toMajor(basketTotals(basket).discount) };
  return sale;
}

/** The sale as the string the till receives: `JSON.stringify(tillData)`, as the reply documents. */
export function saleText(basket: Basket, money: Money, names: SaleNames = {}): string {
  return JSON.stringify(saleOf(basket, money, names));
}

function detailsOf(basket: Basket, names: SaleNames): SaleDetail[] {
  if (basket.tableId === null) return [];
  return [{ Name: 'Table', Details: names.tableName ?? `#${basket.tableId}` }];
}
