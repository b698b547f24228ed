/**
 * Thrown by the stand-in's fetch handler when a fault says the connection drops. The HTTP server
 * destroys the socket without answering; the in-process fetch turns it into the same TypeError a
 * real fetch gives for a reset connection.
 */
export class ConnectionDropped extends Error {
  /** Whether the request's effect was applied before the drop (the ambiguous-write case). */
  readonly applied: boolean;

  constructor(applied: boolean) {
    super(
      applied
        ? 'connection dropped after the request was applied'
        : 'connection dropped before the request was applied',
    );
    this.name = 'ConnectionDropped';
    this.applied = applied;
  }
}
