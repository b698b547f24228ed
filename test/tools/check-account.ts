/**
 * `npm run check-account`'s checks: what an Epos Now account answers to the requests the app
 * makes, observed on the wire (status, list shape, id keys, the headers that matter, time), so a
 * difference from what we built for shows on day one rather than on a till. Read-only unless
 * asked to write (and delete) one clearly marked Customer.
 */
import { createClient, type EposClient } from '../../app/epos/client.ts';
import { errorText } from '../../app/epos/error-text.ts';
import { AuthError, isEposError, NetworkError, NotFoundError, TimeoutError } from '../../app/epos/errors.ts';
import { idKey, idStyleOf, recordId } from '../../app/epos/ids.ts';
import { KINDS, type Kind } from '../../app/epos/kinds.ts';
import { collectionPath, listPath, recordPath, SETTINGS_PATHS, type SegmentOverrides } from '../../app/epos/paths.ts';

/** What to check, and where. */
export interface CheckOptions {
  /** The API base (https://, or http:// on this machine). */
  baseUrl: string;
  token: string;
  /** Sent as `Origin`, so the API's CORS answer (Access-Control-Allow-Origin) shows. */
  origin: string;
  /** Also create, read back, update and delete one Customer. */
  write: boolean;
}

/** Response headers that matter to the app. */
export const HEADERS_SHOWN = [
  'ETag',
  'Last-Modified',
  'Retry-After',
  'Access-Control-Allow-Origin',
  'Cache-Control',
] as const;

/** One of {@link HEADERS_SHOWN}. */
export type ShownHeader = (typeof HEADERS_SHOWN)[number];

/** One request and what the account answered. */
export interface RequestRow {
  method: string;
  /** Path and query, relative to the API base. */
  path: string;
  /** The HTTP status; null when no answer came. */
  status: number | null;
  /**
   * The body: 'array', 'wrapped in <Key>' (an object holding a list), 'object', 'null', 'true',
   * 'false', 'number', 'string', 'empty', 'not JSON'; '' without an answer.
   */
  shape: string;
  /** Records in a list's page (a wrapped list's too). */
  records?: number;
  /** Where the first record keeps its id: `Id` (the contract's), `<Thing>ID` (real V2), or 'none'. */
  idKey?: string;
  /** The shown headers the answer carried. */
  headers: Partial<Record<ShownHeader, string>>;
  /** From sending to the whole body, in ms. */
  ms: number;
  /** The app can read this answer. */
  ok: boolean;
  /** What went wrong, or a remark; never the token. */
  note: string;
}

/** Everything the check found. */
export interface AccountReport {
  apiBase: string;
  origin: string;
  startedAt: string;
  rows: RequestRow[];
  /** The discount-reason segment that answered (`DiscoutReason`, the contract's, or `DiscountReason`); null when neither did. */
  discountReasonSegment: string | null;
  /** The id key of each kind that had a record. */
  idKeys: Partial<Record<Kind, string>>;
  /** With --write: whether an update with a partial body merged into the record or replaced it. */
  update: 'merged' | 'replaced' | 'unclear' | null;
  /** The API's Sunset date, when it sent one. */
  sunset: string | null;
  /** Null when every request got an answer the app can read; otherwise why not, in one line. */
  problem: string | null;
}

/** What the fetch underneath saw of one exchange. */
interface Seen {
  path: string;
  status: number;
  headers: Headers;
  text: string;
  ms: number;
}

/** The first request got no answer, or a refusal of the token: nothing after it can tell more. */
class Stop extends Error {}

