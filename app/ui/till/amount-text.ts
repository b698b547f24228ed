/** Amounts and percentages as a cashier types them: "3.50", "3,50", "10". */
import type { Money } from '../../till/money.ts';

/** The most an amount can be, in major units: far above any sale, far below 13 scanned digits. */
const MAX_AMOUNT = 1_000_000;

/**
 * `text` in minor units of `money` (at most its decimal places); 'too large' over
 * {@link MAX_AMOUNT} (a barcode scanned into the field); null when it is not an amount.
 */
export function parseAmount(text: string, money: Money): number | 'too large' | null {
  const plain = text.trim().replace(',', '.');
  const pattern = money.digits > 0 ? new RegExp(`^\\d+(\\.\\d{0,${money.digits}})?$`) : /^\d+$/;
  if (!pattern.test(plain)) return null;
  return Number(plain) > MAX_AMOUNT ? 'too large' : money.toMinor(Number(plain));
}

/** Why `text` is not an amount, for the field's message; the caller ends the sentence. */
export function amountProblem(text: string, money: Money, example: number): string {
  return parseAmount(text, money) === 'too large'
    ? `That amount is too large: “${text}” is more than ${money.format(money.toMinor(MAX_AMOUNT))}`
    : `Enter an amount such as ${money.plain(example)}: “${text}” is not one`;
}

/** `text` as a percentage from 0 to 100 with at most 2 decimals, or null when it is not one. */
export function parsePercentage(text: string): number | null {
  const plain = text.trim().replace(',', '.');
  // Two decimals at most: the discount is worked out in whole basis points.
  return /^\d+(\.\d{0,2})?$/.test(plain) && Number(plain) <= 100 ? Number(plain) : null;
}
