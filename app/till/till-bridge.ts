/**
 * The way to the Epos Now till: the window that framed this app. A basket goes only to that
 * window, with `postMessage` addressed to its origin (never '*'), so a page the parent has since
 * navigated to cannot read it. This code cannot tell the till from any other page that frames the
 * app: which sites may frame it is the business of the server's frame-ancestors policy.
 */

/** Where a basket can go, or why it cannot. */
export type TillParent =
  | { ok: true; target: Pick<Window, 'postMessage'>; origin: string }
  | { ok: false; reason: string };

/** What the bridge reads of the browser; injectable for tests. */
export interface FrameEnv {
  self: unknown;
  parent: Pick<Window, 'postMessage'> | null;
  /** `location.ancestorOrigins` (Chromium, Safari): the origin of each window above this one. */
  ancestorOrigins?: ArrayLike<string> | undefined;
  /** `document.referrer`: the page that loaded the frame, where ancestorOrigins is missing. */
  referrer: string;
}

/** Finds the till that loaded the app. */
export function findTill(env: FrameEnv = browserFrame()): TillParent {
  if (!env.parent || env.parent === env.self) {
    return { ok: false, reason: 'Send to till works only inside the Epos Now till: this page was opened on its own.' };
  }
  const origin = env.ancestorOrigins?.[0] ?? originOf(env.referrer);
  if (!origin || origin === 'null') {
    return {
      ok: false,
      reason: 'The page that opened this app hides its address, so the basket cannot be sent to it safely.',
    };
  }
  return { ok: true, target: env.parent, origin };
}

function originOf(url: string): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch (error) {
    if (error instanceof TypeError) return undefined;
    throw error;
  }
}

function browserFrame(): FrameEnv {
  return {
    self: window,
    parent: window.parent,
    ancestorOrigins: window.location.ancestorOrigins,
    referrer: document.referrer,
  };
}
