/** A write's result in the words of the person who made it: the same everywhere a write is made. */
import { useEffect, useRef } from 'preact/hooks';
import type { WriteOptions, WriteResult } from '../page/writer.ts';

/** What to say, and whether it needs acting on (an alert rather than a status). */
export interface WriteOutcome {
  text: string;
  alert: boolean;
}

/** The outcome of `result`; `done` is what a screen says once Epos Now has the write. */
export function writeOutcome(result: WriteResult, done: string): WriteOutcome {
  if (result.state === 'done') return { text: done, alert: false };
  if (result.state === 'queued')
    return { text: 'Saved on this till; it goes to Epos Now as soon as the connection allows.', alert: false };
  return {
    text: `Kept on this till, but not accepted by Epos Now (${result.reason}). Fix it under Back office, Pending changes.`,
    alert: true,
  };
}

/**
 * Write options for a screen's writes: when one answered 'queued' later lands or is refused,
 * `apply` hears it, unless the screen made another write since (its outcome is the one shown) or
 * is gone. Call the returned function once per write.
 */
export function useLaterOutcome(apply: (result: WriteResult) => void): () => WriteOptions {
  const latest = useRef(0);
  const mounted = useRef(true);
  const applied = useRef(apply);
  applied.current = apply;
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  return () => {
    const mine = ++latest.current;
    return {
      onSettled: (result) => {
        if (mounted.current && latest.current === mine) applied.current(result);
      },
    };
  };
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
