/**
 * The basket's discount: a discount reason (its default percentage filled in), then a percentage
 * or an amount off. A value that does not parse is refused with a message and the discount stays
 * as it was, so the total never shows something the cashier did not mean.
 */
import { useId, useState } from 'preact/hooks';
import { recordId } from '../../epos/ids.ts';
import type { DiscountReason } from '../../epos/records.ts';
import type { BasketDiscount } from '../../till/basket.ts';
import type { Money } from '../../till/money.ts';
import { amountProblem, parseAmount, parsePercentage } from './amount-text.ts';

/** Props of {@link DiscountPicker}. */
export interface DiscountPickerProps {
  reasons: readonly DiscountReason[];
  discount: BasketDiscount | null;
  money: Money;
  onChange(discount: BasketDiscount | null): void;
}

/** The discount controls; nothing when the shop has no discount reasons. */
export function DiscountPicker({ reasons, discount, money, onChange }: DiscountPickerProps) {
  // What the cashier typed, until a reason or type is chosen again.
  const [draft, setDraft] = useState<string | null>(null);
  // A reason without a usable default (null, "ten", "" in the API) shows an empty field, not "0" or "NaN".
  const [blank, setBlank] = useState(false);
  const id = useId();
  if (reasons.length === 0) return null;
  const percentage = discount?.kind !== 'amount';
  const parse = (text: string): number | null => {
    const value = percentage ? parsePercentage(text) : parseAmount(text, money);
    return typeof value === 'number' ? value : null;
  };
  const invalid = draft !== null && parse(draft) === null;

  return (
    <section class="till-panel" aria-label="Discount">
      <h2>Discount</h2>
      <div class="till-fields">
        <label class="till-field">
          <span>Discount reason</span>
          <select
            value={discount ? String(discount.reasonId) : ''}
            onChange={(event) => {
              const chosen = reasons.find(
                (reason) => String(recordId('DiscountReason', reason)) === event.currentTarget.value,
              );
              const reasonId = recordId('DiscountReason', chosen);
              const preset = defaultPercentage(chosen?.DefaultVal);
              setDraft(null);
              setBlank(preset === null);
              onChange(
                chosen && reasonId !== undefined
                  ? { reasonId, reason: chosen.Reason, kind: 'percentage', value: preset ?? 0 }
                  : null,
              );
            }}
          >
            <option value="">No discount</option>
            {/* A kept basket's reason may since have been deleted: the discount still applies, so it is shown. */}
            {discount && !reasons.some((reason) => recordId('DiscountReason', reason) === discount.reasonId) ? (
              <option value={String(discount.reasonId)}>{discount.reason} (no longer in the catalog)</option>
            ) : null}
            {reasons.map((reason) => (
              <option key={recordId('DiscountReason', reason)} value={String(recordId('DiscountReason', reason))}>
                {reason.Reason}
              </option>
            ))}
          </select>
        </label>
        {discount ? (
          <>
            <label class="till-field">
              <span>Discount type</span>
              <select
                value={discount.kind}
                onChange={(event) => {
                  setDraft(null);
                  setBlank(false);
                  onChange({
                    ...discount,
                    kind: event.currentTarget.value === 'amount' ? 'amount' : 'percentage',
                    value: 0,
                  });
                }}
              >
                <option value="percentage">Percentage</option>
                <option value="amount">Amount</option>
              </select>
            </label>
            <label class="till-field">
              <span>{percentage ? 'Discount percentage' : 'Discount amount'}</span>
              <input
                type="text"
                inputMode="decimal"
                autocomplete="off"
                value={draft ?? (blank ? '' : percentage ? String(discount.value) : money.plain(discount.value))}
                aria-invalid={invalid}
                aria-describedby={invalid ? id : undefined}
                onInput={(event) => {
                  const text = event.currentTarget.value;
                  const value = parse(text);
                  if (value !== null) onChange({ ...discount, value });
                  setDraft(text);
                }}
              />
            </label>
          </>
        ) : null}
      </div>
      {invalid && discount ? (
        <p role="alert" id={id} class="field-problem">
          {percentage
            ? `Enter a percentage from 0 to 100 with at most 2 decimals, such as 12.5: “${draft}” is not one, so the discount stays at ${discount.value}%.`
            : `${amountProblem(draft, money, 250)}, so the discount stays at ${money.format(discount.value)}.`}
        </p>
      ) : null}
    </section>
  );
}

/** A reason's default percentage, clamped to 0-100 and rounded to 2 decimals as a typed one is; null when it is not a number. */
function defaultPercentage(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  return Math.round(Math.min(100, Math.max(0, value)) * 100) / 100;
}
