/**
 * The typed Epos Now client: the contract's five operations on each of the 19 kinds, and the
 * app-settings document. Checks what it sends (ids, pages) before sending and what it gets
 * (lists are arrays of records with ids) before returning.
 */
import { snippetOf } from './answer.ts';
import { BadResponseError, InvalidRequestError, NotFoundError, type RequestRef } from './errors.ts';
import { type Answer, createTransport, type DeprecationNotice, encodeJson, type TransportOptions } from './http.ts';
import { isServerId, recordId } from './ids.ts';
import { sameJson } from './json-equal.ts';
import { ALTERNATIVE_SEGMENTS, KINDS, type Kind, PAGE_SIZE } from './kinds.ts';
import { CACHED_AT_HEADER, SOURCE_HEADER } from './offline.ts';
import {
  collectionPath,
  listPath,
  recordPath,
  SETTINGS_PATHS,
  type SegmentOverrides,
  type SettingsPathStyle,
} from './paths.ts';
import type { RecordInput, RecordOf } from './records.ts';
import { decodeSettings } from './settings.ts';

/** How to build a client. */
export interface ClientOptions extends TransportOptions {
  /** Which of the two app-settings paths to use. Default 'integration'. */
  settingsPath?: SettingsPathStyle;
  /** Path segments that differ from the contract's in a deployment (e.g. `DiscountReason`). */
  segments?: SegmentOverrides;
  /**
   * Told when a kind's list answered only to another known spelling (kinds.ts
   * ALTERNATIVE_SEGMENTS) after a 404: the client keeps using it; the caller may remember it.
   */
  onSegment?(kind: Kind, segment: string): void;
}

/** Per-call options. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** Progress of a {@link EposClient.listAll} walk. */
export interface ListProgress {
  kind: Kind;
  /** Pages received and handed on so far. */
  pages: number;
  /** Records received so far. */
  records: number;
  /** True on the last report, once the walk has completed. */
  done: boolean;
}

/** Options of {@link EposClient.listAll}. */
export interface ListAllOptions<K extends Kind> extends CallOptions {
  /** Pages requested at once. Default 4. */
  concurrency?: number;
  /**
   * Records the walk expects (the last pull's count): the pages that holds go out together, and
   * past them one page at a time, then more, so a kind that did not grow costs no request past its end.
   */
  expectedRecords?: number;
  /** Receives each page in page order as the walk goes; the walk waits for it (back-pressure). */
  onPage?: (records: RecordOf<K>[], page: number) => void | Promise<void>;
  /** Called after each page and once more when done. */
  onProgress?: (progress: ListProgress) => void;
  /**
   * Where each page comes from; default {@link EposClient.list}. A caller that has already asked
   * for some pages (the pull's estimate of a first walk) hands those answers on instead of asking twice.
   */
  fetchPage?: (page: number, options: CallOptions) => Promise<RecordOf<K>[]>;
}

/** What {@link EposClient.getSettings} got. */
export interface SettingsAnswer {
  document: unknown;
  /**
   * When the till stored the document (ms), if the service worker answered from storage because
   * Epos Now could not be reached; null when Epos Now answered.
   */
  storedAt: number | null;
}

/** The client. Every method rejects with an EposError subclass on failure. */
export interface EposClient {
  /** One page (from 1) of up to 200 records. */
  list<K extends Kind>(kind: K, page: number, options?: CallOptions): Promise<RecordOf<K>[]>;
  /** Every record of a kind: walks pages until a short or empty page. */
  listAll<K extends Kind>(kind: K, options?: ListAllOptions<K>): Promise<RecordOf<K>[]>;
  /** One record by id. */
  get<K extends Kind>(kind: K, id: number, options?: CallOptions): Promise<RecordOf<K>>;
  /** Creates a record; resolves with the server's record, id included. */
  create<K extends Kind>(kind: K, body: RecordInput<K>, options?: CallOptions): Promise<RecordOf<K>>;
  /** Updates a record; resolves with the server's updated record. */
  update<K extends Kind>(kind: K, id: number, body: RecordInput<K>, options?: CallOptions): Promise<RecordOf<K>>;
  /** Deletes a record. */
  remove(kind: Kind, id: number, options?: CallOptions): Promise<void>;
  /** The app's settings document (null when none was saved yet), and whether it came from the till's storage. */
  getSettings(options?: CallOptions): Promise<SettingsAnswer>;
  /** Saves the settings document; resolves with the document as the server stored it. */
  saveSettings(document: unknown, options?: CallOptions): Promise<unknown>;
  /** Removes the token from a text before it is shown or logged. */
  redact(text: string): string;
  /** Set once the server has said the API is deprecated. */
  readonly deprecation: DeprecationNotice | undefined;
}

