/**
 * Money as the till counts it: whole minor units (pence, cents), so a basket of 0.1 + 0.2 is
 * 30 and never 30.000000000000004. Written in the shop's currency and locale.
 */

/** A way to write and count money in one currency and locale. */
export interface Money {
  /** Minor units per major unit's decimal places: 2 for GBP, 0 for JPY. */
  digits: number;
  /** A price from the API (major units, a decimal) in minor units. */
  toMinor(amount: number): number;
  /** Minor units back to major units, for the API and the till. */
  toMajor(minor: number): number;
  /** "£3.95". */
  format(minor: number): string;
  /** "3.95": digits and a '.' decimal point, as the amount fields take them. */
  plain(minor: number): string;
}

/** The money of a currency and locale (both validated by the settings). */
export function createMoney(currency: string, locale: string): Money {
  const formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  const scale = 10 ** digits;
  return {
    digits,
    toMinor: (amount) => Math.round(amount * scale),
    toMajor: (minor) => minor / scale,
    // `|| 0` turns -0 (no discount, negated) into 0: Intl writes -0 as "-£0.00".
    format: (minor) => formatter.format(minor / scale || 0),
    plain: (minor) => (minor / scale).toFixed(digits),
  };
}
