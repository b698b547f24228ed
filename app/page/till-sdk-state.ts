/**
 * Whether Epos Now's till SDK script is on the page: loaded after start when the build names one
 * (EPOS_TILL_SDK) and the settings switch it on, never before the till sells or answers. A script
 * cannot be unloaded: switched off, it stays until the page reloads. A load that failed (offline,
 * blocked) is tried again when the setting is saved on again, or at the next start.
 */
import type { AppConfig } from '../epos/app-config.ts';
import type { ScriptOutcome } from '../till/till-sdk-script.ts';
import { createHolder, type Subscribable } from './subscribable.ts';

/** Where the script stands, for the back office. */
export interface TillSdkStatus {
  /** The build's address for the script; '' when it has none (then it is never loaded). */
  address: string;
  script: 'not-loaded' | 'loading' | 'loaded' | 'failed';
  /** Why the last load failed, in words for a manager; else null. */
  problem: string | null;
}

/** The script's status, following the settings until stopped. */
export interface TillSdkState extends Subscribable<TillSdkStatus> {
  stop(): void;
}

/** Follows `config`'s tillSdk switch, loading the script at `address` with `load` when it turns on. */
export function watchTillSdk(
  config: Subscribable<{ config: AppConfig }>,
  address: string,
  load: (url: string) => Promise<ScriptOutcome>,
): TillSdkState {
  const holder = createHolder<TillSdkStatus>({ address, script: 'not-loaded', problem: null });
  let wasOn = false;
  const follow = (): void => {
    const on = config.get().config.tillSdk;
    const turnedOn = on && !wasOn;
    wasOn = on;
    const { script } = holder.get();
    if (address === '' || !on || script === 'loading' || script === 'loaded') return;
    // A failed load is retried only when a manager switches it on again, not at every settings change.
    if (script === 'failed' && !turnedOn) return;
    holder.set({ address, script: 'loading', problem: null });
    void load(address).then((outcome) =>
      holder.set(
        outcome.ok
          ? { address, script: 'loaded', problem: null }
          : { address, script: 'failed', problem: outcome.message },
      ),
    );
  };
  const unsubscribe = config.subscribe(follow);
  follow();
  return { get: holder.get, subscribe: holder.subscribe, stop: unsubscribe };
}
