import { describe, expect, it } from 'vitest';
import { type Basket, EMPTY_BASKET } from '../../app/till/basket.ts';
import { createMoney } from '../../app/till/money.ts';
import { saleOf } from '../../app/till/sale.ts';
import { findTillSdk, publishSale } from '../../app/till/till-sdk.ts';

const SALE = saleOf(
  { ...EMPTY_BASKET, lines: [{ productId: 40, name: 'Flat White', unitPrice: 320, quantity: 1 }] } as Basket,
  createMoney('GBP', 'en-GB'),
);

/**
 * Epos Now's till SDK as its sample uses it (EposnowHQ/till.app, samples/create-transaction):
 * `TransactionPublisher.register(window)`, `TransactionPublisher.publish(transaction)`,
 * `submitForm(window)`. Records each call in order.
 */
function fakeSdk(fail: { at?: 'register' | 'publish' | 'submitForm'; with?: unknown } = {}) {
  const calls: [string, unknown][] = [];
  const call = (name: 'register' | 'publish' | 'submitForm', argument: unknown) => {
    calls.push([name, argument]);
    if (fail.at === name) throw fail.with;
  };
  const sdk = {
    TransactionPublisher: {
      register: (target: unknown) => call('register', target),
      publish: (transaction: unknown) => call('publish', transaction),
    },
    submitForm: (target: unknown) => call('submitForm', target),
  };
  return { sdk, calls };
}

describe('findTillSdk', () => {
  it('finds window.EposNowTillSDK where its script ran', () => {
    const { sdk } = fakeSdk();
    expect(findTillSdk({ EposNowTillSDK: sdk })).toBe(sdk);
  });

  it('finds nothing where the script is absent, or left something else under that name', () => {
    expect(findTillSdk({})).toBeNull();
    expect(findTillSdk({ EposNowTillSDK: undefined })).toBeNull();
    expect(findTillSdk({ EposNowTillSDK: {} })).toBeNull();
    expect(findTillSdk({ EposNowTillSDK: { TransactionPublisher: {}, submitForm: () => undefined } })).toBeNull();
    const { sdk } = fakeSdk();
    expect(findTillSdk({ EposNowTillSDK: { ...sdk, submitForm: 'no' } })).toBeNull();
  });
});

describe('publishSale', () => {
  it('registers the window once, publishes the transaction, then presses the till’s Submit', () => {
    const { sdk, calls } = fakeSdk();
    const scope = { EposNowTillSDK: sdk };
    expect(publishSale(scope, SALE)).toEqual({ ok: true });
    expect(calls).toEqual([
      ['register', scope],
      ['publish', SALE],
      ['submitForm', scope],
    ]);
    // A second sale: the window stays registered.
    expect(publishSale(scope, SALE)).toEqual({ ok: true });
    expect(calls.slice(3).map(([name]) => name)).toEqual(['publish', 'submitForm']);
  });

  it('says the script is not there, and calls nothing', () => {
    expect(publishSale({}, SALE)).toEqual({ ok: false, reason: 'absent' });
  });

  it('reports what the script threw, at each step, and stops there', () => {
    for (const at of ['register', 'publish', 'submitForm'] as const) {
      const { sdk, calls } = fakeSdk({ at, with: new TypeError(`${at} broke`) });
      expect(publishSale({ EposNowTillSDK: sdk }, SALE)).toEqual({
        ok: false,
        reason: 'failed',
        message: `Epos Now's till script failed (${at}): ${at} broke`,
      });
      expect(calls.at(-1)?.[0]).toBe(at);
    }
    // Something not an Error is reported as it is.
    const { sdk } = fakeSdk({ at: 'publish', with: 'nope' });
    expect(publishSale({ EposNowTillSDK: sdk }, SALE)).toMatchObject({
      message: "Epos Now's till script failed (publish): nope",
    });
  });
});
