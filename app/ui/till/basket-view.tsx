/** The basket: its lines with quantity controls, its sums, and a confirmed way to empty it. */
import { useEffect, useRef, useState } from 'preact/hooks';
import { type Basket, type BasketTotals, isEmpty, setQuantity } from '../../till/basket.ts';
import type { Money } from '../../till/money.ts';
import { Confirm } from '../confirm.tsx';

/** Props of {@link BasketView}. */
export interface BasketViewProps {
  basket: Basket;
  totals: BasketTotals;
  money: Money;
  onChange(edit: (basket: Basket) => Basket): void;
  /** Empties the basket, once the cashier confirmed. */
  onClear(): void;
  /** Takes focus once the control used has gone (the last line removed, the basket cleared). */
  onFocusAway(): void;
}

/** The basket's lines and sums. */
export function BasketView({ basket, totals, money, onChange, onClear, onFocusAway }: BasketViewProps) {
  const [confirming, setConfirming] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const empty = isEmpty(basket);
  // Emptied elsewhere (sent, restored): the question must not come back with the next sale.
  useEffect(() => {
    if (empty) setConfirming(false);
  }, [empty]);
  // From the basket at the time of the edit, so two quick taps count twice.
  const step = (productId: number, by: number): void =>
    onChange((current) =>
      setQuantity(current, productId, (current.lines.find((line) => line.productId === productId)?.quantity ?? 0) + by),
    );
  const { discount } = basket;
  // The last line's buttons go with it: focus moves on rather than falling to the page.
  const last = basket.lines.length === 1;
  const row = (label: string, minor: number, className?: string) => (
    <div class={className}>
      <dt>{label}</dt>
      <dd>{money.format(minor)}</dd>
    </div>
  );

  return (
    <section class="basket" aria-label="Basket">
      <h2>Basket</h2>
      {basket.lines.length === 0 ? (
        <p class="notice">The basket is empty: scan a barcode, search, or tap a favourite.</p>
      ) : (
        <ul class="basket-lines" aria-label="Basket lines">
          {basket.lines.map((line) => (
            <li key={line.productId} class="basket-line">
              <span class="basket-name">{line.name}</span>
              <span class="basket-qty">
                <button
                  type="button"
                  class="button"
                  aria-label={`Fewer ${line.name}`}
                  onClick={() => {
                    step(line.productId, -1);
                    if (last && line.quantity === 1) onFocusAway();
                  }}
                >
                  −
                </button>
                <span>{line.quantity}</span>
                <button
                  type="button"
                  class="button"
                  aria-label={`More ${line.name}`}
                  onClick={() => step(line.productId, 1)}
                >
                  +
                </button>
              </span>
              <span class="basket-price">{money.format(line.unitPrice * line.quantity)}</span>
              <button
                type="button"
                class="button"
                aria-label={`Remove ${line.name}`}
                onClick={() => {
                  onChange((current) => setQuantity(current, line.productId, 0));
                  if (last) onFocusAway();
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <dl class="basket-totals">
        {row(`Subtotal (${totals.items} item${totals.items === 1 ? '' : 's'})`, totals.subtotal)}
        {discount
          ? row(
              `Discount: ${discount.reason}${discount.kind === 'percentage' ? ` (${discount.value}%)` : ''}`,
              -totals.discount,
            )
          : null}
        {row('Total', totals.total, 'basket-total')}
        {totals.tendered > 0 ? row('Tendered', totals.tendered) : null}
        {totals.remaining < 0
          ? row('Change due', -totals.remaining, 'basket-total')
          : totals.tendered > 0
            ? row('Remaining', totals.remaining, 'basket-total')
            : null}
      </dl>
      {empty ? null : (
        <button
          ref={trigger}
          type="button"
          class="button"
          aria-expanded={confirming}
          onClick={() => setConfirming(!confirming)}
        >
          Clear basket
        </button>
      )}
      {confirming && !empty ? (
        <Confirm
          question="Clear the whole basket? Its lines, discount, table and payments go."
          label="Confirm clearing the basket"
          yes={{ text: 'Clear' }}
          no={{ text: 'Keep' }}
          onYes={() => {
            setConfirming(false);
            onClear();
            onFocusAway();
          }}
          onNo={() => {
            setConfirming(false);
            trigger.current?.focus();
          }}
        />
      ) : null}
    </section>
  );
}
