import { describe, expect, it } from 'vitest';
import { type AppConfig, DEFAULT_CONFIG } from '../../app/epos/app-config.ts';
import { createHolder } from '../../app/page/subscribable.ts';
import { watchTillSdk } from '../../app/page/till-sdk-state.ts';
import type { ScriptOutcome } from '../../app/till/till-sdk-script.ts';

const URL = 'https://cdn.eposnowhq.com/sdk/eposnow.till.sdk.js';

/** The configuration as the session holds it, and a loader whose outcome each test decides. */
function setup(tillSdk: boolean, address = URL) {
  const config = createHolder<{ config: AppConfig }>({ config: { ...DEFAULT_CONFIG, tillSdk } });
  const loads: { url: string; finish(outcome: ScriptOutcome): Promise<void> }[] = [];
  const load = (url: string) =>
    new Promise<ScriptOutcome>((resolve) => {
      loads.push({
        url,
        finish: async (outcome) => {
          resolve(outcome);
          // Past the state's own then().
          await Promise.resolve();
          await Promise.resolve();
        },
      });
    });
  const state = watchTillSdk(config, address, load);
  const turn = (on: boolean) => config.set({ config: { ...DEFAULT_CONFIG, tillSdk: on } });
  return { state, loads, turn };
}

describe('watchTillSdk', () => {
  it('loads nothing while the setting is off (the default)', () => {
    const { state, loads } = setup(false);
    expect(loads).toEqual([]);
    expect(state.get()).toEqual({ address: URL, script: 'not-loaded', problem: null });
  });

  it('loads the script once when the setting is on, and says it loaded', async () => {
    const { state, loads, turn } = setup(true);
    expect(loads.map((l) => l.url)).toEqual([URL]);
    expect(state.get()).toEqual({ address: URL, script: 'loading', problem: null });
    // Another settings change while it loads, or after, loads nothing more.
    turn(true);
    await loads[0]?.finish({ ok: true });
    turn(true);
    expect(loads).toHaveLength(1);
    expect(state.get()).toEqual({ address: URL, script: 'loaded', problem: null });
  });

  it('loads it when a manager switches it on later', () => {
    const { loads, turn } = setup(false);
    turn(true);
    expect(loads.map((l) => l.url)).toEqual([URL]);
  });

  it('says plainly why the script did not load, and tries again when the setting is saved on again', async () => {
    const { state, loads, turn } = setup(true);
    await loads[0]?.finish({ ok: false, message: 'could not be loaded' });
    expect(state.get()).toEqual({ address: URL, script: 'failed', problem: 'could not be loaded' });
    turn(false);
    turn(true);
    expect(loads).toHaveLength(2);
    expect(state.get().script).toBe('loading');
  });

  it('never loads without an address in the build, whatever the setting', () => {
    const { state, loads } = setup(true, '');
    expect(loads).toEqual([]);
    expect(state.get()).toEqual({ address: '', script: 'not-loaded', problem: null });
  });

  it('stops following the settings when stopped', () => {
    const { state, loads, turn } = setup(false);
    state.stop();
    turn(true);
    expect(loads).toEqual([]);
  });
});
