import { describe, expect, it } from 'vitest';
import {
  type AppConfig,
  CONFIG_FIELDS,
  CONFIG_VERSION,
  DEFAULT_CONFIG,
  MAX_FAVOURITES,
  readConfig,
  validateConfig,
  writeConfig,
} from '../../app/epos/app-config.ts';

const VALID: AppConfig = {
  tillName: 'Front counter',
  currency: 'EUR',
  locale: 'fr-FR',
  priceField: 'EatOutPrice',
  refreshMinutes: 30,
  favourites: [3, 1, 2],
  allowCustomerCreate: false,
  tillSdk: true,
};

describe('readConfig', () => {
  it('gives defaults and "empty" for nothing saved (null or undefined)', () => {
    for (const nothing of [null, undefined]) {
      expect(readConfig(nothing)).toEqual({ config: DEFAULT_CONFIG, status: 'empty', problems: [], unknownKeys: [] });
    }
  });

  it('reads {} as ours with every field defaulted', () => {
    expect(readConfig({})).toEqual({ config: DEFAULT_CONFIG, status: 'ok', problems: [], unknownKeys: [] });
  });

  it('reads a valid document as it is', () => {
    const reading = readConfig({ version: CONFIG_VERSION, ...VALID });
    expect(reading).toEqual({ config: VALID, status: 'ok', problems: [], unknownKeys: [] });
  });

  it('keeps the valid fields of a partly broken document and names each broken one', () => {
    const reading = readConfig({
      version: 1,
      tillName: 'Bar',
      currency: 'pounds',
      refreshMinutes: 0,
      favourites: [1, 1],
      allowCustomerCreate: 'yes',
      tillSdk: 'on',
    });
    expect(reading.status).toBe('partial');
    expect(reading.config).toEqual({ ...DEFAULT_CONFIG, tillName: 'Bar' });
    expect(reading.problems).toEqual([
      'Currency must be a three-letter currency code such as GBP or EUR; using "GBP".',
      'Catalog refresh (minutes) must be a whole number of minutes from 1 to 1440; using 15.',
      'Favourites must not list a product twice; using [].',
      'Cashiers may create customers must be true or false; using true.',
      'Load Epos Now’s till script must be true or false; using false.',
    ]);
  });

  it('keeps Epos Now’s till script off by default, in a document saved before the setting too', () => {
    expect(DEFAULT_CONFIG.tillSdk).toBe(false);
    expect(readConfig({ version: 1, tillName: 'Bar' })).toMatchObject({ config: { tillSdk: false }, status: 'ok' });
    expect(readConfig({ tillSdk: true }).config.tillSdk).toBe(true);
  });

  it('takes a list, text or a number for a foreign document: defaults, and a warning saying what it is', () => {
    expect(readConfig([1, 2])).toMatchObject({ config: DEFAULT_CONFIG, status: 'foreign', unknownKeys: [] });
    expect(readConfig([1, 2]).problems[0]).toContain('a list, not a settings object');
    expect(readConfig('hello').problems[0]).toContain('plain text');
    expect(readConfig(42).problems[0]).toContain('a number');
  });

  it('takes another app’s object as foreign, listing its keys as kept', () => {
    const reading = readConfig({ theme: 'dark', printer: { port: 9100 } });
    expect(reading.status).toBe('foreign');
    expect(reading.config).toEqual(DEFAULT_CONFIG);
    expect(reading.unknownKeys).toEqual(['theme', 'printer']);
    expect(reading.problems[0]).toContain('not this app’s');
  });

  it('reads what it understands of a newer version, and says it is newer', () => {
    const reading = readConfig({ version: 7, ...VALID, receiptFooter: 'Thanks' });
    expect(reading.status).toBe('partial');
    expect(reading.config).toEqual(VALID);
    expect(reading.unknownKeys).toEqual(['receiptFooter']);
    expect(reading.problems).toEqual([
      'The settings were saved by a newer version of the app (version 7); what this version understands is used.',
    ]);
    expect(readConfig({ version: 'one', ...VALID }).problems).toEqual([
      'The settings have an unknown version ("one").',
    ]);
  });

  it('never shares the defaults’ favourites list between readings', () => {
    const first = readConfig(null);
    first.config.favourites.push(9);
    expect(readConfig(null).config.favourites).toEqual([]);
    expect(DEFAULT_CONFIG.favourites).toEqual([]);
  });
});

