/**
 * Twins: a browser resends a request by itself when a reused keep-alive connection drops before
 * any answer came, even a POST. A server that applied the first send and then dropped the
 * connection makes the record twice, and `fetch` resolves once, with the second. The first is
 * then the record just before the one answered, with every field that was sent.
 *
 * Ids alone cannot tell such a twin from a record someone else made just before with the same
 * fields (the same customer entered twice, say), so a twin is never deleted without a person:
 * it is held as a delete to confirm. The look happens after the create has landed (its landing
 * notes a check in the queue row), so it adds nothing to a send and survives a stopped worker.
 */
import type { EposClient } from '../app/epos/client.ts';
import { isEposError } from '../app/epos/errors.ts';
import type { OpenRecord } from '../app/epos/records.ts';
import type { TwinCheck } from '../app/store/schema.ts';
import { matches } from './verify.ts';

/**
 * The record a resend may have made before the create `check` names, if it carries every field
 * that was sent and is not one the till made itself (`ours`). One GET; rejects with an
 * EposError when it cannot look.
 */
export async function findTwin(client: EposClient, check: TwinCheck, ours: (id: number) => boolean): Promise<OpenRecord | undefined> {
  const before = check.id - 1;
  if (before < 1 || ours(before)) return undefined;
  const record = await client.get(check.kind, before).catch((error: unknown) => {
    if (isEposError(error) && error.code === 'not-found') return undefined;
    throw error;
  });
  return record !== undefined && matches(check.body, record) ? record : undefined;
}
