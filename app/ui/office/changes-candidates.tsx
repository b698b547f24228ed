/**
 * A create that may have landed unheard, with the server records that look like it: a person
 * says which one it became, or that none did and it should be sent again.
 */
import { useId } from 'preact/hooks';
import { recordId } from '../../epos/ids.ts';
import { KINDS, type Kind } from '../../epos/kinds.ts';
import type { OpenRecord } from '../../epos/records.ts';

/** Props of {@link ChangesCandidates}. */
export interface ChangesCandidatesProps {
  kind: Kind;
  /** The entry in words ("Create Customer"). */
  title: string;
  /** What the create sent: its fields describe each candidate. */
  body: unknown;
  candidates: readonly OpenRecord[];
  busy: boolean;
  onAdopt: (record: OpenRecord) => void;
  onSendAgain: () => void;
}

/** The candidates, each with an id with "This is the one", and "None of these: send again". */
export function ChangesCandidates({
  kind,
  title,
  body,
  candidates,
  busy,
  onAdopt,
  onSendAgain,
}: ChangesCandidatesProps) {
  const id = useId();
  const label = KINDS[kind].label;
  return (
    <div class="change-candidates" role="group" aria-labelledby={id}>
      <p id={id}>
        Epos Now may have received this already. If one of these records is it, pick it; otherwise send it again.
      </p>
      <ul>
        {candidates.map((candidate, index) => {
          const candidateId = recordId(kind, candidate);
          const name = `${label} ${candidateId ?? '(no id)'}`;
          return (
            <li key={index}>
              <span class="change-candidate">
                <strong>{name}</strong> {describe(candidate, body)}
              </span>
              {/* Adopting a record without an id would leave the till's temporary id in place. */}
              {candidateId === undefined ? (
                <span class="hint">No id: cannot be adopted</span>
              ) : (
                <button
                  type="button"
                  class="button"
                  disabled={busy}
                  onClick={() => onAdopt(candidate)}
                  aria-label={`This is the one: ${name}`}
                >
                  This is the one
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        class="button"
        disabled={busy}
        onClick={onSendAgain}
        aria-label={`None of these: send again (${title})`}
      >
        None of these: send again
      </button>
    </div>
  );
}

/** The candidate's values of the fields the create sent ("Forename: Ann · Surname: Lee"). */
function describe(candidate: OpenRecord, body: unknown): string {
  const sent = typeof body === 'object' && body !== null ? Object.keys(body) : [];
  const shown = sent.filter((key) => key in candidate).slice(0, 4);
  if (shown.length === 0) return JSON.stringify(candidate).slice(0, 120);
  return shown
    .map((key) => `${key}: ${typeof candidate[key] === 'string' ? candidate[key] : JSON.stringify(candidate[key])}`)
    .join(' · ');
}
