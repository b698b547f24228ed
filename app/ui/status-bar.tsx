/** The strip under the header: connection, unsent changes, catalog age, pull progress and failures. */
import type { CachedKind } from '../epos/kinds.ts';
import type { PullProgress } from '../page/catalog-state.ts';
import type { OutboxStatus } from '../store/outbox-status.ts';
import type { Reach } from '../store/reach.ts';
import type { KindMeta } from '../store/schema.ts';
import { ApiLimitNotice } from './api-limit-notice.tsx';
import { CatalogAge } from './catalog-age.tsx';
import { CatalogHeld } from './catalog-held.tsx';
import { ConnectionIndicator } from './connection-indicator.tsx';
import { NewTokenAlert } from './new-token-alert.tsx';
import { ChangesAlerts, PendingChanges } from './pending-changes.tsx';
import { PullButton } from './pull-button.tsx';
import { PullError } from './pull-error.tsx';
import { PullProgressBar } from './pull-progress.tsx';

/** Props of {@link StatusBar}. */
export interface StatusBarProps {
  /** The browser's word (`navigator.onLine`): a hint, and what "Sync now" goes by. */
  online: boolean;
  /**
   * Whether Epos Now can be reached, as the worker's requests last found it: null before they found
   * anything, undefined (omitted) where there is no worker (a till refused its storage).
   */
  reach?: Reach | null | undefined;
  meta: readonly KindMeta[];
  /** Records of each kind as the till shows them (a table deleted offline no longer counts). */
  counts?: Readonly<Partial<Record<CachedKind, number>>> | undefined;
  progress: Readonly<Partial<Record<CachedKind, PullProgress>>>;
  now: number;
  onPullNow: () => void;
  /** False when there is no worker to pull with. */
  canPull: boolean;
  /** The outbox; undefined until first read. */
  outbox?: OutboxStatus | undefined;
  /** Opens the form for a new API token (sending paused on a refused one). */
  onNewToken?: () => void;
  /** The catalog refresh interval from the settings. */
  intervalMs?: number | undefined;
  /** Until when the worker waits for Epos Now's API limit (ms); 0 when it does not. */
  apiLimitUntil?: number;
  /** Why the stored token or API address cannot be used (see contextProblem), or null. */
  contextProblem?: string | null;
}

/** Connection, unsent changes, catalog state and Sync now. */
export function StatusBar({
  online,
  reach,
  meta,
  counts,
  progress,
  now,
  onPullNow,
  canPull,
  outbox,
  onNewToken = () => undefined,
  intervalMs,
  contextProblem = null,
  apiLimitUntil = 0,
}: StatusBarProps) {
  // The network to Epos Now works: the browser says online and the worker's requests get answers
  // (a refused token or the limit are answers). What the catalog's words go by.
  const connected = online && reach?.state !== 'unreachable';
  return (
    <section class="status-bar" aria-label="Till status">
      <div class="status-row">
        <ConnectionIndicator reach={reach} online={online} waiting={outbox?.pending ?? 0} now={now} />
        <PendingChanges status={outbox} />
        <CatalogAge meta={meta} now={now} counts={counts} intervalMs={intervalMs} online={connected} />
        {/* A press is a person's try, the quickest way to see whether the line is back: refused only when the browser itself is offline. */}
        <PullButton
          onSync={onPullNow}
          disabled={!canPull || !online}
          reason={canPull && !online ? 'Offline: the catalog is updated when the connection is back.' : undefined}
        />
      </div>
      {contextProblem === null ? null : (
        <NewTokenAlert onNewToken={onNewToken}>
          <strong>This till cannot reach Epos Now: {contextProblem}</strong> Nothing is downloaded or sent until a new
          token is entered or the app is opened again from Epos Now; changes are kept meanwhile.
        </NewTokenAlert>
      )}
      <ChangesAlerts status={outbox} onNewToken={onNewToken} />
      <PullProgressBar progress={progress} />
      <CatalogHeld meta={meta} />
      <ApiLimitNotice until={apiLimitUntil} now={now} />
      {/* A paused queue already asks for the new token: one button for it, not two. */}
      <PullError
        progress={progress}
        meta={meta}
        online={connected}
        now={now}
        onNewToken={outbox?.paused ? undefined : onNewToken}
      />
    </section>
  );
}
