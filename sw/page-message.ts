/**
 * A page's message as the worker reads it. Pages of the version before this one (a tab not yet
 * reloaded after an update) still call the catalog pull 'sync-now' and 'sync-if-stale'; they
 * are read as the new names, so such a tab keeps its till's catalog fresh until it reloads.
 */
import type { PageMessage } from '../app/store/channel.ts';

const FORMER_NAMES: Readonly<Record<string, PageMessage['type']>> = {
  'sync-now': 'pull-now',
  'sync-if-stale': 'pull-if-stale',
};

/** The message in `data` under its current name, or null when `data` is not a message. */
export function readPageMessage(data: unknown): PageMessage | null {
  if (typeof data !== 'object' || data === null || typeof (data as { type?: unknown }).type !== 'string') return null;
  const { type } = data as { type: string };
  const current = FORMER_NAMES[type];
  return (current === undefined ? data : { ...data, type: current }) as PageMessage;
}

/** The hot product ids a page sent, when they are ids; anything else is no list. */
export function hotIds(value: unknown): number[] | undefined {
  return Array.isArray(value) ? value.filter((id): id is number => Number.isSafeInteger(id) && id > 0) : undefined;
}
