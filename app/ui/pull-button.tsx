/** Asks the worker for a pull now. */
import { useId } from 'preact/hooks';

/** Props of {@link PullButton}. */
export interface PullButtonProps {
  onSync: () => void;
  disabled?: boolean;
  /** Why it is disabled, shown beside it and read with it; none when it is not. */
  reason?: string | undefined;
}

/** The "Sync now" button, and why it cannot be pressed when it cannot. */
export function PullButton({ onSync, disabled = false, reason }: PullButtonProps) {
  const id = useId();
  return (
    <>
      <button
        type="button"
        class="button"
        onClick={onSync}
        disabled={disabled}
        aria-describedby={disabled && reason ? id : undefined}
      >
        Sync now
      </button>
      {disabled && reason ? (
        <span id={id} class="hint">
          {reason}
        </span>
      ) : null}
    </>
  );
}
