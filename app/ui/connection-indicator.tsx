/**
 * Whether Epos Now can be reached, in a cashier's words, announced when it changes. It follows the
 * worker's requests (app/store/reach.ts), not the browser's online flag, which stays true when a
 * shop's uplink dies behind live Wi-Fi.
 */
import type { Reach } from '../store/reach.ts';

/** Props of {@link ConnectionIndicator}. */
export interface ConnectionIndicatorProps {
  /** What the worker's requests last found; null before they found anything; undefined with no worker to ask. */
  reach: Reach | null | undefined;
  /** The browser's word (`navigator.onLine`): said only while the worker has said nothing, or with no worker. */
  online: boolean;
  /** Changes kept on this till, not yet on Epos Now. */
  waiting: number;
  now: number;
}

const TIME = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** "Connected to Epos Now", or why not and since when. */
export function ConnectionIndicator({ reach, online, waiting, now }: ConnectionIndicatorProps) {
  const fine = reach ? reach.state === 'reachable' : online;
  return (
    <span
      role="status"
      aria-label="Connection"
      class={fine ? 'pill pill-connection pill-online' : 'pill pill-connection pill-offline'}
    >
      {connectionText(reach, online, waiting, now)}
    </span>
  );
}

/** The indicator's words. */
function connectionText(reach: Reach | null | undefined, online: boolean, waiting: number, now: number): string {
  const kept = waiting === 0 ? '' : `, ${waiting} ${waiting === 1 ? 'change' : 'changes'} waiting`;
  // A till refused its storage runs without the worker: the browser's word is all there is.
  if (reach === undefined) return online ? 'Online' : 'Offline';
  if (reach === null) return online ? 'Connecting to Epos Now' : `Can’t reach Epos Now: selling from this till${kept}`;
  switch (reach.state) {
    case 'reachable':
      return 'Connected to Epos Now';
    case 'unreachable':
      return `Can’t reach Epos Now since ${TIME.format(reach.since)}: selling from this till${kept}`;
    case 'refused':
      return `Epos Now refused the API token since ${TIME.format(reach.since)}`;
    case 'limited':
      return `Epos Now’s API limit: trying again ${(reach.until ?? 0) > now ? `at ${TIME.format(reach.until)}` : 'now'}`;
  }
}