/** Default number of list pages in flight during {@link EposClient.listAll}. */
export const DEFAULT_LIST_CONCURRENCY = 4;

/** Creates a client. Throws a TypeError for a token no header can carry. */
export function createClient(options: ClientOptions): EposClient {
  const transport = createTransport(options);
  // The spellings in use: the options', then what a 404 taught (otherSpelling).
  const segments: SegmentOverrides = { ...options.segments };
  // Per kind, the one search for another spelling a 404 started (otherSpelling).
  const learning = new Map<Kind, Promise<{ segment: string; answer: Answer } | undefined>>();
  const settingsPath = SETTINGS_PATHS[options.settingsPath ?? 'integration'];

  function checkRecord(kind: Kind, answer: Answer, value: unknown, what: string): unknown {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw unusable(answer, `${what} should be a ${KINDS[kind].label} record (a JSON object), got ${describe(value)}`);
    }
    if (recordId(kind, value) === undefined) {
      throw unusable(answer, `${what} has no id (neither ${KINDS[kind].v2IdKey} nor Id)`);
    }
    return value;
  }

  function unusable(answer: Answer, problem: string): BadResponseError {
    return new BadResponseError(answer.request, answer.status, problem, snippetOf(answer.text, transport.redact));
  }

  function checkId(method: string, kind: Kind, id: number): void {
    if (!isServerId(id)) {
      throw new InvalidRequestError(
        { method, path: recordPath(kind, String(id), segments) },
        `${KINDS[kind].label} id must be a positive integer, got ${JSON.stringify(id) ?? String(id)}`,
      );
    }
  }

  async function list<K extends Kind>(kind: K, page: number, callOptions: CallOptions = {}): Promise<RecordOf<K>[]> {
    const path = listPath(kind, page, segments);
    if (!Number.isSafeInteger(page) || page < 1) {
      throw new InvalidRequestError({ method: 'GET', path }, `page must be an integer from 1, got ${String(page)}`);
    }
    const used = segments[kind] ?? KINDS[kind].segment;
    let answer: Answer;
    try {
      answer = await transport.send('GET', path, callOptions);
    } catch (error) {
      answer = await otherSpelling(kind, page, used, callOptions, error);
    }
    if (!Array.isArray(answer.value))
      throw unusable(answer, `expected a JSON array of ${KINDS[kind].label} records, got ${describe(answer.value)}`);
    for (const [index, item] of answer.value.entries()) checkRecord(kind, answer, item, `item ${index}`);
    return answer.value as RecordOf<K>[];
  }

  /**
   * After a 404 on a kind's list, its other known spellings, once per client: the first that
   * answers is used from then on and told to `onSegment`; otherwise the 404 stands. Pages asked
   * together (a walk) wait for that one search, and ask again with what it found.
   */
  async function otherSpelling(
    kind: Kind,
    page: number,
    used: string,
    callOptions: CallOptions,
    error: unknown,
  ): Promise<Answer> {
    if (!(error instanceof NotFoundError) || !ALTERNATIVE_SEGMENTS[kind]) throw error;
    const searching = learning.get(kind);
    if (searching === undefined) {
      const found = findSpelling(kind, page, used, callOptions);
      learning.set(kind, found);
      const result = await found;
      if (result) return result.answer;
      throw error;
    }
    const result = await searching;
    if (result && result.segment !== used) return transport.send('GET', listPath(kind, page, segments), callOptions);
    throw error;
  }

  async function findSpelling(
    kind: Kind,
    page: number,
    used: string,
    callOptions: CallOptions,
  ): Promise<{ segment: string; answer: Answer } | undefined> {
    for (const segment of [KINDS[kind].segment, ...(ALTERNATIVE_SEGMENTS[kind] ?? [])]) {
      if (segment === used) continue;
      try {
        const answer = await transport.send('GET', listPath(kind, page, { [kind]: segment }), callOptions);
        segments[kind] = segment;
        options.onSegment?.(kind, segment);
        return { segment, answer };
      } catch (other) {
        if (!(other instanceof NotFoundError)) throw other;
      }
    }
    return undefined;
  }

  async function listAll<K extends Kind>(kind: K, walk: ListAllOptions<K> = {}): Promise<RecordOf<K>[]> {
    const concurrency = Math.max(1, Math.floor(walk.concurrency ?? DEFAULT_LIST_CONCURRENCY));
    const controller = new AbortController();
    // Stryker disable next-line OptionalChaining: forward runs only when walk.signal exists (called under walk.signal?.aborted, registered through walk.signal?.addEventListener)
    const forward = (): void => controller.abort(walk.signal?.reason);
    if (walk.signal?.aborted) forward();
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: a signal aborts at most once, and the finally below removes the listener anyway, so `once` changes nothing
    walk.signal?.addEventListener('abort', forward, { once: true });

    const all: RecordOf<K>[] = [];
    const seen = new Set<number>();
    const arrived = new Map<number, RecordOf<K>[]>();
    let nextToRequest = 1;
    let lastPage = Number.POSITIVE_INFINITY; // the first short page seen
    // Pages the expected count fills, plus the short or empty one after them; at least page 1.
    const aim = Math.max(1, Math.floor((walk.expectedRecords ?? 0) / PAGE_SIZE) + 1);
    // Pages 1..fullThrough all came back full; past the aim, the pages asked for ahead double
    // with each full page (1, 2, 4... up to `concurrency`), so a walk overshoots its end by little.
    let fullThrough = 0;
    const full = new Set<number>();
    const mayRequest = (page: number): boolean =>
      page <= aim || page <= fullThrough + Math.min(concurrency, 2 ** Math.max(0, fullThrough - aim));
    let nextToHand = 1;
    let handing: Promise<void> = Promise.resolve();
    // Workers keep fetching while earlier pages are handed on (stored, say), and wait only when
    // this many pages are fetched or in flight but not yet handed on: overlap, bounded memory.
    const window = concurrency * 2;
    let sleepers: (() => void)[] = [];
    const handedOn = (): Promise<void> => new Promise((resolve) => sleepers.push(resolve));
    const wakeAll = (): void => {
      const woken = sleepers;
      sleepers = [];
      for (const wake of woken) wake();
    };
    const fail = (error: unknown): void => {
      controller.abort(error);
      wakeAll();
    };

    // Pages are handed on strictly in order, whatever order they arrive in.
    async function handOn(): Promise<void> {
      for (
        let records = arrived.get(nextToHand);
        records !== undefined && nextToHand <= lastPage;
        records = arrived.get(nextToHand)
      ) {
        arrived.delete(nextToHand);
        const page = nextToHand++;
        const fresh = records.filter((r) => !seen.has(recordId(kind, r) as number));
        // A full page of ids already seen means the server ignores `page`: stop rather than loop forever.
        if (records.length > 0 && fresh.length === 0) {
          throw new BadResponseError(
            { method: 'GET', path: listPath(kind, page, segments) },
            200,
            `page ${page} repeats records of earlier pages (is paging ignored?)`,
            '',
          );
        }
        for (const r of fresh) seen.add(recordId(kind, r) as number);
        all.push(...fresh);
        await walk.onPage?.(fresh, page);
        walk.onProgress?.({ kind, pages: page, records: all.length, done: false });
        wakeAll();
      }
    }

    async function worker(): Promise<void> {
      // Stryker disable next-line EqualityOperator: once lastPage is set it is a page already asked for, so nextToRequest is past it and < and <= agree
      while (nextToRequest <= lastPage && !controller.signal.aborted) {
        if (nextToRequest - nextToHand >= window || !mayRequest(nextToRequest)) {
          await handedOn();
          continue;
        }
        const page = nextToRequest++;
        const records = await (walk.fetchPage ?? ((p, o) => list(kind, p, o)))(page, { signal: controller.signal });
        if (records.length < PAGE_SIZE) lastPage = Math.min(lastPage, page);
        else full.add(page);
        while (full.delete(fullThrough + 1)) fullThrough++;
        arrived.set(page, records);
        // Workers held back by the aim may go now.
        wakeAll();
        handing = handing.then(handOn);
        // A failed hand-on stops the walk; sleeping workers must not wait for pages that never come.
        handing.catch(fail);
      }
    }

    try {
      await Promise.all(
        Array.from({ length: concurrency }, () =>
          worker().catch((error: unknown) => {
            fail(error);
            throw error;
          }),
        ),
      );
      await handing;
      // A walk the caller stopped between requests is no complete walk, however many pages it got.
      controller.signal.throwIfAborted();
    } finally {
      // A listener left on a signal that outlives the walk would keep the walk's records alive.
      walk.signal?.removeEventListener('abort', forward);
    }
    walk.onProgress?.({ kind, pages: nextToHand - 1, records: all.length, done: true });
    return all;
  }

  async function get<K extends Kind>(kind: K, id: number, callOptions: CallOptions = {}): Promise<RecordOf<K>> {
    checkId('GET', kind, id);
    const answer = await transport.send('GET', recordPath(kind, id, segments), callOptions);
    return checkRecord(kind, answer, answer.value, 'the answer') as RecordOf<K>;
  }

  async function create<K extends Kind>(
    kind: K,
    body: RecordInput<K>,
    callOptions: CallOptions = {},
  ): Promise<RecordOf<K>> {
    const request: RequestRef = { method: 'POST', path: collectionPath(kind, segments) };
    const answer = await transport.send(request.method, request.path, {
      ...callOptions,
      body: encodeJson(request, body),
    });
    return checkRecord(kind, answer, answer.value, 'the created record') as RecordOf<K>;
  }

  async function update<K extends Kind>(
    kind: K,
    id: number,
    body: RecordInput<K>,
    callOptions: CallOptions = {},
  ): Promise<RecordOf<K>> {
    checkId('PUT', kind, id);
    const request: RequestRef = { method: 'PUT', path: recordPath(kind, id, segments) };
    const answer = await transport.send(request.method, request.path, {
      ...callOptions,
      body: encodeJson(request, body),
    });
    const record = checkRecord(kind, answer, answer.value, 'the updated record');
    // Another record in the answer proves nothing about this one.
    const answered = recordId(kind, record);
    if (answered !== id)
      throw unusable(answer, `the updated record should be ${KINDS[kind].label} ${id}, got ${answered}`);
    return record as RecordOf<K>;
  }

  async function remove(kind: Kind, id: number, callOptions: CallOptions = {}): Promise<void> {
    checkId('DELETE', kind, id);
    // The contract defines no body for a delete's answer: empty, `true` or a JSON object or list
    // is a yes. An HTML page or a text already failed as unusable in the transport; `false`
    // may be a no, so it proves nothing either.
    const answer = await transport.send('DELETE', recordPath(kind, id, segments), callOptions);
    if (answer.value === false) throw unusable(answer, 'the answer to a delete was false');
  }

  async function getSettings(callOptions: CallOptions = {}): Promise<SettingsAnswer> {
    const answer = await transport.send('GET', settingsPath, callOptions);
    // Stryker disable next-line StringLiteral: a missing time read as '' or as any other text that is no date parses to NaN alike
    const cachedAt = answer.headers.get(CACHED_AT_HEADER) ?? '';
    const storedAt = answer.headers.get(SOURCE_HEADER) === 'cache' ? Date.parse(cachedAt) : null;
    // A stored answer without a readable time is still the till's own copy: dated the epoch, not taken for the server's.
    return { document: decodeSettings(answer.value), storedAt: Number.isNaN(storedAt) ? 0 : storedAt };
  }

  async function saveSettings(document: unknown, callOptions: CallOptions = {}): Promise<unknown> {
    const request: RequestRef = { method: 'POST', path: settingsPath };
    const answer = await transport.send(request.method, request.path, {
      ...callOptions,
      body: encodeJson(request, document),
    });
    // The contract says the answer repeats the document: only that proves it was saved.
    const saved = answer.value === undefined ? undefined : decodeSettings(answer.value);
    if (!sameJson(saved, document))
      throw unusable(answer, `the answer should repeat the saved document, got ${describe(answer.value)}`);
    return saved;
  }

  return {
    list,
    listAll,
    get,
    create,
    update,
    remove,
    getSettings,
    saveSettings,
    redact: transport.redact,
    get deprecation() {
      return transport.deprecation;
    },
  };
}

function describe(value: unknown): string {
  if (value === undefined) return 'an empty body';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
