/** The back office's Sync tab: the offline catalog kind by kind, a sync button, and the storage it takes. */
import { useState } from 'preact/hooks';
import type { Persistence } from '../../page/boot.ts';
import type { CatalogView } from '../../page/catalog-state.ts';
import type { CachedKind } from '../../epos/kinds.ts';
import { problemText } from '../problem-text.ts';
import { SyncButton } from '../sync-button.tsx';
import { SyncKinds } from './sync-kinds.tsx';
import { type StorageUse, SyncStorage } from './sync-storage.tsx';

/** Props of {@link SyncScreen}. */
export interface SyncScreenProps {
  /** Undefined while the catalog is first read. */
  catalog: CatalogView | undefined;
  onSyncNow: () => void;
  /** A person's answer to a pull held because it would empty or halve a kind. */
  onSettleHeld: (kind: CachedKind, gen: number, accept: boolean) => void;
  /** False when there is no worker to sync with. */
  canSync: boolean;
  now: number;
  persisted: Persistence;
  /** Asks the browser for storage use; default navigator.storage.estimate(). */
  estimate?: () => Promise<StorageUse>;
}

/** The Sync screen. */
export function SyncScreen({ catalog, onSyncNow, onSettleHeld, canSync, now, persisted, estimate }: SyncScreenProps) {
  const [asked, setAsked] = useState(false);
  const syncNow = (): void => {
    onSyncNow();
    setAsked(true);
  };
  return (
    <section class="sync-screen" aria-labelledby="sync-heading">
      <h2 id="sync-heading">Sync</h2>
      {catalog?.readError ? (
        <p role="alert" class="sync-error">
          {problemText(catalog.readError)}
        </p>
      ) : null}
      {catalog ? <SyncKinds catalog={catalog} now={now} onSettleHeld={onSettleHeld} /> : <p class="notice">Reading the offline catalog…</p>}
      <div class="sync-now">
        <SyncButton onSync={syncNow} disabled={!canSync} />
        <p class="hint" role="status">
          {!canSync
            ? 'Sync is unavailable: the till\u2019s offline worker is not running in this browser (it needs a secure connection and service workers turned on). Reload the page to try again.'
            : asked
              ? 'Asked for a sync: the table shows its progress.'
              : 'The till also syncs by itself on start, on a timer and when the connection comes back.'}
        </p>
      </div>
      <SyncStorage persisted={persisted} estimate={estimate} revision={catalog?.meta} />
    </section>
  );
}
