/**
 * What the page's state modules could not do, as data: a code and the error behind it. The
 * state layer only names a problem; the screens word it (ui/problem-text.ts), so the words for
 * a cashier live in one layer and a test of the state reads codes, not sentences.
 */
import { StoreError } from '../store/errors.ts';
import { InvalidWriteError } from '../store/write-error.ts';

/** Every problem a state module reports. */
export type ProblemCode =
  /** The first read of the stored catalog failed: the till has nothing to show. */
  | 'catalog-unopenable'
  /** A re-read failed: the till keeps showing what it had. */
  | 'catalog-unreadable'
  /** The server's settings could not be fetched: the stored ones (or the defaults) stay in use. */
  | 'settings-unfetchable'
  /** The stored settings could not be read. */
  | 'settings-unreadable'
  /** Boot: the till's storage failed (would not open, full...); the StoreError says what to do. */
  | 'storage-failed'
  /** Boot inside Epos Now's frame: the browser refused this site's storage (third-party data blocked). */
  | 'storage-blocked-in-frame'
  /** Boot failed otherwise (a bug, a browser without IndexedDB). */
  | 'start-failed'
  /** The service worker did not register: no offline mode, the till works while online. */
  | 'worker-unregistered';

/** A problem and its cause (an `EposError`, a `StoreError`, a DOMException...). */
export interface Problem<Code extends ProblemCode = ProblemCode> {
  code: Code;
  cause: unknown;
}

/**
 * Whether `error` is a storage failure whose message a person can act on (a full disk, a
 * database another tab took over), rather than a bug. The screens ask this, not the store.
 */
export function isStoreError(error: unknown): error is StoreError {
  return error instanceof StoreError;
}

/**
 * Whether `error` is a write refused before it was stored, because the API would refuse it (a
 * value of the wrong type, an id out of range): its message says what to fix, field by field.
 */
export function isInvalidWrite(error: unknown): error is InvalidWriteError {
  return error instanceof InvalidWriteError;
}
