/**
 * Reading what a server said when it said no: ASP.NET JSON (`Message`, `ModelState`), other
 * JSON, plain text or an HTML error page. Lenient by design, since error bodies are not
 * published; the result is always short, single-line text with the token removed.
 */
import type { ServerAnswer } from './errors.ts';

/** Longest server message kept, in characters. */
const MAX_MESSAGE_LENGTH = 300;

/** Parses an error answer's body and headers into what {@link HttpError} carries. */
export function readServerAnswer(
  status: number,
  headers: Headers,
  body: string,
  redact: (text: string) => string,
): ServerAnswer {
  const answer: ServerAnswer = { status };
  const retryAfterMs = parseRetryAfter(headers.get('Retry-After'), Date.now());
  if (retryAfterMs !== undefined) answer.retryAfterMs = retryAfterMs;

  const json = tryParseJson(body);
  if (json.ok) {
    const message = messageOf(json.value);
    if (message) answer.serverMessage = shorten(redact(message));
    const modelState = modelStateOf(json.value, redact);
    if (modelState) answer.modelState = modelState;
  } else if (body.trim()) {
    answer.serverMessage = shorten(redact(looksLikeHtml(body) ? htmlText(body) : body));
  }
  return answer;
}

/** Longest body read for Epos Now's rate-limit text: the answer is short, a page of records is not. */
const API_LIMIT_BODY_MAX = 2_000;

/**
 * Whether a body is Epos Now's "API Limit Exceeded" (the account ran out of requests), as text,
 * a JSON string, `{"Message": ...}` or an HTML page. Its status is not published (429, 403, 400
 * and 200 are all plausible), so the words decide, whatever the status.
 */
export function isApiLimit(body: string): boolean {
  if (body.length > API_LIMIT_BODY_MAX) return false;
  const json = tryParseJson(body);
  const message = json.ok ? messageOf(json.value) : looksLikeHtml(body) ? htmlText(body) : body;
  return message !== undefined && /\bAPI limit exceeded\b/i.test(message);
}

/**
 * Retry-After as milliseconds from `now`: delta-seconds or an HTTP date. Undefined when absent
 * or unreadable; never negative.
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // Date.parse reads bare numbers such as "-5" as years, so demand the HTTP-date's letters.
  const date = /[a-z]{3}/i.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Whether a body is an HTML page (a captive portal, a proxy's error page). */
export function looksLikeHtml(body: string): boolean {
  return /^\s*<(!doctype|html|head|body|\?xml)/i.test(body);
}

/** The first characters of a body, on one line, for messages. */
export function snippetOf(body: string, redact: (text: string) => string, length = 80): string {
  return shorten(redact(body), length);
}

type JsonResult = { ok: true; value: unknown } | { ok: false };

function tryParseJson(body: string): JsonResult {
  if (!body.trim()) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch (error) {
    // Not JSON is an expected shape of error body, read as text by the caller; anything else is a bug.
    if (error instanceof SyntaxError) return { ok: false };
    throw error;
  }
}

function messageOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return undefined;
  const fields = value as Record<string, unknown>;
  for (const key of ['Message', 'message', 'error_description', 'error', 'title', 'ExceptionMessage']) {
    const field = fields[key];
    if (typeof field === 'string' && field.trim()) return field;
  }
  return undefined;
}

function modelStateOf(value: unknown, redact: (text: string) => string): Record<string, string[]> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const fields = value as Record<string, unknown>;
  const state = fields.ModelState ?? fields.errors;
  if (typeof state !== 'object' || state === null || Array.isArray(state)) return undefined;
  const result: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(state)) {
    const list = Array.isArray(messages) ? messages : [messages];
    result[field] = list.map((m) => shorten(redact(String(m))));
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

function htmlText(html: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  const text =
    title ?? html.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/gi, ' ').replace(/<[^>]+>/g, ' ');
  return `HTML page: ${text}`;
}

function shorten(text: string, length = MAX_MESSAGE_LENGTH): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > length ? `${line.slice(0, length - 1)}…` : line;
}
