/**
 * Updates and settings saves laid over what Epos Now has now (issue 24): one GET, then a PUT of
 * the server's record with only this till's changes over it, or a conflict held for a person.
 */
import { describe, expect, it } from 'vitest';
import type { TillDb } from '../../../app/store/db.ts';
import { enqueue } from '../../../app/store/outbox.ts';
import { keepMineEntry, keepTheirsEntry } from '../../../app/store/outbox-admin.ts';
import type { OutboxEntry } from '../../../app/store/schema.ts';
import { InvalidWriteError } from '../../../app/store/write-error.ts';
import { type ReplayDeps, replay } from '../../../sw/outbox/replay.ts';
import { pullKind } from '../../../sw/pull.ts';
import { freshDb, standinClient } from '../../store/fixture.ts';

async function setup() {
  const db = await freshDb();
  const { standin, client } = standinClient();
  await pullKind({ db, client }, 'Product');
  const clock = { now: Date.now() };
  const deps: ReplayDeps = { db, client, now: () => clock.now, random: () => 0.5, retryBaseMs: 1_000, leaseMs: 0 };
  /** What a person elsewhere (Epos Now's own back office, another till) changes meanwhile. */
  const elsewhere = (kind: 'Product' | 'Customer', id: number, change: Record<string, unknown>) =>
    standin.put(kind, { ...standin.record(kind, id), ...change });
  const requests = () => standin.log.map((e) => `${e.method} ${e.path}`);
  return { db, standin, deps, clock, elsewhere, requests };
}

const entries = (db: TillDb): Promise<OutboxEntry[]> => db.getAll('outbox');

