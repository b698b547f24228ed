// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { loadScript, type ScriptHost } from '../../app/till/till-sdk-script.ts';

/** The document, with a head that keeps what is appended without fetching it. */
function host(): ScriptHost & { appended: HTMLScriptElement[] } {
  const appended: HTMLScriptElement[] = [];
  return {
    appended,
    createElement: (tag) => document.createElement(tag),
    head: { append: (node) => void appended.push(node as HTMLScriptElement) },
  };
}

const URL = 'https://cdn.eposnowhq.com/sdk/eposnow.till.sdk.js';

describe('loadScript', () => {
  it('adds one async script for the address, never blocking the page, and resolves once it ran', async () => {
    const page = host();
    const loading = loadScript(URL, page);
    expect(page.appended).toHaveLength(1);
    const [script] = page.appended;
    expect(script?.src).toBe(URL);
    expect(script?.async).toBe(true);
    // Fetched as Epos Now's sample fetches it: a CORS request would fail on a CDN that sends no CORS headers.
    expect(script?.hasAttribute('crossorigin')).toBe(false);
    script?.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toEqual({ ok: true });
  });

  it('says plainly when the script cannot be fetched (offline, blocked, moved)', async () => {
    const page = host();
    const loading = loadScript(URL, page);
    page.appended[0]?.dispatchEvent(new Event('error'));
    await expect(loading).resolves.toEqual({
      ok: false,
      message: `Epos Now’s till script could not be loaded from ${URL} (offline, blocked or moved).`,
    });
  });
});
