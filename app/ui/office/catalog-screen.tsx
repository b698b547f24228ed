/** The back office's Sync tab (the catalog's pulls): the offline catalog kind by kind, the Sync now button, and the storage it takes. */
import { useState } from 'preact/hooks';
import type { CachedKind } from '../../epos/kinds.ts';
import type { Persistence } from '../../page/boot.ts';
import type { CatalogView } from '../../page/catalog-state.ts';
import { problemText } from '../problem-text.ts';
import { PullButton } from '../pull-button.tsx';
import { CatalogKinds } from './catalog-kinds.tsx';
import { CatalogStorage, type StorageUse } from './catalog-storage.tsx';

/** Props of {@link CatalogScreen}. */
export interface CatalogScreenProps {
  /** Undefined while the catalog is first read. */
  catalog: CatalogView | undefined;
  onPullNow: () => void;
  /** A person's answer to a pull held because it would empty or halve a kind. */
  onSettleHeld: (kind: CachedKind, gen: number, accept: boolean) => void;
  /** False when there is no worker to pull with. */
  canPull: boolean;
  now: number;
  persisted: Persistence;
  /** Asks the browser for storage use; default navigator.storage.estimate(). */
  estimate?: () => Promise<StorageUse>;
}

/** The Sync tab. */
export function CatalogScreen({
  catalog,
  onPullNow,
  onSettleHeld,
  canPull,
  now,
  persisted,
  estimate,
}: CatalogScreenProps) {
  const [asked, setAsked] = useState(false);
  const pullNow = (): void => {
    onPullNow();
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
      {/* The rest comes with the kinds' table, rather than being pushed down by it (a layout shift). */}
      {!catalog ? (
        <p class="notice">Reading the offline catalog…</p>
      ) : (
        <>
          <CatalogKinds catalog={catalog} now={now} onSettleHeld={onSettleHeld} />
          <div class="sync-now">
            <PullButton onSync={pullNow} disabled={!canPull} />
            <p class="hint" role="status">
              {!canPull
                ? 'Sync is unavailable: the till\u2019s offline worker is not running in this browser (it needs a secure connection and service workers turned on). Reload the page to try again.'
                : asked
                  ? 'Asked for a sync: the table shows its progress.'
                  : 'The till also syncs by itself on start, on a timer and when the connection comes back.'}
            </p>
          </div>
          <CatalogStorage persisted={persisted} estimate={estimate} revision={catalog.meta} />
        </>
      )}
    </section>
  );
}
