/** The app-settings document as last fetched or saved, for reading it offline. */
import type { TillDb } from './db.ts';
import type { SettingsRow } from './schema.ts';

/** The stored document, or undefined when none was ever fetched. */
export function loadSettingsDocument(db: TillDb): Promise<SettingsRow | undefined> {
  return db.get('settings', 'app');
}

/** Keeps a document the server gave or accepted. */
export async function saveSettingsDocument(db: TillDb, document: unknown, now: number): Promise<void> {
  await db.put('settings', { key: 'app', document, storedAt: now });
}

/** How often the catalog is refreshed when the settings say nothing: 15 minutes. */
export const DEFAULT_REFRESH_MS = 15 * 60_000;

/** The refresh interval a settings document asks for (`refreshMinutes`), or the default. */
export function refreshIntervalMs(document: unknown): number {
  const minutes = (document as { refreshMinutes?: unknown } | null | undefined)?.refreshMinutes;
  return typeof minutes === 'number' && Number.isFinite(minutes) && minutes >= 1 ? minutes * 60_000 : DEFAULT_REFRESH_MS;
}
