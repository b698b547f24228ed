/**
 * An inline "are you sure?" for a step that cannot be undone (clearing a basket, deleting a
 * record, discarding a change): the question and its two answers, with the focus on the answer
 * that changes nothing, so a second Enter is safe.
 */
import { useEffect, useId, useRef } from 'preact/hooks';

/** One answer: its text, and an accessible name where the text alone is ambiguous on the page. */
export interface ConfirmAnswer {
  text: string;
  name?: string;
}

/** Props of {@link Confirm}. */
export interface ConfirmProps {
  question: string;
  /** The group's accessible name; the question when absent. */
  label?: string;
  yes: ConfirmAnswer;
  no: ConfirmAnswer;
  /** While the step runs: the answer that goes ahead is disabled. */
  busy?: boolean;
  onYes: () => void;
  onNo: () => void;
}

/** The question with its answers. */
export function Confirm({ question, label, yes, no, busy = false, onYes, onNo }: ConfirmProps) {
  const id = useId();
  const safe = useRef<HTMLButtonElement>(null);
  useEffect(() => safe.current?.focus(), []);
  return (
    <div class="confirm" role="group" aria-label={label} aria-labelledby={label ? undefined : id}>
      <p id={id}>{question}</p>
      <button type="button" class="button button-danger" disabled={busy} aria-label={yes.name} onClick={onYes}>
        {yes.text}
      </button>
      <button ref={safe} type="button" class="button" aria-label={no.name} onClick={onNo}>
        {no.text}
      </button>
    </div>
  );
}
