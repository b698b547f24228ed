/**
 * The sale at a glance, always on screen: the total and the one action that comes next. It sits
 * at the bottom of the till (sticky), so on a tablet or phone, where the basket and payment are
 * far down the page, the cashier still sees what a product did to the total and can charge
 * without scrolling: "Charge" brings the payment into view with focus in Amount. Once nothing
 * is left to pay, the payment moves focus to Send to till (in view), and the bar says so.
 */
import type { BasketTotals } from '../../till/basket.ts';
import type { Money } from '../../till/money.ts';

/** Props of {@link ChargeBar}. */
export interface ChargeBarProps {
  totals: BasketTotals;
  money: Money;
  /** Brings the payment into view and focuses its Amount field. */
  onCharge(): void;
}

/** "Total £7.24 · 3 items" and "Charge £7.24", or "Paid" once nothing is left to pay. */
export function ChargeBar({ totals, money, onCharge }: ChargeBarProps) {
  const empty = totals.items === 0;
  const paid = !empty && totals.remaining <= 0;
  return (
    <section class="charge-bar" aria-label="Sale">
      <p class="charge-total">
        <strong>Total {money.format(totals.total)}</strong>
        <span> · {totals.items === 1 ? '1 item' : `${totals.items} items`}</span>
      </p>
      {paid ? (
        <p class="charge-paid">Paid: send the basket to the till.</p>
      ) : (
        <button type="button" class="button button-primary" disabled={empty} onClick={onCharge}>
          Charge {money.format(Math.max(0, totals.remaining))}
        </button>
      )}
    </section>
  );
}
