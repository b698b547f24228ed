/**
 * A newer version of the app opened the database in another tab, which closed this tab's
 * connection: nothing can be read or saved here any more, so the till says so and offers a reload.
 */
import { useMemo } from 'preact/hooks';
import { REPLACED_MESSAGE, replacedState } from '../page/replaced.ts';
import type { TillDb } from '../store/db.ts';
import { useSubscription } from './use-subscription.ts';

/** Props of {@link UpgradedBanner}. */
export interface UpgradedBannerProps {
  db: TillDb;
  /** Reloads the page; location.reload unless given. */
  onReload?: () => void;
}

/** Whether `db` was taken over by a newer version, re-rendering when it is. */
export function useReplaced(db: TillDb): boolean {
  const state = useMemo(() => replacedState(db), [db]);
  return useSubscription(state) === true;
}

/** An alert with "Reload" once `db` was taken over; nothing before. */
export function UpgradedBanner({ db, onReload = () => location.reload() }: UpgradedBannerProps) {
  if (!useReplaced(db)) return null;
  return (
    <div role="alert" class="update-banner">
      <span>{REPLACED_MESSAGE}.</span>
      <button type="button" class="button" onClick={onReload}>
        Reload
      </button>
    </div>
  );
}
