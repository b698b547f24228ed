/**
 * The basket a cashier builds before handing it to the Epos Now till: lines, an optional
 * discount, an optional table and the tenders paid with. Plain data changed by pure functions, so
 * it can be stored as JSON, restored after a reload and tested without a screen. Prices are
 * taken when a product is added: the basket keeps what the customer was told.
 */

/** One product in the basket. */
export interface BasketLine {
  productId: number;
  name: string;
  /** Price of one, in minor units, as charged when added. */
  unitPrice: number;
  quantity: number;
}

/** A discount on the whole basket, for a discount reason. */
export interface BasketDiscount {
  reasonId: number;
  reason: string;
  /** Percentage off (0 to 100, at most 2 decimals), or an amount off in minor units. */
  kind: 'percentage' | 'amount';
  value: number;
}

/** A payment towards the basket. */
export interface BasketTender {
  typeId: number;
  name: string;
  /** Minor units. */
  amount: number;
}

/** The customer a sale is for: the one the till passed (`customerId`), or one a cashier attached. */
export interface BasketCustomer {
  id: number;
  /** As the Customer record names them; null where only the id is known (offline, not yet read). */
  name: string | null;
}

/** The basket. */
export interface Basket {
  lines: BasketLine[];
  discount: BasketDiscount | null;
  tableId: number | null;
  tenders: BasketTender[];
  customer: BasketCustomer | null;
}

/** The sums of a basket, in minor units. */
export interface BasketTotals {
  items: number;
  subtotal: number;
  /** What the discount takes off (never more than the subtotal). */
  discount: number;
  total: number;
  tendered: number;
  /** Still to pay; negative when more was tendered (change due). */
  remaining: number;
}

/** A basket with nothing in it. */
export const EMPTY_BASKET: Basket = Object.freeze({
  lines: [],
  discount: null,
  tableId: null,
  tenders: [],
  customer: null,
}) as Basket;

/** Adds one of a product (or one more of it). */
export function addProduct(basket: Basket, product: { productId: number; name: string; unitPrice: number }): Basket {
  const existing = basket.lines.find((line) => line.productId === product.productId);
  const lines = existing
    ? basket.lines.map((line) => (line === existing ? { ...line, quantity: line.quantity + 1 } : line))
    : [...basket.lines, { ...product, quantity: 1 }];
  return { ...basket, lines };
}

/** Sets a line's quantity; 0 or less removes the line, and removing the last one drops the payments. */
export function setQuantity(basket: Basket, productId: number, quantity: number): Basket {
  const whole = Math.floor(quantity);
  // Floored first, so 0.5 removes the line rather than leaving one of nothing (NaN removes it too).
  if (whole > 0)
    return {
      ...basket,
      lines: basket.lines.map((line) => (line.productId === productId ? { ...line, quantity: whole } : line)),
    };
  const lines = basket.lines.filter((line) => line.productId !== productId);
  // Payments are for lines: kept, they would show as tendered (and change due) on the next sale.
  return { ...basket, lines, tenders: lines.length === 0 ? [] : basket.tenders };
}

/** Whether the basket holds nothing at all: no lines, discount, table, payments or customer. */
export function isEmpty(basket: Basket): boolean {
  return (
    basket.lines.length === 0 &&
    basket.discount === null &&
    basket.tableId === null &&
    basket.tenders.length === 0 &&
    basket.customer === null
  );
}

/** Sets or clears the sale's customer. */
export function setCustomer(basket: Basket, customer: BasketCustomer | null): Basket {
  return { ...basket, customer };
}

/** Sets or clears the discount. */
export function setDiscount(basket: Basket, discount: BasketDiscount | null): Basket {
  return { ...basket, discount };
}

/** Sets or clears the table. */
export function setTable(basket: Basket, tableId: number | null): Basket {
  return { ...basket, tableId };
}

/** Adds a payment. */
export function addTender(basket: Basket, tender: BasketTender): Basket {
  return { ...basket, tenders: [...basket.tenders, tender] };
}

/** Removes the payment at `index`. */
export function removeTender(basket: Basket, index: number): Basket {
  return { ...basket, tenders: basket.tenders.filter((_, i) => i !== index) };
}

/** The basket's sums. */
export function basketTotals(basket: Basket): BasketTotals {
  let items = 0;
  let subtotal = 0;
  for (const line of basket.lines) {
    items += line.quantity;
    subtotal += line.unitPrice * line.quantity;
  }
  const discount = discountOf(basket.discount, subtotal);
  const total = subtotal - discount;
  const tendered = basket.tenders.reduce((sum, tender) => sum + tender.amount, 0);
  return { items, subtotal, discount, total, tendered, remaining: total - tendered };
}

function discountOf(discount: BasketDiscount | null, subtotal: number): number {
  if (!discount) return 0;
  // In whole basis points: `subtotal * 9.2 / 100` in floating point is 34.4999… for 375, not 34.5.
  const off =
    discount.kind === 'percentage' ? Math.round((subtotal * Math.round(discount.value * 100)) / 10000) : discount.value;
  return Math.min(Math.max(off, 0), Math.max(subtotal, 0));
}

/**
 * A basket read back from storage, or null when it is not one (an older shape, a damaged
 * value): the till then starts empty rather than showing something half right.
 */
export function parseBasket(value: unknown): Basket | null {
  if (typeof value !== 'object' || value === null) return null;
  const { lines, discount, tableId, tenders, customer = null } = value as Record<string, unknown>;
  const whole = (n: unknown): n is number => Number.isInteger(n);
  const isLine = (l: unknown): l is BasketLine => {
    const line = l as BasketLine | null;
    return (
      typeof line === 'object' &&
      line !== null &&
      whole(line.productId) &&
      typeof line.name === 'string' &&
      whole(line.unitPrice) &&
      whole(line.quantity) &&
      line.quantity > 0
    );
  };
  const isTender = (t: unknown): t is BasketTender => {
    const tender = t as BasketTender | null;
    return (
      typeof tender === 'object' &&
      tender !== null &&
      whole(tender.typeId) &&
      typeof tender.name === 'string' &&
      whole(tender.amount) &&
      tender.amount >= 0
    );
  };
  const isDiscount = (d: unknown): d is BasketDiscount => {
    const off = d as BasketDiscount | null;
    return (
      typeof off === 'object' &&
      off !== null &&
      whole(off.reasonId) &&
      typeof off.reason === 'string' &&
      (off.kind === 'percentage' ? typeof off.value === 'number' : off.kind === 'amount' && whole(off.value)) &&
      off.value >= 0
    );
  };
  if (!Array.isArray(lines) || !lines.every(isLine)) return null;
  if (!Array.isArray(tenders) || !tenders.every(isTender)) return null;
  if (discount !== null && !isDiscount(discount)) return null;
  if (tableId !== null && !whole(tableId)) return null;
  // Baskets kept before sales had customers have no key: none.
  const isCustomer = (c: unknown): c is BasketCustomer => {
    const who = c as BasketCustomer | null;
    return (
      typeof who === 'object' && who !== null && whole(who.id) && (who.name === null || typeof who.name === 'string')
    );
  };
  if (customer !== null && !isCustomer(customer)) return null;
  return { lines, discount, tableId, tenders, customer };
}
