/**
 * Errors of the Epos client, typed by what went wrong so callers (the outbox above all) can
 * decide between retry, pause, hold and give up without parsing messages.
 *
 * Every error names the method and path of the request; none ever carries the token.
 */

/** Discriminant of {@link EposError}; survives structured cloning where classes do not. */
export type EposErrorCode =
  | 'invalid-request'
  | 'network'
  | 'timeout'
  | 'auth'
  | 'not-found'
  | 'conflict'
  | 'rate-limit'
  | 'client'
  | 'server'
  | 'bad-response';

/** Plain-data form of an error, for storing (outbox) or posting between page and worker. */
export interface EposErrorData {
  code: EposErrorCode;
  name: string;
  message: string;
  method: string;
  path: string;
  mayHaveReached: boolean;
  status?: number;
  serverMessage?: string;
  modelState?: Record<string, string[]>;
  retryAfterMs?: number;
}

/** Which request failed. */
export interface RequestRef {
  method: string;
  /** Path and query relative to the API base. */
  path: string;
}

/** Base of every error the client throws. */
export abstract class EposError extends Error {
  abstract readonly code: EposErrorCode;
  readonly method: string;
  readonly path: string;
  /**
   * Whether the request may have reached the server. False only when it certainly did not
   * (rejected before sending, refused connection); a create that fails with this true may
   * have been applied and must be verified before it is sent again.
   */
  readonly mayHaveReached: boolean;

  constructor(request: RequestRef, message: string, mayHaveReached: boolean, options?: { cause?: unknown }) {
    super(`${request.method} ${request.path}: ${message}`, options);
    this.name = new.target.name;
    this.method = request.method;
    this.path = request.path;
    this.mayHaveReached = mayHaveReached;
  }

  /** Plain data for storage or postMessage. */
  toJSON(): EposErrorData {
    return {
      code: this.code,
      name: this.name,
      message: this.message,
      method: this.method,
      path: this.path,
      mayHaveReached: this.mayHaveReached,
    };
  }
}

/** The client refused to send the request (a non-integer id, a bad page number...). */
export class InvalidRequestError extends EposError {
  readonly code = 'invalid-request';
  constructor(request: RequestRef, message: string) {
    super(request, message, false);
  }
}

/** The request failed below HTTP: offline, DNS, refused or reset connection. */
export class NetworkError extends EposError {
  readonly code = 'network';
}

/** No answer within the time limit (client side), or 408 from the server. */
export class TimeoutError extends EposError {
  readonly code = 'timeout';
  readonly status?: number;
  constructor(request: RequestRef, message: string, options?: { status?: number; cause?: unknown }) {
    super(request, message, true, options);
    if (options?.status !== undefined) this.status = options.status;
  }
  override toJSON(): EposErrorData {
    return this.status === undefined ? super.toJSON() : { ...super.toJSON(), status: this.status };
  }
}

/** What the server said in an error answer, parsed leniently. */
export interface ServerAnswer {
  status: number;
  /** `Message` of an ASP.NET body, or the text of a plain or HTML body, shortened. */
  serverMessage?: string;
  /** ASP.NET `ModelState`: field name to messages. */
  modelState?: Record<string, string[]>;
  /** From a Retry-After header, in milliseconds from when the answer came. */
  retryAfterMs?: number;
}

/** The server answered with a non-2xx status. Subclasses say which kind. */
export abstract class HttpError extends EposError {
  readonly status: number;
  readonly serverMessage?: string;
  readonly modelState?: Record<string, string[]>;
  readonly retryAfterMs?: number;

  constructor(request: RequestRef, answer: ServerAnswer) {
    super(request, describeAnswer(answer), true);
    this.status = answer.status;
    if (answer.serverMessage !== undefined) this.serverMessage = answer.serverMessage;
    if (answer.modelState !== undefined) this.modelState = answer.modelState;
    if (answer.retryAfterMs !== undefined) this.retryAfterMs = answer.retryAfterMs;
  }

  override toJSON(): EposErrorData {
    const data: EposErrorData = { ...super.toJSON(), status: this.status };
    if (this.serverMessage !== undefined) data.serverMessage = this.serverMessage;
    if (this.modelState !== undefined) data.modelState = this.modelState;
    if (this.retryAfterMs !== undefined) data.retryAfterMs = this.retryAfterMs;
    return data;
  }
}

/** 401 or 403: the token is missing, wrong or revoked. */
export class AuthError extends HttpError {
  readonly code = 'auth';
}

/** 404: no such record (or no such endpoint). */
export class NotFoundError extends HttpError {
  readonly code = 'not-found';
}

/** 409: the server refused the change as conflicting. */
export class ConflictError extends HttpError {
  readonly code = 'conflict';
}

/** The account's API limit was exceeded (429, or "API Limit Exceeded" at any status): wait, `retryAfterMs` when given. */
export class RateLimitError extends HttpError {
  readonly code = 'rate-limit';
}

/** Any other 4xx: the request itself is wrong and repeating it will not help. */
export class ClientError extends HttpError {
  readonly code = 'client';
}

/** 5xx: the server failed; worth retrying later. */
export class ServerError extends HttpError {
  readonly code = 'server';
}

/**
 * A 2xx answer whose body is not what the contract promises: HTML from a captive portal,
 * truncated JSON, an object where a list belongs, a record without an id.
 */
export class BadResponseError extends EposError {
  readonly code = 'bad-response';
  readonly status: number;
  /** The start of the body, for a person to recognise (a portal page, say). */
  readonly snippet: string;

  constructor(request: RequestRef, status: number, problem: string, snippet: string, options?: { cause?: unknown }) {
    super(
      request,
      `${status} answer unusable: ${problem}${snippet ? ` (body starts: ${JSON.stringify(snippet)})` : ''}`,
      true,
      options,
    );
    this.status = status;
    this.snippet = snippet;
  }

  override toJSON(): EposErrorData {
    return { ...super.toJSON(), status: this.status };
  }
}

/**
 * Every error the client throws, discriminated by `code`: a `switch` on it narrows to the class
 * (a `rate-limit` has `retryAfterMs`, a `bad-response` its `status`) with no cast.
 */
export type AnyEposError =
  | InvalidRequestError
  | NetworkError
  | TimeoutError
  | AuthError
  | NotFoundError
  | ConflictError
  | RateLimitError
  | ClientError
  | ServerError
  | BadResponseError;

/** Whether a value is any error of this client. */
export function isEposError(value: unknown): value is AnyEposError {
  return value instanceof EposError;
}

/** `value` as the client's error; anything else (a bug, a TypeError) is thrown on as it came. */
export function asEposError(value: unknown): AnyEposError {
  if (!isEposError(value)) throw value;
  return value;
}

function describeAnswer(answer: ServerAnswer): string {
  let text = `HTTP ${answer.status}`;
  if (answer.serverMessage) text += `: ${answer.serverMessage}`;
  if (answer.modelState) {
    const fields = Object.entries(answer.modelState).map(([field, messages]) => `${field}: ${messages.join(' ')}`);
    if (fields.length > 0) text += ` (${fields.join('; ')})`;
  }
  return text;
}
