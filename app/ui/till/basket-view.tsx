/** The basket: its lines with quantity controls, its sums, and a confirmed way to empty it. */
import { useEffect, useRef, useState } from 'preact/hooks';
import { type Basket, type BasketLine, type BasketTotals, isEmpty, setQuantity } from '../../till/basket.ts';
import type { Money } from '../../till/money.ts';
import { Confirm } from '../confirm.tsx';
import { memo, useStableCallback } from '../memo.tsx';

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
  // The last line's buttons go with it: focus moves on rather than falling to the page.
  const last = basket.lines.length === 1;
  // Stable, so a tap that adds one product draws that line alone, not every line of a long basket.
  const lineActions: LineActions = {
    onFewer: useStableCallback((line: BasketLine) => {
      step(line.productId, -1);
      if (last && line.quantity === 1) onFocusAway();
    }),
    onMore: useStableCallback((line: BasketLine) => step(line.productId, 1)),
    onRemove: useStableCallback((line: BasketLine) => {
      onChange((current) => setQuantity(current, line.productId, 0));
      if (last) onFocusAway();
    }),
  };
  const { discount } = basket;
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
            <Line key={line.productId} line={line} money={money} {...lineActions} />
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

/** What a line's buttons do, each given the line. */
interface LineActions {
  onFewer(line: BasketLine): void;
  onMore(line: BasketLine): void;
  onRemove(line: BasketLine): void;
}

interface LineProps extends LineActions {
  line: BasketLine;
  money: Money;
}

/** One line: name, quantity with its buttons, price, remove; drawn again only when it changed. */
const Line = memo(function Line({ line, money, onFewer, onMore, onRemove }: LineProps) {
  return (
    <li class="basket-line">
      <span class="basket-name">{line.name}</span>
      <span class="basket-qty">
        <button type="button" class="button" aria-label={`Fewer ${line.name}`} onClick={() => onFewer(line)}>
          −
        </button>
        <span>{line.quantity}</span>
        <button type="button" class="button" aria-label={`More ${line.name}`} onClick={() => onMore(line)}>
          +
        </button>
      </span>
      <span class="basket-price">{money.format(line.unitPrice * line.quantity)}</span>
      <button type="button" class="button" aria-label={`Remove ${line.name}`} onClick={() => onRemove(line)}>
        ×
      </button>
    </li>
  );
});
