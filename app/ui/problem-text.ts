/**
 * The words for what the page's state modules report (app/page/problem.ts): one place, so the
 * till and the back office say the same thing about the same failure.
 */
import { errorText } from '../epos/error-text.ts';
import type { ConfigView } from '../page/config-state.ts';
import type { Problem } from '../page/problem.ts';

/** A sentence for a cashier or manager; `settings` says what is in use when settings could not be fetched. */
export function problemText(problem: Problem, settings?: Pick<ConfigView, 'source'>): string {
  const cause = errorText(problem.cause);
  switch (problem.code) {
    case 'catalog-unopenable':
      return `The stored catalog could not be read (${cause}). Reload the page.`;
    case 'catalog-unreadable':
      return `The till could not re-read its catalog (${cause}); it shows what it had. Reload the page.`;
    case 'settings-unfetchable':
      return `The settings could not be fetched (${cause}); ${settings?.source === 'none' ? 'defaults are' : 'the stored settings are'} in use.`;
    case 'settings-unreadable':
      return `The stored settings could not be read (${cause}).`;
    case 'storage-failed':
      return cause;
    case 'storage-blocked-in-frame':
      return `${cause} Inside Epos Now, the browser must allow this app's site data: in its settings, allow third-party cookies and site data for this app's address.`;
    case 'start-failed':
      return `The till app could not start (${cause}). Reload the page; if it happens again, contact support.`;
    case 'worker-unregistered':
      return `Offline mode could not start: the service worker did not register (${cause}). The till works while online; reload to try again.`;
  }
}

/** What a download the worker stopped mid-walk is shown as. */
export const STALLED_TEXT = 'The download stopped without finishing; it starts again by itself, or press Sync now.';
