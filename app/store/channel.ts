/**
 * Messages between the worker and the pages. The worker broadcasts to every open page on one
 * BroadcastChannel; a page speaks to the worker with postMessage, which also wakes a stopped
 * worker (a BroadcastChannel message would not).
 */
import type { CachedKind } from '../epos/kinds.ts';
import type { Reach } from './reach.ts';
import type { OutboxTarget } from './schema.ts';

/** Name of the worker-to-pages channel. */
export const CHANNEL_NAME = 'epos-till';

/** The Background Sync tag a page registers and the worker sends queued writes on. */
export const OUTBOX_SYNC_TAG = 'epos-outbox';

/**
 * A page's end of the channel: one BroadcastChannel per page, opened by the composition root
 * and shared by every part of the page that listens or announces (each adds its own listener).
 * A page does not hear its own posts; other pages and the worker do.
 */
export type PageChannel = Pick<BroadcastChannel, 'addEventListener' | 'removeEventListener' | 'postMessage'>;

/** A kind's pull, as it goes. */
export interface PullProgressMessage {
  type: 'pull-progress';
  kind: CachedKind;
  state: 'running' | 'done' | 'failed';
  pages: number;
  records: number;
  /** Records expected in all, when known (see sw/pull.ts). */
  expected?: number;
  /** A first walk's write landed: its pages stored so far, readable before it completes (see sw/pull.ts). */
  readable?: { gen: number; pages: number };
  error?: string;
}

/** A new snapshot was swapped in: pages re-read these kinds. */
export interface CatalogChangedMessage {
  type: 'catalog-changed';
  kinds: CachedKind[];
  /**
   * Which pull this is (when it started, ms): every open page hears the same one, and one of them
   * asks Epos Now for the settings after it. Absent after a person settled a held pull.
   */
  pull?: number;
}

/** The outbox changed (an entry was claimed, settled or moved): pages re-read its status. */
export interface OutboxChangedMessage {
  type: 'outbox-changed';
}

/** A write reached the server: the page that made it may be waiting for the answer. */
export interface WriteLandedMessage {
  type: 'write-landed';
  seq: number;
  /** What was written: a kind, or the settings. */
  target: OutboxTarget;
  /** The id the entry carried: a create's temporary one, which pages drop for the real one. */
  sentId: number;
  /** The record's id on the server (a create's real id). */
  recordId: number;
  /** The server's record, for creates and updates; for a settings save, its document now. */
  answer?: unknown;
}

/** A page saved the app settings: other pages re-read the stored document. */
export interface SettingsChangedMessage {
  type: 'settings-changed';
}

/** Epos Now answered "API Limit Exceeded": nothing is sent before `until` (ms); 0 once a request got through. */
export interface ApiLimitMessage {
  type: 'api-limit';
  until: number;
}

/** Whether Epos Now can be reached changed (see reach.ts): every page says so at once. */
export interface ReachMessage {
  type: 'reach';
  reach: Reach;
}

/** What the worker (or, for settings, another page) broadcasts. */
export type WorkerMessage =
  | ApiLimitMessage
  | ReachMessage
  | PullProgressMessage
  | CatalogChangedMessage
  | OutboxChangedMessage
  | WriteLandedMessage
  | SettingsChangedMessage;

/** What a page asks of the worker. */
export type PageMessage =
  /** Pull now, whatever the age of the snapshot; `full`: every page of every kind (a person's "Sync now"), not a refresh. */
  | { type: 'pull-now'; full?: boolean }
  /**
   * Pull if the snapshot is older than the interval (sent on a timer); `hot`: the product ids the
   * till shows most, whose pages each refresh reads.
   */
  | { type: 'pull-if-stale'; intervalMs: number; hot?: number[] }
  /** The boot context changed (new token or base): re-read it, and resume a queue paused for a token. */
  | { type: 'context-changed' }
  /**
   * The browser says it went offline: a hint, not the answer (it stays online when a shop's
   * uplink dies behind live Wi-Fi), that makes the worker mark Epos Now unreachable now rather
   * than after its next request fails. Coming back, the page's pull and send are the tries.
   */
  | { type: 'went-offline' }
  /** Writes were queued: send what is due. */
  | { type: 'send-now' }
  /**
   * Something waits for Epos Now (writes, a refused token) and a page's timer or a person's tap
   * says look again: the worker tries only when its recovery back-off allows (sw/outbox/recovery.ts).
   */
  | { type: 'wake' }
  /** A person's answer to a pull held because it would empty or halve a kind (generation `gen`). */
  | { type: 'settle-held'; kind: CachedKind; gen: number; accept: boolean }
  /** workbox-window's messageSkipWaiting(): activate the waiting version. */
  | { type: 'SKIP_WAITING' };
