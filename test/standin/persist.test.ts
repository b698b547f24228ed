import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KIND_NAMES } from '../../app/epos/kinds.ts';
import { type Harness, harness } from './harness.ts';
import { StateFileError } from './persist.ts';
import { createStandin } from './standin.ts';

let dir: string;
let file: string;
/** Stand-ins that may still have a write scheduled when their test ends. */
const saving: Harness[] = [];

/** A harness whose pending write is flushed before the folder is removed. */
function persisted(options: Parameters<typeof harness>[0]): Harness {
  const made = harness(options);
  saving.push(made);
  return made;
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'standin-'));
  file = join(dir, 'nested', 'state.json');
});

afterEach(async () => {
  // A write still scheduled would land in the folder while rm empties it (ENOTEMPTY on CI).
  for (const made of saving.splice(0)) await made.standin.flush();
  await rm(dir, { recursive: true, force: true });
});

describe('persistence', () => {
  it('round-trips records, next ids and the settings text through the file', async () => {
    const first = persisted({ persistFile: file, products: 30 });
    await first.call('POST', '/api/V2/Product', { Name: 'Crème Brûlée', SalePrice: 4.5 });
    await first.call('PUT', '/api/V2/Customer/3', { Notes: 'VIP' });
    await first.call('DELETE', '/api/V2/Product/31');
    await first.call('DELETE', '/api/V2/TenderType/2');
    await first.call('POST', '/API/Integrations/AppSettings/', ' {"refresh": 30} ');
    await first.standin.flush();

    const second = persisted({ persistFile: file, products: 5, seed: 99 });
    for (const kind of KIND_NAMES) expect(second.standin.records(kind), kind).toEqual(first.standin.records(kind));
    expect(second.standin.settingsText).toBe(' {"refresh": 30} ');
    expect(second.standin.record('Customer', 3)?.Notes).toBe('VIP');
    // Id 31 was deleted; the identity carries on from 32.
    expect((await second.call('POST', '/api/V2/Product', { Name: 'Tea' })).json()).toMatchObject({ ProductID: 32 });
  });

  it('saves after a write without being asked, and after server-side changes', async () => {
    const { standin, call } = persisted({ persistFile: file });
    expect(existsSync(file)).toBe(false);
    await call('POST', '/api/V2/TenderType', { Name: 'Crypto' });
    await expect.poll(() => existsSync(file)).toBe(true);
    standin.put('TenderType', { TypeID: 1, Name: 'Notes & Coins' });
    standin.settingsText = '{"x":1}';
    await standin.flush();
    const saved = JSON.parse(await readFile(file, 'utf8')) as {
      records: Record<string, { Name: string }[]>;
      settingsText: string;
    };
    expect(saved.records.TenderType?.map((t) => t.Name)).toContain('Crypto');
    expect(saved.records.TenderType?.[0]?.Name).toBe('Notes & Coins');
    expect(saved.settingsText).toBe('{"x":1}');
  });

  it('writes the seed on flush when there is no file yet, and nothing without persistFile', async () => {
    const { standin } = persisted({ persistFile: file, products: 3 });
    await standin.flush();
    expect(createStandin({ persistFile: file }).records('Product')).toEqual(standin.records('Product'));
    await expect(harness().standin.flush()).resolves.toBeUndefined();
  });

  it('rekeys saved records for a stand-in of the other id style', async () => {
    const v2 = persisted({ persistFile: file, products: 2 });
    await v2.standin.flush();
    const contract = createStandin({ persistFile: file, idStyle: 'contract' });
    const product = contract.record('Product', 2);
    expect(product?.Id).toBe(2);
    expect(product).not.toHaveProperty('ProductID');
    expect({ ...product, Id: undefined }).toEqual({
      ...v2.standin.record('Product', 2),
      ProductID: undefined,
      Id: undefined,
    });
  });

  it('refuses a corrupt file with an error naming it, rather than reseeding', async () => {
    const { standin } = persisted({ persistFile: file, products: 2 });
    await standin.flush();
    const good = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    const bad: [string, string][] = [
      ['not JSON', '{"format": "epos-standin-sta'],
      ['not an object', '[]'],
      ['another format', JSON.stringify({ ...good, format: 'other' })],
      ['a bad id style', JSON.stringify({ ...good, idStyle: 'ID' })],
      ['an unknown kind', JSON.stringify({ ...good, records: { Widget: [] } })],
      ['a record without id', JSON.stringify({ ...good, records: { Product: [{ Name: 'x' }] } })],
      ['a duplicate id', JSON.stringify({ ...good, records: { Product: [{ ProductID: 1 }, { ProductID: 1 }] } })],
      ['bad settings', JSON.stringify({ ...good, settingsText: 5 })],
    ];
    for (const [what, text] of bad) {
      await writeFile(file, text);
      expect(() => createStandin({ persistFile: file }), what).toThrow(StateFileError);
      expect(() => createStandin({ persistFile: file }), what).toThrow(file);
    }
  });

  it('reports a write that failed in the background on the next flush', async () => {
    await writeFile(join(dir, 'blocker'), 'a file where a folder should be');
    const { standin } = persisted({ persistFile: join(dir, 'blocker', 'state.json') });
    standin.put('TenderType', { Name: 'Crypto' });
    await expect(standin.flush()).rejects.toThrow(StateFileError);
    await expect(standin.flush()).resolves.toBeUndefined();
  });
});
