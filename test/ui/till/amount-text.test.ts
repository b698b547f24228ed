import { describe, expect, it } from 'vitest';
import { createMoney } from '../../../app/till/money.ts';
import { amountProblem, parseAmount, parsePercentage } from '../../../app/ui/till/amount-text.ts';

const GBP = createMoney('GBP', 'en-GB');

describe('parseAmount', () => {
  it('takes an amount with a point or a comma, in minor units', () => {
    expect(parseAmount(' 3.50 ', GBP)).toBe(350);
    expect(parseAmount('3,5', GBP)).toBe(350);
    expect(parseAmount('1000000', GBP)).toBe(100_000_000);
    expect(parseAmount('980', createMoney('JPY', 'ja-JP'))).toBe(980);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['five', '-2', '1.234', '', '1e3']) expect(parseAmount(text, GBP)).toBeNull();
    expect(parseAmount('9.5', createMoney('JPY', 'ja-JP'))).toBeNull();
  });

  it('calls a barcode scanned into the field too large, rather than an amount', () => {
    expect(parseAmount('5012345678900', GBP)).toBe('too large');
    expect(parseAmount('1000000.01', GBP)).toBe('too large');
    expect(parseAmount('50123456', createMoney('JPY', 'ja-JP'))).toBe('too large');
  });
});

describe('amountProblem', () => {
  it('says an amount is too large, or what an amount looks like', () => {
    expect(amountProblem('5012345678900', GBP, 500)).toBe(
      'That amount is too large: “5012345678900” is more than £1,000,000.00',
    );
    expect(amountProblem('five', GBP, 500)).toBe('Enter an amount such as 5.00: “five” is not one');
  });
});

describe('parsePercentage', () => {
  it('takes 0 to 100 with at most 2 decimals', () => {
    expect(parsePercentage('9.25')).toBe(9.25);
    expect(parsePercentage('12,5')).toBe(12.5);
    expect(parsePercentage('100')).toBe(100);
    for (const text of ['9.125', '100.5', 'ten', '-5', '']) expect(parsePercentage(text)).toBeNull();
  });
});
