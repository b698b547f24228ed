/**
 * An account that does not serve the area prices (their V2 endpoint is not public: epos-facts.md
 * marks the kind a guess). A 404 on their list is an account with none, not a failed pull: the
 * till must not show a sync failure, retry the whole catalog on backoff, or wait for them forever.
 */
import { describe, expect, it } from 'vitest';
import { readAll, readKindMeta } from '../../app/store/catalog.ts';
import { type PullProgress, pullCatalog } from '../../sw/pull.ts';
import { freshDb, standinClient } from '../store/fixture.ts';

describe('area prices the account does not serve', () => {
  it('a 404 on their list stores none, and the pull is whole', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient({ products: 450 });
    standin.faults.add({ match: { kind: 'ProductLocationAreaPrice' }, type: 'status', status: 404 });
    const progress: PullProgress[] = [];
    const outcomes = await pullCatalog({ db, client, now: () => 2_000, onProgress: (p) => progress.push(p) });
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(outcomes.find((o) => o.kind === 'ProductLocationAreaPrice')).toEqual({
      kind: 'ProductLocationAreaPrice',
      ok: true,
      count: 0,
    });
    expect(await readAll(db, 'ProductLocationAreaPrice')).toEqual([]);
    expect(await readKindMeta(db, 'ProductLocationAreaPrice')).toMatchObject({
      gen: 1,
      count: 0,
      pulledAt: 2_000,
      lastError: null,
    });
    expect(progress.filter((p) => p.kind === 'ProductLocationAreaPrice').map((p) => p.state)).toEqual([
      'running',
      'done',
    ]);
  });

  it('a 404 on another kind is still a failure, and so is any other answer on the area prices', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient({ products: 450 });
    standin.faults.add({ match: { kind: 'SeatingTable' }, type: 'status', status: 404 });
    standin.faults.add({ match: { kind: 'ProductLocationAreaPrice' }, type: 'status', status: 500 });
    const outcomes = await pullCatalog({ db, client });
    expect(outcomes.filter((o) => !o.ok).map((o) => o.kind)).toEqual(['SeatingTable', 'ProductLocationAreaPrice']);
    expect((await readKindMeta(db, 'ProductLocationAreaPrice')).lastError).toContain('500');
  });

  it('a 404 where the till has area prices is held for a person, as any walk that would empty a kind', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient({ products: 450 });
    await pullCatalog({ db, client });
    standin.faults.add({ match: { kind: 'ProductLocationAreaPrice' }, type: 'status', status: 404 });
    const [outcome] = await pullCatalog({ db, client }, ['ProductLocationAreaPrice']);
    expect(outcome).toMatchObject({ kind: 'ProductLocationAreaPrice', ok: true, count: 0, held: true });
    expect(await readAll(db, 'ProductLocationAreaPrice')).toEqual(standin.records('ProductLocationAreaPrice'));
  });
});
