/**
 * Hands the basket to the Epos Now till that framed this app, unasked, for a till that does not
 * ask first: the sale's string (app/till/sale.ts, the same the reply carries) by `postMessage` to
 * that window's origin only. Where that cannot work (opened on its own, a hidden origin, an empty basket) the
 * button stays focusable but inert, and says why right beside it. The till does not answer, so
 * the sent basket is kept until the next sale starts: if the till ignored it, it can come back.
 */
import type { RefObject } from 'preact';
import { useEffect, useId, useMemo, useRef, useState } from 'preact/hooks';
import { type Basket, isEmpty } from '../../till/basket.ts';
import type { Money } from '../../till/money.ts';
import { saleText } from '../../till/sale.ts';
import { type FrameEnv, findTill } from '../../till/till-bridge.ts';

/** Props of {@link SendToTill}. */
export interface SendToTillProps {
  basket: Basket;
  money: Money;
  /** The basket's table as the floor plan names it, for the sale's details. */
  tableName?: string | null | undefined;
  /** The window around the app; the real one unless given. */
  frame?: FrameEnv | undefined;
  /** The basket went: start a new one. */
  onSent(): void;
  /** Puts the sent basket back, when the cashier asks for it. */
  onRestore(basket: Basket): void;
  /** The button, for a caller that moves focus to it (once the sale is paid). */
  buttonRef?: RefObject<HTMLButtonElement | null>;
}

/** The "Send to till" button. */
export function SendToTill({ basket, money, tableName, frame, onSent, onRestore, buttonRef }: SendToTillProps) {
  const till = useMemo(() => findTill(frame), [frame]);
  const [sent, setSent] = useState<Basket | null>(null);
  const own = useRef<HTMLButtonElement>(null);
  const button = buttonRef ?? own;
  const id = useId();
  const noLines = basket.lines.length === 0;
  const reason = !till.ok ? till.reason : noLines ? 'Add a product to the basket first.' : null;
  // "Sent" lasts until the next basket gets its first product.
  useEffect(() => {
    if (!noLines) setSent(null);
  }, [noLines]);

  return (
    <div class="send-to-till">
      <button
        ref={button}
        type="button"
        class="button button-primary"
        aria-disabled={reason !== null}
        aria-describedby={reason ? id : undefined}
        onClick={() => {
          if (!till.ok || noLines) return;
          till.target.postMessage(saleText(basket, money, { tableName }), till.origin);
          setSent(basket);
          onSent();
        }}
      >
        Send to till
      </button>
      {reason ? (
        <p id={id} class="hint">
          {reason}
        </p>
      ) : null}
      <div class="till-sent-row">
        <p role="status" class="till-sent">
          {sent ? 'Sent to the till' : ''}
        </p>
        {/* Not over a new sale's discount or table: bringing it back would lose them. */}
        {sent && isEmpty(basket) ? (
          <button
            type="button"
            class="button till-restore"
            onClick={() => {
              onRestore(sent);
              button.current?.focus();
            }}
          >
            Bring the basket back
          </button>
        ) : null}
      </div>
    </div>
  );
}
