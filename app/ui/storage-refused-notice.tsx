/**
 * What a till refused its storage says at the top of every screen: that it sells online only,
 * what that means for a change made now, and a button that asks the browser for access where the
 * browser can be asked (a tap is required), with how to allow it in the settings otherwise.
 */
import { useState } from 'preact/hooks';
import { errorText } from '../epos/error-text.ts';
import type { BootResult } from '../page/boot.ts';
import { type AccessAnswer, type AccessDocument, askForStorage, canAskForStorage } from '../page/storage-access.ts';
import { reportBug } from './bug.ts';
import { AllowStorage } from './office/allow-storage.tsx';

/** Props of {@link StorageRefusedNotice}. */
export interface StorageRefusedNoticeProps {
  /** This app's origin, for the steps. */
  origin: string;
  /** Opens the storage once access is granted (boot.ts reopenWithStorage). */
  reopen(): Promise<Extract<BootResult, { status: 'ready' | 'failed' }>>;
  /** The till starts again with its storage. */
  onStorage(ready: Extract<BootResult, { status: 'ready' }>): void;
  /** Where the Storage Access API is looked for; `document` by default. */
  doc?: AccessDocument;
}

/** Where asking got to: an answer worded below, or a sentence of its own. */
type Asked = 'idle' | 'asking' | Exclude<AccessAnswer, 'granted'> | { text: string };

/** The banner of a till without storage. */
export function StorageRefusedNotice({ origin, reopen, onStorage, doc }: StorageRefusedNoticeProps) {
  const [asked, setAsked] = useState<Asked>('idle');
  const canAsk = canAskForStorage(doc);

  async function ask(): Promise<void> {
    setAsked('asking');
    let answer: AccessAnswer;
    try {
      answer = await askForStorage(doc);
    } catch (error) {
      // Not the API's way of saying no (a DOMException): a bug, said and logged as one.
      setAsked({ text: reportBug(error) });
      return;
    }
    if (answer !== 'granted') return setAsked(answer);
    const reopened = await reopen();
    if (reopened.status === 'ready') return onStorage(reopened);
    setAsked({
      text: `The browser allowed access, but the till's storage still would not open (${errorText(reopened.problem.cause)}). Allow it in the browser's settings (below), then open the till from Epos Now again.`,
    });
  }

  return (
    <section class="warning storage-refused" aria-label="Selling without storage">
      <p>
        <strong>This browser does not let the till keep data inside Epos Now</strong>, so it cannot keep anything on
        this till: it sells while online, from what it fetched when it opened, and cannot work offline. A change made
        now (such as a new customer) is sent to Epos Now at once, or refused if Epos Now cannot be reached: nothing is
        kept to send later.
      </p>
      {canAsk ? (
        <button type="button" class="button" disabled={asked === 'asking'} onClick={() => void ask()}>
          Ask the browser for access
        </button>
      ) : (
        <p>This browser cannot be asked from here: allow it in the browser's settings (below).</p>
      )}
      <p role="status">{askedText(asked, origin)}</p>
      <details>
        <summary>How to allow it</summary>
        <AllowStorage origin={origin} />
      </details>
    </section>
  );
}

function askedText(asked: Asked, origin: string): string {
  if (asked === 'idle') return '';
  if (asked === 'asking') return 'Asking the browser…';
  if (asked === 'unsupported') return 'This browser has no way for the till to ask: allow it in its settings (below).';
  if (asked === 'refused')
    // Chrome refuses a site never opened as a page of its own ("never been interacted with as a top-level context").
    return `The browser said no. Chrome asks only for a site used on its own before: open ${origin} in a tab of its own once, come back and ask again. Or allow it in the browser's settings (below); on a managed till its policy decides.`;
  return asked.text;
}
