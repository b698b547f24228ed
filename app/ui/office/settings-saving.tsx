/**
 * Saving settings, from the form or the raw view: what the outbox did with the document, in words,
 * and a refusal to store it (a full disk) as an alert, with what was typed left in place.
 */
import { useState } from 'preact/hooks';
import { isStoreError } from '../../page/problem.ts';
import type { WriteOptions, WriteResult } from '../../page/writer.ts';
import { reportBug } from '../bug.ts';
import { OutcomeMessage, useLaterOutcome, type WriteOutcome, writeOutcome } from '../write-outcome.tsx';

/** Where the last save stands. */
export type SaveOutcome =
  | { state: 'idle' | 'saving' }
  | { state: 'saved'; written: WriteOutcome }
  | { state: 'failed'; message: string };

/** A save's outcome, and the function that runs one; `run` resolves whether it was stored. */
export function useSaving(): {
  outcome: SaveOutcome;
  run(save: (options: WriteOptions) => Promise<WriteResult>): Promise<boolean>;
  clear(): void;
} {
  const [outcome, setOutcome] = useState<SaveOutcome>({ state: 'idle' });
  const later = useLaterOutcome((result) => setOutcome({ state: 'saved', written: writeOutcome(result, 'Saved') }));
  async function run(save: (options: WriteOptions) => Promise<WriteResult>): Promise<boolean> {
    setOutcome({ state: 'saving' });
    try {
      setOutcome({ state: 'saved', written: writeOutcome(await save(later()), 'Saved') });
      return true;
    } catch (error) {
      // A StoreError's message already says what happened and what to do. Anything else is a bug.
      setOutcome({ state: 'failed', message: isStoreError(error) ? `Not saved: ${error.message}` : reportBug(error) });
      return false;
    }
  }
  return { outcome, run, clear: () => setOutcome({ state: 'idle' }) };
}

/** Props of {@link SaveMessage}. */
export interface SaveMessageProps {
  outcome: SaveOutcome;
}

/** "Saved…" in a live region that is always there (so it is announced), or the refusal as an alert. */
export function SaveMessage({ outcome }: SaveMessageProps) {
  return (
    <>
      <OutcomeMessage outcome={outcome.state === 'saved' ? outcome.written : null} class="settings-saved" />
      {outcome.state === 'failed' ? (
        <p role="alert" class="sync-error">
          {outcome.message}
        </p>
      ) : null}
    </>
  );
}
