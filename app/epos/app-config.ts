/**
 * The app's own configuration: one JSON document kept through the app-settings endpoint. It is
 * read defensively (the slot may hold nothing, a broken document, an older or newer version of
 * ours, or another app's JSON) and written back with every key it did not understand, so a round
 * trip through this app never loses what someone else put there.
 */

/** Which of a product's prices the till charges. */
export type PriceField = 'SalePrice' | 'EatOutPrice';

/** The configuration the app runs on: every field always present and valid. */
export interface AppConfig {
  /** Shown at the top of the till ("Front counter"); empty means "Till <device>". */
  tillName: string;
  /** ISO 4217 code prices are in. */
  currency: string;
  /** BCP 47 locale prices and numbers are written in. */
  locale: string;
  /** The price the basket charges. */
  priceField: PriceField;
  /** Catalog refresh interval, in minutes (1 to 1440). */
  refreshMinutes: number;
  /** Product ids on the till's favourites grid, in order (up to {@link MAX_FAVOURITES}). */
  favourites: number[];
  /** Cashiers may create customers at the counter. */
  allowCustomerCreate: boolean;
  /**
   * Load Epos Now's till SDK script after start, where the build names one (EPOS_TILL_SDK), so Send
   * to till also hands the sale over through it. Off by default: the reply needs no script.
   */
  tillSdk: boolean;
}

/** How a stored document was read. */
export interface ConfigReading {
  /** What the app runs on: the document's valid fields, defaults for the rest. */
  config: AppConfig;
  /**
   * - empty: nothing saved yet;
   * - ok: every known field valid;
   * - partial: some fields were invalid and replaced by defaults (see problems);
   * - foreign: not this app's document at all; defaults throughout.
   */
  status: 'empty' | 'ok' | 'partial' | 'foreign';
  /** What was wrong, each in words a manager can act on. */
  problems: string[];
  /** Top-level keys this app does not know; kept on save. */
  unknownKeys: string[];
}

/** Version written into every saved document. */
export const CONFIG_VERSION = 1;

/** Most products the favourites grid holds. */
export const MAX_FAVOURITES = 48;

/** What a till runs on before anyone configured it. */
export const DEFAULT_CONFIG: Readonly<AppConfig> = /* @__PURE__ */ Object.freeze({
  tillName: '',
  currency: 'GBP',
  locale: 'en-GB',
  priceField: 'SalePrice',
  refreshMinutes: 15,
  favourites: [],
  allowCustomerCreate: true,
  tillSdk: false,
});

/**
 * Whether a catalog refresh interval is usable: whole minutes, from 1 to a day. Its own export,
 * so the worker reads the interval without carrying the settings screen's messages.
 */
export function isRefreshMinutes(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 1440;
}

type Check = (value: unknown) => string | null;

/** One validator per field: null when valid, else what is wrong. */
const CHECKS: Record<keyof AppConfig, Check> = {
  tillName: (v) => (typeof v !== 'string' ? 'must be text' : v.length > 40 ? 'must be at most 40 characters' : null),
  currency: (v) =>
    typeof v === 'string' &&
    /^[A-Z]{3}$/.test(v) &&
    formats(() => new Intl.NumberFormat('en', { style: 'currency', currency: v }))
      ? null
      : 'must be a three-letter currency code such as GBP or EUR',
  locale: (v) =>
    typeof v === 'string' && v !== '' && formats(() => Intl.getCanonicalLocales(v))
      ? null
      : 'must be a language tag such as en-GB',
  priceField: (v) => (v === 'SalePrice' || v === 'EatOutPrice' ? null : 'must be SalePrice or EatOutPrice'),
  refreshMinutes: (v) => (isRefreshMinutes(v) ? null : 'must be a whole number of minutes from 1 to 1440'),
  favourites: (v) =>
    !Array.isArray(v) || !v.every((id) => Number.isInteger(id) && id > 0)
      ? 'must be a list of product ids'
      : v.length > MAX_FAVOURITES
        ? `must hold at most ${MAX_FAVOURITES} products`
        : new Set(v).size !== v.length
          ? 'must not list a product twice'
          : null,
  allowCustomerCreate: (v) => (typeof v === 'boolean' ? null : 'must be true or false'),
  tillSdk: (v) => (typeof v === 'boolean' ? null : 'must be true or false'),
};

