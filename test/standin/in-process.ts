/**
 * A fetch function that calls a stand-in directly, with no sockets, behaving like Node's own
 * fetch where the app can tell: dropped connections reject with TypeError('fetch failed') and
 * aborts reject with the signal's reason.
 */
import { abortReason } from './delay.ts';
import { ConnectionDropped } from './dropped.ts';
import type { Standin } from './standin.ts';

/** A fetch that sends every request (any absolute URL) to the stand-in. */
export function inProcessFetch(standin: Standin): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const signal = request.signal;
    // Like fetch: an already aborted signal means the request is never sent.
    if (signal.aborted) throw abortReason(signal);
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(abortReason(signal));
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      const response = await Promise.race([standin.fetch(request), aborted]);
      // Real fetch responses know their URL; some clients log or compare it.
      Object.defineProperty(response, 'url', { value: request.url });
      return response;
    } catch (error) {
      if (error instanceof ConnectionDropped) throw new TypeError('fetch failed', { cause: error });
      throw error;
    } finally {
      if (onAbort !== undefined) signal.removeEventListener('abort', onAbort);
    }
  };
}
