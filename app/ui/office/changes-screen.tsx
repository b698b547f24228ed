/**
 * The back office's Pending changes tab: every write still in the outbox, in order of making,
 * and what a person may do with those Epos Now refused or could not confirm.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { isInvalidWrite, isStoreError } from '../../page/problem.ts';
import type { Writer } from '../../page/writer.ts';
import type { OutboxStatus } from '../../store/outbox-status.ts';
import type { OutboxEntry } from '../../store/schema.ts';
import type { Money } from '../../till/money.ts';
import { reportBug } from '../bug.ts';
import { type ChangeActions, ChangesEntry } from './changes-entry.tsx';
import { entryTitle } from './changes-words.tsx';

/** Props of {@link ChangesScreen}. */
export interface ChangesScreenProps {
  writer: Pick<Writer, 'list' | 'retry' | 'edit' | 'adopt' | 'discard' | 'keepMine' | 'keepTheirs'>;
  /** The outbox at a glance; each new value (a change anywhere) re-lists the entries. */
  outbox: OutboxStatus | undefined;
  now: number;
  /** The shop's money, to write prices where a change met another one. */
  money?: Money | undefined;
}

/** The Pending changes screen. */
export function ChangesScreen({ writer, outbox, now, money }: ChangesScreenProps) {
  const [entries, setEntries] = useState<OutboxEntry[] | undefined>(undefined);
  const [readError, setReadError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  // Per entry: actions on two entries may run at once, and the first to end must not free the other.
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  // Lists can finish out of order; only the latest one asked for is shown.
  const ticket = useRef(0);

  const relist = useCallback(async (): Promise<void> => {
    const mine = ++ticket.current;
    try {
      const listed = await writer.list();
      if (mine !== ticket.current) return;
      setEntries(listed);
      setReadError(null);
    } catch (error) {
      if (mine !== ticket.current) return;
      setReadError(
        isStoreError(error)
          ? `The changes stored on this till could not be read (${error.message}). Reload the page.`
          : reportBug(error),
      );
    }
  }, [writer]);
  useEffect(() => void relist(), [relist, outbox]);
  // A list finishing after the screen closed is dropped.
  useEffect(() => () => void ticket.current++, []);

  const run = async (entry: OutboxEntry, verb: string, action: () => Promise<void>): Promise<boolean> => {
    setBusy((before) => new Set(before).add(entry.seq));
    setActionError(null);
    try {
      await action();
      return true;
    } catch (error) {
      // The outbox's actions fail as a StoreError (the entry changed meanwhile, a full disk) or, for
      // an edit, as a body Epos Now would refuse; anything else is a bug.
      setActionError(
        isStoreError(error) || isInvalidWrite(error)
          ? `Could not ${verb} ${entryTitle(entry)}: ${error.message.replace(/\.$/, '')}. The change is still kept on this till; try again.`
          : reportBug(error),
      );
      return false;
    } finally {
      setBusy((before) => {
        const after = new Set(before);
        after.delete(entry.seq);
        return after;
      });
      await relist();
    }
  };
  const actionsFor = (entry: OutboxEntry): ChangeActions => ({
    retry: () => run(entry, 'retry', () => writer.retry(entry.seq)),
    edit: (body) => run(entry, 'save', () => writer.edit(entry.seq, body)),
    adopt: (record) => run(entry, 'settle', () => writer.adopt(entry.seq, record)),
    discard: () => run(entry, 'discard', () => writer.discard(entry.seq)),
    keepMine: (edited) =>
      run(entry, edited ? 'save' : 'keep this till’s values for', () => writer.keepMine(entry.seq, edited)),
    keepTheirs: () => run(entry, 'keep Epos Now’s values for', () => writer.keepTheirs(entry.seq)),
  });

  return (
    <section class="changes-screen" aria-labelledby="changes-heading">
      <h2 id="changes-heading">Pending changes</h2>
      <p class="hint">
        Changes made on this till wait here until Epos Now has them. Those it refused or could not confirm wait for you:
        retry, edit or discard them.
      </p>
      {outbox?.paused ? (
        <p class="warning">
          Sending is paused: Epos Now refused the API token. Nothing is lost; enter a new token on the till screen and
          sending resumes.
        </p>
      ) : null}
      {readError ? (
        <p role="alert" class="sync-error">
          {readError}
        </p>
      ) : null}
      {actionError ? (
        <p role="alert" class="sync-error">
          {actionError}
        </p>
      ) : null}
      {entries === undefined ? (
        readError ? null : (
          <p class="notice">Reading the changes stored on this till…</p>
        )
      ) : entries.length === 0 ? (
        <p class="changes-empty">Every change is on Epos Now.</p>
      ) : (
        <ol class="changes-list" aria-label="Changes waiting">
          {entries.map((entry) => (
            <ChangesEntry
              key={entry.seq}
              entry={entry}
              now={now}
              busy={busy.has(entry.seq)}
              actions={actionsFor(entry)}
              money={money}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
