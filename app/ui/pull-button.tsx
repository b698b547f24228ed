/** Asks the worker for a pull now. */

/** Props of {@link PullButton}. */
export interface PullButtonProps {
  onSync: () => void;
  disabled?: boolean;
}

/** The "Sync now" button. */
export function PullButton({ onSync, disabled = false }: PullButtonProps) {
  return (
    <button type="button" class="button" onClick={onSync} disabled={disabled}>
      Sync now
    </button>
  );
}