/** Runs the checks; rejects only for a failure of the check itself, never for what the account answered. */
export async function checkAccount(options: CheckOptions): Promise<AccountReport> {
  const started = new Date();
  const seen: Seen[] = [];
  const report: AccountReport = {
    apiBase: options.baseUrl,
    origin: options.origin,
    startedAt: started.toISOString(),
    rows: [],
    discountReasonSegment: null,
    idKeys: {},
    update: null,
    sunset: null,
    problem: null,
  };
  const base = options.baseUrl.replace(/\/+$/, '');
  const observing: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('Origin', options.origin);
    const sent = performance.now();
    const response = await fetch(input, { ...init, headers });
    const text = await response.clone().text();
    const url = String(input);
    seen.push({
      path: url.startsWith(base) ? url.slice(base.length) : url,
      status: response.status,
      headers: response.headers,
      text,
      ms: Math.round(performance.now() - sent),
    });
    return response;
  };
  // The spelling a kind answered to after a 404 on the contract's (the client searches: client.ts).
  const learned: SegmentOverrides = {};
  const client = createClient({
    baseUrl: options.baseUrl,
    token: options.token,
    fetch: observing,
    onSegment: (kind, segment) => {
      learned[kind] = segment;
    },
    onDeprecation: (notice) => {
      report.sunset = notice.sunset ?? null;
    },
  });
  const redact = client.redact;

  /** Runs one client call as one row; `describe` fills in what the answer showed. */
  async function ask<T>(
    method: string,
    path: string,
    call: () => Promise<T>,
    describe?: (row: RequestRow, body: unknown) => void,
  ): Promise<{ row: RequestRow; value?: T; error?: unknown }> {
    const before = seen.length;
    let value: T | undefined;
    let failure: { error: unknown } | undefined;
    try {
      value = await call();
    } catch (error) {
      // What the account answered is the finding; anything else is a fault of the check itself.
      if (!isEposError(error)) throw error;
      failure = { error };
    }
    const answers = seen.slice(before);
    const answer = answers.at(-1);
    // A 404 the client answered by asking at another known spelling: each answer is a row.
    for (const earlier of answers.slice(0, -1)) {
      report.rows.push({
        method,
        path: earlier.path,
        status: earlier.status,
        shape: shapeOf(earlier.text),
        headers: shownHeaders(earlier.headers),
        ms: earlier.ms,
        ok: failure === undefined,
        note: `${earlier.status}: unknown at this spelling; the client asked at ${answer?.path ?? 'another'} next`,
      });
    }
    const row: RequestRow = {
      method,
      path: answer?.path ?? path,
      status: answer?.status ?? null,
      shape: answer === undefined ? '' : shapeOf(answer.text),
      headers: answer === undefined ? {} : shownHeaders(answer.headers),
      ms: answer?.ms ?? 0,
      ok: failure === undefined,
      note: failure === undefined ? '' : redact(errorText(failure.error)),
    };
    if (answer !== undefined) describe?.(row, parsed(answer.text));
    report.rows.push(row);
    // Nothing can be learnt past a first request that got no answer or had its token refused.
    if (report.rows.length === 1 && failure !== undefined && stops(failure.error)) throw new Stop(row.note);
    return failure === undefined ? { row, value } : { row, error: failure.error };
  }

  /** The first page of a kind, then one of its records by id; the page's answer. */
  async function checkKind(kind: Kind): Promise<{ row: RequestRow; error?: unknown }> {
    let first: unknown;
    const listed = await ask(
      'GET',
      listPath(kind, 1, learned),
      () => client.list(kind, 1),
      (row, body) => {
        const records = listIn(body);
        if (records === undefined) return;
        row.records = records.length;
        first = records[0];
        if (first !== undefined) row.idKey = idKeyOf(kind, first);
        else if (row.ok) row.note = 'no records: none to get';
      },
    );
    const id = recordId(kind, first);
    const got =
      id === undefined
        ? undefined
        : await ask('GET', recordPath(kind, id, learned), () => client.get(kind, id), keyOf(kind));
    const key = got?.row.idKey ?? listed.row.idKey;
    if (key !== undefined) report.idKeys[kind] = key;
    return listed;
  }

  try {
    for (const kind of Object.keys(KINDS) as Kind[]) {
      const listed = await checkKind(kind);
      if (kind === 'DiscountReason')
        report.discountReasonSegment = learned.DiscountReason ?? (listed.row.ok ? KINDS.DiscountReason.segment : null);
    }
    await ask('GET', SETTINGS_PATHS.integration, () => client.getSettings());
    if (options.write) report.update = await checkWrites(client, ask, started);
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    report.problem = `no usable answer from ${options.baseUrl}: ${error.message}`;
    return report;
  }
  report.problem = problemOf(report.rows);
  return report;
}

type Ask = <T>(
  method: string,
  path: string,
  call: () => Promise<T>,
  describe?: (row: RequestRow, body: unknown) => void,
) => Promise<{ row: RequestRow; value?: T; error?: unknown }>;

/**
 * Creates, reads back, updates and deletes one Customer marked as this check's, and says whether
 * an update sending one field kept the fields it did not send (merged) or cleared them (replaced):
 * the contract does not say, and the app's writes depend on it.
 */
