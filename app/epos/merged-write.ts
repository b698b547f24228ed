/**
 * An update or a settings save laid over what Epos Now has now: one GET first, then a PUT of only
 * the fields that still need this till's value, never putting back a value someone changed
 * elsewhere since this edit started.
 *
 * The PUT of a record carries those fields alone, as the contract has it ("JSON body with the
 * changes"), not the server's whole record with them laid over: Chromium resends a PUT dropped on
 * a reused connection by itself, as it was, and a whole record resent after someone else's change
 * put their value back (test/browser/no-overwrite.test.ts, "replayed twice"). The settings
 * document has no fields of its own to send: it goes whole, merged per top-level key, and a list
 * both sides edited (favourites) entry by entry.
 */
import type { EposClient } from './client.ts';
import { isEposError } from './errors.ts';
import { type FieldConflict, mergeFields } from './field-merge.ts';
import { isPlainObject, sameJson } from './json-equal.ts';
import type { Kind } from './kinds.ts';
import { mergeLists } from './list-merge.ts';
import type { OpenRecord } from './records.ts';

/** How a merged write ended. A failed request rejects with the client's EposError instead. */
export type MergedWrite =
  /** Epos Now has every change: `answer` is its record (or document) as it stands now. */
  | { type: 'sent'; answer: unknown }
  /** Some fields were changed on Epos Now too: nothing was sent, a person decides. */
  | { type: 'conflict'; conflicts: FieldConflict[] }
  /** The record is no longer on Epos Now: an update never makes it again. */
  | { type: 'gone' };

/** The calls a merged write makes. */
export type MergeClient = Pick<EposClient, 'get' | 'update' | 'getSettings' | 'saveSettings'>;

/** Sends `changes` to record `id`, merged with the server's record (see {@link mergeFields}). */
export async function updateMerged(
  client: MergeClient,
  kind: Kind,
  id: number,
  changes: OpenRecord,
  base: Record<string, unknown> | undefined,
): Promise<MergedWrite> {
  const server = await getIfThere(client, kind, id);
  if (server === undefined) return { type: 'gone' };
  const { send, conflicts } = mergeFields(server, changes, base);
  if (conflicts.length > 0) return { type: 'conflict', conflicts };
  // Nothing left to change (a resend of a PUT that landed unheard, or the same edit made
  // elsewhere): no request, and no second change.
  if (Object.keys(send).length === 0) return { type: 'sent', answer: server };
  return { type: 'sent', answer: await client.update(kind, id, send) };
}

/**
 * Saves `document`, merged per top-level key with the server's: the keys it changed from `base`
 * (the document it was laid over) go over the server's document. Without a base, or where either
 * is not an object of keys (none saved yet, another app's), the document goes whole, as it always did.
 */
export async function saveMerged(
  client: MergeClient,
  document: unknown,
  base: Record<string, unknown> | undefined,
): Promise<MergedWrite> {
  const server = (await client.getSettings()).document;
  if (!base || !isPlainObject(document) || !isPlainObject(server))
    return { type: 'sent', answer: await client.saveSettings(document) };
  const keys = new Set([...Object.keys(document), ...Object.keys(base)]);
  const changes: Record<string, unknown> = {};
  // Every key changed has a known start, a key added here too: it was not in the document.
  const started: Record<string, unknown> = {};
  for (const key of keys) {
    // A key in neither is undefined in both; JSON has no undefined value to tell it from.
    if (sameJson(document[key], base[key])) continue;
    changes[key] = document[key];
    started[key] = base[key];
  }
  const merge = mergeFields(server, changes, started);
  const { send } = merge;
  // A list both sides edited (favourites) merges entry by entry where it can.
  // A list left unmerged is a conflict, and then nothing is sent.
  const conflicts = merge.conflicts.filter((conflict) => {
    send[conflict.field] = mergeLists(conflict.base, conflict.mine, conflict.theirs);
    return send[conflict.field] === undefined;
  });
  if (conflicts.length > 0) return { type: 'conflict', conflicts };
  if (Object.keys(send).length === 0) return { type: 'sent', answer: server };
  const merged: Record<string, unknown> = { ...server, ...send };
  // A key this back office removed goes from the server's document too (the answer must repeat
  // the document, and JSON has no undefined value).
  for (const [key, value] of Object.entries(send)) if (value === undefined) delete merged[key];
  return { type: 'sent', answer: await client.saveSettings(merged) };
}

/** One record, or undefined when the server answers 404 for it. */
export function getIfThere(client: Pick<EposClient, 'get'>, kind: Kind, id: number): Promise<OpenRecord | undefined> {
  return client.get(kind, id).catch((error: unknown) => {
    if (isEposError(error) && error.code === 'not-found') return undefined;
    throw error;
  });
}
