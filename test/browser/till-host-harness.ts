/**
 * The browser tests' till: test/server/till-host.ts started for a served app, on another site
 * than the app's (localhost, the app being on 127.0.0.1), so the app is a third-party frame with
 * partitioned storage as on Epos Now's till; and what the tests read of the host page.
 */
import type { Frame, Page } from 'playwright-core';
import { startTillHost, type TillHost } from '../server/till-host.ts';
import type { TillContext } from '../server/till-host-page.ts';
import { type ServedApp, WAIT } from './harness.ts';

/** One message the host page received from the app frame. */
export interface Received {
  origin: string;
  data: unknown;
}

/** Starts the till host for `app` (framing it where the browser opens it: through its outage proxy, if any); close it in the test's teardown. */
export function serveTillHost(app: ServedApp): Promise<TillHost> {
  return startTillHost({ appUrl: `${app.origin}/` });
}

/** The till's context for `app`: its stand-in's token and the ids `npm start` prints, then `extra`. */
export function tillContext(app: ServedApp, extra: TillContext = {}): TillContext {
  return { appToken: app.standin.token, deviceID: 1, locationID: 1, staffID: 1, ...extra };
}

/** The app's frame inside the host page, as soon as it is attached (the app may not have started). */
export async function appFrameIn(host: Page): Promise<Frame> {
  const element = await host.waitForSelector('iframe[title="Till app"]', WAIT);
  const frame = await element.contentFrame();
  if (!frame) throw new Error('the till host page has no app frame');
  return frame;
}

/** How long the host page must stay at its top before Submit is pressed. */
const TOP_HELD_MS = 500;

/**
 * Presses the host's Submit as a cashier does. The host page is brought back to its top first:
 * after the test has worked in the app frame further down, Playwright's own scroll to the button
 * and its click raced in Chromium, and the click landed in the app frame (a frame of another site,
 * in its own process) instead. The status line proves the host took the press.
 *
 * The top must also hold: a payment makes the app scroll its Send button into view a frame later
 * (order-pad.tsx's bringIntoView), which scrolls the host page too. On a loaded machine that
 * scroll came after a single scroll to the top, and the host stayed scrolled down (CI, twice).
 */
export async function pressSubmit(host: Page): Promise<void> {
  // Counted from this press, not an earlier one.
  await host.evaluate(() => {
    (window as unknown as { topSince?: number }).topSince = undefined;
  });
  await host.waitForFunction(
    (quietMs) => {
      const state = window as unknown as { topSince?: number };
      if (window.scrollY !== 0) {
        window.scrollTo(0, 0);
        state.topSince = undefined;
        return false;
      }
      state.topSince ??= performance.now();
      return performance.now() - state.topSince >= quietMs;
    },
    TOP_HELD_MS,
    WAIT,
  );
  await host.getByRole('button', { name: 'Submit' }).click();
  await host
    .getByRole('status')
    .filter({ hasText: /^(Asked the app for the sale|Answer received from|No answer within)/ })
    .waitFor(WAIT);
}

/** Every message the host page has received from the app frame so far. */
export function receivedBy(host: Page): Promise<Received[]> {
  return host.evaluate(() => (window as unknown as { received: Received[] }).received);
}

/** Waits until the host page has received `count` messages, and returns them all. */
export async function waitForReceived(host: Page, count: number, timeout = WAIT.timeout): Promise<Received[]> {
  await host.waitForFunction((n) => (window as unknown as { received: Received[] }).received.length >= n, count, {
    timeout,
  });
  return receivedBy(host);
}
