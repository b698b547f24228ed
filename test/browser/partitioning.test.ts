/**
 * The browser the tests drive keeps a third-party frame's storage as shipped Chrome does:
 * partitioned by the top-level site (test/tools/chromium.ts). A till frames the app from Epos
 * Now's site; a test under Playwright's own defaults would see a frame refused storage instead.
 * Also checks the `blocked` launch, which the tests of a browser that blocks third-party site
 * data use.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type ThirdPartyData } from '../tools/chromium.ts';
import { WAIT } from './harness.ts';

/** What the frame found: localStorage's earlier value, and whether each store opened. */
interface Found {
  before?: string | null;
  localStorage: string;
  indexedDB: string;
}

// The frame keeps the tag of the top-level page it was opened under, and reports what it found.
const FRAME = `<!doctype html><script>
  const found = {};
  try {
    found.before = localStorage.getItem('top');
    localStorage.setItem('top', location.search);
    found.localStorage = 'ok';
  } catch (error) {
    found.localStorage = error.name;
  }
  const request = indexedDB.open('partitioning');
  request.onsuccess = () => parent.postMessage({ ...found, indexedDB: 'ok' }, '*');
  request.onerror = () => parent.postMessage({ ...found, indexedDB: request.error.name }, '*');
</script>`;

describe('third-party storage in the tests’ Chromium', () => {
  let port: number;
  // The same pages on 127.0.0.1 (and localhost) and on 127.0.0.2: three sites, one port.
  const servers: Server[] = [];

  beforeAll(async () => {
    for (const host of ['127.0.0.1', '127.0.0.2']) {
      const server = createServer((request, response) => {
        const url = new URL(request.url ?? '/', 'http://x');
        const html = url.pathname.startsWith('/frame')
          ? FRAME
          : `<!doctype html><script>addEventListener('message', (event) => { window.found = event.data; });</script>
             <iframe src="http://127.0.0.1:${port}/frame?${url.searchParams.get('tag')}"></iframe>`;
        response.writeHead(200, { 'Content-Type': 'text/html' }).end(html);
      });
      await new Promise<void>((resolve) => server.listen(port ?? 0, host, resolve));
      port = (server.address() as AddressInfo).port;
      servers.push(server);
    }
  });

  afterAll(async () => {
    for (const server of servers) await new Promise((resolve) => server.close(resolve));
  });

  /** What the frame on 127.0.0.1 found under each top-level site in turn (localhost, 127.0.0.2, localhost again). */
  async function visit(thirdPartyData: ThirdPartyData): Promise<Found[]> {
    let browser: Browser | undefined;
    try {
      browser = await launchChromium({ thirdPartyData });
      const page = await browser.newPage();
      const found: Found[] = [];
      for (const top of [`localhost:${port}/?tag=A`, `127.0.0.2:${port}/?tag=B`, `localhost:${port}/?tag=A2`]) {
        await page.goto(`http://${top}`);
        const answer = await page.waitForFunction(() => (window as { found?: Found }).found, undefined, WAIT);
        found.push((await answer.jsonValue()) as Found);
      }
      return found;
    } finally {
      await browser?.close();
    }
  }

  it('partitions a frame of another site by the top-level site, as shipped Chrome does', async () => {
    const [a, b, again] = await visit('partitioned');
    expect(a).toEqual({ before: null, localStorage: 'ok', indexedDB: 'ok' });
    // Another top-level site: another partition, which has not seen A's value.
    expect(b).toEqual({ before: null, localStorage: 'ok', indexedDB: 'ok' });
    // Back under the first site: its partition kept what the frame stored there.
    expect(again).toEqual({ before: '?A', localStorage: 'ok', indexedDB: 'ok' });
  });

  it('refuses such a frame its storage when launched to block third-party data', async () => {
    for (const found of await visit('blocked')) {
      expect(found.localStorage).toBe('SecurityError');
      expect(found.indexedDB).not.toBe('ok');
    }
  });
});
