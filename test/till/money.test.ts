import { describe, expect, it } from 'vitest';
import { createMoney } from '../../app/till/money.ts';

describe('createMoney', () => {
  it('counts pounds in pence, exactly', () => {
    const gbp = createMoney('GBP', 'en-GB');
    expect(gbp.digits).toBe(2);
    expect(gbp.toMinor(3.95)).toBe(395);
    expect(gbp.toMinor(0.1) + gbp.toMinor(0.2)).toBe(30);
    expect(gbp.toMinor(4.35)).toBe(435); // 434.99999999999994 before rounding
    expect(gbp.toMajor(395)).toBe(3.95);
    expect(gbp.format(395)).toBe('£3.95');
    expect(gbp.format(-89)).toBe('-£0.89');
  });

  it('writes plain amounts as the amount fields take them: digits and a point', () => {
    expect(createMoney('GBP', 'en-GB').plain(500)).toBe('5.00');
    expect(createMoney('EUR', 'de-DE').plain(1234567)).toBe('12345.67');
    expect(createMoney('JPY', 'ja-JP').plain(980)).toBe('980');
    expect(createMoney('KWD', 'en-GB').plain(1500)).toBe('1.500');
  });

  it('writes no minus sign for a negated zero', () => {
    expect(createMoney('GBP', 'en-GB').format(-0)).toBe('£0.00');
  });

  it('has no minor units for yen', () => {
    const jpy = createMoney('JPY', 'ja-JP');
    expect(jpy.digits).toBe(0);
    expect(jpy.toMinor(980)).toBe(980);
    expect(jpy.toMinor(980.4)).toBe(980);
    expect(jpy.toMajor(980)).toBe(980);
    expect(jpy.format(980)).toMatch(/^[¥￥]980$/);
  });

  it('has three for dinars, and writes the locale’s way', () => {
    expect(createMoney('KWD', 'en-GB').toMinor(1.5)).toBe(1500);
    expect(createMoney('EUR', 'de-DE').format(1234567)).toBe('12.345,67\u00a0€');
  });
});
