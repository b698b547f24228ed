/**
 * What the till screen runs while it is open: the page's catalog (following the worker) and the
 * worker client (registration and sync triggers). Started once per database, stopped on unmount.
 */
import { useEffect, useState } from 'preact/hooks';
import { createCatalogState, type CatalogState } from '../catalog-state.ts';
import type { TillDb } from '../store/db.ts';
import { loadSettingsDocument, refreshIntervalMs } from '../store/settings-cache.ts';
import { startWorker, type WorkerClient } from '../sw-client.ts';

/** The running pieces; each undefined until it has started. */
export interface TillSession {
  catalog: CatalogState | undefined;
  worker: WorkerClient | undefined;
  /** Why the catalog could not be read, or null. */
  error: string | null;
}

/** Starts the session for `db`. `contextChanged` is what boot found. */
export function useTillSession(db: TillDb, contextChanged: boolean): TillSession {
  const [session, setSession] = useState<TillSession>({ catalog: undefined, worker: undefined, error: null });
  useEffect(() => {
    let stopped = false;
    let catalog: CatalogState | undefined;
    let worker: WorkerClient | undefined;
    // The catalog's channel opens first, so no broadcast of the worker's first pull is missed.
    createCatalogState(db).then(
      (state) => {
        if (stopped) return state.close();
        catalog = state;
        setSession((s) => ({ ...s, catalog: state }));
      },
      (error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        setSession((s) => ({ ...s, error: `The stored catalog could not be read (${reason}). Reload the page.` }));
      },
    );
    loadSettingsDocument(db)
      .then(
        (stored) => stored?.document,
        (error: unknown) => {
          // The default interval is a fine answer; the settings screen reports a bad store.
          console.warn('Reading stored settings failed:', error instanceof Error ? error.message : error);
          return undefined;
        },
      )
      .then((document) => {
        if (stopped) return;
        worker = startWorker({ contextChanged, intervalMs: refreshIntervalMs(document) });
        setSession((s) => ({ ...s, worker }));
      });
    return () => {
      stopped = true;
      catalog?.close();
      worker?.stop();
    };
  }, [db]);
  return session;
}
