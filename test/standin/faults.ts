/**
 * Injectable faults: latency, error statuses, rate limits, dropped connections, captive-portal
 * style garbage, empty lists and redirects: the answers real servers, proxies and browsers give. Decisions use the stand-in's seeded stream, so a probabilistic fault hits the
 * same requests on every run.
 */
import type { Kind } from '../../app/epos/kinds.ts';
import type { Random } from './prng.ts';
import { jsonResponse } from './responses.ts';

/** What a fault does to a matching request. */
export type FaultType =
  | 'latency'
  | 'status'
  | 'rate-limit'
  | 'drop-after-apply'
  | 'drop-before-apply'
  | 'malformed'
  | 'empty-list'
  | 'redirect';

/** The body of a 'rate-limit' answer: `{"Message":"API Limit Exceeded"}` or the bare text. */
export type RateLimitForm = 'json' | 'text';

/**
 * One fault. 'latency' delays the request, which is then handled normally (other faults may
 * still apply); the other types decide the outcome, and the first matching one wins.
 * 'status', 'rate-limit', 'malformed', 'empty-list' and 'redirect' answer without applying the
 * request; 'drop-after-apply' applies it and then drops the connection; 'drop-before-apply'
 * drops it unapplied.
 *
 * - 'rate-limit': Epos Now's "API Limit Exceeded", at `status` (default 429: the real one is not
 *   published, and 403, 400 and 200 are as plausible), in `form` 'json' (default) or 'text'
 *   (`text/plain`), with `retryAfter` when given; with the V2 headers, as Epos Now sends it.
 * - 'malformed': a 200 that is not the API's answer (a captive portal's page by default; `body`
 *   and `contentType` make it anything else, e.g. {@link API_LIMIT_TEXT} as `text/plain`).
 * - 'empty-list': `[]` with 200 and the V2 headers for a list request (GET of a collection, any
 *   page), without looking at the data; it matches no other request, so `times` counts lists only.
 * - 'redirect': `status` (default 302) with `Location: location` (an absolute URL, typically on
 *   another origin) and an empty body, without V2 headers (a load balancer or portal sends it).
 * - 'drop-after-apply' with `reusedConnectionOnly`: fires only for a request that came on a
 *   keep-alive connection which already carried an earlier one (the HTTP server knows; see
 *   ./connection.ts). A browser resends such a request on a new connection, where it no longer
 *   fires: the real way a POST lands twice while fetch() resolves once.
 */
export interface Fault {
  /** Which requests it affects; every field given must match. Omitted: all requests. */
  match?: {
    /** HTTP method, case-insensitive. */
    method?: string;
    /** A string is a prefix of pathname + search; a RegExp is tested against it. */
    path?: string | RegExp;
    /** The V2 kind addressed. */
    kind?: Kind;
  };
  /** How many matching requests it affects; default unlimited. */
  times?: number;
  /** Chance (0..1) per matching request, drawn from the seeded stream; default 1. */
  probability?: number;
  type: FaultType;
  /** latency: delay before handling, in ms. */
  ms?: number;
  /** status: the status to answer with (default 500), body `{"Message": ...}`; rate-limit: its status (default 429); redirect: a 3xx (default 302). */
  status?: number;
  /** status and malformed: body override. */
  body?: string;
  /** malformed: content type, default 'text/html'. */
  contentType?: string;
  /** rate-limit: Retry-After value, seconds or an HTTP date. */
  retryAfter?: number | string;
  /** rate-limit: the body's form, 'json' (default) or 'text'. */
  form?: RateLimitForm;
  /** redirect: the absolute URL of the Location header (required). */
  location?: string;
  /** drop-after-apply: fire only on a reused keep-alive connection (never in process). */
  reusedConnectionOnly?: boolean;
}

/** The faults in force on a stand-in. */
export interface FaultList {
  /** Adds a fault after the existing ones. */
  add(fault: Fault): void;
  /** Removes every fault. */
  clear(): void;
  /** Faults that can still fire, in the order added (used-up `times` faults disappear). */
  readonly active: readonly Fault[];
}

/** The request facts a fault can match. */
export interface FaultTarget {
  readonly method: string;
  /** Pathname + search as received. */
  readonly path: string;
  readonly kind: Kind | undefined;
  /** A list request: GET of a kind's collection. */
  readonly list: boolean;
  /** The request came on a keep-alive connection that had already carried one. */
  readonly reusedConnection: boolean;
}

/** What the faults decided for one request. */
export interface FaultPlan {
  /** Total injected delay in ms (0 when no latency fault fired). */
  readonly delayMs: number;
  /** A latency fault fired. */
  readonly delayed: boolean;
  /** The fault that replaces or ends normal handling, if any. */
  readonly outcome: Fault | undefined;
}

const TYPES: ReadonlySet<string> = new Set<FaultType>([
  'latency',
  'status',
  'rate-limit',
  'drop-after-apply',
  'drop-before-apply',
  'malformed',
  'empty-list',
  'redirect',
]);

const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** What Epos Now answers when an account has used up its API requests. */
export const API_LIMIT_TEXT = 'API Limit Exceeded';

const TEXT_CONTENT_TYPE = 'text/plain; charset=utf-8';

/** A captive portal's login page: what a till on hotel or shop Wi-Fi gets instead of JSON. */
export const CAPTIVE_PORTAL_HTML =
  '<!DOCTYPE html><html><head><title>Wi-Fi Login</title></head>' +
  '<body><h1>Welcome to Guest Wi-Fi</h1><form method="post" action="/login">' +
  '<label>Email <input name="email"></label><button>Connect</button></form></body></html>';

