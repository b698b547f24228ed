/**
 * The local Epos stand-in: a faithful emulator of the V2 contract (all 19 kinds, five operations,
 * pages of 200, Basic auth, app settings byte for byte) written as a fetch handler, so unit tests
 * call it in process and a dev server can put it behind real HTTP.
 */

import type { IdStyle } from '../../app/epos/ids.ts';
import type { Kind } from '../../app/epos/kinds.ts';
import type { OpenRecord } from '../../app/epos/records.ts';
import type { FaultList, FaultType } from './faults.ts';
import type { LogLimits } from './request-log.ts';
import type { SegmentMap } from './routes.ts';
import { LocalStandin } from './server.ts';

/** Base64 of 'demo-key:demo-secret': real tokens are Base64(APIKey:APISecret). */
export const DEMO_TOKEN = btoa('demo-key:demo-secret');

/** How to build a stand-in. */
export interface StandinOptions {
  /** The token requests must carry as `Authorization: Basic <token>`; default {@link DEMO_TOKEN}. */
  token?: string;
  /** Key records by the contract's `Id` or the real V2 keys (`ProductID`, `TypeID`...); default 'v2'. */
  idStyle?: IdStyle;
  /** Products to seed; default 3000. */
  products?: number;
  /** Seed of the PRNG behind the data and probabilistic faults; default 1. */
  seed?: number;
  /** Status of a successful create; default 201. */
  createStatus?: 200 | 201;
  /** JSON file to load state from at start (if it exists) and save to after every write. */
  persistFile?: string;
  /** Path segments that differ from the contract's (e.g. `{ DiscountReason: 'DiscountReason' }`). */
  segments?: SegmentMap;
  /** Caps of `log` (./request-log.ts); default 50,000 entries, 64 KiB of each body, 64 Mi characters in all. */
  log?: LogLimits;
  /** Send an ETag with every successful GET and answer 304 to a request that holds it (./validators.ts); default false. */
  validators?: boolean;
}

/** One request as the stand-in saw it. */
export interface LoggedRequest {
  method: string;
  /** Pathname + search exactly as received. */
  path: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /**
   * The body as text, at most its first 64 KiB (StandinOptions.log). Empty for a request without
   * the right token: the server refuses those unread, whatever their size.
   */
  body: string;
  /** Set when `body` was cut: the whole body's size in bytes. */
  bodyBytes?: number;
  /** Status answered; 0 when the connection was dropped or the client aborted first. */
  status: number;
  /** The fault that decided the outcome ('latency' when only a delay was injected). */
  fault?: FaultType;
  /** The client aborted during injected latency, so the request never reached the server. */
  aborted?: boolean;
}

/** A running stand-in. */
export interface Standin {
  /** The handler, bound to the stand-in. Throws ConnectionDropped (./dropped.ts) for drop faults. */
  fetch(request: Request): Promise<Response>;
  /**
   * Requests in arrival order, rejected and faulted ones included; an entry appears once answered.
   * Bounded: the newest 50,000 entries within 64 Mi characters are kept, each body cut to its
   * first 64 KiB (StandinOptions.log changes the caps), so a long-running dev server stays small.
   */
  readonly log: LoggedRequest[];
  /** The faults in force. */
  readonly faults: FaultList;
  /** Id style of the stored records. */
  readonly idStyle: IdStyle;
  /** The token requests must carry. */
  readonly token: string;
  /** Deep copies of a kind's records, ascending id order. */
  records(kind: Kind): OpenRecord[];
  /** A deep copy of one record. */
  record(kind: Kind, id: number): OpenRecord | undefined;
  /** A server-side change: inserts or replaces by id (either style), or under a new id when there is none. */
  put(kind: Kind, record: OpenRecord): OpenRecord;
  /** A server-side delete; false when there was no such record. */
  remove(kind: Kind, id: number): boolean;
  /** The stored app-settings body byte for byte; null before any save. Settable to stage any document. */
  settingsText: string | null;
  /** Waits until the state file holds every change so far (no-op without persistFile). */
  flush(): Promise<void>;
}

/** Builds a stand-in with seeded data, or with the state saved in `persistFile`. */
export function createStandin(options: StandinOptions = {}): Standin {
  return new LocalStandin(options, DEMO_TOKEN);
}
