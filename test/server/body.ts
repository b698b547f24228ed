/**
 * A request body as a stream that the handler pulls, capped: nothing is read before the handler
 * asks (so a request it refuses on its headers is never read), and no more than the cap is ever
 * read (issue 11: an 800 MB body once took the dev server to 3.3 GB).
 */
import type { IncomingMessage } from 'node:http';

/** The largest request body the server reads: API bodies are a record or a settings document. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The body was larger than the cap; the server answers 413 and closes the connection. */
export class BodyTooLarge extends Error {
  /** The cap in bytes. */
  readonly limit: number;

  constructor(limit: number) {
    super(`the request body is larger than ${limit} bytes`);
    this.name = 'BodyTooLarge';
    this.limit = limit;
  }
}

/** The BodyTooLarge behind an error (a fetch that streamed the body wraps it as its cause), if any. */
export function bodyTooLarge(error: unknown): BodyTooLarge | undefined {
  for (let at = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth++) {
    if (at instanceof BodyTooLarge) return at;
  }
  return undefined;
}

/**
 * The body of `message` as a stream of at most `limit` bytes. Reading past the cap (or a declared
 * Content-Length over it, before reading anything) errors the stream with BodyTooLarge and leaves
 * the rest unread. Pulled one chunk at a time, so an unread body stays in the socket.
 */
export function cappedBody(message: IncomingMessage, limit = MAX_BODY_BYTES): ReadableStream<Uint8Array> {
  const declared = Number(message.headers['content-length'] ?? 0);
  let received = 0;
  let settled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const stop = (error?: Error): void => {
          if (settled) return;
          settled = true;
          message.pause();
          message.off('data', onData);
          if (error === undefined) controller.close();
          else controller.error(error);
        };
        const onData = (chunk: Buffer): void => {
          received += chunk.byteLength;
          if (received > limit) {
            stop(new BodyTooLarge(limit));
            return;
          }
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          message.pause();
        };
        message.pause();
        message.on('data', onData);
        message.once('end', () => stop());
        message.once('error', (error) => stop(error));
        // The client went away mid-body: what arrived is not the body it meant.
        message.once('close', () =>
          stop(message.complete ? undefined : new Error('the client closed the connection before the body ended')),
        );
        if (declared > limit) stop(new BodyTooLarge(limit));
      },
      pull() {
        if (!settled) message.resume();
      },
    },
    // Nothing is read until the handler asks.
    { highWaterMark: 0 },
  );
}
