/** The check of a write against what the API takes (app/store/write-check.ts), at its edges. */
import { describe, expect, it } from 'vitest';
import { INT32_MAX } from '../../app/epos/ids.ts';
import type { Write } from '../../app/store/outbox.ts';
import { bodyProblems, checkWrite } from '../../app/store/write-check.ts';
import { InvalidWriteError } from '../../app/store/write-error.ts';

const problemsOf = (write: Write): Record<string, string> | undefined => {
  try {
    checkWrite(write);
    return undefined;
  } catch (error) {
    if (error instanceof InvalidWriteError) return error.problems;
    throw error;
  }
};

describe('checkWrite', () => {
  it('takes the ids the API can address, and a queued create’s temporary id', () => {
    for (const id of [1, 7, INT32_MAX, -1, -42])
      expect(problemsOf({ op: 'update', kind: 'Product', id, body: { Name: 'x' } })).toBeUndefined();
    expect(problemsOf({ op: 'delete', kind: 'Product', id: INT32_MAX })).toBeUndefined();
  });

  it.each([0, 1.5, -0.5, INT32_MAX + 1, Number.NaN, Number.NEGATIVE_INFINITY, Number.MAX_SAFE_INTEGER + 2])(
    'refuses the id %s of an update and of a delete',
    (id) => {
      const said = `The Product id must be a whole number from 1 to ${INT32_MAX}, got ${String(id)}.`;
      expect(problemsOf({ op: 'update', kind: 'Product', id, body: { Name: 'x' } })).toEqual({ id: said });
      expect(problemsOf({ op: 'delete', kind: 'Product', id })).toEqual({ id: said });
    },
  );

  it('does not judge a settings document, nor a create’s id (it has none yet)', () => {
    expect(problemsOf({ op: 'save', document: { refreshMinutes: Number.NaN } })).toBeUndefined();
    expect(problemsOf({ op: 'create', kind: 'Customer', body: { Forename: 'Ann' } })).toBeUndefined();
  });
});

describe('bodyProblems', () => {
  it('takes references from 1 to the largest 32-bit integer, and null', () => {
    expect(bodyProblems('ProductStock', { ProductID: 1, LocationID: INT32_MAX, StockID: null }, false)).toEqual({});
  });

  it.each([0, -1, 1.5, INT32_MAX + 1])('refuses a reference of %s on a kind without a form', (value) => {
    expect(bodyProblems('ProductStock', { ProductID: value }, true)).toEqual({
      ProductID: `ProductID must be a whole number from 1 to ${INT32_MAX}.`,
    });
  });

  it('refuses NaN and Infinity in any number field, and leaves text, booleans and other numbers alone', () => {
    expect(bodyProblems('TransactionItem', { Price: Number.NaN, Quantity: Number.POSITIVE_INFINITY }, true)).toEqual({
      Price: 'Price must be a number.',
      Quantity: 'Quantity must be a number.',
    });
    expect(bodyProblems('TransactionItem', { Price: -2.5, Notes: '1.5', Discount: 0 }, true)).toEqual({});
  });

  it('says a form kind’s problem once, in its own words, and judges a create’s required fields', () => {
    expect(bodyProblems('Product', { SalePrice: Number.NaN, CategoryID: 0 }, true)).toEqual({
      SalePrice: 'Sale price must be a number.',
      CategoryID: `Category ID must be a whole number from 1 to ${INT32_MAX}.`,
    });
    expect(bodyProblems('Product', { SalePrice: 2 }, false)).toEqual({ Name: 'Name is required.' });
    expect(bodyProblems('Product', { SalePrice: 2 }, true)).toEqual({});
  });
});
