/** An outbox entry in words: what it does, where it stands, and what Epos Now said of it. */
import type { EposErrorData } from '../../epos/errors.ts';
import { KINDS } from '../../epos/kinds.ts';
import type { EntryState, OutboxEntry } from '../../store/schema.ts';

/** Where an entry stands, as a manager reads it. */
export const STATE_WORDS: Readonly<Record<EntryState, string>> = {
  pending: 'Waiting to be sent',
  sending: 'Sending',
  verify: 'Checking whether it arrived',
  failed: 'Refused by Epos Now',
  held: 'Needs a decision',
};

const VERBS = { create: 'Create', update: 'Update', delete: 'Delete', save: 'Save' } as const;

/**
 * "Create Customer (Olive Offline)", "Update Product 12 (Flat White)", "Delete new Brand", "Save
 * settings": what it does, to which record, named as people know it when the change carries a name.
 */
export function entryTitle(entry: Pick<OutboxEntry, 'target' | 'op' | 'recordId' | 'body'>): string {
  if (entry.target === 'settings') return 'Save settings';
  const label = KINDS[entry.target].label;
  const name = recordName(entry.body);
  const named = name ? ` (${name})` : '';
  if (entry.op === 'create') return `Create ${label}${named}`;
  // A negative id is a record created offline that Epos Now has not numbered yet.
  const which = entry.recordId < 0 ? `new ${label}` : `${label} ${entry.recordId}`;
  return `${VERBS[entry.op]} ${which}${named}`;
}

/** A record's name as people say it: its Name, a customer's forename and surname, a discount's reason. */
function recordName(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const fields = body as Readonly<Record<string, unknown>>;
  const text = (key: string): string => (typeof fields[key] === 'string' ? (fields[key] as string).trim() : '');
  return text('Name') || [text('Forename'), text('Surname')].filter(Boolean).join(' ') || text('Reason');
}

/** "Not sent yet", "1 attempt", "3 attempts". */
export function attemptsText(attempts: number): string {
  return attempts === 0 ? 'Not sent yet' : attempts === 1 ? '1 attempt' : `${attempts} attempts`;
}

/** Props of {@link ChangeAnswer}. */
export interface ChangeAnswerProps {
  error: EposErrorData;
}

/**
 * What Epos Now answered (with its status), or why the last try failed without an answer. A
 * change that never left the till (offline, connection refused) is not a failure: it waits for
 * the connection. The request and the browser's words sit behind "Details".
 */
export function ChangeAnswer({ error }: ChangeAnswerProps) {
  if (error.code === 'network' && !error.mayHaveReached) {
    return (
      <div class="change-waiting">
        <p>Waiting for the connection: it is sent as soon as Epos Now can be reached.</p>
        <Details text={error.message} />
      </div>
    );
  }
  return (
    <div class="change-answer">
      <p>
        <strong>{error.status === undefined ? 'Last try failed' : `Epos Now answered ${error.status}`}</strong>
        {error.serverMessage ? `: ${error.serverMessage}` : null}
      </p>
      <Details text={error.message} />
    </div>
  );
}

function Details({ text }: { text: string }) {
  return (
    <details class="change-details">
      <summary>Details</summary>
      <p>{text}</p>
    </details>
  );
}
