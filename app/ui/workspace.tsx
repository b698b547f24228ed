/** The till: header, catalog status, update banner and product search. */
import type { Persistence } from '../boot.ts';
import type { TillDb } from '../store/db.ts';
import type { BootContext } from '../store/schema.ts';
import { Search } from './search.tsx';
import { StatusBar } from './status-bar.tsx';
import { StorageNote } from './storage-note.tsx';
import { TillHeader } from './till-header.tsx';
import { UpdateBanner } from './update-banner.tsx';
import { useNow } from './use-now.ts';
import { useOnline } from './use-online.ts';
import { useSubscription } from './use-subscription.ts';
import { useTillSession } from './use-till-session.ts';

/** Props of {@link TillScreen}. */
export interface TillScreenProps {
  db: TillDb;
  context: BootContext;
  contextChanged: boolean;
  persisted: Persistence;
  /** Leaves the till for the token form (the worker refused the stored token). */
  onNewToken: () => void;
}

/** The cashier's screen. */
export function TillScreen({ db, context, contextChanged, persisted, onNewToken }: TillScreenProps) {
  const session = useTillSession(db, contextChanged);
  const view = useSubscription(session.catalog);
  const worker = useSubscription(session.worker);
  const outbox = useSubscription(session.outbox);
  const online = useOnline();
  const now = useNow();
  const problem = session.error ?? view?.readError ?? worker?.error ?? (worker && !worker.supported ? 'This browser cannot run the offline worker: the till works only while online.' : null);
  return (
    <div class="till">
      <TillHeader context={context} />
      {worker?.updateWaiting ? <UpdateBanner onUpdate={() => session.worker?.applyUpdate()} /> : null}
      <StatusBar
        online={online}
        meta={view?.meta ?? []}
        counts={view ? { Product: view.index.size, TenderType: view.tenderTypes.length, SeatingTable: view.seatingTables.length, DiscountReason: view.discountReasons.length } : undefined}
        progress={view?.progress ?? {}}
        now={now}
        onSyncNow={() => session.worker?.syncNow()}
        canSync={worker?.supported === true && worker.error === null}
        outbox={outbox}
        onNewToken={onNewToken}
      />
      {problem ? (
        <p role="alert" class="warning">
          {problem}
        </p>
      ) : null}
      <main class="till-main">
        <Search index={view?.index} revision={view?.indexRevision ?? 0} syncing={Object.values(view?.progress ?? {}).some((p) => p.state === 'running')} />
      </main>
      <footer class="till-footer">
        <StorageNote persisted={persisted} />
      </footer>
    </div>
  );
}
