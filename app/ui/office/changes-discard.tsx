/** The inline "are you sure" before a change is thrown away, saying what else goes with it. */
import { useEffect, useId, useRef } from 'preact/hooks';
import type { OutboxEntry } from '../../store/schema.ts';

/** Props of {@link ChangesDiscard}. */
export interface ChangesDiscardProps {
  entry: Pick<OutboxEntry, 'target' | 'op'>;
  /** The entry in words ("Create Customer"). */
  title: string;
  busy: boolean;
  onDiscard: () => void;
  onKeep: () => void;
}

/** "Discard Create Customer? It will not be sent. …" [Discard] [Keep]. */
export function ChangesDiscard({ entry, title, busy, onDiscard, onKeep }: ChangesDiscardProps) {
  const id = useId();
  const keep = useRef<HTMLButtonElement>(null);
  // Focus lands on the safe answer, so a second Enter does not throw the change away.
  useEffect(() => keep.current?.focus(), []);
  return (
    <div class="change-confirm" role="group" aria-labelledby={id}>
      <p id={id}>
        Discard {title}? {consequence(entry)}
      </p>
      <div class="change-actions">
        <button type="button" class="button" disabled={busy} onClick={onDiscard} aria-label={`Confirm discard ${title}`}>
          Discard
        </button>
        <button ref={keep} type="button" class="button button-primary" onClick={onKeep} aria-label={`Keep ${title}`}>
          Keep
        </button>
      </div>
    </div>
  );
}

/** What discarding does beyond not sending: the admin store drops a create's later writes too. */
function consequence({ target, op }: Pick<OutboxEntry, 'target' | 'op'>): string {
  if (target === 'settings') return 'It will not be sent; Epos Now keeps the settings it has.';
  if (op === 'create') return 'It will not be sent. Changes queued after it for the same record are discarded too.';
  return 'It will not be sent; the till shows the record as Epos Now has it, with any other waiting changes.';
}
