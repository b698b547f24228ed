/**
 * The message that hands a basket to the Epos Now till. Epos Now's till SDK models a basket as
 * products, misc items, tenders `{TypeID, Amount}` and a discount `{reasonId, percentage|amount}`
 * (../shared/epos-facts.md); products go as `{ProductID, Quantity, Price}`. Amounts are in major
 * units (3.95), as everywhere in the API. The table is this app's addition, by its V2 key.
 */
import { type Basket, basketTotals } from './basket.ts';
import type { Money } from './money.ts';

/** What `postMessage` carries to the till. */
export interface TillBasketMessage {
  type: 'epos-till-basket';
  version: 1;
  products: { ProductID: number; Quantity: number; Price: number }[];
  tenders: { TypeID: number; Amount: number }[];
  discount: { reasonId: number; percentage: number } | { reasonId: number; amount: number } | null;
  TableID: number | null;
}

/** The message for a basket. */
export function tillMessage(basket: Basket, money: Money): TillBasketMessage {
  const { discount } = basket;
  return {
    type: 'epos-till-basket',
    version: 1,
    products: basket.lines.map((line) => ({
      ProductID: line.productId,
      Quantity: line.quantity,
      Price: money.toMajor(line.unitPrice),
    })),
    tenders: basket.tenders.map((tender) => ({ TypeID: tender.typeId, Amount: money.toMajor(tender.amount) })),
    // The amount the basket showed: capped at the subtotal, never more than the sale.
    discount: !discount
      ? null
      : discount.kind === 'percentage'
        ? { reasonId: discount.reasonId, percentage: discount.value }
        : { reasonId: discount.reasonId, amount: money.toMajor(basketTotals(basket).discount) },
    TableID: basket.tableId,
  };
}
