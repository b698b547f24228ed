/** The app-settings document as last fetched or saved, for reading it offline. */
import { DEFAULT_CONFIG, isRefreshMinutes } from '../epos/app-config.ts';
import type { TillDb } from './db.ts';
import type { SettingsRow } from './schema.ts';

/** The stored document, or undefined when none was ever fetched. */
export function loadSettingsDocument(db: TillDb): Promise<SettingsRow | undefined> {
  return db.get('settings', 'app');
}

/**
 * Keeps a document the server sent, unless a save made on this till still waits to go: that one
 * is newer than anything the server has, and the till must not fall back to the old settings.
 * Resolves whether it was kept.
 */
export async function keepServerSettings(db: TillDb, document: unknown, now: number): Promise<boolean> {
  const tx = db.transaction(['settings', 'outbox'], 'readwrite');
  const range = IDBKeyRange.bound(['settings', 0, -Infinity], ['settings', 0, Infinity]);
  const waiting = await tx.objectStore('outbox').index('byRecord').count(range);
  if (waiting === 0) await tx.objectStore('settings').put({ key: 'app', document, storedAt: now });
  await tx.done;
  return waiting === 0;
}

/** The refresh interval a settings document asks for, or the default's (15 minutes). */
export function refreshIntervalMs(document: unknown): number {
  const minutes = (document as { refreshMinutes?: unknown } | null | undefined)?.refreshMinutes;
  return (isRefreshMinutes(minutes) ? minutes : DEFAULT_CONFIG.refreshMinutes) * 60_000;
}
