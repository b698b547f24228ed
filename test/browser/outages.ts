/**
 * The ways a browser test takes the shop's link down: the browser's offline switch (what the
 * browser knows), and the outage proxy black-holing or resetting every connection while the
 * browser still says it is online (what a shop's dead uplink looks like).
 */
import type { BrowserContext, CDPSession, Frame, Page } from 'playwright-core';
import type { OutageProxy } from '../server/outage.ts';
import type { ServedApp } from './harness.ts';

/** One way the link goes down. */
export type OutageKind = 'offline switch' | 'dead uplink (blackhole)' | 'reset';

/** Every kind, for `describe.each`. */
export const OUTAGES: readonly OutageKind[] = ['offline switch', 'dead uplink (blackhole)', 'reset'];

/** The proxy kinds only: a served app needs `outage: true` for these. */
export const PROXY_OUTAGES: readonly OutageKind[] = ['dead uplink (blackhole)', 'reset'];

/** A link a test can take down and bring back. */
export interface Link {
  readonly kind: OutageKind;
  /** True when the browser is told (navigator.onLine false): only then may a test wait for "Offline". */
  readonly browserKnows: boolean;
  down(): Promise<void>;
  up(): Promise<void>;
  /**
   * Call after every navigation (goto, reload) while the link is down. On Chromium 150 the
   * DevTools offline emulation does not survive a navigation: the page comes back online while
   * its worker stays offline. Sent again to the page, it holds on every Chromium; a proxy outage
   * needs nothing.
   */
  afterNavigation(target: Page | Frame): Promise<void>;
}

/** The link for `kind`; the proxy kinds need the app served with `outage: true`. */
export function linkFor(kind: OutageKind, app: ServedApp, context: BrowserContext): Link {
  if (kind === 'offline switch') return offlineSwitch(context);
  const proxy = app.outage;
  if (!proxy) throw new Error(`outage '${kind}' needs serveApp(name, { outage: true })`);
  return proxyLink(kind, [proxy]);
}

/**
 * A proxy kind's link over every proxy a test put between the browser and its servers (an app
 * and an API on two origins have one each): the shop's uplink carries them all, so they go down
 * and come back together.
 */
export function proxyLink(kind: OutageKind, proxies: readonly OutageProxy[]): Link {
  if (kind === 'offline switch')
    throw new Error('the offline switch is the browser\u2019s: use linkFor or offlineSwitch');
  const mode = kind === 'reset' ? 'reset' : 'blackhole';
  return {
    kind,
    browserKnows: false,
    down: async () => {
      for (const proxy of proxies) proxy.set(mode);
    },
    up: async () => {
      for (const proxy of proxies) proxy.set('pass');
    },
    afterNavigation: async () => undefined,
  };
}

/** The browser's own offline switch, sent again to a page (or a frame of another site) after each navigation. */
export function offlineSwitch(context: BrowserContext): Link {
  let isDown = false;
  const sessions = new Map<Page | Frame, CDPSession>();
  return {
    kind: 'offline switch',
    browserKnows: true,
    async down() {
      isDown = true;
      await context.setOffline(true);
    },
    async up() {
      isDown = false;
      // Playwright's own sessions lift it (the last conditions sent win); ours are no longer needed.
      await context.setOffline(false);
      for (const session of sessions.values()) await session.detach();
      sessions.clear();
    },
    async afterNavigation(target) {
      if (!isDown) return;
      let session = sessions.get(target);
      if (!session) {
        session = await sessionFor(context, target);
        sessions.set(target, session);
      }
      await session.send('Network.emulateNetworkConditions', {
        offline: true,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
    },
  };
}

/** A frame of another site has a session of its own (its own process); a same-site frame shares its page's. */
async function sessionFor(context: BrowserContext, target: Page | Frame): Promise<CDPSession> {
  if (!('parentFrame' in target)) return context.newCDPSession(target);
  try {
    return await context.newCDPSession(target);
  } catch (error) {
    if (error instanceof Error && error.message.includes('does not have a separate CDP session'))
      return context.newCDPSession(target.page());
    throw error;
  }
}
