/**
 * Chromium for browser tests: Debian's package, driven by playwright-core. Test tools cannot
 * download a browser here, so the system one is the only one.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Where Debian's `chromium` package puts the browser. */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * Another Chromium to test with, e.g. an older release unpacked beside the installed one
 * (README, "Tests"): the suite must pass on both, and only one can be the system package.
 */
const CHROMIUM_OVERRIDE = 'EPOS_CHROMIUM';

/** Flags for a quiet, sandbox-free headless run (root in a container has no usable sandbox). */
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Chromium features switched off, in place of playwright-core's own `--disable-features` list.
 * Chromium reads only the last `--disable-features` it is given, so this list replaces Playwright's
 * (chromiumSwitches.ts, which names each one's reason) less `ThirdPartyStoragePartitioning`:
 * shipped Chrome partitions a third-party frame's storage by the top-level site, and a till frames
 * this app from Epos Now's site. With partitioning off, as Playwright has it, Chromium refuses that
 * frame IndexedDB and localStorage altogether (a SecurityError), which no till meets.
 * test/browser/partitioning.test.ts fails when this stops being so.
 */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/**
 * What a frame of another site may keep: `partitioned` as shipped Chrome has it (the default), or
 * `blocked`, as a browser or a managed till that blocks third-party site data has it.
 */
export type ThirdPartyData = 'partitioned' | 'blocked';

/** How to launch. */
export interface LaunchOptions {
  thirdPartyData?: ThirdPartyData;
}

/** The browser's path ($EPOS_CHROMIUM, else Debian's); throws with the fix when it is not there. */
function chromiumPath(): string {
  const override = process.env[CHROMIUM_OVERRIDE];
  if (override) {
    if (!existsSync(override)) throw new Error(`${CHROMIUM_OVERRIDE} names ${override}, which does not exist.`);
    return override;
  }
  if (!existsSync(DEBIAN_CHROMIUM)) {
    throw new Error(
      `Chromium is missing at ${DEBIAN_CHROMIUM}: run 'sudo apt-get install -y chromium' (Debian package) and retry.`,
    );
  }
  return DEBIAN_CHROMIUM;
}

/** Launches headless Chromium; close it in the test's teardown. */
export async function launchChromium({ thirdPartyData = 'partitioned' }: LaunchOptions = {}): Promise<Browser> {
  const disabled =
    thirdPartyData === 'blocked' ? [...DISABLED_FEATURES, 'ThirdPartyStoragePartitioning'] : DISABLED_FEATURES;
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, `--disable-features=${disabled.join(',')}`],
  });
}
