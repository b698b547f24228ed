/**
 * Hands the basket to the Epos Now till that framed this app, by `postMessage` to that window's
 * origin only. Where that cannot work (opened on its own, a hidden origin, an empty basket) the
 * button stays focusable but inert, and says why right beside it.
 */
import { useEffect, useId, useMemo, useState } from 'preact/hooks';
import type { Basket } from '../../till/basket.ts';
import type { Money } from '../../till/money.ts';
import { type FrameEnv, findTill } from '../../till/till-bridge.ts';
import { tillMessage } from '../../till/till-message.ts';

/** Props of {@link SendToTill}. */
export interface SendToTillProps {
  basket: Basket;
  money: Money;
  /** The window around the app; the real one unless given. */
  frame?: FrameEnv | undefined;
  /** The basket went: start a new one. */
  onSent(): void;
}

/** The "Send to till" button. */
export function SendToTill({ basket, money, frame, onSent }: SendToTillProps) {
  const till = useMemo(() => findTill(frame), [frame]);
  const [sent, setSent] = useState(false);
  const id = useId();
  const empty = basket.lines.length === 0;
  const reason = !till.ok ? till.reason : empty ? 'Add a product to the basket first.' : null;
  // "Sent" lasts until the next basket gets its first product.
  useEffect(() => {
    if (!empty) setSent(false);
  }, [empty]);

  return (
    <div class="send-to-till">
      <button
        type="button"
        class="button button-primary"
        aria-disabled={reason !== null}
        aria-describedby={reason ? id : undefined}
        onClick={() => {
          if (!till.ok || empty) return;
          till.target.postMessage(tillMessage(basket, money), till.origin);
          setSent(true);
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
      <p role="status" class="till-sent">
        {sent ? 'Sent to the till' : ''}
      </p>
    </div>
  );
}
