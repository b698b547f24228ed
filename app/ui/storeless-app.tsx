/**
 * The app of a till refused its storage (boot's 'no-storage'): the order pad over a catalog
 * fetched into memory, the status bar, and the notice saying what the till cannot do and asking
 * for access. Loaded with import() only then, so a till with storage never parses it. The back
 * office needs storage for all it does; here it says how to allow it.
 */
import { useEffect, useState } from 'preact/hooks';
import { DEFAULT_CONFIG } from '../epos/app-config.ts';
import type { BootResult } from '../page/boot.ts';
import { shownCounts } from '../page/catalog-counts.ts';
import { type StorelessSession, startStorelessSession } from '../page/storeless-session.ts';
import type { BootContext } from '../store/schema.ts';
import { AppHeader } from './app-header.tsx';
import { reportBug } from './bug.ts';
import { AllowStorage } from './office/allow-storage.tsx';
import { problemText } from './problem-text.ts';
import { defaultRoute, useRoute } from './route.ts';
import { StatusBar } from './status-bar.tsx';
import { StorageRefusedNotice } from './storage-refused-notice.tsx';
import { TillPage } from './till/till-page.tsx';
import { useContextProblem } from './use-context-problem.ts';
import { useNow } from './use-now.ts';
import { useOnline } from './use-online.ts';
import { useSubscription } from './use-subscription.ts';

/** Props of {@link StorelessApp}. */
export interface StorelessAppProps {
  context: BootContext;
  /** The customer the till passed with this load (boot's customerId), or null. */
  passedCustomerId: number | null;
  /** Opens the storage again once the browser allows it (boot.ts reopenWithStorage). */
  reopen(): Promise<Extract<BootResult, { status: 'ready' | 'failed' }>>;
  /** Starts the till again with its storage. */
  onStorage(ready: Extract<BootResult, { status: 'ready' }>): void;
}

/** The till without storage. */
export function StorelessApp({ context, passedCustomerId, reopen, onStorage }: StorelessAppProps) {
  // Taken into the sale once, as the stored till does (App holds it there).
  const [passed, setPassed] = useState(passedCustomerId);
  const [started, setStarted] = useState<{ session?: StorelessSession; failure?: string }>({});
  useEffect(() => {
    let session: StorelessSession;
    try {
      session = startStorelessSession(context);
    } catch (error) {
      // A token no header can carry: the status bar says so (useContextProblem); anything else is a bug.
      setStarted({ failure: error instanceof TypeError ? error.message : reportBug(error) });
      return;
    }
    setStarted({ session });
    return () => session.stop();
  }, [context]);
  const { session } = started;
  const view = useSubscription(session?.catalog);
  const settings = useSubscription(session?.config);
  const online = useOnline();
  const now = useNow();
  const route = useRoute(defaultRoute(context));
  const contextProblem = useContextProblem(context);
  const config = settings?.config ?? DEFAULT_CONFIG;
  const origin = window.location.origin;
  const problem = settings?.error ? problemText(settings.error, settings) : (started.failure ?? null);
  return (
    <div class={route.screen === 'till' ? 'till till-counter' : 'till'}>
      <AppHeader context={context} name={config.tillName} route={route} />
      <StorageRefusedNotice origin={origin} reopen={reopen} onStorage={onStorage} />
      <StatusBar
        online={online}
        meta={view?.meta ?? []}
        counts={view ? shownCounts(view) : undefined}
        progress={view?.progress ?? {}}
        now={now}
        // Fetches every kind again: there is no worker, and nothing stored to refresh.
        onPullNow={() => void session?.catalog.refresh()}
        canPull={session !== undefined}
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
            passedCustomerId={passed}
            onPassedCustomerTaken={() => setPassed(null)}
            online={online}
            pulling={Object.values(view?.progress ?? {}).some((p) => p.state === 'running')}
          />
        ) : (
          <div class="office">
            <p class="notice">
              The back office keeps settings, pending changes and records on this till, which this browser does not
              allow here. Allow it as below, or use the back office on a device that does.
            </p>
            <AllowStorage origin={origin} />
          </div>
        )}
      </main>
    </div>
  );
}
