/**
 * Whether the stored context can reach Epos Now at all, checked the way the worker checks it. The
 * check is loaded with import(): it is shared with the API client, a lazy chunk, and a till that
 * starts need not wait for it (or carry it) to sell.
 */
import { useEffect, useState } from 'preact/hooks';
import { errorText } from '../epos/error-text.ts';
import type { BootContext } from '../store/schema.ts';

/** What is wrong with `context` (see contextProblem), or null: also null until the check has loaded. */
export function useContextProblem(context: BootContext): string | null {
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    import('../epos/transport-check.ts').then(
      (check) => {
        if (current) setProblem(check.contextProblem(context));
      },
      (error: unknown) => {
        // The worker precaches the chunk; without it the status bar merely cannot warn.
        console.error('Checking the stored token failed:', errorText(error));
      },
    );
    return () => {
      current = false;
    };
  }, [context]);
  return problem;
}
