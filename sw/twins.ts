/**
 * Twins: a browser resends a request by itself when a reused keep-alive connection drops before
 * any answer came, even a POST. A server that applied the first send and then dropped the
 * connection makes the record twice, and `fetch` resolves once, with the second. The first is
 * then the record just before the one answered, with every field that was sent.
 *
 * Ids alone cannot tell such a twin from a record someone else made just before with the same
 * fields (the same customer entered twice, say), so a twin is never deleted without a person:
 * it is held as a delete to confirm (see markDoneAndClaim).
 */
import type { EposClient } from '../app/epos/client.ts';
import { isEposError } from '../app/epos/errors.ts';
import { recordId } from '../app/epos/ids.ts';
import type { Kind } from '../app/epos/kinds.ts';
import type { OpenRecord } from '../app/epos/records.ts';
import { matches } from './verify.ts';

/**
 * The record a resend may have made before `answer`, if it carries every field that was sent
 * and is not one the till made itself (`ours`). One GET; rejects with an EposError when it cannot look.
 */
export async function findTwin(client: EposClient, kind: Kind, sent: OpenRecord, answer: OpenRecord, ours: (id: number) => boolean): Promise<OpenRecord | undefined> {
  const id = recordId(kind, answer);
  if (id === undefined || id <= 1 || ours(id - 1)) return undefined;
  const before = await client.get(kind, id - 1).catch((error: unknown) => {
    if (isEposError(error) && error.code === 'not-found') return undefined;
    throw error;
  });
  return before !== undefined && matches(sent, before) ? before : undefined;
}
