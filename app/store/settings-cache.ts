/** The app-settings document as last fetched or saved, for reading it offline. */
import { DEFAULT_CONFIG, foreignReason, isRefreshMinutes } from '../epos/app-config.ts';
import type { TillDb } from './db.ts';
import { entriesOf } from './outbox-status.ts';
import type { SettingsRow } from './schema.ts';

/** The stored document, or undefined when none was ever fetched. */
export function loadSettingsDocument(db: TillDb): Promise<SettingsRow | undefined> {
  return db.get('settings', 'app');
}

/**
 * Keeps a document the server sent in answer to a request made at `askedAt`, unless the till
 * has something newer (a save made here that still waits to go, or a document stored after the
 * request left: a save that landed meanwhile, or a later answer) or something better: a document
 * of this app's where the server's is not (see foreignReason). Resolves whether it was kept.
 */
export async function keepServerSettings(db: TillDb, document: unknown, now: number, askedAt = now): Promise<boolean> {
  const tx = db.transaction(['settings', 'outbox'], 'readwrite');
  const waiting = await entriesOf(tx.objectStore('outbox').index('byRecord'), 'settings', 0);
  const stored = await tx.objectStore('settings').get('app');
  const worse = stored !== undefined && foreignReason(document) !== null && foreignReason(stored.document) === null;
  const keep = waiting.length === 0 && (stored === undefined || stored.storedAt <= askedAt) && !worse;
  if (keep) await tx.objectStore('settings').put({ key: 'app', document, storedAt: now });
  await tx.done;
  return keep;
}

/** The refresh interval a settings document asks for, or the default's (15 minutes). */
export function refreshIntervalMs(document: unknown): number {
  const minutes = (document as { refreshMinutes?: unknown } | null | undefined)?.refreshMinutes;
  return (isRefreshMinutes(minutes) ? minutes : DEFAULT_CONFIG.refreshMinutes) * 60_000;
}
