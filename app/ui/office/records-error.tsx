/** Why a page or a record could not be loaded, in words a manager can act on, and a way to try again. */
import type { EposError } from '../../epos/errors.ts';
import { isCachedKind, KINDS, type Kind } from '../../epos/kinds.ts';

/** Props of {@link RecordsError}. */
export interface RecordsErrorProps {
  kind: Kind;
  error: EposError;
  online: boolean;
  onRetry: () => void;
  /** Opens the form for a new API token; offered when the token was refused. */
  onNewToken?: (() => void) | undefined;
}

/**
 * The sentence for a failed load. Offline, only the cached kinds are answered (from this till's
 * storage), so for the others the fix is the connection, not the request.
 */
export function loadErrorText(kind: Kind, error: EposError, online: boolean): string {
  const label = KINDS[kind].label;
  if (error.code === 'network' && !isCachedKind(kind) && (!online || !error.mayHaveReached)) {
    return `${label} records are only available online. Connect and try again.`;
  }
  if (error.code === 'auth') {
    return 'Epos Now refused the API token: it may have been revoked or regenerated. Enter a new one, open the app again from Epos Now, or ask a manager to check the API device.';
  }
  // Messages of app/epos never carry the token, so they can be shown as they are.
  return `Could not load ${label} records: ${error.message}`;
}

/** The alert shown in place of the table. */
export function RecordsError({ kind, error, online, onRetry, onNewToken }: RecordsErrorProps) {
  return (
    <div role="alert" class="sync-error records-error">
      <p>{loadErrorText(kind, error, online)}</p>
      <button type="button" class="button" onClick={onRetry}>
        Try again
      </button>
      {error.code === 'auth' && onNewToken ? (
        <button type="button" class="button" onClick={onNewToken}>
          Enter a new token
        </button>
      ) : null}
    </div>
  );
}
