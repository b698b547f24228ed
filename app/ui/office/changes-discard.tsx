/** The inline "are you sure" before a change is thrown away, saying what else goes with it. */

import type { OutboxEntry } from '../../store/schema.ts';
import { Confirm } from '../confirm.tsx';

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
  return (
    <Confirm
      question={`Discard ${title}? ${consequence(entry)}`}
      yes={{ text: 'Discard', name: `Confirm discard ${title}` }}
      no={{ text: 'Keep', name: `Keep ${title}` }}
      busy={busy}
      onYes={onDiscard}
      onNo={onKeep}
    />
  );
}

/** What discarding does beyond not sending: the admin store drops a create's later writes too. */
function consequence({ target, op }: Pick<OutboxEntry, 'target' | 'op'>): string {
  if (target === 'settings') return 'It will not be sent; Epos Now keeps the settings it has.';
  if (op === 'create') return 'It will not be sent. Changes queued after it for the same record are discarded too.';
  return 'It will not be sent; the till shows the record as Epos Now has it, with any other waiting changes.';
}
