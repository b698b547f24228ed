/**
 * The error of a write a till without storage could not hand to Epos Now: nothing was kept,
 * since there is nowhere to keep it. Apart from direct-writer.ts so a screen can know it
 * without loading the API client.
 */

/** Why a write went nowhere: Epos Now was not reached (or did not answer), or it refused the write. */
export type UnsentReason = 'unreachable' | 'refused';

/** A write made without storage that Epos Now does not have (as far as the till knows); nothing was kept. */
export class UnsentWriteError extends Error {
  override readonly name = 'UnsentWriteError';
  readonly reason: UnsentReason;
  constructor(reason: UnsentReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.reason = reason;
  }
}

/** Whether `error` is an {@link UnsentWriteError}: its message says what happened, for the person who made the write. */
export function isUnsentWrite(error: unknown): error is UnsentWriteError {
  return error instanceof UnsentWriteError;
}
