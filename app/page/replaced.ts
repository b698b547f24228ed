/**
 * Whether a newer version of the app, opened in another tab, took this tab's database over
 * (store/db.ts closes the connection then): what the upgraded banner follows.
 */
import { onReplaced, REPLACED_MESSAGE, type TillDb, wasReplaced } from '../store/db.ts';
import type { Subscribable } from './subscribable.ts';

/** What the banner says, and what a failed read or write says, once the database was taken over. */
export { REPLACED_MESSAGE };

/** Whether `db` was taken over, and a change notice when it is. */
export function replacedState(db: TillDb): Subscribable<boolean> {
  return { get: () => wasReplaced(db), subscribe: (listener) => onReplaced(db, listener) };
}
