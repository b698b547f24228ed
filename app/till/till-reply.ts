/**
 * The documented reply (../shared/epos-facts.md, "Handing a sale to the till"): the till asks the
 * app for its sale with a message, and the app answers that message's source, at that message's
 * origin, with the sale as a JSON string. Only the window that framed the app is answered, told by
 * identity (`event.source === window.parent`): an origin string alone would also let another frame
 * or popup on the till's site read the sale. The app never answers to '*'.
 */

/** What the reply reads of the browser; injectable for tests. */
export interface ReplyEnv {
  self: unknown;
  /** `window.parent`: the till, when the app is framed; the page itself when it is not. */
  parent: unknown;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/**
 * Answers every message from the framing window with `sale()`, called only then (it may hand the
 * sale over). Returns how to stop answering.
 */
export function answerTill(env: ReplyEnv, sale: () => string): () => void {
  const listener = (event: MessageEvent): void => {
    const { source, origin } = event;
    if (source === null || source !== env.parent || env.parent === env.self) return;
    // An opaque origin ('null', a sandboxed till) can be addressed only as '*': never.
    if (origin === 'null' || origin === '') return;
    (source as Window).postMessage(sale(), origin);
  };
  env.addEventListener('message', listener);
  return () => env.removeEventListener('message', listener);
}

/** The real window around the app. */
export function browserReplyEnv(): ReplyEnv {
  return {
    self: window,
    parent: window.parent,
    addEventListener: (type, listener) => window.addEventListener(type, listener),
    removeEventListener: (type, listener) => window.removeEventListener(type, listener),
  };
}
