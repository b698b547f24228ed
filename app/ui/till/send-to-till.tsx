/**
 * Hands the sale to the Epos Now till that framed this app, unasked, for a till that does not
 * ask first: the sale's JSON string (app/till/sale.ts, the same the reply carries) by `postMessage`
 * to that window's origin only. Where that cannot work (opened on its own, a hidden origin, an
 * empty basket) the button stays focusable but inert, and says why right beside it. The till does
 * not acknowledge, so the sale handed over can be brought back until the next sale starts: if the
 * till ignored it, it is not lost. Where Epos Now's till SDK is on the page (a deployment setting
 * loads it), the sale also goes through its TransactionPublisher and the till's Submit is pressed.
 */
import type { RefObject } from 'preact';
import { useId, useMemo, useRef, useState } from 'preact/hooks';
import { type Basket, isEmpty } from '../../till/basket.ts';
import type { Transaction } from '../../till/sale.ts';
import { type FrameEnv, findTill } from '../../till/till-bridge.ts';
import { publishSale, type SdkScope } from '../../till/till-sdk.ts';

/** Props of {@link SendToTill}. */
export interface SendToTillProps {
  basket: Basket;
  /** The basket as the till takes it. */
  sale: Transaction;
  /** The sale handed over last (by this button or a reply to the till), until the next one starts. */
  handed: Basket | null;
  /** The string the till was handed for it; null with `handed`. */
  handedText?: string | null;
  /** The window around the app; the real one unless given. */
  frame?: FrameEnv | undefined;
  /** The sale went: hand it over (the next one starts). */
  onSent(): void;
  /** Puts the sale handed over back, when the cashier asks for it. */
  onRestore(basket: Basket): void;
  /** The button, for a caller that moves focus to it (once the sale is paid). */
  buttonRef?: RefObject<HTMLButtonElement | null>;
  /** Where Epos Now's till SDK would be; the app's window unless given. */
  sdk?: SdkScope | undefined;
}

/** The "Send to till" button. */
export function SendToTill({
  basket,
  sale,
  handed,
  handedText = null,
  frame,
  onSent,
  onRestore,
  buttonRef,
  sdk,
}: SendToTillProps) {
  const till = useMemo(() => findTill(frame), [frame]);
  const [sdkProblem, setSdkProblem] = useState<string | null>(null);
  const own = useRef<HTMLButtonElement>(null);
  const button = buttonRef ?? own;
  const id = useId();
  const noLines = basket.lines.length === 0;
  const reason = !till.ok ? till.reason : noLines ? 'Add a product to the basket first.' : null;

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
          till.target.postMessage(JSON.stringify(sale), till.origin);
          // The string went first: a till that takes it has the sale whatever the script does.
          const outcome = publishSale(sdk ?? window, sale);
          setSdkProblem(!outcome.ok && outcome.reason === 'failed' ? outcome.message : null);
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
      {/* About the sale handed over: gone once the next sale starts. */}
      {sdkProblem && handed ? (
        <p role="alert" class="till-alert">
          {sdkProblem}. The sale was also sent as a message; if the till did not take it, bring the basket back and ring
          it up on the till.
        </p>
      ) : null}
      <div class="till-sent-row">
        <p role="status" class="till-sent">
          {handed ? 'Sent to the till' : ''}
        </p>
        {/* Not over a new sale's discount or table: bringing it back would lose them. */}
        {handed && isEmpty(basket) ? (
          <button
            type="button"
            class="button till-restore"
            onClick={() => {
              onRestore(handed);
              button.current?.focus();
            }}
          >
            Bring the basket back
          </button>
        ) : null}
      </div>
      {/* Word for word, for a shop whose till showed something else (README: a shop's first sale). */}
      {handed && handedText ? (
        <details class="till-sent-text">
          <summary>What the till was handed</summary>
          <code>{handedText}</code>
        </details>
      ) : null}
    </div>
  );
}
