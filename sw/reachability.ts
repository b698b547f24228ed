/**
 * Whether Epos Now answers the worker: the pull, the outbox and the page's API GETs each say so
 * after every try, and the first answer after failures starts a catch-up (a pull, the queued
 * writes), whatever the pages do. A page that reloads just as the connection returns would
 * otherwise take its reconnect pull with it: the server changes made during the outage would wait
 * for the next interval.
 */

import type { EposClient } from '../app/epos/client.ts';
import { type AnyEposError, isEposError, NetworkError, TimeoutError } from '../app/epos/errors.ts';

/** What the worker's requests learn of the API. */
export interface Reachability {
  /** A request got an answer (any status), or none at all (offline, refused, reset). */
  report(reachable: boolean): void;
  /** Whether the last try failed to reach the API. */
  readonly unreachable: boolean;
}

/** `fetch`, telling `reach` whether each request was answered (the page's API GETs are tries too). */
export function reporting(
  fetch: (request: Request) => Promise<Response>,
  reach: Reachability,
): (request: Request) => Promise<Response> {
  return (request) =>
    fetch(request).then(
      (response) => {
        reach.report(true);
        return response;
      },
      (error: unknown) => {
        reach.report(false);
        throw error;
      },
    );
}

/** Creates the tracker; `onBack` runs once per return, after failures, when a try is answered. */
export function createReachability(onBack: () => void): Reachability {
  let unreachable = false;
  return {
    report(reachable) {
      const back = reachable && unreachable;
      unreachable = !reachable;
      if (back) onBack();
    },
    get unreachable() {
      return unreachable;
    },
  };
}

/**
 * Asks the API for one small page: true when it answered at all (any status, a refused token
 * too), false when no answer came. Tells `reach` either way. Rejects only with what is not an
 * API failure.
 */
export async function probeReach(client: EposClient, reach: Reachability): Promise<boolean> {
  let answered = true;
  try {
    await client.list('TenderType', 1);
  } catch (error) {
    if (!isEposError(error)) throw error;
    answered = !noAnswer(error);
  }
  reach.report(answered);
  return answered;
}

/** Whether a request failed with no answer at all: below HTTP, or out of time with no 408. */
export function noAnswer(error: AnyEposError): boolean {
  return error instanceof NetworkError || (error instanceof TimeoutError && error.status === undefined);
}
