/**
 * Payments towards the basket: one button per tender type pays what remains, or the amount typed
 * (part of it, or more for cash given: the basket then shows the change due).
 */
import type { RefObject } from 'preact';
import { useId, useState } from 'preact/hooks';
import { recordId } from '../../epos/ids.ts';
import type { TenderType } from '../../epos/records.ts';
import { addTender, type Basket, type BasketTender, removeTender } from '../../till/basket.ts';
import type { Money } from '../../till/money.ts';
import { amountProblem, parseAmount } from './amount-text.ts';

/** Props of {@link TenderPanel}. */
export interface TenderPanelProps {
  tenderTypes: readonly TenderType[];
  tenders: readonly BasketTender[];
  /** Still to pay, minor units. */
  remaining: number;
  money: Money;
  onChange(edit: (basket: Basket) => Basket): void;
  /** A payment left nothing to pay: the caller moves focus to what comes next. */
  onPaidUp?(): void;
  /** The Amount field, for a caller that brings the payment into view (the charge bar). */
  amountRef?: RefObject<HTMLInputElement | null>;
}

/** The payment controls and the payments made. */
export function TenderPanel({
  tenderTypes,
  tenders,
  remaining,
  money,
  onChange,
  onPaidUp,
  amountRef,
}: TenderPanelProps) {
  const [text, setText] = useState('');
  const id = useId();
  const typed = text.trim() !== '';
  const parsed = typed ? parseAmount(text, money) : remaining;
  const amount = typeof parsed === 'number' && parsed > 0 ? parsed : null;
  const problem = amount !== null ? null : typed ? `${amountProblem(text, money, 500)}.` : 'Nothing is left to pay.';

  return (
    <section class="till-panel" aria-label="Payment">
      <h2>Payment</h2>
      <label class="till-field">
        <span>Amount</span>
        <input
          ref={amountRef}
          type="text"
          inputMode="decimal"
          autocomplete="off"
          value={text}
          placeholder={remaining > 0 ? money.plain(remaining) : undefined}
          aria-invalid={typed && problem !== null}
          aria-describedby={problem ? `${id}-hint ${id}` : `${id}-hint`}
          onInput={(event) => setText(event.currentTarget.value)}
        />
      </label>
      <p id={`${id}-hint`} class="hint">
        Leave it empty to pay what remains.
      </p>
      <div class="till-buttons">
        {tenderTypes.map((type) => {
          const typeId = recordId('TenderType', type);
          return typeId === undefined ? null : (
            <button
              key={typeId}
              type="button"
              class="button"
              disabled={problem !== null}
              aria-describedby={problem ? id : undefined}
              onClick={() => {
                if (amount === null) return;
                onChange((basket) => addTender(basket, { typeId, name: type.Name, amount }));
                setText('');
                // This button is disabled now that nothing is left to pay: focus goes on, not to the page.
                if (amount >= remaining) onPaidUp?.();
              }}
            >
              Pay by {type.Name}
            </button>
          );
        })}
      </div>
      {tenderTypes.length === 0 ? (
        <p class="notice">No ways to pay are stored on this till yet: they download while it is online.</p>
      ) : null}
      {problem ? (
        <p id={id} role={typed ? 'alert' : undefined} class={typed ? 'field-problem' : 'hint'}>
          {problem}
        </p>
      ) : null}
      {tenders.length > 0 ? (
        <ul class="till-tenders" aria-label="Payments">
          {tenders.map((tender, index) => (
            <li key={index}>
              <span>{tender.name}</span>
              <span>{money.format(tender.amount)}</span>
              <button
                type="button"
                class="button"
                aria-label={`Remove ${tender.name} ${money.format(tender.amount)}`}
                onClick={() => onChange((basket) => removeTender(basket, index))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
