/**
 * The stand-in's request log, bounded: a dev server runs for days and any client can send it
 * anything, so the log keeps the newest entries within a count and a size, and only the start of
 * a large body.
 */
import type { LoggedRequest } from './standin.ts';

/** Caps of the request log; each one given replaces its default. */
export interface LogLimits {
  /** Entries kept, the oldest dropped first; default 50,000. */
  entries?: number;
  /** Bytes of each body kept (the start of it); default 65,536. */
  bodyBytes?: number;
  /** Characters of path, headers and body kept over all entries; default 64 MiB. */
  totalChars?: number;
}

/** The defaults: far above what a test or the benchmark logs (under 20,000 small requests), far below a dev server's memory. */
export const LOG_LIMITS: Readonly<Required<LogLimits>> = {
  entries: 50_000,
  bodyBytes: 65_536,
  totalChars: 64 * 1024 * 1024,
};

// The log keeps a byte-order mark and replaces bad bytes (a cut may split a character).
const DECODER = new TextDecoder('utf-8', { ignoreBOM: true });

/** The log of one stand-in: `entries` is what `Standin.log` shows. */
export class RequestLog {
  readonly entries: LoggedRequest[] = [];
  private readonly limits: Required<LogLimits>;
  private readonly placed = new WeakMap<LoggedRequest, { arrival: number; chars: number }>();
  private chars = 0;

  constructor(limits: LogLimits = {}) {
    this.limits = { ...LOG_LIMITS, ...limits };
    for (const [name, value] of Object.entries(this.limits)) {
      if (!(Number.isSafeInteger(value) && value > 0))
        throw new RangeError(`log limit ${name} must be a whole number > 0, got ${value}`);
    }
  }

  /** A new entry for a request (not yet in the log): its body cut to the limit. */
  entry(request: Request, path: string, body: Uint8Array): LoggedRequest {
    const cut = body.byteLength > this.limits.bodyBytes;
    const entry: LoggedRequest = {
      method: request.method,
      path,
      headers: Object.fromEntries(request.headers),
      body: DECODER.decode(cut ? body.subarray(0, this.limits.bodyBytes) : body),
      status: 0,
    };
    if (cut) entry.bodyBytes = body.byteLength;
    return entry;
  }

  /** Adds an answered entry in arrival order (a slow request keeps its place), then drops the oldest beyond the limits. */
  add(entry: LoggedRequest, arrival: number): void {
    const chars = sizeOf(entry);
    this.placed.set(entry, { arrival, chars });
    this.chars += chars;
    let index = this.entries.length;
    while (index > 0 && (this.placed.get(this.entries[index - 1] as LoggedRequest)?.arrival ?? -1) > arrival) index--;
    this.entries.splice(index, 0, entry);

    let drop = 0;
    let left = this.chars;
    // The newest entry stays even when it alone is over the size.
    while (
      drop < this.entries.length - 1 &&
      (this.entries.length - drop > this.limits.entries || left > this.limits.totalChars)
    ) {
      left -= this.placed.get(this.entries[drop] as LoggedRequest)?.chars ?? 0;
      drop++;
    }
    if (drop > 0) {
      this.entries.splice(0, drop);
      this.chars = left;
    }
  }
}

function sizeOf(entry: LoggedRequest): number {
  let chars = entry.method.length + entry.path.length + entry.body.length;
  for (const [name, value] of Object.entries(entry.headers)) chars += name.length + value.length;
  return chars;
}
