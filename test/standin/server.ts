/**
 * The stand-in itself: request intake (log, faults, auth) in front of the V2 and settings
 * handlers, over seeded or restored state.
 */

import type { IdStyle } from '../../app/epos/ids.ts';
import type { Kind } from '../../app/epos/kinds.ts';
import type { OpenRecord } from '../../app/epos/records.ts';
import { compressAnswer } from '../server/compress.ts';
import { connectionOf } from './connection.ts';
import { delay } from './delay.ts';
import { ConnectionDropped } from './dropped.ts';
import { type Fault, FaultInjector, type FaultType, faultResponse } from './faults.ts';
import { readSnapshot, restoreState, StateWriter, snapshotOf } from './persist.ts';
import { substream } from './prng.ts';
import { RequestLog } from './request-log.ts';
import { notFoundResponse, unauthorizedResponse, withV2Headers } from './responses.ts';
import { createRouter, type Route, routeKind } from './routes.ts';
import { seedState } from './seed.ts';
import { handleSettings } from './settings.ts';
import type { LoggedRequest, Standin, StandinOptions } from './standin.ts';
import { StandinState } from './state.ts';
import { handleV2 } from './v2.ts';
import { withValidator } from './validators.ts';

// V2 bodies keep a byte-order mark and get bad bytes replaced; settings must refuse bad bytes.
const DECODER = new TextDecoder('utf-8', { ignoreBOM: true });
const STRICT_DECODER = new TextDecoder('utf-8', { ignoreBOM: true, fatal: true });

/** Faults answered by Epos Now itself, so with the V2 headers on a V2 path; the others come from something in between. */
const FROM_EPOS: ReadonlySet<FaultType> = new Set<FaultType>(['status', 'rate-limit', 'empty-list']);

const NO_BODY = new Uint8Array(0);

/** The {@link Standin} implementation behind createStandin. */
export class LocalStandin implements Standin {
  readonly faults: FaultInjector;
  readonly idStyle: IdStyle;
  readonly token: string;
  private readonly state: StandinState;
  private readonly writer: StateWriter | undefined;
  private readonly route: (pathname: string) => Route;
  private readonly createStatus: 200 | 201;
  private readonly validators: boolean;
  /** When the data last changed (ms): a day before start (seeded or restored), then each write (./validators.ts). */
  private changedAt = 0;
  private arrivals = 0;
  private readonly requests: RequestLog;

  constructor(options: StandinOptions, defaultToken: string) {
    const {
      idStyle = 'v2',
      products = 3000,
      seed = 1,
      createStatus = 201,
      token = defaultToken,
      persistFile,
    } = options;
    if (idStyle !== 'v2' && idStyle !== 'contract')
      throw new RangeError(`idStyle must be 'v2' or 'contract', got ${String(idStyle)}`);
    if (!(Number.isSafeInteger(products) && products >= 0))
      throw new RangeError(`products must be a whole number >= 0, got ${products}`);
    if (!Number.isFinite(seed)) throw new RangeError(`seed must be a finite number, got ${seed}`);
    if (createStatus !== 200 && createStatus !== 201)
      throw new RangeError(`createStatus must be 200 or 201, got ${String(createStatus)}`);
    if (token === '') throw new RangeError('token must not be empty');
    this.idStyle = idStyle;
    this.token = token;
    this.createStatus = createStatus;
    this.validators = options.validators === true;
    this.route = createRouter(options.segments);
    this.faults = new FaultInjector(substream(seed, 'faults'));
    this.requests = new RequestLog(options.log);

    let writer: StateWriter | undefined;
    this.state = new StandinState(idStyle, () => {
      this.changedAt = Date.now();
      writer?.schedule();
    });
    const saved = persistFile === undefined ? undefined : readSnapshot(persistFile);
    if (saved === undefined) seedState(this.state, { products, seed });
    else restoreState(this.state, saved);
    this.changedAt = Date.now() - 24 * 60 * 60_000;
    // Created after restoring, so loading the file does not write it straight back.
    if (persistFile !== undefined)
      writer = new StateWriter(persistFile, () => snapshotOf(this.state), saved === undefined);
    this.writer = writer;
  }

  /** Bound, so it can be handed to a server as a bare function (`serve({ fetch: standin.fetch })`). */
  readonly fetch = (request: Request): Promise<Response> => this.handle(request);

  get log(): LoggedRequest[] {
    return this.requests.entries;
  }

