/**
 * The writer of a till refused its storage: each write goes straight to Epos Now and the caller
 * hears its answer. With nowhere to keep a write, a failure is thrown back at once
 * (UnsentWriteError) rather than queued in memory, where a reload or a closed tab would lose it
 * without a word.
 */
import type { EposClient } from '../epos/client.ts';
import { errorText } from '../epos/error-text.ts';
import { isEposError } from '../epos/errors.ts';
import { recordId } from '../epos/ids.ts';
import { isPlainObject } from '../epos/json-equal.ts';
import { type MergeClient, type MergedWrite, saveMerged, updateMerged } from '../epos/merged-write.ts';
import type { Write } from '../store/outbox.ts';
import { checkWrite } from '../store/write-check.ts';
import { UnsentWriteError } from './unsent-write.ts';
import type { WriteResult, Writer } from './writer.ts';

/** The API calls a direct write makes. */
export type DirectClient = Pick<EposClient, 'create' | 'remove'> & MergeClient;

/**
 * A writer that sends at once: resolves 'done' with the server's answer, or rejects with an
 * InvalidWriteError (the API would refuse it; nothing sent) or an {@link UnsentWriteError}.
 */
export function createDirectWriter(client: DirectClient): Pick<Writer, 'write'> {
  return {
    async write(change: Write): Promise<WriteResult> {
      // The same check as before queuing: a value the API would refuse is refused here, field by field.
      checkWrite(change);
      try {
        return await send(client, change);
      } catch (error) {
        throw unsent(error);
      }
    },
  };
}

async function send(client: DirectClient, change: Write): Promise<WriteResult> {
  switch (change.op) {
    case 'create': {
      const answer = await client.create(change.kind, change.body);
      return { state: 'done', recordId: recordId(change.kind, answer) ?? 0, answer };
    }
    case 'update': {
      const written = await updateMerged(client, change.kind, change.id, change.body, change.base);
      return { state: 'done', recordId: change.id, answer: sentAnswer(written) };
    }
    case 'delete':
      await client.remove(change.kind, change.id);
      return { state: 'done', recordId: change.id };
    case 'save': {
      const base = isPlainObject(change.base) ? change.base : undefined;
      return { state: 'done', recordId: 0, answer: sentAnswer(await saveMerged(client, change.document, base)) };
    }
  }
}

/** The server's answer to a merged write, or why nothing was sent: a person decides, now. */
function sentAnswer(written: MergedWrite): unknown {
  if (written.type === 'sent') return written.answer;
  if (written.type === 'gone')
    throw new UnsentWriteError('refused', `The record is no longer on Epos Now (deleted there?), so ${NOTHING_KEPT}.`);
  const fields = written.conflicts.map((conflict) => conflict.field).join(', ');
  throw new UnsentWriteError(
    'refused',
    `Changed on Epos Now too since this edit started (${fields}), so ${NOTHING_KEPT}. Open the record again to see its values now.`,
  );
}

/** The words for a write Epos Now does not have; a bug (not an API error) is thrown as it is. */
const NOTHING_KEPT = 'nothing was kept on this till, which cannot store changes to send later';

function unsent(error: unknown): unknown {
  if (!isEposError(error)) return error;
  const kept = NOTHING_KEPT;
  if (error.code === 'network' || error.code === 'timeout') {
    const maybe = error.mayHaveReached
      ? ' If the connection dropped while sending, Epos Now may have it: look before entering it again.'
      : ' Try again when the till is back online.';
    return new UnsentWriteError('unreachable', `Epos Now could not be reached, so ${kept}.${maybe}`, { cause: error });
  }
  // The server's answer, as the client words it (never the token).
  return new UnsentWriteError('refused', `Epos Now did not accept it (${errorText(error)}); ${kept}.`, {
    cause: error,
  });
}
