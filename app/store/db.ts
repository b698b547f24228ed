/**
 * Opening the database. Upgrades run here; a failure to open is a StoreError the UI shows
 * (private browsing, storage disabled by policy, a newer version open in another tab).
 */
import { type IDBPDatabase, openDB } from 'idb';
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
        options.onVersionChange?.();
      },
      terminated: () => options.onVersionChange?.(),
    });
    return db;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'VersionError') {
      throw new StoreError('open-failed', 'A newer version of the till app has upgraded this device\'s storage. Reload the page.', { cause: error });
    }
    if (upgradeError !== undefined) {
      const reason = upgradeError instanceof Error ? upgradeError.message : String(upgradeError);
      throw new StoreError('open-failed', `The till's offline storage could not be upgraded (${reason}); the old data is kept.`, { cause: upgradeError });
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new StoreError('open-failed', `The till's offline storage could not be opened (${reason}). Is private browsing on, or storage blocked?`, {
      cause: error,
    });
  }
}
