/**
 * What the transport knows of the connection a request came on. A fetch handler sees only the
 * Request, so the HTTP server files the facts here, keyed by the Request object: nothing a client
 * could forge (a header would be), and nothing left behind once the Request is gone.
 */

/** The connection facts of one request. */
export interface ConnectionFacts {
  /** The connection had already carried an earlier request (keep-alive reuse). */
  readonly reused: boolean;
}

const facts = new WeakMap<Request, ConnectionFacts>();

/** Files the facts of the connection `request` arrived on (the HTTP server calls this). */
export function recordConnection(request: Request, connection: ConnectionFacts): void {
  facts.set(request, connection);
}

/** The facts filed for `request`; undefined when it came some other way (in process). */
export function connectionOf(request: Request): ConnectionFacts | undefined {
  return facts.get(request);
}
