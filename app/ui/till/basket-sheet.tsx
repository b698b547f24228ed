/**
 * The basket and payment on a tablet or phone: a sheet over the products, opened from the sale
 * bar at the bottom, so the cashier never scrolls down a long page to pay and comes straight back
 * to searching. A modal dialog: the browser keeps focus inside, Escape closes it, and focus goes
 * back to the control that opened it. The sheet is in the page even while closed, so the payment
 * it holds keeps its state and can be focused the moment it opens.
 */
import type { ComponentChildren, RefObject } from 'preact';

/** Props of {@link BasketSheet}. */
export interface BasketSheetProps {
  /** The dialog, for the order pad to open (showModal) and close. */
  sheetRef: RefObject<HTMLDialogElement | null>;
  /** Told when the sheet has closed, however it was closed. */
  onClose(): void;
  children: ComponentChildren;
}

/** The sheet, with a way back to the products at its top. */
export function BasketSheet({ sheetRef, onClose, children }: BasketSheetProps) {
  return (
    <dialog ref={sheetRef} class="basket-sheet" aria-label="Basket and payment" onClose={onClose}>
      <button type="button" class="button basket-sheet-back" onClick={() => sheetRef.current?.close()}>
        Back to products
      </button>
      {children}
    </dialog>
  );
}