/** The fault list of one stand-in; {@link plan} is the stand-in's side of it. */
export class FaultInjector implements FaultList {
  private entries: { fault: Fault; remaining: number }[] = [];
  private readonly random: Random;

  constructor(random: Random) {
    this.random = random;
  }

  add(fault: Fault): void {
    validate(fault);
    const remaining = fault.times ?? Number.POSITIVE_INFINITY;
    if (remaining > 0) this.entries.push({ fault, remaining });
  }

  clear(): void {
    this.entries = [];
  }

  get active(): readonly Fault[] {
    return this.entries.map((entry) => entry.fault);
  }

  /** Decides, and uses up, the faults for one request. */
  plan(target: FaultTarget): FaultPlan {
    let delayMs = 0;
    let delayed = false;
    let outcome: Fault | undefined;
    for (const entry of this.entries) {
      const { fault } = entry;
      if (outcome !== undefined && fault.type !== 'latency') continue;
      if (!matches(fault, target)) continue;
      // Only probabilistic faults draw, so adding a certain fault never shifts later decisions.
      if (fault.probability !== undefined && fault.probability < 1 && this.random() >= fault.probability) continue;
      entry.remaining--;
      if (fault.type === 'latency') {
        delayMs += fault.ms ?? 0;
        delayed = true;
      } else {
        outcome = fault;
      }
    }
    this.entries = this.entries.filter((entry) => entry.remaining > 0);
    return { delayMs, delayed, outcome };
  }
}

/** The answer of a fault that answers instead of the server ('status', 'rate-limit', 'malformed', 'empty-list', 'redirect'). */
export function faultResponse(fault: Fault): Response {
  if (fault.type === 'rate-limit') {
    const status = fault.status ?? 429;
    const headers: Record<string, string> = {};
    if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
    if (fault.form === 'text')
      return new Response(API_LIMIT_TEXT, { status, headers: { ...headers, 'content-type': TEXT_CONTENT_TYPE } });
    return jsonResponse(status, JSON.stringify({ Message: API_LIMIT_TEXT }), headers);
  }
  if (fault.type === 'empty-list') return jsonResponse(200, '[]');
  if (fault.type === 'redirect') {
    return new Response(null, { status: fault.status ?? 302, headers: { location: fault.location as string } });
  }
  if (fault.type === 'malformed') {
    return new Response(fault.body ?? CAPTIVE_PORTAL_HTML, {
      status: 200,
      headers: { 'content-type': fault.contentType ?? 'text/html' },
    });
  }
  if (fault.type === 'status') {
    const status = fault.status ?? 500;
    const body = fault.body ?? JSON.stringify({ Message: defaultMessage(status) });
    return jsonResponse(status, body);
  }
  throw new TypeError(`a '${fault.type}' fault does not answer`);
}

function defaultMessage(status: number): string {
  if (status === 500) return 'An error has occurred.';
  if (status === 503) return 'The service is unavailable.';
  if (status === 504) return 'The gateway timed out.';
  return `The server answered ${status}.`;
}

function matches(fault: Fault, target: FaultTarget): boolean {
  const match = fault.match;
  if (fault.type === 'empty-list' && !target.list) return false;
  if (fault.reusedConnectionOnly === true && !target.reusedConnection) return false;
  if (match === undefined) return true;
  if (match.method !== undefined && match.method.toUpperCase() !== target.method.toUpperCase()) return false;
  if (match.kind !== undefined && match.kind !== target.kind) return false;
  if (typeof match.path === 'string') return target.path.startsWith(match.path);
  if (match.path instanceof RegExp) {
    // A global or sticky RegExp remembers where it last matched; start over every time.
    match.path.lastIndex = 0;
    return match.path.test(target.path);
  }
  return true;
}

function validate(fault: Fault): void {
  if (!TYPES.has(fault.type)) throw new TypeError(`unknown fault type '${String(fault.type)}'`);
  const { times, probability, ms, status } = fault;
  if (times !== undefined && !(Number.isInteger(times) && times >= 0)) {
    throw new RangeError(`fault times must be a whole number >= 0, got ${times}`);
  }
  if (probability !== undefined && !(probability >= 0 && probability <= 1)) {
    throw new RangeError(`fault probability must be within 0..1, got ${probability}`);
  }
  if (fault.type === 'latency' && !(typeof ms === 'number' && ms >= 0 && Number.isFinite(ms))) {
    throw new RangeError(`a latency fault needs ms >= 0, got ${ms}`);
  }
  if (fault.type === 'rate-limit' && fault.form !== undefined && fault.form !== 'json' && fault.form !== 'text') {
    throw new RangeError(`a rate-limit fault's form is 'json' or 'text', got ${String(fault.form)}`);
  }
  if (fault.reusedConnectionOnly !== undefined && fault.type !== 'drop-after-apply') {
    throw new RangeError(`reusedConnectionOnly belongs to a drop-after-apply fault, not '${fault.type}'`);
  }
  if (fault.type === 'redirect') {
    if (!isAbsoluteUrl(fault.location))
      throw new RangeError(`a redirect fault needs an absolute location, got ${String(fault.location)}`);
    if (status !== undefined && !REDIRECTS.has(status))
      throw new RangeError(`a redirect fault needs a redirect status, got ${status}`);
    return;
  }
  // The Response constructor accepts 200..599 only; 204 and 304 cannot carry the error body.
  if (
    status !== undefined &&
    !(Number.isInteger(status) && status >= 200 && status <= 599 && status !== 204 && status !== 205 && status !== 304)
  ) {
    throw new RangeError(`a status fault needs a status in 200..599 that can carry a body, got ${status}`);
  }
}

function isAbsoluteUrl(value: unknown): boolean {
  return typeof value === 'string' && URL.canParse(value);
}
