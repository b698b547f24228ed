/**
 * Opening the database. Upgrades run here; a failure to open is a StoreError the UI shows
 * (private browsing, storage disabled by policy, a newer version open in another tab).
 */
import { type IDBPDatabase, openDB } from 'idb';
import { errorText } from '../epos/error-text.ts';
import { StoreError } from './errors.ts';
import { DB_NAME, DB_VERSION, type TillDB } from './schema.ts';
import { upgrade } from './upgrade.ts';

/** An open connection. */
export type TillDb = IDBPDatabase<TillDB>;

/** Options for tests: another database name, or an older version to build upgrade fixtures. */
export interface OpenOptions {
  name?: string;
  version?: number;
  /** Called when a newer version of the app wants to upgrade: this connection has been closed. */
  onVersionChange?: () => void;
}

/** What a write in a tab whose database was taken over says: the one message for it. */
export const REPLACED_MESSAGE = 'This till was updated in another tab. Reload to carry on';

/** Connections closed because a newer version opened the database elsewhere, and who is waiting to hear it. */
const replaced = new WeakSet<TillDb>();
const replacedListeners = new WeakMap<TillDb, Set<() => void>>();

/**
 * Whether `db` was closed for a newer version of the app (another tab, or the worker of a new
 * release): every read or write on it now fails, so the page stops and asks for a reload.
 */
export function wasReplaced(db: TillDb): boolean {
  return replaced.has(db);
}

/** Calls `listener` when `db` is closed for a newer version; returns the way to stop listening. */
export function onReplaced(db: TillDb, listener: () => void): () => void {
  let listeners = replacedListeners.get(db);
  if (!listeners) {
    listeners = new Set();
    replacedListeners.set(db, listeners);
  }
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Throws the typed refusal when `db` was closed for a newer version; `what` says what was not done. */
export function assertOpen(db: TillDb, what: string): void {
  if (replaced.has(db)) throw new StoreError('closed', `${REPLACED_MESSAGE}; ${what}.`);
}

/** Opens (creating or upgrading) the till's database. */
export async function openTillDb(options: OpenOptions = {}): Promise<TillDb> {
  const name = options.name ?? DB_NAME;
  const version = options.version ?? DB_VERSION;
  let upgradeError: unknown;
  try {
    const db = await openDB<TillDB>(name, version, {
      upgrade: (database, oldVersion, newVersion, tx) => {
        // idb does not await this callback; the version change waits on the requests it queues.
        // A failed step aborts it, so the database stays at its old version with its data.
        upgrade(database, oldVersion, newVersion ?? version, tx).catch((error: unknown) => {
          upgradeError = error;
          tx.abort();
        });
      },
      blocking: () => {
        // Another tab runs a newer schema: step aside so its upgrade can proceed.
        db.close();
        closedUnder(db);
      },
      terminated: () => closedUnder(db),
    });
    const closedUnder = (closed: TillDb): void => {
      replaced.add(closed);
      for (const listener of replacedListeners.get(closed) ?? []) listener();
      options.onVersionChange?.();
    };
    return db;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'VersionError') {
      throw new StoreError(
        'open-failed',
        "A newer version of the till app has upgraded this device's storage. Reload the page.",
        { cause: error },
      );
    }
    if (upgradeError !== undefined) {
      const reason = errorText(upgradeError);
      throw new StoreError(
        'open-failed',
        `The till's offline storage could not be upgraded (${reason}); the old data is kept.`,
        { cause: upgradeError },
      );
    }
    const reason = errorText(error);
    throw new StoreError(
      'open-failed',
      `The till's offline storage could not be opened (${reason}). Is private browsing on, or storage blocked?`,
      {
        cause: error,
      },
    );
  }
}
