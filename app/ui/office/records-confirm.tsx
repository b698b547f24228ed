/** An inline "are you sure?" for a change that cannot be undone; the safe choice has the focus. */
import { useEffect, useRef } from 'preact/hooks';

/** Props of {@link RecordsConfirm}. */
export interface RecordsConfirmProps {
  question: string;
  /** The button that goes ahead ("Delete"). */
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The question with its two answers. */
export function RecordsConfirm({ question, confirmLabel, busy, onConfirm, onCancel }: RecordsConfirmProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  // The button that opened this is gone; keyboard focus lands on the answer that changes nothing.
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div role="group" aria-label="Confirm" class="records-confirm">
      <p>{question}</p>
      <div class="records-buttons">
        <button type="button" class="button button-primary records-danger" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" class="button" ref={cancel} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
