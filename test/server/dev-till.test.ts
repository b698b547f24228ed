/**
 * The till host beside the dev server (dev.ts), over real sockets: with the stand-in its address
 * carries the demo token; proxying a real API (`--api-base`) it opens with no token, for one typed
 * into its form; it moves to a free port when its own is taken; closing the dev server closes it;
 * and a shop's server (no tillPort) has none.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDev } from './dev.ts';
import { type ForeignOrigin, startForeignOrigin } from './foreign-origin.ts';

describe('the dev server’s till host', () => {
  let staticDir = '';
  let api: ForeignOrigin;

  beforeAll(async () => {
    staticDir = await mkdtemp(join(tmpdir(), 'epos-dev-till-'));
    api = await startForeignOrigin();
  });

  afterAll(async () => {
    await api?.close();
    if (staticDir) await rm(staticDir, { recursive: true, force: true });
  });

  /** The app URL the host page frames (its iframe's src, unescaped). */
  async function framed(tillUrl: string): Promise<URL> {
    const page = await fetch(tillUrl);
    expect(page.status).toBe(200);
    const src = /<iframe title="Till app" src="([^"]+)"/.exec(await page.text())?.[1];
    if (src === undefined) throw new Error(`no app frame in ${tillUrl}`);
    return new URL(src.replaceAll('&amp;', '&'));
  }

  it('with the stand-in, frames the app on another site with the demo token; closing the server closes it', async () => {
    const dev = await startDev({ staticDir, host: '127.0.0.1', port: 0, products: 5, tillPort: 0 });
    const till = new URL(dev.tillUrl!);
    expect(till.hostname).toBe('localhost');
    expect(till.searchParams.get('appToken')).toBe(dev.token);
    const app = await framed(dev.tillUrl!);
    expect(app.origin).toBe(dev.url);
    expect(app.searchParams.get('appToken')).toBe(dev.token);
    await dev.close();
    await expect(fetch(dev.tillUrl!)).rejects.toThrow();
  });

  it('proxying a real API, opens with no token (one is typed into its form), and an app on localhost gets a till on 127.0.0.1', async () => {
    const dev = await startDev({ staticDir, host: 'localhost', port: 0, apiBase: api.url, tillPort: 0 });
    try {
      const till = new URL(dev.tillUrl!);
      expect(till.hostname).toBe('127.0.0.1');
      expect(till.searchParams.has('appToken')).toBe(false);
      expect(Object.fromEntries(till.searchParams)).toEqual({ deviceID: '1', locationID: '1', staffID: '1' });
      const app = await framed(dev.tillUrl!);
      expect(app.origin).toBe(dev.url);
      expect(app.searchParams.has('appToken')).toBe(false);
      expect(await (await fetch(dev.tillUrl!)).text()).toContain('<input name="appToken" autocomplete="off" value="">');
    } finally {
      await dev.close();
    }
  });

  it('moves to a free port when its own is taken, and a server without tillPort has no till host', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    const dev = await startDev({ staticDir, host: '127.0.0.1', port: 0, products: 5, tillPort: port });
    try {
      const till = new URL(dev.tillUrl!);
      expect(Number(till.port)).not.toBe(port);
      expect((await fetch(dev.tillUrl!)).status).toBe(200);
    } finally {
      await dev.close();
      await new Promise((resolve) => taken.close(resolve));
    }
    const shop = await startDev({ staticDir, host: '127.0.0.1', port: 0, products: 5 });
    expect(shop.tillUrl).toBeUndefined();
    await shop.close();
  });
});
