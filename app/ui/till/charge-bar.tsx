/**
 * The sale at a glance, always on screen: the total and the one action that comes next. On a
 * till screen it sits under the basket in the right-hand column; on a tablet or phone it is held
 * at the bottom of the screen, and its total opens the basket (a sheet over the products). Either
 * way "Charge" puts focus in Amount with the payment in view, and once nothing is left to pay the
 * payment moves focus to Send to till, and the bar says so.
 */
import type { BasketTotals } from '../../till/basket.ts';
import type { Money } from '../../till/money.ts';

/** Props of {@link ChargeBar}. */
export interface ChargeBarProps {
  totals: BasketTotals;
  money: Money;
  /** Brings the payment into view and focuses its Amount field. */
  onCharge(): void;
  /** Opens the basket, where it is not on screen (a tablet or phone); absent where it is. */
  sheet?: { open: boolean; onOpen(): void } | undefined;
}

/** "Total £7.24 · 3 items" and "Charge £7.24", or "Paid" once nothing is left to pay. */
export function ChargeBar({ totals, money, onCharge, sheet }: ChargeBarProps) {
  const empty = totals.items === 0;
  const paid = !empty && totals.remaining <= 0;
  const summary = (
    <>
      <strong>Total {money.format(totals.total)}</strong>
      <span> · {totals.items === 1 ? '1 item' : `${totals.items} items`}</span>
    </>
  );
  return (
    <section class="charge-bar" aria-label="Sale">
      {sheet ? (
        <button
          type="button"
          class="button charge-total"
          aria-haspopup="dialog"
          aria-expanded={sheet.open}
          onClick={sheet.onOpen}
        >
          {summary}
        </button>
      ) : (
        <p class="charge-total">{summary}</p>
      )}
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
