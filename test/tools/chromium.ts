/**
 * Chromium for browser tests: Debian's package, driven by playwright-core. Test tools cannot
 * download a browser here, so the system one is the only one.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Where Debian's `chromium` package puts the browser. */
const CHROMIUM_PATH = '/usr/bin/chromium';

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

/** The browser's path; throws with the fix when it is not installed. */
function chromiumPath(): string {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}: run 'sudo apt-get install -y chromium' (Debian package) and retry.`,
    );
  }
  return CHROMIUM_PATH;
}

/** Launches headless Chromium; close it in the test's teardown. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}
