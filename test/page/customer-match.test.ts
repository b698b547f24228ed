import { describe, expect, it } from 'vitest';
import type { Customer } from '../../app/epos/records.ts';
import { customerName, matchesCustomer, searchable, summarizeCustomer } from '../../app/page/customer-match.ts';
import type { CustomerSummary } from '../../app/till/recent-customers.ts';

const record = (fields: Partial<Customer>): Customer =>
  ({ Forename: null, Surname: null, BusinessName: null, ContactNumber: null, CardNumber: null, ...fields }) as Customer;

const ISLA: CustomerSummary = { id: 2, name: 'Isla Müller', phone: '07700 900642', card: '6337 0010 0111' };

describe('a customer\u2019s name', () => {
  it('is "Forename Surname", either alone, else the business name, else none', () => {
    expect(customerName(record({ Forename: 'Rhys', Surname: 'Wright', BusinessName: 'Café Noir' }))).toBe(
      'Rhys Wright',
    );
    expect(customerName(record({ Forename: ' Ada ', Surname: null }))).toBe('Ada');
    expect(customerName(record({ Surname: 'Okafor' }))).toBe('Okafor');
    expect(customerName(record({ Forename: '  ', BusinessName: 'Kilnworks Studio' }))).toBe('Kilnworks Studio');
    expect(customerName(record({}))).toBeNull();
  });

  it('a record sums up with its id in either style, phone and card; without a server id it is none', () => {
    expect(
      summarizeCustomer(record({ CustomerID: 7, Forename: 'Noah', Surname: 'Patel', ContactNumber: '1' })),
    ).toEqual({ id: 7, name: 'Noah Patel', phone: '1', card: null });
    expect(summarizeCustomer({ ...record({ CardNumber: '63' }), Id: 8 } as Customer)).toEqual({
      id: 8,
      name: null,
      phone: null,
      card: '63',
    });
    expect(summarizeCustomer(record({ Forename: 'No id' }))).toBeUndefined();
    expect(summarizeCustomer(record({ CustomerID: -2, Forename: 'Waiting' }))).toBeUndefined();
  });
});

describe('finding a customer by what the cashier typed', () => {
  it('by part of the name: every word somewhere in it, accents and case aside', () => {
    for (const query of ['isla', 'MULLER', 'müll', 'la mu', 'Isla Müller', ' isla  '])
      expect(matchesCustomer(ISLA, query), query).toBe(true);
    for (const query of ['isla patel', 'noah', 'x']) expect(matchesCustomer(ISLA, query), query).toBe(false);
  });

  it('by phone or card number: digits anywhere in it, spaces and dashes aside', () => {
    for (const query of ['900642', '07700900642', '07700 900-642', '(0)7700 900 642', '0111', '633700100111'])
      expect(matchesCustomer(ISLA, query), query).toBe(true);
    expect(matchesCustomer(ISLA, '900643')).toBe(false);
    expect(matchesCustomer({ ...ISLA, phone: null, card: null }, '900642')).toBe(false);
  });

  it('a customer without a name is found by number only', () => {
    expect(matchesCustomer({ ...ISLA, name: null }, 'isla')).toBe(false);
    expect(matchesCustomer({ ...ISLA, name: null }, '642')).toBe(true);
  });

  it('is worth asking at 2 letters or 3 digits: fewer match half the shop', () => {
    for (const query of ['is', 'Ló', '642', '07 7']) expect(searchable(query), query).toBe(true);
    for (const query of ['', ' ', 'i', '64', '- -', '6 4']) expect(searchable(query), query).toBe(false);
  });
});
