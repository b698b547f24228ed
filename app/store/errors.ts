/**
 * Storage errors, typed: what a screen catches when storing a change failed is a `StoreError`
 * and nothing else, so anything else it meets (a TypeError) is a bug and surfaces as one.
 */

/**
 * What went wrong with offline storage: the database would not open, the disk is full, a newer
 * tab took the database over, or IndexedDB failed otherwise (`failed`, its error as the cause).
 */
export type StoreErrorCode = 'open-failed' | 'storage-full' | 'closed' | 'failed';

/** A storage failure with a message a shop manager can act on. */
export class StoreError extends Error {
  readonly code: StoreErrorCode;

  constructor(code: StoreErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreError';
    this.code = code;
  }
}

/** Wraps an IndexedDB failure during `action`, naming a full disk as such. */
export function storeErrorFrom(error: unknown, action: string): StoreError {
  if (error instanceof StoreError) return error;
  if (isQuotaError(error)) {
    return new StoreError(
      'storage-full',
      `The device's storage is full: ${action} failed. Free some space on the till and try again.`,
      {
        cause: error,
      },
    );
  }
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new StoreError('failed', `${action} failed: ${reason}`, { cause: error });
}

function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'QuotaExceededError' || (error instanceof DOMException && error.code === 22);
}
