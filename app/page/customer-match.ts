/**
 * Customers as the till names and finds them: the name a Customer record shows ("Forename
 * Surname", else its business name), and whether a customer answers to what a cashier typed (part
 * of the name, the phone number, the card number). Pure, so the online search and the recent
 * customers offline find the same people.
 */
import { isServerId, recordId } from '../epos/ids.ts';
import type { Customer } from '../epos/records.ts';
import { fold } from '../search/fold.ts';
import type { CustomerSummary } from '../till/recent-customers.ts';

/** The name a record shows: "Forename Surname" (either alone), else the business name, else null. */
export function customerName(record: Pick<Customer, 'Forename' | 'Surname' | 'BusinessName'>): string | null {
  const person = [record.Forename, record.Surname]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return person || record.BusinessName?.trim() || null;
}

/** What the till keeps of a record, or undefined when it has no server id (a create not yet sent). */
export function summarizeCustomer(record: Customer): CustomerSummary | undefined {
  const id = recordId('Customer', record);
  if (!isServerId(id)) return undefined;
  return { id, name: customerName(record), phone: record.ContactNumber, card: record.CardNumber };
}

/** Whether `query` is worth a search: 2 letters, or 3 digits (fewer match a good part of any shop). */
export function searchable(query: string): boolean {
  const digits = digitsOf(query);
  return digits === null ? fold(query).replace(/\s+/g, '').length >= 2 : digits.length >= 3;
}

/**
 * Whether `customer` answers to `query`: each word of it in the name (accents and case aside), or,
 * for a number, its digits in the phone or the card number (spaces, dashes and brackets aside).
 */
export function matchesCustomer(customer: CustomerSummary, query: string): boolean {
  const digits = digitsOf(query);
  if (digits !== null && digits.length > 0)
    return [customer.phone, customer.card].some((number) => number !== null && digitsIn(number).includes(digits));
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0 || customer.name === null) return false;
  const name = fold(customer.name);
  return words.every((word) => name.includes(word));
}

/** The digits of a query that is a number (digits, spaces, + - ( ) . only), else null. */
function digitsOf(query: string): string | null {
  return /^[\d\s+\-().]*$/.test(query) ? digitsIn(query) : null;
}

function digitsIn(text: string): string {
  return text.replace(/\D/g, '');
}
