/** Asks the worker for a pull now. */

/** Props of {@link SyncButton}. */
export interface SyncButtonProps {
  onSync: () => void;
  disabled?: boolean;
}

/** The "Sync now" button. */
export function SyncButton({ onSync, disabled = false }: SyncButtonProps) {
  return (
    <button type="button" class="button" onClick={onSync} disabled={disabled}>
      Sync now
    </button>
  );
}
