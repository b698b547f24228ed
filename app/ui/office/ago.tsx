/** A moment as a person reads it at a glance ("3 min ago"), with the exact time on hover and for machines. */
import { formatAge } from '../format.ts';

/** Props of {@link Ago}. */
export interface AgoProps {
  /** The moment (ms since epoch). */
  at: number;
  now: number;
}

const EXACT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** "3 min ago" in a <time> carrying the exact date and time. */
export function Ago({ at, now }: AgoProps) {
  const date = new Date(at);
  return (
    <time dateTime={date.toISOString()} title={EXACT.format(date)}>
      {formatAge(at, now)}
    </time>
  );
}