  private async handle(request: Request): Promise<Response> {
    const arrival = this.arrivals++;
    const url = new URL(request.url);
    const authorized = request.headers.get('authorization') === `Basic ${this.token}`;
    // A request without the token is refused unread: over HTTP its body may be of any size, and
    // the server closes the connection rather than read it (issue 11).
    const bytes = authorized ? new Uint8Array(await request.arrayBuffer()) : NO_BODY;
    const entry = this.requests.entry(request, receivedPath(url.href), bytes);
    const route = this.route(url.pathname);
    const plan = this.faults.plan({
      method: request.method,
      path: entry.path,
      kind: routeKind(route),
      list: request.method === 'GET' && route.type === 'collection',
      reusedConnection: connectionOf(request)?.reused === true,
    });
    if (plan.delayed) entry.fault = 'latency';

    if (plan.delayMs > 0) {
      // An abort during the delay means the request never reached the server: nothing is applied.
      const aborted = await delay(plan.delayMs, request.signal).then(
        () => undefined,
        (reason: unknown) => ({ reason }),
      );
      if (aborted !== undefined) {
        entry.aborted = true;
        this.requests.add(entry, arrival);
        throw aborted.reason;
      }
    }

    const outcome = plan.outcome;
    if (outcome !== undefined) entry.fault = outcome.type;
    if (outcome?.type === 'drop-before-apply') {
      this.requests.add(entry, arrival);
      throw new ConnectionDropped(false);
    }
    const answered =
      outcome === undefined || outcome.type === 'drop-after-apply'
        ? this.answer(
            request,
            authorized,
            url,
            route,
            bytes,
            entry.bodyBytes === undefined ? entry.body : DECODER.decode(bytes),
          )
        : faultAnswer(outcome, route);
    const response =
      this.validators && outcome === undefined ? await withValidator(request, answered, this.changedAt) : answered;
    if (outcome?.type === 'drop-after-apply') {
      this.requests.add(entry, arrival);
      throw new ConnectionDropped(true);
    }
    entry.status = response.status;
    this.requests.add(entry, arrival);
    // A fault stands for something else answering (a portal, a gateway): its bytes go as they are.
    return outcome === undefined ? compressAnswer(request, response) : response;
  }

  records(kind: Kind): OpenRecord[] {
    return structuredClone(this.state.table(kind).all());
  }

  record(kind: Kind, id: number): OpenRecord | undefined {
    const record = this.state.table(kind).get(id);
    return record === undefined ? undefined : structuredClone(record);
  }

  put(kind: Kind, record: OpenRecord): OpenRecord {
    return structuredClone(this.state.put(kind, structuredClone(record)));
  }

  remove(kind: Kind, id: number): boolean {
    return this.state.remove(kind, id);
  }

  get settingsText(): string | null {
    return this.state.settingsText;
  }

  set settingsText(text: string | null) {
    this.state.settingsText = text;
  }

  async flush(): Promise<void> {
    await this.writer?.flush();
  }

  /** The server proper: auth, then the endpoint. */
  private answer(
    request: Request,
    authorized: boolean,
    url: URL,
    route: Route,
    bytes: Uint8Array,
    body: string,
  ): Response {
    const v2 = isV2(route);
    if (!authorized) {
      return v2 ? withV2Headers(unauthorizedResponse()) : unauthorizedResponse();
    }
    switch (route.type) {
      case 'settings':
        return handleSettings(this.state, { method: request.method, body: strictText(bytes) });
      case 'collection':
      case 'record':
        return withV2Headers(
          handleV2(this.state, route, { method: request.method, url, body }, { createStatus: this.createStatus }),
        );
      case 'v2-unknown':
        return withV2Headers(notFoundResponse(url.href));
      case 'unknown':
        return notFoundResponse(url.href);
    }
  }
}

/** The answer of a fault that answers in the server's place. */
function faultAnswer(fault: Fault, route: Route): Response {
  const response = faultResponse(fault);
  return FROM_EPOS.has(fault.type) && isV2(route) ? withV2Headers(response) : response;
}

/**
 * Pathname + search as sent: unlike url.pathname + url.search it keeps a lone `?`. The fragment
 * goes, as it never reaches a server.
 */
function receivedPath(href: string): string {
  const start = href.indexOf('/', href.indexOf('//') + 2);
  const hash = href.indexOf('#');
  return start < 0 ? '/' : href.slice(start, hash < 0 ? undefined : hash);
}

function isV2(route: Route): boolean {
  return route.type === 'collection' || route.type === 'record' || route.type === 'v2-unknown';
}

/** The body as text, or undefined when it is not valid UTF-8. */
function strictText(bytes: Uint8Array): string | undefined {
  try {
    return STRICT_DECODER.decode(bytes);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return undefined;
  }
}
