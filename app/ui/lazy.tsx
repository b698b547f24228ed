/**
 * A component whose code is fetched the first time it is shown, so screens most tills never
 * open (the back office, first-start setup) stay out of the till's startup. The worker precaches
 * every chunk with the rest of the app, so they open offline too.
 */
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { errorText } from '../epos/error-text.ts';

/** Wraps `load` (an `import()` of the module) as a component; `what` names it in messages. */
export function lazy<P extends object>(load: () => Promise<ComponentType<P>>, what: string): ComponentType<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  // Loads once per page; a failed load may be tried again.
  const once = (): Promise<ComponentType<P>> =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));

  return function Lazy(props: P) {
    const [Loaded, setLoaded] = useState<ComponentType<P> | undefined>(undefined);
    const [failure, setFailure] = useState<string | null>(null);
    const [attempt, setAttempt] = useState(0);
    useEffect(() => {
      let live = true;
      once().then(
        (component) => live && setLoaded(() => component),
        (error: unknown) => live && setFailure(errorText(error)),
      );
      return () => {
        live = false;
      };
    }, [attempt]);
    if (Loaded) return <Loaded {...props} />;
    if (failure) {
      return (
        <div role="alert" class="sync-error">
          <p>
            The {what} could not be loaded ({failure}). Connect the till to the internet, or reload the page.
          </p>
          <button
            type="button"
            class="button"
            onClick={() => {
              setFailure(null);
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </button>
        </div>
      );
    }
    return <p class="notice">Loading the {what}…</p>;
  };
}
