/**
 * The outbox in the status bar: how many changes wait to be sent, which need a person, and a
 * paused queue's way out (a new token). Always on screen, so a cashier never wonders whether
 * what they did offline was kept.
 */
import type { OutboxStatus } from '../store/outbox-status.ts';
import { NewTokenAlert } from './new-token-alert.tsx';

/** Props of {@link PendingChanges} and {@link ChangesAlerts}. */
export interface PendingChangesProps {
  /** Undefined until the first read. */
  status: OutboxStatus | undefined;
}

/** "4 pending" or "All changes saved", announced as it changes. */
export function PendingChanges({ status }: PendingChangesProps) {
  // Until the outbox is read, an empty pill of the usual width holds its place, so the status
  // bar does not move when it arrives (layout shift).
  if (!status)
    return (
      <span class="pill pill-unread" aria-hidden="true">
        All changes saved
      </span>
    );
  const { pending } = status;
  const attention = status.failed + status.held;
  // "Saved" only when nothing at all is left: a change needing a person is not saved.
  const saved = pending + attention === 0;
  return (
    <span role="status" aria-label="Changes" class={saved ? 'pill pill-online' : 'pill pill-pending'}>
      {pending > 0 ? `${pending} pending` : saved ? 'All changes saved' : `${attention} to check`}
    </span>
  );
}

/** Props of {@link ChangesAlerts}. */
export interface ChangesAlertsProps extends PendingChangesProps {
  /** Opens the form for a new API token. */
  onNewToken: () => void;
}

/** Alerts for changes that need a person, and for sending paused on a refused token. */
export function ChangesAlerts({ status, onNewToken }: ChangesAlertsProps) {
  if (!status) return null;
  const attention = status.failed + status.held;
  return (
    <>
      {status.paused ? (
        <NewTokenAlert onNewToken={onNewToken}>
          <strong>Sending paused: the API token was refused. Enter a new token.</strong>
        </NewTokenAlert>
      ) : null}
      {attention > 0 ? (
        <p role="alert" class="sync-error">
          <strong>
            {attention} {attention === 1 ? 'change needs' : 'changes need'} attention
          </strong>
          : refused or not confirmed by Epos Now. Kept on this till, not sent again until a manager checks.
        </p>
      ) : null}
    </>
  );
}
