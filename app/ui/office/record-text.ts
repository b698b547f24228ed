/**
 * A record field as a text box shows it, and what the typed text means. Text that is not what
 * the field holds stays text, so the field's check names the problem ("Sale price must be a
 * number") and switching to JSON shows exactly what was typed.
 */
import type { FieldSpec } from '../../epos/kind-fields.ts';

// A plain decimal as people type it. Number() alone would also take "0x1F", "1_000" (no), " "
// (as 0) and "Infinity"; those stay text and are refused by the field's check.
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** The value of a text field (not a checkbox) as its text box shows it. */
export function fieldText(spec: FieldSpec, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  // Money as money is written when it is whole pennies: 2.6 is "2.60" (2.6 * 100 is 260.00000000000003).
  if (spec.type === 'money' && typeof value === 'number' && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6) {
    return value.toFixed(2);
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * What typed text means for the field: empty is `null` (the API's "no value"; a required text
 * stays empty so its check says it is required), spaces around it are dropped, a number is a number.
 */
export function fieldValue(spec: FieldSpec, text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return spec.type === 'string' && spec.required ? '' : null;
  if (spec.type === 'string' || spec.type === 'date' || spec.type === 'boolean') return trimmed;
  return DECIMAL.test(trimmed) ? Number(trimmed) : trimmed;
}