describe('an update merged with the server’s record', () => {
  it('leaves a field changed elsewhere as Epos Now has it, with one GET before the PUT', async () => {
    const { db, standin, deps, elsewhere, requests } = await setup();
    const shown = standin.record('Product', 3)!;
    elsewhere('Product', 3, { Barcode: 'CHANGED-ELSEWHERE' });
    await enqueue(db, { op: 'update', kind: 'Product', id: 3, body: { SalePrice: 9.99 }, base: shown }, 1);
    const before = requests().length;
    await replay(deps);
    expect(standin.record('Product', 3)).toMatchObject({ Barcode: 'CHANGED-ELSEWHERE', SalePrice: 9.99 });
    expect(requests().slice(before)).toEqual(['GET /api/V2/Product/3', 'PUT /api/V2/Product/3']);
    expect(await entries(db)).toEqual([]);
  });

  it('puts only the fields that still need this till’s value: a resend of it puts back nothing of anyone else’s', async () => {
    const { db, standin, deps, elsewhere } = await setup();
    const shown = standin.record('Product', 3)!;
    elsewhere('Product', 3, { Barcode: 'B2', Name: 'Same here' });
    await enqueue(
      db,
      { op: 'update', kind: 'Product', id: 3, body: { Name: 'Same here', SalePrice: 8 }, base: shown },
      1,
    );
    await replay(deps);
    const put = standin.log.find((e) => e.method === 'PUT');
    expect(JSON.parse(put!.body ?? '')).toEqual({ SalePrice: 8 });
  });

  it('takes the base from what the till showed when the caller gives none', async () => {
    const { db, standin, deps, elsewhere } = await setup();
    const price = standin.record('Product', 4)!.SalePrice;
    await enqueue(db, { op: 'update', kind: 'Product', id: 4, body: { SalePrice: 1.23 } }, 1);
    expect((await entries(db))[0]!.base).toEqual({ SalePrice: price });
    elsewhere('Product', 4, { SalePrice: 7.77 });
    await replay(deps);
    expect((await entries(db)).map((e) => [e.state, e.conflicts])).toEqual([
      ['held', [{ field: 'SalePrice', base: price, mine: 1.23, theirs: 7.77 }]],
    ]);
    expect(standin.record('Product', 4)!.SalePrice).toBe(7.77);
  });

  it('holds the same field changed on both sides, sending nothing; Keep mine then sends this till’s value', async () => {
    const { db, standin, deps, elsewhere, requests } = await setup();
    const shown = standin.record('Product', 5)!;
    elsewhere('Product', 5, { SalePrice: 3 });
    await enqueue(db, { op: 'update', kind: 'Product', id: 5, body: { SalePrice: 2.5, Name: 'Mine' }, base: shown }, 1);
    await replay(deps);
    const [held] = await entries(db);
    expect(held).toMatchObject({ state: 'held' });
    expect(held!.conflicts).toEqual([{ field: 'SalePrice', base: shown.SalePrice, mine: 2.5, theirs: 3 }]);
    // Nothing was sent, so nothing may have reached Epos Now; the note names the field.
    expect(held!.error).toEqual({
      code: 'conflict',
      name: 'EditConflict',
      message: expect.stringContaining('since this edit started (SalePrice): nothing was sent'),
      method: 'GET',
      path: '',
      mayHaveReached: false,
    });
    // Nothing of the entry went: not even its other field.
    expect(requests().filter((r) => r.startsWith('PUT'))).toEqual([]);
    expect(standin.record('Product', 5)).toMatchObject({ SalePrice: 3, Name: shown.Name });

    await keepMineEntry(db, held!.seq, 2);
    await replay(deps);
    expect(standin.record('Product', 5)).toMatchObject({ SalePrice: 2.5, Name: 'Mine' });
    expect(await entries(db)).toEqual([]);
  });

  it('Keep mine still holds a field changed again on Epos Now after the conflict was shown', async () => {
    const { db, standin, deps, elsewhere } = await setup();
    const shown = standin.record('Product', 5)!;
    elsewhere('Product', 5, { SalePrice: 3 });
    await enqueue(db, { op: 'update', kind: 'Product', id: 5, body: { SalePrice: 2.5 }, base: shown }, 1);
    await replay(deps);
    elsewhere('Product', 5, { SalePrice: 4 });
    await keepMineEntry(db, (await entries(db))[0]!.seq, 2);
    await replay(deps);
    expect((await entries(db))[0]!.conflicts).toEqual([{ field: 'SalePrice', base: 3, mine: 2.5, theirs: 4 }]);
    expect(standin.record('Product', 5)!.SalePrice).toBe(4);
  });

  it('Keep theirs takes the field out of the change: the rest goes, and with nothing left the entry is gone', async () => {
    const { db, standin, deps, elsewhere } = await setup();
    const five = standin.record('Product', 5)!;
    const six = standin.record('Product', 6)!;
    elsewhere('Product', 5, { SalePrice: 3 });
    elsewhere('Product', 6, { SalePrice: 3 });
    await enqueue(db, { op: 'update', kind: 'Product', id: 5, body: { SalePrice: 2.5, Name: 'Kept' }, base: five }, 1);
    await enqueue(db, { op: 'update', kind: 'Product', id: 6, body: { SalePrice: 2.5 }, base: six }, 1);
    await replay(deps);
    const [first, second] = await entries(db);
    await keepTheirsEntry(db, first!.seq, 2);
    await keepTheirsEntry(db, second!.seq, 2);
    expect((await entries(db)).map((e) => [e.recordId, e.state, e.body])).toEqual([[5, 'pending', { Name: 'Kept' }]]);
    await replay(deps);
    expect(standin.record('Product', 5)).toMatchObject({ SalePrice: 3, Name: 'Kept' });
    expect(standin.record('Product', 6)).toMatchObject({ SalePrice: 3 });
    expect(await entries(db)).toEqual([]);
  });

  it('names every field changed on both sides', async () => {
    const { db, standin, deps, elsewhere } = await setup();
    const shown = standin.record('Product', 6)!;
    elsewhere('Product', 6, { SalePrice: 3, Name: 'Theirs' });
    await enqueue(db, { op: 'update', kind: 'Product', id: 6, body: { SalePrice: 2.5, Name: 'Mine' }, base: shown }, 1);
    await replay(deps);
    expect((await entries(db))[0]!.error!.message).toContain('(SalePrice, Name)');
  });

  it('an edit made seeing both values is sent as Keep mine is', async () => {
    const { db, standin, deps, elsewhere } = await setup();
    const shown = standin.record('Product', 5)!;
    elsewhere('Product', 5, { SalePrice: 3 });
    await enqueue(db, { op: 'update', kind: 'Product', id: 5, body: { SalePrice: 2.5 }, base: shown }, 1);
    await replay(deps);
    await keepMineEntry(db, (await entries(db))[0]!.seq, 2, { SalePrice: 2.75 });
    await replay(deps);
    expect(standin.record('Product', 5)!.SalePrice).toBe(2.75);
    expect(await entries(db)).toEqual([]);
  });

  it('refuses Keep mine and Keep theirs for an entry that is not held for a conflict', async () => {
    const { db } = await setup();
    const { seq } = await enqueue(db, { op: 'update', kind: 'Product', id: 5, body: { Name: 'x' } }, 1);
    await expect(keepMineEntry(db, seq!, 2)).rejects.toThrow(/that change is pending, not waiting for a person/);
    // Held, but for a reason other than a conflict: there are not two values to choose between.
    const entry = (await db.get('outbox', seq!))!;
    await db.put('outbox', { ...entry, state: 'held', candidates: [] });
    await expect(keepTheirsEntry(db, seq!, 2)).rejects.toThrow(/not waiting for a decision between two values/);
    await expect(keepTheirsEntry(db, 999, 2)).rejects.toThrow(/no longer waiting/);
    expect(await db.get('outbox', seq!)).toEqual({ ...entry, state: 'held', candidates: [] });
  });

  it('names a typed value Epos Now would refuse, and keeps the conflict as it was', async () => {
    const { db, standin, deps, elsewhere } = await setup();
    const shown = standin.record('Product', 5)!;
    elsewhere('Product', 5, { SalePrice: 3 });
    await enqueue(db, { op: 'update', kind: 'Product', id: 5, body: { SalePrice: 2.5 }, base: shown }, 1);
    await replay(deps);
    const [held] = await entries(db);
    const refused = keepMineEntry(db, held!.seq, 2, { SalePrice: 'lots' });
    await expect(refused).rejects.toBeInstanceOf(InvalidWriteError);
    await expect(refused).rejects.toMatchObject({ problems: { SalePrice: expect.any(String) } });
    expect(await entries(db)).toEqual([held]);
  });

  it('sends nothing for a resend whose first PUT landed unheard, even after another field changed', async () => {
    const { db, standin, deps, clock, elsewhere, requests } = await setup();
    const shown = standin.record('Product', 7)!;
    standin.faults.add({ match: { method: 'PUT' }, type: 'drop-after-apply', times: 1 });
    await enqueue(db, { op: 'update', kind: 'Product', id: 7, body: { SalePrice: 6.5 }, base: shown }, 1);
    await replay(deps);
    expect((await entries(db))[0]!.state).toBe('pending');
    elsewhere('Product', 7, { Barcode: 'LATER' });
    clock.now += 60_000;
    const before = requests().length;
    await replay(deps);
    expect(requests().slice(before)).toEqual(['GET /api/V2/Product/7']);
    expect(standin.record('Product', 7)).toMatchObject({ SalePrice: 6.5, Barcode: 'LATER' });
    expect(await entries(db)).toEqual([]);
  });

  it('folds a second edit of a waiting update, keeping each field’s oldest base', async () => {
    const { db, standin } = await setup();
    const shown = standin.record('Product', 8)!;
    await enqueue(db, { op: 'update', kind: 'Product', id: 8, body: { SalePrice: 1 }, base: shown }, 1);
    await enqueue(
      db,
      { op: 'update', kind: 'Product', id: 8, body: { SalePrice: 2, Name: 'N' }, base: { ...shown, SalePrice: 1 } },
      2,
    );
    const [entry] = await entries(db);
    expect(entry).toMatchObject({
      body: { SalePrice: 2, Name: 'N' },
      base: { SalePrice: shown.SalePrice, Name: shown.Name },
    });
  });

  it('an entry queued without a base keeps none when folded: its first fields’ starting values are unknown', async () => {
    const { db } = await setup();
    await enqueue(db, { op: 'update', kind: 'Customer', id: 2, body: { Notes: 'a' } }, 1);
    await enqueue(db, { op: 'update', kind: 'Customer', id: 2, body: { Surname: 'b' }, base: { Surname: 'x' } }, 2);
    const [entry] = await entries(db);
    expect(entry!.base).toBeUndefined();
    expect(entry!.body).toEqual({ Notes: 'a', Surname: 'b' });
  });

  it('holds an update of a record deleted on Epos Now meanwhile, and never makes it again', async () => {
    const { db, standin, deps, requests } = await setup();
    await enqueue(db, { op: 'update', kind: 'Customer', id: 3, body: { Notes: 'late' }, base: { Notes: null } }, 1);
    standin.remove('Customer', 3);
    await replay(deps);
    expect((await entries(db)).map((e) => [e.state, e.error?.message, e.candidates])).toEqual([
      ['held', expect.stringMatching(/no longer on Epos Now/), []],
    ]);
    expect(requests().filter((r) => !r.startsWith('GET'))).toEqual([]);
  });
});

