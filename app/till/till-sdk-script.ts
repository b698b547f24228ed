/**
 * Loads Epos Now's till SDK script, where the deployment named one (EPOS_TILL_SDK, compiled in by
 * build.mjs) and a manager switched it on. Async, after start: the till never waits on another
 * site's script to sell or to answer the till, and offline (the script unreachable) both still work.
 */

declare const __EPOS_TILL_SDK__: string | undefined;

/** The address of Epos Now's till SDK script this build was given, or '' for none. */
export const TILL_SDK_URL: string = typeof __EPOS_TILL_SDK__ === 'string' ? __EPOS_TILL_SDK__ : '';

/** How loading went: a failure in words for the back office. */
export type ScriptOutcome = { ok: true } | { ok: false; message: string };

/** What loading reads of the document; injectable for tests. */
export interface ScriptHost {
  createElement(tag: 'script'): HTMLScriptElement;
  head: { append(node: Node): void };
}

/** Adds `<script async src=url>`; resolves when it ran or could not be fetched (never rejects). */
export function loadScript(url: string, page: ScriptHost = document): Promise<ScriptOutcome> {
  return new Promise((resolve) => {
    const script = page.createElement('script');
    script.async = true;
    // No crossorigin attribute: like Epos Now's sample, so a CDN without CORS headers still serves it.
    script.src = url;
    script.addEventListener('load', () => resolve({ ok: true }), { once: true });
    // A script's error event says nothing of why: what a manager can check is named instead.
    script.addEventListener(
      'error',
      () =>
        resolve({
          ok: false,
          message: `Epos Now’s till script could not be loaded from ${url} (offline, blocked or moved).`,
        }),
      { once: true },
    );
    page.head.append(script);
  });
}
