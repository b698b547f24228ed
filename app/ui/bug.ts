/**
 * A failure no code path expects (a TypeError, a broken invariant): a bug, not a condition to
 * word for a cashier. It is reported the way an uncaught error is (the console, `error`
 * listeners), and the screen that was waiting on it says it failed instead of waiting forever.
 */
import { errorText } from '../epos/error-text.ts';

/** Reports `error` as a bug and returns the sentence the waiting screen shows. */
export function reportBug(error: unknown): string {
  // Every browser the app supports has reportError; a test DOM may not.
  if (typeof reportError === 'function') reportError(error);
  else console.error(error);
  return `Something went wrong in the app (${errorText(error)}). Reload the page; if it happens again, tell support.`;
}
