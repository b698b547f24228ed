/** The twin walk (sw/outbox/twins.ts) on its own: where it starts, what it walks over, where it stops. */
import { describe, expect, it } from 'vitest';
import { recordId } from '../../../app/epos/ids.ts';
import type { OpenRecord } from '../../../app/epos/records.ts';
import type { TwinCheck } from '../../../app/store/schema.ts';
import { findTwins, TWIN_LOOKBACK } from '../../../sw/outbox/twins.ts';
import { standinClient } from '../../store/fixture.ts';

const BODY = { Forename: 'Twin', Surname: 'Walk' };
const KEPT = 1_000;

function setup(records: Record<number, OpenRecord>) {
  const { standin, client } = standinClient();
  for (const [id, fields] of Object.entries(records)) standin.put('Customer', { CustomerID: Number(id), ...fields });
  const check: TwinCheck = { kind: 'Customer', id: KEPT, body: BODY };
  const gets = () => standin.log.filter((e) => e.method === 'GET').map((e) => e.path);
  const ids = (found: OpenRecord[]) => found.map((r) => recordId('Customer', r));
  return { standin, client, check, gets, ids };
}

describe('findTwins', () => {
  it('starts just before the answered id and finds every copy there, newest first', async () => {
    const { client, check, gets, ids } = setup({ 998: BODY, 999: BODY, [KEPT]: BODY, 1001: BODY });
    expect(ids(await findTwins(client, check, () => false))).toEqual([999, 998]);
    // The walk goes on over the gaps below; no id after the kept one is looked at.
    expect(gets()[0]).toBe('/api/V2/Customer/999');
    expect(gets().some((path) => path.endsWith('/1001'))).toBe(false);
  });

  it(`looks back at most ${TWIN_LOOKBACK} ids`, async () => {
    const copies = Object.fromEntries(Array.from({ length: TWIN_LOOKBACK + 3 }, (_, i) => [KEPT - 1 - i, BODY]));
    const { client, check, gets, ids } = setup(copies);
    const found = await findTwins(client, check, () => false);
    expect(ids(found)).toEqual(Array.from({ length: TWIN_LOOKBACK }, (_, i) => KEPT - 1 - i));
    expect(gets()).toHaveLength(TWIN_LOOKBACK);
  });

  it('walks over this till\u2019s own records without asking for them, and over gaps', async () => {
    const { client, check, gets, ids } = setup({ 999: { Forename: 'Ours' }, 997: BODY });
    const found = await findTwins(client, check, (id) => id === 999);
    expect(ids(found)).toEqual([997]);
    expect(gets().some((path) => path.endsWith('/999'))).toBe(false);
    // 998 is a gap (404): passed over.
    expect(gets()).toContain('/api/V2/Customer/998');
  });

  it('walks over records made of the other creates checked with it, of its kind only', async () => {
    const other: TwinCheck = { kind: 'Customer', id: 1_002, body: { Forename: 'Other', Surname: 'Create' } };
    const records = { 999: { Forename: 'Other', Surname: 'Create' }, 998: BODY };
    const a = setup(records);
    expect(a.ids(await findTwins(a.client, a.check, () => false, [a.check, other]))).toEqual([998]);
    // The same fields made by a create of another kind are someone else's record here: the walk ends.
    const b = setup(records);
    expect(await findTwins(b.client, b.check, () => false, [b.check, { ...other, kind: 'CustomerType' }])).toEqual([]);
    // And without the other check, the record is someone else's too.
    const c = setup(records);
    expect(await findTwins(c.client, c.check, () => false)).toEqual([]);
  });

  it('ends at someone else\u2019s record: copies before it are not taken for twins', async () => {
    const { client, check, ids } = setup({ 999: BODY, 998: { Forename: 'Someone', Surname: 'Else' }, 997: BODY });
    expect(ids(await findTwins(client, check, () => false))).toEqual([999]);
  });

  it('stops at id 1, asking for no id below it', async () => {
    const { standin, client } = standinClient();
    standin.remove('Customer', 1);
    standin.put('Customer', { CustomerID: 1, ...BODY });
    const gets = () => standin.log.filter((e) => e.method === 'GET').map((e) => e.path);
    expect(
      (await findTwins(client, { kind: 'Customer', id: 2, body: BODY }, () => false)).map((r) =>
        recordId('Customer', r),
      ),
    ).toEqual([1]);
    expect(await findTwins(client, { kind: 'Customer', id: 1, body: BODY }, () => false)).toEqual([]);
    expect(gets()).toEqual(['/api/V2/Customer/1']);
  });
});
