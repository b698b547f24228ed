/**
 * The till session (app/page/session.ts) as the screens hold it: started once per database and
 * context, stopped on unmount, re-rendering when the catalog opens.
 */
import { useEffect, useState } from 'preact/hooks';
import { type RunningSession, startSession, type TillSession } from '../page/session.ts';
import type { TillDb } from '../store/db.ts';
import type { BootContext } from '../store/schema.ts';
import { useSubscription } from './use-subscription.ts';

/** The session for `db` and `context`, undefined before its first effect ran. `contextChanged` is what boot found. */
export function useTillSession(db: TillDb, context: BootContext, contextChanged: boolean): TillSession | undefined {
  const [running, setRunning] = useState<RunningSession | undefined>(undefined);
  useEffect(() => {
    const started = startSession(db, context, contextChanged);
    setRunning(started);
    return () => started.stop();
    // contextChanged is what this boot found; it does not restart a running session.
  }, [db, context]);
  return useSubscription(running);
}
