/**
 * The sale handed to the Epos Now till, by either documented way: answering the till's ask (the
 * reply, app/till/till-reply.ts) or "Send to till" unasked. Handing over ends the sale at the
 * counter the way Send to till always has: the basket starts empty, "Sent to the till" shows, and
 * the sale can be brought back. The till is likely to ask when the cashier confirms the app and may
 * ask again (a retry, a second confirm), so until the next sale gets its first product every ask
 * gets the sale handed over, not an empty one. A basket with no products is never handed over: an
 * ask then gets what it holds (an empty but valid sale, its customer or table if any).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Basket } from '../../till/basket.ts';
import type { Money } from '../../till/money.ts';
import { saleOf, type Transaction } from '../../till/sale.ts';
import { answerTill, browserReplyEnv, type ReplyEnv } from '../../till/till-reply.ts';

/** What {@link useHandoff} reads on each render. */
export interface HandoffInput {
  basket: Basket;
  money: Money;
  /** The basket's table as the floor plan names it. */
  tableName: string | null;
  /** The window the till's asks arrive at; the real one unless given. */
  reply?: ReplyEnv | undefined;
  /** The sale was handed over: count it and start the next one (clear the basket). */
  onHandedOver(basket: Basket): void;
}

/** The current sale, the one handed over last, and the ways to hand it over and bring it back. */
export interface Handoff {
  /** The sale as the till takes it, now. */
  sale: Transaction;
  /** The basket handed over last, until the next sale gets its first product; else null. */
  handed: Basket | null;
  /** The string the till was handed for it (what a shop sends us when the till shows otherwise); else null. */
  handedText: string | null;
  /** Hands the current sale over (after Send to till posted it). */
  handOver(): void;
}

interface Handed {
  basket: Basket;
  text: string;
}

/** Answers the till's asks while mounted, and hands the sale over. */
export function useHandoff({ basket, money, tableName, reply, onHandedOver }: HandoffInput): Handoff {
  const sale = saleOf(basket, money, { tableName });
  const [handed, setHanded] = useState<Handed | null>(null);
  // What the reply reads: the latest render's, and moved on at once by a hand-over, so a second
  // ask in the same task (before a render) gets the sale handed over, not a second hand-over.
  const live = useRef({ basket, sale, handed, onHandedOver });
  live.current = { basket, sale, handed, onHandedOver };
  const noLines = basket.lines.length === 0;
  // The next sale's first product ends the last one's "Sent", and its answer to a repeated ask.
  useEffect(() => {
    if (!noLines) setHanded(null);
  }, [noLines]);

  const handOver = (): string => {
    const now = live.current;
    const next = { basket: now.basket, text: JSON.stringify(now.sale) };
    live.current = { ...now, basket: { ...now.basket, lines: [] }, handed: next };
    setHanded(next);
    now.onHandedOver(now.basket);
    return next.text;
  };
  const answer = useRef(handOver);
  answer.current = handOver;

  useEffect(
    () =>
      answerTill(reply ?? browserReplyEnv(), () => {
        const now = live.current;
        if (now.basket.lines.length > 0) return answer.current();
        return now.handed?.text ?? JSON.stringify(now.sale);
      }),
    [reply],
  );

  return { sale, handed: handed?.basket ?? null, handedText: handed?.text ?? null, handOver: () => void handOver() };
}
