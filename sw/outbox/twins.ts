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
import type { EposClient } from '../../app/epos/client.ts';
import { getIfThere } from '../../app/epos/merged-write.ts';
import type { OpenRecord } from '../../app/epos/records.ts';
import type { TwinCheck } from '../../app/store/schema.ts';
import { matches } from './verify.ts';

/** How far back from the answered id a look goes: several sends of one create may have landed. */
export const TWIN_LOOKBACK = 8;

/**
 * The records a resend may have made before the create `check` names: walking back from its id,
 * over this till's own records (`ours`), gaps, and records made of this till's other creates
 * (`others`: those checked with it and those still waiting for an answer; with several sends at
 * once, their twins interleave), every record that carries every field sent is a twin (a POST
 * dropped on a reused connection can be resent more than once). The first record of someone
 * else's ends the walk. At most {@link TWIN_LOOKBACK} GETs; rejects with an EposError when it
 * cannot look.
 */
export async function findTwins(
  client: EposClient,
  check: TwinCheck,
  ours: (id: number) => boolean,
  // Stryker disable next-line ArrayDeclaration: a default holding a string has no kind, so it matches no record, as the empty list
  others: readonly Pick<TwinCheck, 'kind' | 'body'>[] = [],
): Promise<OpenRecord[]> {
  const twins: OpenRecord[] = [];
  for (let id = check.id - 1; id >= 1 && id > check.id - 1 - TWIN_LOOKBACK; id--) {
    if (ours(id)) continue;
    const record = await getIfThere(client, check.kind, id);
    if (record === undefined) continue;
    if (matches(check.body, record)) twins.push(record);
    else if (!others.some((other) => other.kind === check.kind && matches(other.body, record))) break;
  }
  return twins;
}