describe('a settings save merged per top-level key', () => {
  const start = { version: 1, currency: 'GBP', tillName: 'Front', favourites: [1, 2] };

  it('keeps a key another back office saved meanwhile', async () => {
    const { db, standin, deps } = await setup();
    standin.settingsText = JSON.stringify({ ...start, currency: 'EUR' });
    await enqueue(db, { op: 'save', document: { ...start, tillName: 'Back' }, base: start }, 1);
    const landed: unknown[] = [];
    await replay({ ...deps, onLanded: (_entry, _id, answer) => landed.push(answer) });
    expect(JSON.parse(standin.settingsText!)).toEqual({ ...start, currency: 'EUR', tillName: 'Back' });
    // The pages hear the document as Epos Now has it now, to keep in place of their own.
    expect(landed).toEqual([{ ...start, currency: 'EUR', tillName: 'Back' }]);
  });

  it('removes a key this back office removed, and adds one it added', async () => {
    const { db, standin, deps } = await setup();
    standin.settingsText = JSON.stringify({ ...start, currency: 'EUR' });
    const { favourites: _gone, ...rest } = start;
    await enqueue(db, { op: 'save', document: { ...rest, locale: 'fr-FR' }, base: start }, 1);
    await replay(deps);
    expect(JSON.parse(standin.settingsText!)).toEqual({ ...rest, currency: 'EUR', locale: 'fr-FR' });
    // Landed: Epos Now's answer repeats the document sent.
    expect(await entries(db)).toEqual([]);
  });

  it('sends nothing when Epos Now already has this back office’s change', async () => {
    const { db, standin, deps, requests } = await setup();
    standin.settingsText = JSON.stringify({ ...start, tillName: 'Back' });
    await enqueue(db, { op: 'save', document: { ...start, tillName: 'Back' }, base: start }, 1);
    const before = requests().length;
    await replay(deps);
    expect(
      requests()
        .slice(before)
        .filter((request) => !request.startsWith('GET')),
    ).toEqual([]);
    expect(await entries(db)).toEqual([]);
  });

  it('holds the same key changed on both sides; Keep theirs takes Epos Now’s value into the document', async () => {
    const { db, standin, deps } = await setup();
    standin.settingsText = JSON.stringify({ ...start, currency: 'EUR' });
    await enqueue(db, { op: 'save', document: { ...start, currency: 'USD', tillName: 'Back' }, base: start }, 1);
    await replay(deps);
    const [held] = await entries(db);
    expect(held!.conflicts).toEqual([{ field: 'currency', base: 'GBP', mine: 'USD', theirs: 'EUR' }]);
    expect(JSON.parse(standin.settingsText!).currency).toBe('EUR');
    await keepTheirsEntry(db, held!.seq, 2);
    expect((await db.get('settings', 'app'))?.document).toEqual({ ...start, currency: 'EUR', tillName: 'Back' });
    await replay(deps);
    expect(JSON.parse(standin.settingsText!)).toEqual({ ...start, currency: 'EUR', tillName: 'Back' });
  });

  it('holds a key added here that another back office added with another value', async () => {
    const { db, standin, deps } = await setup();
    standin.settingsText = JSON.stringify({ ...start, locale: 'de-DE' });
    await enqueue(db, { op: 'save', document: { ...start, locale: 'fr-FR' }, base: start }, 1);
    await replay(deps);
    expect((await entries(db))[0]!.conflicts).toEqual([
      { field: 'locale', base: undefined, mine: 'fr-FR', theirs: 'de-DE' },
    ]);
  });

  it('merges favourites both back offices edited, entry by entry; a reorder here of a changed list waits', async () => {
    const { db, standin, deps } = await setup();
    standin.settingsText = JSON.stringify({ ...start, favourites: [1, 2, 7] });
    await enqueue(db, { op: 'save', document: { ...start, favourites: [2, 5] }, base: start }, 1);
    await replay(deps);
    expect(JSON.parse(standin.settingsText!).favourites).toEqual([2, 7, 5]);
    standin.settingsText = JSON.stringify({ ...start, favourites: [2, 5, 8] });
    await enqueue(
      db,
      { op: 'save', document: { ...start, favourites: [5, 2, 7] }, base: { ...start, favourites: [2, 7, 5] } },
      2,
    );
    await replay(deps);
    expect((await entries(db))[0]!.conflicts?.map((c) => c.field)).toEqual(['favourites']);
  });

  it('a second save while the first waits keeps the first one’s base', async () => {
    const { db } = await setup();
    await enqueue(db, { op: 'save', document: { ...start, tillName: 'A' }, base: start }, 1);
    await enqueue(db, { op: 'save', document: { ...start, tillName: 'B' }, base: { ...start, tillName: 'A' } }, 2);
    expect((await entries(db)).map((e) => [e.body, e.base])).toEqual([[{ ...start, tillName: 'B' }, start]]);
  });

  it('sends a document whole where there is nothing to merge with: no base, or none saved yet', async () => {
    const { db, standin, deps } = await setup();
    await enqueue(db, { op: 'save', document: { ...start, tillName: 'First' }, base: start }, 1);
    await replay(deps);
    expect(JSON.parse(standin.settingsText!)).toEqual({ ...start, tillName: 'First' });
    standin.settingsText = JSON.stringify({ other: true });
    await enqueue(db, { op: 'save', document: start }, 2);
    await replay(deps);
    expect(JSON.parse(standin.settingsText!)).toEqual(start);
  });
});
