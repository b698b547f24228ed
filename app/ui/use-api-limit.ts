/** Until when the worker waits for Epos Now's API limit (ms), 0 when it does not. */
import { useEffect, useState } from 'preact/hooks';
import { watchApiLimit } from '../api-limit-state.ts';
import type { TillDb } from '../store/db.ts';

/** The time the worker waits for; re-rendered when it changes. */
export function useApiLimit(db: TillDb): number {
  const [until, setUntil] = useState(0);
  useEffect(() => watchApiLimit(db, setUntil), [db]);
  return until;
}
