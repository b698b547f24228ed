/** One waiting change: what it is, where it stands, and what a person may do with it. */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { OpenRecord } from '../../epos/records.ts';
import type { OutboxEntry } from '../../store/schema.ts';
import type { Money } from '../../till/money.ts';
import { Ago } from './ago.tsx';
import { ChangesCandidates } from './changes-candidates.tsx';
import { ChangesConflict } from './changes-conflict.tsx';
import { ChangesDiscard } from './changes-discard.tsx';
import { ChangesEdit } from './changes-edit.tsx';
import { attemptsText, ChangeAnswer, entryTitle, STATE_WORDS } from './changes-words.tsx';
import { formatJson } from './json-text.ts';

/** What the screen does for an entry; each resolves true when it worked. */
export interface ChangeActions {
  retry(): Promise<boolean>;
  edit(body: OpenRecord): Promise<boolean>;
  adopt(record: OpenRecord): Promise<boolean>;
  discard(): Promise<boolean>;
  /** For an entry held for a conflict: this till's values stand, or `edited`, typed having seen both. */
  keepMine(edited?: OpenRecord): Promise<boolean>;
  /** For an entry held for a conflict: Epos Now's values stand. */
  keepTheirs(): Promise<boolean>;
}

/** Props of {@link ChangesEntry}. */
export interface ChangesEntryProps {
  entry: OutboxEntry;
  now: number;
  /** An action on this entry is under way. */
  busy: boolean;
  actions: ChangeActions;
  /** The shop's money, to write prices in a conflict. */
  money?: Money | undefined;
}

type Mode = 'view' | 'edit' | 'discard';

/** The entry as a list item, with its actions when it waits for a person. */
export function ChangesEntry({ entry, now, busy, actions, money }: ChangesEntryProps) {
  const [mode, setMode] = useState<Mode>('view');
  const editButton = useRef<HTMLButtonElement>(null);
  const discardButton = useRef<HTMLButtonElement>(null);
  const title = entryTitle(entry);
  const headingId = `change-${entry.seq}`;
  const needsPerson = entry.state === 'failed' || entry.state === 'held';
  // Another tab may have settled the entry while a form was open here.
  const shown: Mode = needsPerson ? mode : 'view';
  const candidates =
    entry.state === 'held' && entry.op === 'create' && entry.target !== 'settings' && entry.candidates?.length
      ? entry.candidates
      : undefined;
  // Retry would only meet the same conflict again: a person picks the values instead.
  const conflicts = entry.state === 'held' && entry.conflicts?.length ? entry.conflicts : undefined;
  const gone = isGoneUpdate(entry);

  // Back from a form, focus returns to the button that opened it.
  const previous = useRef<Mode>('view');
  useEffect(() => {
    const was = previous.current;
    previous.current = shown;
    if (shown === 'view' && was !== 'view') (was === 'edit' ? editButton : discardButton).current?.focus();
  }, [shown]);
  const settle = async (action: Promise<boolean>): Promise<void> => {
    if (await action) setMode('view');
  };

  return (
    <li class={`change change-${entry.state}`} aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <p class="change-facts">
        <span class="change-state">{STATE_WORDS[entry.state]}</span>
        <span>
          Made <Ago at={entry.createdAt} now={now} />
        </span>
        <span>{attemptsText(entry.attempts)}</span>
      </p>
      {entry.error && !conflicts ? <ChangeAnswer error={entry.error} /> : null}
      {/* Only a create may have landed unheard. A twin, or an entry held for another account (it keeps its previous state), says what Retry and Discard do in its own note above. */}
      {entry.state === 'held' && entry.op === 'create' && !candidates && entry.previousState === undefined ? (
        <p>
          Epos Now may or may not have received it. Check the Epos Now back office: if it is there, discard this; if
          not, retry.
        </p>
      ) : null}
      {gone ? (
        <p>
          Epos Now no longer has this record (deleted there?), so this change cannot be made. Discard it, or create the
          record again by hand if it should still be there; Retry only asks Epos Now again.
        </p>
      ) : null}
      {/* Left in view while the values are edited: the person types them having seen both. */}
      {conflicts ? <ChangesConflict target={entry.target} title={title} conflicts={conflicts} money={money} /> : null}
      {entry.body !== null && entry.body !== undefined && shown !== 'edit' ? (
        <details class="change-body">
          <summary>What it sends</summary>
          <pre>{formatJson(entry.body)}</pre>
        </details>
      ) : null}
      {candidates && shown === 'view' ? (
        <ChangesCandidates
          kind={entry.target as Exclude<OutboxEntry['target'], 'settings'>}
          title={title}
          body={entry.body}
          candidates={candidates}
          busy={busy}
          onAdopt={(record) => void actions.adopt(record)}
          onSendAgain={() => void actions.retry()}
        />
      ) : null}
      {shown === 'edit' ? (
        <ChangesEdit
          title={title}
          body={entry.body}
          busy={busy}
          onSave={(body) => void settle(conflicts ? actions.keepMine(body) : actions.edit(body))}
          onCancel={() => setMode('view')}
        />
      ) : shown === 'discard' ? (
        <ChangesDiscard
          entry={entry}
          title={title}
          busy={busy}
          onDiscard={() => void settle(actions.discard())}
          onKeep={() => setMode('view')}
        />
      ) : needsPerson ? (
        <div class="change-actions">
          {conflicts ? (
            <>
              <button
                type="button"
                class="button button-primary"
                disabled={busy}
                onClick={() => void actions.keepMine()}
                aria-label={`Keep mine: ${title}`}
              >
                Keep mine
              </button>
              <button
                type="button"
                class="button"
                disabled={busy}
                onClick={() => void actions.keepTheirs()}
                aria-label={`Keep theirs: ${title}`}
              >
                Keep theirs
              </button>
            </>
          ) : candidates ? null : (
            <button
              type="button"
              class="button button-primary"
              disabled={busy}
              onClick={() => void actions.retry()}
              aria-label={`Retry ${title}`}
            >
              Retry
            </button>
          )}
          {(entry.state === 'failed' && entry.op !== 'delete') || conflicts ? (
            <button
              ref={editButton}
              type="button"
              class="button"
              disabled={busy}
              onClick={() => setMode('edit')}
              aria-label={`Edit ${title}`}
            >
              Edit
            </button>
          ) : null}
          <button
            ref={discardButton}
            type="button"
            class="button"
            disabled={busy}
            onClick={() => setMode('discard')}
            aria-label={`Discard ${title}`}
          >
            Discard
          </button>
        </div>
      ) : null}
    </li>
  );
}

/** An update held because its record is no longer on Epos Now (sw/outbox/replay.ts holdGone): nothing to send it to. */
function isGoneUpdate(entry: OutboxEntry): boolean {
  return (
    entry.state === 'held' &&
    entry.op === 'update' &&
    !entry.conflicts?.length &&
    entry.previousState === undefined &&
    entry.error?.name === 'Verification'
  );
}
