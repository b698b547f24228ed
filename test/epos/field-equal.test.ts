import { describe, expect, it } from 'vitest';
import { sameField } from '../../app/epos/field-equal.ts';

describe('sameField', () => {
  it.each([
    ['a price as text and as a number', '12.50', 12.5],
    ['two spellings of one decimal', '12.5', '12.50'],
    ['a whole number and its decimal', 3, '3.00'],
    ['numbers apart by rounding only', 0.1 + 0.2, 0.3],
    ['null and missing', null, undefined],
    ['a date with and without its time', '2024-05-01', '2024-05-01T00:00:00'],
    ['a time with and without its fraction', '2015-12-10T17:13:14', '2015-12-10T17:13:14.000'],
    ['a time with and without seconds', '2015-12-10T17:13', '2015-12-10T17:13:00'],
    ['a date with a space before its time, and a Z', '2015-12-10 17:13:14', '2015-12-10T17:13:14Z'],
    ['text and the same text with spaces around', ' Tea ', 'Tea'],
    ['text with spaces on either side', 'Flat white ', ' Flat white'],
    ['objects whose keys come in another order', { a: 1, b: [2] }, { b: [2], a: 1 }],
    ['one boolean', true, true],
  ])('%s are the same', (_name, a, b) => {
    expect(sameField(a, b)).toBe(true);
    expect(sameField(b, a)).toBe(true);
  });

  it.each([
    ['two prices', '12.50', 12.51],
    ['a number and text that is no number', 12, '12 pounds'],
    ['null and zero', null, 0],
    ['missing and empty text', undefined, ''],
    ['two days', '2024-05-01', '2024-05-02'],
    ['a date and a later time that day', '2024-05-01', '2024-05-01T00:00:01'],
    ['two fractions of a second', '2015-12-10T17:13:14.5', '2015-12-10T17:13:14.25'],
    ['a fraction with a zero after its point, and one without', '2015-12-10T17:13:14.05', '2015-12-10T17:13:14.5'],
    ['two words', 'Latte', 'Mocha'],
    ['a date and a word', '2024-05-01', 'Monday'],
    ['a boolean and its text', true, 'true'],
    ['texts that differ inside', 'Green tea', 'Greentea'],
    ['text in another case', 'tea', 'Tea'],
    ['true and the text "true"', true, 'true'],
    ['true and 1', true, 1],
    ['an object and text', { a: 1 }, '{"a":1}'],
    ['two objects', { a: 1 }, { a: 2 }],
    ['a number and infinity', Number.POSITIVE_INFINITY, 1e308],
    ['a number in exponent form and the number', '1e3', 1000],
  ])('%s are not', (_name, a, b) => {
    expect(sameField(a, b)).toBe(false);
    expect(sameField(b, a)).toBe(false);
  });
});
