/**
 * A part of the sale chosen now and then (the table, the discount) behind one button that says
 * what is chosen ("Table: T12"), opening a modal dialog. The floor plan and the discount fields no
 * longer take the counter's screen all day, nor push the basket down when the catalog arrives.
 * The browser's dialog keeps focus inside while open, closes on Escape and gives focus back to
 * the button.
 */
import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';

/** Props of {@link OnDemand}. */
export interface OnDemandProps {
  /** "Table", "Discount": the button's and the dialog's name. */
  label: string;
  /** What is chosen now, shown on the button; null for nothing. */
  chosen: string | null;
  /** What the button says when something is chosen, where "label: chosen" would not read well; default that. */
  text?: string;
  /** The dialog's content, given a way to close it (choosing a table is done at once). */
  children: (close: () => void) => ComponentChildren;
}

/** The button, and the dialog it opens. */
export function OnDemand({ label, chosen, text, children }: OnDemandProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const close = (): void => dialog.current?.close();
  return (
    <>
      <button
        type="button"
        class="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpen(true);
          dialog.current?.showModal();
        }}
      >
        {chosen === null ? label : (text ?? `${label}: ${chosen}`)}
      </button>
      <dialog ref={dialog} class="on-demand" aria-label={label} onClose={() => setOpen(false)}>
        {open ? children(close) : null}
        <button type="button" class="button" onClick={close}>
          Done
        </button>
      </dialog>
    </>
  );
}