describe('writeConfig', () => {
  it('keeps keys this app does not know and stamps the version', () => {
    const stored = { version: 1, tillName: 'Old', receiptFooter: 'Thanks', other: { deep: [1] } };
    expect(writeConfig(VALID, stored)).toEqual({
      version: CONFIG_VERSION,
      ...VALID,
      receiptFooter: 'Thanks',
      other: { deep: [1] },
    });
    // A round trip loses nothing.
    const again = writeConfig(readConfig(writeConfig(VALID, stored)).config, writeConfig(VALID, stored));
    expect(again).toEqual(writeConfig(VALID, stored));
  });

  it('replaces a stored value that is not an object', () => {
    expect(writeConfig(VALID, [1, 2])).toEqual({ version: CONFIG_VERSION, ...VALID });
    expect(writeConfig(VALID, 'text')).toEqual({ version: CONFIG_VERSION, ...VALID });
    expect(writeConfig(VALID, null)).toEqual({ version: CONFIG_VERSION, ...VALID });
  });
});

describe('validateConfig', () => {
  it('finds nothing wrong with the defaults or a valid config', () => {
    expect(validateConfig({ ...DEFAULT_CONFIG, favourites: [] })).toEqual({});
    expect(validateConfig(VALID)).toEqual({});
  });

  const bad: { [K in keyof AppConfig]: { value: unknown; message: string }[] } = {
    tillName: [{ value: 'x'.repeat(41), message: 'Till name must be at most 40 characters.' }],
    currency: [
      { value: 'XX1', message: 'Currency must be a three-letter currency code such as GBP or EUR.' },
      { value: 'gbp', message: 'Currency must be a three-letter currency code such as GBP or EUR.' },
      { value: 'GBPX', message: 'Currency must be a three-letter currency code such as GBP or EUR.' },
    ],
    locale: [
      { value: 'not a locale!!', message: 'Locale must be a language tag such as en-GB.' },
      { value: '', message: 'Locale must be a language tag such as en-GB.' },
    ],
    priceField: [{ value: 'CostPrice', message: 'Price charged must be SalePrice or EatOutPrice.' }],
    refreshMinutes: [0, 1441, 2.5, Number.NaN].map((value) => ({
      value,
      message: 'Catalog refresh (minutes) must be a whole number of minutes from 1 to 1440.',
    })),
    favourites: [
      { value: [1, -2], message: 'Favourites must be a list of product ids.' },
      { value: [1, 1.5], message: 'Favourites must be a list of product ids.' },
      { value: [4, 4], message: 'Favourites must not list a product twice.' },
      {
        value: Array.from({ length: MAX_FAVOURITES + 1 }, (_, i) => i + 1),
        message: `Favourites must hold at most ${MAX_FAVOURITES} products.`,
      },
    ],
    allowCustomerCreate: [{ value: 'true', message: 'Cashiers may create customers must be true or false.' }],
    tillSdk: [
      { value: 'true', message: 'Load Epos Now’s till script must be true or false.' },
      { value: 1, message: 'Load Epos Now’s till script must be true or false.' },
    ],
  };

  for (const field of CONFIG_FIELDS) {
    it(`says what is wrong with ${field}, and only with it`, () => {
      for (const { value, message } of bad[field]) {
        expect(validateConfig({ ...VALID, [field]: value } as AppConfig)).toEqual({ [field]: message });
      }
    });
  }

  it('accepts the edges: 1 and 1440 minutes, 40 characters, a full grid', () => {
    expect(validateConfig({ ...VALID, refreshMinutes: 1 })).toEqual({});
    expect(validateConfig({ ...VALID, refreshMinutes: 1440 })).toEqual({});
    expect(validateConfig({ ...VALID, tillName: 'x'.repeat(40) })).toEqual({});
    expect(validateConfig({ ...VALID, favourites: Array.from({ length: MAX_FAVOURITES }, (_, i) => i + 1) })).toEqual(
      {},
    );
  });
});