async function checkWrites(client: EposClient, ask: Ask, started: Date): Promise<AccountReport['update']> {
  const forename = 'check-account';
  const surname = `${started.toISOString()} delete me`;
  const keyed = keyOf('Customer');
  const created = await ask(
    'POST',
    collectionPath('Customer'),
    () => client.create('Customer', { Forename: forename, Surname: surname }),
    keyed,
  );
  const id = recordId('Customer', created.value);
  if (id === undefined) return null;
  const path = recordPath('Customer', id);
  let verdict: AccountReport['update'] = null;
  try {
    const back = await ask('GET', path, () => client.get('Customer', id), keyed);
    if (back.value !== undefined && back.value.Surname !== surname) {
      back.row.ok = false;
      back.row.note = `read back Surname ${JSON.stringify(back.value.Surname)}, sent ${JSON.stringify(surname)}`;
    }
    const updated = await ask(
      'PUT',
      path,
      () => client.update('Customer', id, { Surname: `${surname} (updated)` }),
      keyed,
    );
    if (updated.value !== undefined) {
      const after = await ask('GET', path, () => client.get('Customer', id), keyed);
      const kept = after.value?.Forename;
      verdict = kept === forename ? 'merged' : kept === null || kept === undefined ? 'replaced' : 'unclear';
      after.row.note = `the update sent Surname only; Forename is now ${JSON.stringify(kept ?? null)}: ${verdict}`;
    }
  } finally {
    // Whatever failed above, the marked record does not stay behind.
    const removed = await ask('DELETE', path, () => client.remove('Customer', id));
    if (removed.row.ok) {
      const gone = await ask('GET', path, () => client.get('Customer', id));
      gone.row.ok = gone.error instanceof NotFoundError;
      gone.row.note = gone.row.ok
        ? 'gone after the delete, as it should be'
        : `still there after the delete: ${gone.row.note}`;
    } else {
      removed.row.note += `; delete Customer ${id} (Surname "${surname}") by hand`;
    }
  }
  return verdict;
}

function stops(error: unknown): boolean {
  return error instanceof NetworkError || error instanceof TimeoutError || error instanceof AuthError;
}

function problemOf(rows: readonly RequestRow[]): string | null {
  const failed = rows.filter((row) => !row.ok);
  const first = failed[0];
  if (first === undefined) return null;
  const status = first.status === null ? 'no answer' : String(first.status);
  return `${failed.length} of ${rows.length} requests got no answer the app can read; the first: ${first.method} ${first.path} (${status}): ${first.note}`;
}

function parsed(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return undefined;
  }
}

/** The body's shape, as the table shows it. */
function shapeOf(text: string): string {
  if (text.trim() === '') return 'empty';
  const body = parsed(text);
  if (body === undefined) return 'not JSON';
  if (Array.isArray(body)) return 'array';
  if (body === null || typeof body === 'boolean') return String(body);
  if (typeof body !== 'object') return typeof body;
  const wrapper = Object.keys(body).find((key) => Array.isArray((body as Record<string, unknown>)[key]));
  return wrapper === undefined ? 'object' : `wrapped in ${wrapper}`;
}

/** Notes the id key of a record answered (a JSON object). */
function keyOf(kind: Kind): (row: RequestRow, body: unknown) => void {
  return (row, body) => {
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) row.idKey = idKeyOf(kind, body);
  };
}

/** The records of a list, bare or wrapped in an object; undefined when the body holds none. */
function listIn(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (typeof body !== 'object' || body === null) return undefined;
  return Object.values(body).find((value): value is unknown[] => Array.isArray(value));
}

/**
 * Where a record keeps its id: the kind's V2 key or the contract's `Id`; otherwise 'other: ' and
 * the keys that look like one (ending in Id or ID), or 'none'.
 */
export function idKeyOf(kind: Kind, record: unknown): string {
  const style = idStyleOf(kind, record);
  if (style !== undefined) return idKey(kind, style);
  const likely =
    typeof record === 'object' && record !== null ? Object.keys(record).filter((key) => /id$/i.test(key)) : [];
  return likely.length > 0 ? `other: ${likely.join(', ')}` : 'none';
}

function shownHeaders(headers: Headers): Partial<Record<ShownHeader, string>> {
  const shown: Partial<Record<ShownHeader, string>> = {};
  for (const name of HEADERS_SHOWN) {
    const value = headers.get(name);
    if (value !== null) shown[name] = value;
  }
  return shown;
}
