/**
 * Everything after boot: header, update banner, status bar (always visible, on both screens),
 * and the open screen: the till, or the back office (loaded when first opened).
 */

import { DEFAULT_CONFIG } from '../epos/app-config.ts';
import type { SegmentOverrides } from '../epos/paths.ts';
import type { Persistence } from '../page/boot.ts';
import { shownCounts } from '../page/catalog-counts.ts';
import type { TillDb } from '../store/db.ts';
import type { BootContext } from '../store/schema.ts';
import { AppHeader } from './app-header.tsx';
import { lazy } from './lazy.tsx';
import { problemText } from './problem-text.ts';
import { defaultRoute, useRoute } from './route.ts';
import { StatusBar } from './status-bar.tsx';
import { StorageNote } from './storage-note.tsx';
import { loadStylesheet } from './stylesheet.ts';
import { TillPage } from './till/till-page.tsx';
import { UpdateBanner } from './update-banner.tsx';
import { UpgradedBanner, useReplaced } from './upgraded-banner.tsx';
import { useContextProblem } from './use-context-problem.ts';
import { useNow } from './use-now.ts';
import { useOnline } from './use-online.ts';
import { useSubscription } from './use-subscription.ts';
import { useTillSession } from './use-till-session.ts';

const OfficeLoader = lazy(
  () =>
    Promise.all([import('./office/back-office.tsx'), loadStylesheet('epos-office-css')]).then(
      ([module]) => module.BackOffice,
    ),
  'back office',
);

/** Props of {@link Workspace}. */
export interface WorkspaceProps {
  db: TillDb;
  context: BootContext;
  contextChanged: boolean;
  persisted: Persistence;
  /** Leaves for the token form (the worker refused the stored token). */
  onNewToken: () => void;
  /** Leaves for the setup form to change the API base (Back office › Sync). */
  onChangeConnection: () => void;
  /** Stores a manager's choice of a path segment and starts again with it (Back office › Sync). */
  onSegments: (segments: SegmentOverrides) => Promise<void>;
  /** The customer the till passed with this load, until the till's pad has taken it; else null. */
  passedCustomerId?: number | null;
  /** Told once the pad has taken the passed customer into the sale. */
  onPassedCustomerTaken?: () => void;
}

/** The app once a till context is known. */
export function Workspace({
  db,
  context,
  contextChanged,
  persisted,
  onNewToken,
  onChangeConnection,
  onSegments,
  passedCustomerId,
  onPassedCustomerTaken,
}: WorkspaceProps) {
  const session = useTillSession(db, context, contextChanged);
  const view = useSubscription(session?.catalog);
  const worker = useSubscription(session?.worker);
  const outbox = useSubscription(session?.outbox);
  const settings = useSubscription(session?.config);
  const apiLimitUntil = useSubscription(session?.apiLimit) ?? 0;
  const online = useOnline();
  const reach = useSubscription(session?.reach);
  // Whether requests to Epos Now get answers: what the screens that try again on reconnect go by
  // (naming the sale's customer, the back office's records), since a shop's dead uplink never
  // turns navigator.onLine false, and so never true again either.
  const connected = online && reach?.state !== 'unreachable';
  const now = useNow();
  // Taken over by a newer tab: the outbox can no longer be read, so its last state is not claimed.
  const replaced = useReplaced(db);
  const route = useRoute(defaultRoute(context));
  const contextProblem = useContextProblem(context);
  const config = settings?.config ?? DEFAULT_CONFIG;
  const canPull = worker?.supported === true && worker.problem === null;
  const pageProblem = session?.problem ?? view?.readError ?? worker?.problem;
  const problem =
    (pageProblem ? problemText(pageProblem) : null) ??
    (worker && !worker.supported
      ? 'This browser cannot run the offline worker: the till works only while online.'
      : null);
  return (
    <div class={route.screen === 'till' ? 'till till-counter' : 'till'}>
      <AppHeader context={context} name={config.tillName} route={route} />
      <UpgradedBanner db={db} />
      {worker?.updateWaiting ? <UpdateBanner onUpdate={() => session?.worker.applyUpdate()} /> : null}
      <StatusBar
        online={online}
        reach={reach ?? null}
        meta={view?.meta ?? []}
        counts={view ? shownCounts(view) : undefined}
        progress={view?.progress ?? {}}
        now={now}
        onPullNow={() => session?.worker.pullNow()}
        canPull={canPull}
        outbox={replaced ? undefined : outbox}
        onNewToken={onNewToken}
        intervalMs={config.refreshMinutes * 60_000}
        apiLimitUntil={apiLimitUntil}
        contextProblem={contextProblem}
      />
      {problem ? (
        <p role="alert" class="warning">
          {problem}
        </p>
      ) : null}
      <main class="till-main">
        {route.screen === 'till' ? (
          <TillPage
            catalog={view}
            config={config}
            writer={session?.writer}
            api={session?.api}
            passedCustomerId={passedCustomerId}
            onPassedCustomerTaken={onPassedCustomerTaken}
            online={connected}
            pulling={Object.values(view?.progress ?? {}).some((p) => p.state === 'running')}
          />
        ) : (
          <OfficeLoader
            section={route.section}
            session={session}
            catalog={view}
            outbox={outbox}
            online={connected}
            now={now}
            canPull={canPull}
            persisted={persisted}
            onNewToken={onNewToken}
            apiBase={context.baseUrl}
            onChangeConnection={onChangeConnection}
            segments={context.segments}
            onSegments={onSegments}
          />
        )}
      </main>
      <footer class="till-footer">
        <StorageNote persisted={persisted} />
      </footer>
    </div>
  );
}
