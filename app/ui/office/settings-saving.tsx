/**
 * Saving settings, from the form or the raw view: what the outbox did with the document, in words,
 * and a refusal to store it (a full disk) as an alert, with what was typed left in place.
 */
import { useState } from 'preact/hooks';
import type { WriteResult } from '../../writer.ts';

/** Where the last save stands. */
export type SaveOutcome = { state: 'idle' | 'saving' } | { state: 'saved' | 'failed'; message: string };

/** The words for a stored save: sent already, or waiting for the connection. */
export function savedMessage(result: WriteResult): string {
  return result.state === 'done' ? 'Saved' : 'Saved on this till; it will be sent to Epos Now when the connection is back';
}

/** A save's outcome, and the function that runs one; `run` resolves whether it was stored. */
export function useSaving(): { outcome: SaveOutcome; run(save: () => Promise<WriteResult>): Promise<boolean>; clear(): void } {
  const [outcome, setOutcome] = useState<SaveOutcome>({ state: 'idle' });
  async function run(save: () => Promise<WriteResult>): Promise<boolean> {
    setOutcome({ state: 'saving' });
    try {
      setOutcome({ state: 'saved', message: savedMessage(await save()) });
      return true;
    } catch (error) {
      // A StoreError's message already says what happened and what to do.
      if (!(error instanceof Error)) throw error;
      setOutcome({ state: 'failed', message: `Not saved: ${error.message}` });
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
      <p role="status" class="settings-saved">
        {outcome.state === 'saved' ? outcome.message : ''}
      </p>
      {outcome.state === 'failed' ? (
        <p role="alert" class="sync-error">
          {outcome.message}
        </p>
      ) : null}
    </>
  );
}
