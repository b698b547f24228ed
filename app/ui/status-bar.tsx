/** The strip under the header: connection, catalog age, sync progress and failures. */
import type { CachedKind } from '../epos/kinds.ts';
import type { PullProgressMessage } from '../store/channel.ts';
import type { KindMeta } from '../store/schema.ts';
import { CatalogAge } from './catalog-age.tsx';
import { OnlineIndicator } from './online-indicator.tsx';
import { SyncButton } from './sync-button.tsx';
import { SyncError } from './sync-error.tsx';
import { SyncProgress } from './sync-progress.tsx';

/** Props of {@link StatusBar}. */
export interface StatusBarProps {
  online: boolean;
  meta: readonly KindMeta[];
  progress: Readonly<Partial<Record<CachedKind, PullProgressMessage>>>;
  now: number;
  onSyncNow: () => void;
  /** False when there is no worker to sync with. */
  canSync: boolean;
}

/** Connection, catalog state and the sync controls. */
export function StatusBar({ online, meta, progress, now, onSyncNow, canSync }: StatusBarProps) {
  return (
    <section class="status-bar" aria-label="Catalog status">
      <div class="status-row">
        <OnlineIndicator online={online} />
        <CatalogAge meta={meta} now={now} />
        <SyncButton onSync={onSyncNow} disabled={!canSync} />
      </div>
      <SyncProgress progress={progress} meta={meta} />
      <SyncError progress={progress} meta={meta} online={online} now={now} />
    </section>
  );
}
