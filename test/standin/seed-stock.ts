/**
 * Seeded stock and sales records: stock levels, transfers between locations, and the items of
 * past transactions.
 */
import { chance, dateBetween, intBetween, localDateTime, money, pick, type Random } from './prng.ts';

type Row = Record<string, unknown>;

/** Stock levels of some products at the main location. */
export function seedProductStock(random: Random, products: number): Row[] {
  return Array.from({ length: 30 }, (_, i) => {
    const max = pick(random, [20, 50, 100, 200]);
    const current = intBetween(random, -2, max);
    return {
      LocationID: 1,
      ProductID: products === 0 ? i + 1 : (i % products) + 1,
      CurrentStock: current,
      MinStock: Math.floor(max / 10),
      MaxStock: max,
      CurrentVolume: null,
      OnOrder: current < max / 10 ? intBetween(random, 1, max) : 0,
      Alerts: current < max / 10,
    };
  });
}

/** Transfers between the two locations; the last two are still in transit. */
export function seedStockTransfers(random: Random): Row[] {
  return Array.from({ length: 6 }, (_, i) => {
    const sent = dateBetween(random, '2024-09-01T07:00:00', '2024-11-20T18:00:00');
    const received = i < 4;
    return {
      TransNo: `ST-${String(i + 1).padStart(4, '0')}`,
      FromLocation: 1,
      ToLocation: 2,
      StaffSent: intBetween(random, 1, 5),
      StaffReceived: received ? intBetween(random, 1, 5) : null,
      ReasonID: intBetween(random, 1, 3),
      Note: chance(random, 0.3) ? 'Weekend top-up' : null,
      DateSent: sent,
      DateReceived: received ? localDateTime(Date.parse(`${sent}Z`) + 26 * 3_600_000) : null,
      Status: received ? 2 : 1,
    };
  });
}

/** Lines of the transfers above. */
export function seedStockTransferItems(random: Random, products: number): Row[] {
  return Array.from({ length: 15 }, (_, i) => {
    const sent = intBetween(random, 1, 24);
    const received = i < 10;
    return {
      StockTransferID: (i % 6) + 1,
      ProductID: intBetween(random, 1, Math.max(products, 1)),
      QtySent: sent,
      QtyReceived: received ? sent : null,
      ItemReasonID: null,
      QtyNewFrom: null,
      QtyNewTo: null,
    };
  });
}

/** Items of past transactions, VAT at 20%. */
export function seedTransactionItems(random: Random, products: number): Row[] {
  return Array.from({ length: 30 }, (_, i) => {
    const price = money(1 + random() * 9);
    const quantity = intBetween(random, 1, 3);
    const discount = chance(random, 0.15) ? money(price * quantity * 0.1) : 0;
    return {
      TransactionID: Math.floor(i / 3) + 1,
      ProductID: intBetween(random, 1, Math.max(products, 1)),
      Price: price,
      Discount: discount,
      Quantity: quantity,
      Notes: chance(random, 0.1) ? 'No ice' : null,
      ClientID: null,
      VATAmount: money(((price * quantity - discount) / 1.2) * 0.2),
      ParentTransactionItemID: null,
      MultipleChoiceProductID: null,
    };
  });
}

/** Non-product lines of transactions (service charge, tips...). */
export function seedBaseItems(random: Random): Row[] {
  return Array.from({ length: 20 }, (_, i) => ({
    TransactionID: (i % 10) + 1,
    ItemTypeID: intBetween(random, 1, 4),
    Amount: money(random() * 10),
  }));
}
