/** Epos Now's API limit for the account was reached: the till waits, and says until when. */

/** Props of {@link ApiLimitNotice}. */
export interface ApiLimitNoticeProps {
  /** When requests go again (ms); 0 or past: no notice. */
  until: number;
  now: number;
}

const TIME = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** "Epos Now's API limit for this account was reached; trying again at 14:05." */
export function ApiLimitNotice({ until, now }: ApiLimitNoticeProps) {
  if (until <= now) return null;
  return (
    <p role="status" class="sync-error api-limit">
      Epos Now’s API limit for this account was reached; trying again at {TIME.format(until)}. Sales and changes are
      kept on this till meanwhile.
    </p>
  );
}
