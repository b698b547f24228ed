/**
 * Looking at the server for a write whose answer did not prove it (a dropped connection, an HTML
 * page or a text where the record belongs). A create may have landed unheard: the server gives
 * new records the highest ids, so it would be on the last page (or the one before, if others
 * were created since); the last page is found by doubling then halving, a few requests even for
 * 50,000 records. An update, a delete or a settings save is one GET away.
 */
import type { EposClient } from '../../app/epos/client.ts';
import { sameField } from '../../app/epos/field-equal.ts';
import { sameJson } from '../../app/epos/json-equal.ts';
import { type Kind, PAGE_SIZE } from '../../app/epos/kinds.ts';
import { getIfThere } from '../../app/epos/merged-write.ts';
import type { OpenRecord } from '../../app/epos/records.ts';
import type { OutboxEntry } from '../../app/store/schema.ts';

/** What the server shows of a write. */
export type Seen =
  /** It is there: done, with the server's record when there is one. */
  | { type: 'landed'; answer?: OpenRecord }
  /** It is not there: sending it again is safe. */
  | { type: 'absent' }
  /** Several records may be it (a create): a person decides. */
  | { type: 'several'; candidates: OpenRecord[] }
  /** The record an update was for is no longer on the server: a person decides. */
  | { type: 'record-gone' };

/** Looks for the effect of `entry` on the server. Rejects with an EposError when it cannot look. */
export async function lookFor(client: EposClient, entry: OutboxEntry): Promise<Seen> {
  if (entry.target === 'settings') {
    // The worker's own requests never go through its fetch handler: this is Epos Now's answer.
    const { document } = await client.getSettings();
    return sameJson(document, entry.body) ? { type: 'landed' } : { type: 'absent' };
  }
  const kind = entry.target;
  if (entry.op === 'create') {
    const { matching, certain } = await findCreated(client, kind, entry.body as OpenRecord);
    if (matching.length === 1) return { type: 'landed', answer: matching[0] as OpenRecord };
    // An empty page is what a proxy, a redirect or a failing server may answer: a walk that
    // ended on one does not prove the record absent, and sending it again could make it twice.
    if (matching.length === 0 && !certain) return { type: 'several', candidates: [] };
    return matching.length === 0 ? { type: 'absent' } : { type: 'several', candidates: matching };
  }
  const record = await getIfThere(client, kind, entry.recordId);
  if (entry.op === 'delete') return record === undefined ? { type: 'landed' } : { type: 'absent' };
  if (record === undefined) return { type: 'record-gone' };
  return matches(entry.body as OpenRecord, record) ? { type: 'landed', answer: record } : { type: 'absent' };
}

/**
 * Records on the server's newest pages whose fields match every field that was sent, and whether
 * the walk found the end for certain: a last page with records on it, not an empty one.
 */
export async function findCreated(
  client: EposClient,
  kind: Kind,
  sent: OpenRecord,
): Promise<{ matching: OpenRecord[]; certain: boolean }> {
  // Each page is asked once, and used as first read: read again, the page before the last could
  // come back as a proxy's empty list, hide the record sought, and "not there" would send it twice.
  const read = new Map<number, Promise<OpenRecord[]>>();
  const list = (page: number): Promise<OpenRecord[]> => {
    const records = read.get(page) ?? client.list(kind, page);
    read.set(page, records);
    return records;
  };
  const last = await lastPage(list);
  const before = last.page > 1 ? await list(last.page - 1) : [];
  const records = [...before, ...last.records];
  // A page before the last is full; one that is not says the list moved or lied.
  const certain = last.certain && (last.page === 1 || before.length === PAGE_SIZE);
  return { matching: records.filter((record) => matches(sent, record)), certain };
}

/** Whether a server record carries every field that was sent, allowing for how servers store values. */
export function matches(sent: OpenRecord, record: OpenRecord): boolean {
  return Object.entries(sent).every(([field, value]) => sameField(value, record[field]));
}

/** The last page with records, and whether it is short (certain) or a full one before an empty page; `list` reads a page, each once. */
async function lastPage(
  list: (page: number) => Promise<OpenRecord[]>,
): Promise<{ page: number; records: OpenRecord[]; certain: boolean }> {
  let records = await list(1);
  if (records.length < PAGE_SIZE) return { page: 1, records, certain: records.length > 0 };
  let full = 1;
  let page = 2;
  // Double until a page is short: `full` is known full, `page` known short.
  for (;;) {
    records = await list(page);
    if (records.length < PAGE_SIZE) break;
    full = page;
    page *= 2;
  }
  if (records.length > 0) return { page, records, certain: true };
  let empty = page;
  while (empty - full > 1) {
    const middle = Math.floor((full + empty) / 2);
    const found = await list(middle);
    if (found.length === PAGE_SIZE) full = middle;
    else if (found.length === 0) empty = middle;
    else return { page: middle, records: found, certain: true };
  }
  // `full` was read on the way here: `list` answers it again without asking.
  return { page: full, records: await list(full), certain: false };
}
