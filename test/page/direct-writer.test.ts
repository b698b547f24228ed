import { describe, expect, it } from 'vitest';
import { createClient } from '../../app/epos/client.ts';
import { createDirectWriter } from '../../app/page/direct-writer.ts';
import { isUnsentWrite, type UnsentWriteError } from '../../app/page/unsent-write.ts';
import { InvalidWriteError } from '../../app/store/write-error.ts';
import { inProcessFetch } from '../standin/in-process.ts';
import { createStandin } from '../standin/standin.ts';

function setup() {
  const standin = createStandin({ products: 10 });
  const client = createClient({ baseUrl: 'http://standin.test', token: standin.token, fetch: inProcessFetch(standin) });
  return { standin, writer: createDirectWriter(client) };
}

describe('the direct writer of a till without storage', () => {
  it('sends a create at once and answers done with the server’s record and id', async () => {
    const { standin, writer } = setup();
    const before = standin.records('Customer').length;
    const result = await writer.write({
      op: 'create',
      kind: 'Customer',
      body: { Forename: 'Ada', Surname: 'Lovelace' },
    });
    const made = standin.records('Customer');
    expect(made).toHaveLength(before + 1);
    const id = made.at(-1)?.CustomerID;
    expect(result).toEqual({ state: 'done', recordId: id, answer: expect.objectContaining({ CustomerID: id }) });
  });

  it('sends an update, a delete and a settings save, each done with what the server answered', async () => {
    const { standin, writer } = setup();
    expect(await writer.write({ op: 'update', kind: 'Customer', id: 3, body: { Surname: 'Changed' } })).toMatchObject({
      state: 'done',
      recordId: 3,
    });
    expect(standin.record('Customer', 3)?.Surname).toBe('Changed');
    expect(await writer.write({ op: 'delete', kind: 'Customer', id: 3 })).toEqual({ state: 'done', recordId: 3 });
    expect(standin.record('Customer', 3)).toBeUndefined();
    expect(await writer.write({ op: 'save', document: { version: 1, tillName: 'Front' } })).toEqual({
      state: 'done',
      recordId: 0,
      answer: { version: 1, tillName: 'Front' },
    });
    expect(JSON.parse(standin.settingsText ?? 'null')).toEqual({ version: 1, tillName: 'Front' });
  });

  it('refuses, unsent, a write the API would refuse (the check before queuing)', async () => {
    const { standin, writer } = setup();
    const requests = standin.log.length;
    await expect(
      writer.write({ op: 'update', kind: 'Product', id: 1, body: { SalePrice: 'twelve' } }),
    ).rejects.toBeInstanceOf(InvalidWriteError);
    expect(standin.log).toHaveLength(requests);
  });

  it('when Epos Now cannot be reached, rejects plainly, saying nothing was kept; nothing is sent later', async () => {
    const { standin, writer } = setup();
    standin.faults.add({ type: 'drop-before-apply', match: { method: 'POST' }, times: 1 });
    const before = standin.records('Customer').length;
    const error = await writer.write({ op: 'create', kind: 'Customer', body: { Forename: 'Grace' } }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isUnsentWrite(error)).toBe(true);
    expect((error as UnsentWriteError).reason).toBe('unreachable');
    expect((error as Error).message).toMatch(/^Epos Now could not be reached, so nothing was kept on this till/);
    // Nothing was retried behind the person's back: the stand-in saw one POST, and has no new record.
    expect(standin.log.filter((entry) => entry.method === 'POST')).toHaveLength(1);
    expect(standin.records('Customer')).toHaveLength(before);
  });

  it('when Epos Now refuses it, says so with the server’s answer and never the token', async () => {
    const { standin, writer } = setup();
    standin.faults.add({
      type: 'status',
      status: 400,
      body: JSON.stringify({ Message: 'The email is in use.' }),
      match: { method: 'POST' },
    });
    const error = await writer.write({ op: 'create', kind: 'Customer', body: { Forename: 'Grace' } }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as UnsentWriteError).reason).toBe('refused');
    expect((error as Error).message).toMatch(
      /^Epos Now did not accept it \(.*The email is in use\..*\); nothing was kept/,
    );
    expect((error as Error).message).not.toContain(standin.token);
  });

  it('lays an update and a save over what Epos Now has now: a change made elsewhere stays', async () => {
    const { standin, writer } = setup();
    const shown = standin.record('Customer', 4)!;
    standin.put('Customer', { ...shown, EmailAddress: 'new@example.com' });
    await writer.write({ op: 'update', kind: 'Customer', id: 4, body: { ContactNumber: '0123' }, base: shown });
    expect(standin.record('Customer', 4)).toMatchObject({ EmailAddress: 'new@example.com', ContactNumber: '0123' });
    standin.settingsText = JSON.stringify({ version: 1, currency: 'EUR', tillName: 'Front' });
    const start = { version: 1, currency: 'GBP', tillName: 'Front' };
    await writer.write({ op: 'save', document: { ...start, tillName: 'Back' }, base: start });
    expect(JSON.parse(standin.settingsText ?? 'null')).toEqual({ version: 1, currency: 'EUR', tillName: 'Back' });
  });

  it('refuses, unsent, a change whose field Epos Now changed too, or whose record it no longer has', async () => {
    const { standin, writer } = setup();
    const shown = standin.record('Customer', 5)!;
    standin.put('Customer', { ...shown, Surname: 'Theirs' });
    const conflict = await writer
      .write({ op: 'update', kind: 'Customer', id: 5, body: { Surname: 'Mine' }, base: shown })
      .catch((e: unknown) => e);
    expect(conflict).toMatchObject({ reason: 'refused' });
    expect((conflict as Error).message).toMatch(
      /^Changed on Epos Now too since this edit started \(Surname\), so nothing was kept/,
    );
    expect(standin.record('Customer', 5)?.Surname).toBe('Theirs');
    standin.remove('Customer', 5);
    const gone = await writer
      .write({ op: 'update', kind: 'Customer', id: 5, body: { Surname: 'Mine' }, base: shown })
      .catch((e: unknown) => e);
    expect((gone as Error).message).toMatch(/^The record is no longer on Epos Now/);
    expect(standin.log.filter((entry) => entry.method !== 'GET')).toEqual([]);
  });

  it('throws a bug as it is, not as an unsent write', async () => {
    const bug = new RangeError('broken');
    const writer = createDirectWriter({
      create: () => Promise.reject(bug),
      update: () => Promise.reject(bug),
      remove: () => Promise.reject(bug),
      get: () => Promise.reject(bug),
      getSettings: () => Promise.reject(bug),
      saveSettings: () => Promise.reject(bug),
    });
    await expect(writer.write({ op: 'create', kind: 'Customer', body: { Forename: 'A' } })).rejects.toBe(bug);
  });
});
