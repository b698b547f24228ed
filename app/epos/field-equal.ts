/**
 * Whether two values of a record's field are the same as Epos Now keeps them. A value this till
 * sent comes back as the API stored it: a price sent as "12.50" is read as 12.5, a null field
 * may be left out, a date sent without its time is read with midnight, and text may lose the
 * spaces around it. Comparing raw JSON would call each of these a change, and a merge would
 * then see a conflict where there is none.
 */
import { sameJson } from './json-equal.ts';

/** Whether `a` and `b` are one value of a field, as the API normalises it. */
export function sameField(a: unknown, b: unknown): boolean {
  // A field the server does not keep, or drops when null, is the same as a null one.
  if ((a ?? null) === (b ?? null)) return true;
  const left = numberOf(a);
  const right = numberOf(b);
  // Stryker disable next-line EqualityOperator,ConditionalExpression,LogicalOperator: no two decimals a person types are exactly 1e-9 apart; a number and a non-number differ either way (NaN is below no bound)
  if (left !== undefined && right !== undefined) return Math.abs(left - right) < 1e-9;
  if (typeof a === 'string' && typeof b === 'string') {
    const [day, other] = [dateOf(a), dateOf(b)];
    // Stryker disable next-line ConditionalExpression: a date and a string that is none differ either way (trimmed alike, both would be dates)
    return day !== undefined && other !== undefined ? day === other : a.trim() === b.trim();
  }
  // Lists and objects (a settings key's value) as JSON; anything else left (true and "true") differs.
  return sameJson(a, b);
}

// A decimal as a form or a JSON editor writes it: no exponent, no thousands separators.
const DECIMAL = /^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/;

/** A number, or a string that is one: the API binds "12.50" to the decimal 12.5. */
function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  return typeof value === 'string' && DECIMAL.test(value) ? Number(value) : undefined;
}

// The API's dates have no time zone: "2015-12-10T17:13:14"; a date alone means its midnight.
const DATE = /^\s*(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?Z?\s*$/;

/**
 * The date in one spelling, only ever compared ("2015-12-10T17:13:14.5", "2015-12-10T00:00:00."),
 * or undefined for a string that is not one.
 */
function dateOf(value: string): string | undefined {
  const parts = DATE.exec(value);
  if (!parts) return undefined;
  const [, day, hours = '00', minutes = '00', seconds = '00', fraction = ''] = parts;
  return `${day}T${hours}:${minutes}:${seconds}.${fraction.replace(/0+$/, '')}`;
}
