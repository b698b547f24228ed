/**
 * The page wakes the worker while something waits for Epos Now (writes not sent, a refused
 * token). A browser stops an idle worker after about 30 s, and the timers of its back-off with
 * it; a message from a page starts it again. So each page wakes it on a timer shorter than that,
 * and whenever a person is at the till (a tap, a key, the page shown again) or the browser says
 * it is online. The worker decides whether a wake-up costs a request (sw/outbox/recovery.ts): pages
 * never probe themselves, so three open tabs cost what one does.
 */

/** What the wake-ups need. */
export interface WakeDeps {
  /** Posts the wake-up to the worker. */
  wake(): void;
  /** Whether anything waits for Epos Now; read at each chance to wake. */
  waiting(): boolean;
  /** Where taps, keys and the browser's 'online' arrive: the page's window. */
  window: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** Whose 'visibilitychange' says the till is shown again: the page's document. */
  document: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & {
    readonly visibilityState: DocumentVisibilityState;
  };
}

/** Longest time without a wake-up while something waits: under the ~30 s a browser lets a worker idle. */
export const WAKE_EVERY_MS = 15_000;
/** Shortest time between two wake-ups of one page: a cashier typing sends one, not one a key. */
export const ACTIVITY_WAKE_MS = 5_000;

/** What counts as a person at the till, or the network coming back. */
const ACTIVITY = ['pointerdown', 'keydown', 'online'] as const;

/** Starts waking the worker; returns the stop. */
export function startWakeUps(deps: WakeDeps): () => void {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function arm(): void {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (deps.waiting()) wakeNow();
      else arm();
    }, WAKE_EVERY_MS);
  }

  function wakeNow(): void {
    last = Date.now();
    deps.wake();
    // A wake-up just sent keeps the worker awake: the timer counts from here.
    arm();
  }

  const onActivity = (): void => {
    if (deps.waiting() && Date.now() - last >= ACTIVITY_WAKE_MS) wakeNow();
  };
  const onVisibility = (): void => {
    if (deps.document.visibilityState === 'visible') onActivity();
  };

  // Capture: a component that stops a key or tap from bubbling does not hide the person.
  for (const type of ACTIVITY) deps.window.addEventListener(type, onActivity, { capture: true, passive: true });
  deps.document.addEventListener('visibilitychange', onVisibility);
  arm();

  return () => {
    clearTimeout(timer);
    for (const type of ACTIVITY) deps.window.removeEventListener(type, onActivity, { capture: true });
    deps.document.removeEventListener('visibilitychange', onVisibility);
  };
}
