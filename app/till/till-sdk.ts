/**
 * Epos Now's till SDK (the public repository EposnowHQ/till.app; ../shared/epos-facts.md, "Handing
 * a sale to the till"): a script from Epos Now's CDN that defines `window.EposNowTillSDK`. Typed
 * here as narrowly as this app uses it, and checked at run time, since the script is not ours and
 * its source is not public. Loading it is a deployment setting (till-sdk-script.ts); where it is
 * on the page, Send to till also hands the sale over through it and presses the till's Submit.
 */
import type { Transaction } from './sale.ts';

/** The part of `window.EposNowTillSDK` this app calls. */
export interface EposNowTillSdk {
  TransactionPublisher: {
    /** Sets up the SDK's own exchange with the till for `target` (the app's window). */
    register(target: unknown): void;
    /** Hands `transaction` to the till. */
    publish(transaction: Transaction): void;
  };
  /** Presses the till's own Submit around the app. */
  submitForm(target: unknown): void;
}

/** Where the SDK's script leaves it: the app's window. */
export interface SdkScope {
  EposNowTillSDK?: unknown;
}

declare global {
  interface Window {
    /** Epos Now's till SDK, where its script ran; unknown until findTillSdk has checked it. */
    EposNowTillSDK?: unknown;
  }
}

/** How handing the sale over through the SDK went. */
export type SdkOutcome =
  | { ok: true }
  /** The script is not on the page (not configured, not loaded yet, unreachable). */
  | { ok: false; reason: 'absent' }
  /** The script threw: what it said, for the cashier. */
  | { ok: false; reason: 'failed'; message: string };

/** The SDK where its script ran on `scope`; null where it did not, or left something else. */
export function findTillSdk(scope: SdkScope): EposNowTillSdk | null {
  const sdk = scope.EposNowTillSDK as Partial<EposNowTillSdk> | null | undefined;
  const publisher = sdk?.TransactionPublisher;
  return typeof sdk === 'object' &&
    sdk !== null &&
    typeof sdk.submitForm === 'function' &&
    typeof publisher === 'object' &&
    publisher !== null &&
    typeof publisher.register === 'function' &&
    typeof publisher.publish === 'function'
    ? (sdk as EposNowTillSdk)
    : null;
}

/** SDK objects whose publisher has this window registered: the sample registers once, at load. */
const registered = new WeakSet<object>();

/** Publishes `sale` through the SDK on `scope` and presses the till's Submit. */
export function publishSale(scope: SdkScope, sale: Transaction): SdkOutcome {
  const sdk = findTillSdk(scope);
  if (!sdk) return { ok: false, reason: 'absent' };
  const steps: [string, () => void][] = [
    ['register', () => (registered.has(sdk) ? undefined : sdk.TransactionPublisher.register(scope))],
    ['publish', () => sdk.TransactionPublisher.publish(sale)],
    ['submitForm', () => sdk.submitForm(scope)],
  ];
  for (const [name, step] of steps) {
    // Not our code: whatever it throws is reported to the cashier, who can still send the sale by hand.
    try {
      step();
    } catch (error) {
      const said = error instanceof Error ? error.message : String(error);
      return { ok: false, reason: 'failed', message: `Epos Now's till script failed (${name}): ${said}` };
    }
    if (name === 'register') registered.add(sdk);
  }
  return { ok: true };
}
