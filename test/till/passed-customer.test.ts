import { describe, expect, it } from 'vitest';
import { INT32_MAX } from '../../app/epos/ids.ts';
import { customerIdFromQuery, withoutCustomerId } from '../../app/till/passed-customer.ts';

describe('the customer the till passes', () => {
  it('is the customerId of the query string, a whole number the API can have', () => {
    expect(customerIdFromQuery('?appToken=dG9rZW4%3D&deviceID=1&customerId=7')).toBe(7);
    expect(customerIdFromQuery('?customerId=2147483647')).toBe(INT32_MAX);
    expect(customerIdFromQuery('customerId=0012')).toBe(12);
  });

  it('is none when the till passes none, or junk, with no crash', () => {
    for (const search of [
      '',
      '?deviceID=1',
      '?customerId=',
      '?customerId=0',
      '?customerId=-7',
      '?customerId=7.5',
      '?customerId=1e3',
      '?customerId=%207',
      '?customerId=+7',
      '?customerId=0x10',
      '?customerId=null',
      '?customerId=undefined',
      '?customerId=2147483648',
      '?customerId=99999999999999999999',
      '?customerId=%E0%A4%A',
      '?customerid=7',
    ])
      expect(customerIdFromQuery(search), search).toBeNull();
  });

  it('the first customerId counts when the till passes two', () => {
    expect(customerIdFromQuery('?customerId=7&customerId=9')).toBe(7);
  });

  it('is taken out of the query string, the rest kept in order', () => {
    expect(withoutCustomerId('?deviceID=1&customerId=7&staffID=3')).toBe('?deviceID=1&staffID=3');
    expect(withoutCustomerId('?customerId=junk')).toBe('');
    expect(withoutCustomerId('?deviceID=1')).toBe('?deviceID=1');
    expect(withoutCustomerId('')).toBe('');
  });
});