/** The known fields, in the order forms show them (a list, not CHECKS' keys: the worker reads it without the checks). */
export const CONFIG_FIELDS: readonly (keyof AppConfig)[] = [
  'tillName',
  'currency',
  'locale',
  'priceField',
  'refreshMinutes',
  'favourites',
  'allowCustomerCreate',
  'tillSdk',
];

/**
 * Why a document is not this app's settings at all (not an object; or an object with none of its
 * fields, another app's), or null when it is (or is empty). Such a document is never stored over
 * one that is, and a till never runs on it while it has one that is.
 */
export function foreignReason(document: unknown): string | null {
  if (document === null || document === undefined) return null;
  if (!isPlainObject(document)) return `${describe(document)}, not a settings object`;
  const ours =
    CONFIG_FIELDS.some((field) => field in document) || Object.keys(document).every((key) => key === 'version');
  return ours ? null : 'not this app’s (none of its settings are in them)';
}

/** Human names of the fields, for messages and form labels. */
export const FIELD_LABELS: Readonly<Record<keyof AppConfig, string>> = {
  tillName: 'Till name',
  currency: 'Currency',
  locale: 'Locale',
  priceField: 'Price charged',
  refreshMinutes: 'Catalog refresh (minutes)',
  favourites: 'Favourites',
  allowCustomerCreate: 'Cashiers may create customers',
  tillSdk: 'Load Epos Now’s till script',
};

/** Reads a stored document (already parsed): never throws, whatever it holds. */
export function readConfig(document: unknown): ConfigReading {
  if (document === null || document === undefined)
    return { config: { ...DEFAULT_CONFIG, favourites: [] }, status: 'empty', problems: [], unknownKeys: [] };
  const foreign = foreignReason(document);
  if (!isPlainObject(document) || foreign !== null) {
    const keys = isPlainObject(document) ? Object.keys(document).filter((key) => key !== 'version') : [];
    const save = keys.length > 0 ? ' Saving keeps what is there and adds this app’s settings.' : '';
    return {
      config: { ...DEFAULT_CONFIG, favourites: [] },
      status: 'foreign',
      problems: [`The stored settings are ${foreign}: defaults are in use.${save}`],
      unknownKeys: keys,
    };
  }
  const known = CONFIG_FIELDS.filter((field) => field in document);
  const unknownKeys = Object.keys(document).filter(
    (key) => key !== 'version' && !(CONFIG_FIELDS as string[]).includes(key),
  );
  const problems: string[] = [];
  const version = document.version;
  if (version !== undefined && version !== CONFIG_VERSION) {
    problems.push(
      typeof version === 'number' && version > CONFIG_VERSION
        ? `The settings were saved by a newer version of the app (version ${version}); what this version understands is used.`
        : `The settings have an unknown version (${JSON.stringify(version)}).`,
    );
  }
  const config: Record<string, unknown> = { ...DEFAULT_CONFIG, favourites: [] };
  for (const field of known) {
    const problem = CHECKS[field](document[field]);
    if (problem) problems.push(`${FIELD_LABELS[field]} ${problem}; using ${JSON.stringify(DEFAULT_CONFIG[field])}.`);
    else config[field] = document[field];
  }
  return {
    config: config as unknown as AppConfig,
    status: problems.length > 0 ? 'partial' : 'ok',
    problems,
    unknownKeys,
  };
}

/** What is wrong with each field of a config a form produced; empty when it may be saved. */
export function validateConfig(config: AppConfig): Partial<Record<keyof AppConfig, string>> {
  const errors: Partial<Record<keyof AppConfig, string>> = {};
  for (const field of CONFIG_FIELDS) {
    const problem = CHECKS[field](config[field]);
    if (problem) errors[field] = `${FIELD_LABELS[field]} ${problem}.`;
  }
  return errors;
}

/**
 * The document to save: `config` laid over what was stored, so keys this app does not know
 * (another version's, another tool's) survive. A stored value that is not an object is replaced.
 */
export function writeConfig(config: AppConfig, stored: unknown): Record<string, unknown> {
  const base = isPlainObject(stored) ? stored : {};
  return { ...base, version: CONFIG_VERSION, ...config };
}

// Not json-equal.ts's: importing it would put that module in a chunk of its own shared with the
// till's first bundle (+0.3 kB gzipped, measured), for three lines.
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return 'plain text';
  return `a ${typeof value}`;
}

/** Whether building a formatter succeeds: Intl throws RangeError for codes it cannot use. */
function formats(build: () => unknown): boolean {
  try {
    build();
    return true;
  } catch (error) {
    if (error instanceof RangeError) return false;
    throw error;
  }
}
