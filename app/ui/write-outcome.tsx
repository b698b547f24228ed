/** A write's result in the words of the person who made it: the same everywhere a write is made. */
import type { WriteResult } from '../writer.ts';

/** What to say, and whether it needs acting on (an alert rather than a status). */
export interface WriteOutcome {
  text: string;
  alert: boolean;
}

/** The outcome of `result`; `done` is what a screen says once Epos Now has the write. */
export function writeOutcome(result: WriteResult, done: string): WriteOutcome {
  if (result.state === 'done') return { text: done, alert: false };
  if (result.state === 'queued') return { text: 'Saved on this till; it goes to Epos Now as soon as the connection allows.', alert: false };
  return { text: `Kept on this till, but not accepted by Epos Now (${result.reason}). Fix it under Back office, Pending changes.`, alert: true };
}

/** Props of {@link OutcomeMessage}. */
export interface OutcomeMessageProps {
  outcome: WriteOutcome | null;
  class?: string;
}

/**
 * The outcome in a status region that is always there (so screen readers announce it when it
 * fills), or as an alert when a person must act.
 */
export function OutcomeMessage({ outcome, class: className }: OutcomeMessageProps) {
  return (
    <>
      <p role="status" class={className}>
        {outcome && !outcome.alert ? outcome.text : ''}
      </p>
      {outcome?.alert ? (
        <p role="alert" class="sync-error">
          {outcome.text}
        </p>
      ) : null}
    </>
  );
}
