/**
 * Storage errors the UI can name: the database would not open, or the disk is full. Anything
 * else from IndexedDB is passed on as it came, with the action that failed in its message.
 */

/** What went wrong with offline storage. */
export type StoreErrorCode = 'open-failed' | 'storage-full' | 'closed';

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
export function storeErrorFrom(error: unknown, action: string): Error {
  if (error instanceof StoreError) return error;
  if (isQuotaError(error)) {
    return new StoreError('storage-full', `The device's storage is full: ${action} failed. Free some space on the till and try again.`, {
      cause: error,
    });
  }
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new Error(`${action} failed: ${reason}`, { cause: error });
}

function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'QuotaExceededError' || (error instanceof DOMException && error.code === 22);
}
