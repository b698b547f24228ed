/** Amounts and percentages as a cashier types them: "3.50", "3,50", "10". */
import type { Money } from '../../till/money.ts';

/** `text` in minor units of `money` (at most its decimal places), or null when it is not an amount. */
export function parseAmount(text: string, money: Money): number | null {
  const plain = text.trim().replace(',', '.');
  const pattern = money.digits > 0 ? new RegExp(`^\\d+(\\.\\d{0,${money.digits}})?$`) : /^\d+$/;
  const minor = pattern.test(plain) ? money.toMinor(Number(plain)) : NaN;
  return Number.isSafeInteger(minor) ? minor : null;
}

/** `text` as a percentage from 0 to 100, or null when it is not one. */
export function parsePercentage(text: string): number | null {
  const plain = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(plain) && Number(plain) <= 100 ? Number(plain) : null;
}
