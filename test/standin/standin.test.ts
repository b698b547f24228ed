import { describe, expect, it } from 'vitest';
import { type IdStyle, idKey } from '../../app/epos/ids.ts';
import { KIND_NAMES, KINDS, type Kind, PAGE_SIZE } from '../../app/epos/kinds.ts';
import { FIELD_TYPES } from './binding.ts';
import { FIELDS } from './fields.ts';
import { BASE, harness } from './harness.ts';
import { V2_SUNSET } from './responses.ts';
import { DEMO_TOKEN } from './standin.ts';

const STYLES: readonly IdStyle[] = ['v2', 'contract'];

function ids(list: unknown, key: string): number[] {
  return (list as Record<string, number>[]).map((record) => record[key] as number);
}

describe('auth', () => {
  it('uses Base64(key:secret) as the demo token', () => {
    expect(atob(DEMO_TOKEN)).toBe('demo-key:demo-secret');
    expect(harness().standin.token).toBe(DEMO_TOKEN);
  });

  it('rejects missing, wrong and malformed credentials with 401 and changes nothing', async () => {
    const { standin, call } = harness();
    const before = standin.records('TenderType');
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Basic wrong' },
      { authorization: `basic ${DEMO_TOKEN}` },
      { authorization: `Bearer ${DEMO_TOKEN}` },
      { authorization: DEMO_TOKEN },
      { authorization: `Basic  ${DEMO_TOKEN}` },
    ];
    for (const headers of attempts) {
      const created = await call('POST', '/api/V2/TenderType', { Name: 'Crypto' }, headers);
      expect(created.status).toBe(401);
      expect(created.json()).toEqual({ Message: 'Authorization has been denied for this request.' });
      expect(created.headers.get('www-authenticate')).toBeNull();
      expect((await call('PUT', '/api/V2/TenderType/1', { Name: 'Money' }, headers)).status).toBe(401);
      expect((await call('DELETE', '/api/V2/TenderType/2', undefined, headers)).status).toBe(401);
      expect((await call('GET', '/api/V2/TenderType/1', undefined, headers)).status).toBe(401);
      expect((await call('POST', '/api/integration/appsettings', '{"a":1}', headers)).status).toBe(401);
      expect((await call('GET', '/api/integration/appsettings', undefined, headers)).status).toBe(401);
    }
    expect(standin.records('TenderType')).toEqual(before);
    expect(standin.settingsText).toBeNull();
    expect(standin.log).toHaveLength(attempts.length * 6);
    expect(standin.log.every((entry) => entry.status === 401)).toBe(true);
  });

  it('accepts a custom token and still marks a V2 401 as deprecated', async () => {
    const { call } = harness({ token: 'c2VjcmV0' });
    expect((await call('GET', '/api/V2/TenderType/1', undefined, { authorization: 'Basic c2VjcmV0' })).status).toBe(
      200,
    );
    const denied = await call('GET', '/api/V2/TenderType/1', undefined, { authorization: `Basic ${DEMO_TOKEN}` });
    expect(denied.status).toBe(401);
    expect(denied.headers.get('deprecation')).toBe('true');
  });
});

describe('list', () => {
  for (const count of [0, 1, 199, 200, 201, 401]) {
    it(`pages ${count} products 200 at a time, then answers []`, async () => {
      const { call } = harness({ products: count });
      const seen: number[] = [];
      const pages = Math.ceil(count / PAGE_SIZE) + 2;
      for (let page = 1; page <= pages; page++) {
        const answer = await call('GET', `/api/V2/Product?page=${page}`);
        expect(answer.status).toBe(200);
        const list = answer.json() as unknown[];
        expect(Array.isArray(list)).toBe(true);
        expect(list.length).toBe(Math.max(0, Math.min(PAGE_SIZE, count - (page - 1) * PAGE_SIZE)));
        seen.push(...ids(list, 'ProductID'));
      }
      expect(seen).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    });
  }

  it('keeps ascending id order across server-side inserts and deletes', async () => {
    const { standin, call } = harness({ products: 0 });
    for (const id of [500, 3, 250, 1, 42]) standin.put('Product', { ProductID: id, Name: `P${id}` });
    standin.remove('Product', 250);
    expect(ids((await call('GET', '/api/V2/Product?page=1')).json(), 'ProductID')).toEqual([1, 3, 42, 500]);
  });

  it('serves the Product list with or without the slash, and so every other kind', async () => {
    const { call } = harness({ products: 250 });
    const plain = await call('GET', '/api/V2/Product?page=2');
    const slashed = await call('GET', '/api/V2/Product/?page=2');
    expect(plain.text).toBe(slashed.text);
    expect((plain.json() as unknown[]).length).toBe(50);
    expect((await call('GET', '/api/V2/TenderType/?page=1')).text).toBe(
      (await call('GET', '/api/V2/TenderType?page=1')).text,
    );
  });

  it('treats a missing page as page 1 and binds the parameter case-insensitively', async () => {
    const { call } = harness({ products: 250 });
    const first = (await call('GET', '/api/V2/Product?page=1')).text;
    expect((await call('GET', '/api/V2/Product')).text).toBe(first);
    expect((await call('GET', '/api/V2/Product/')).text).toBe(first);
    expect((await call('GET', '/api/V2/Product?Page=1')).text).toBe(first);
    expect((await call('GET', '/api/V2/Product?page=1&OrderBy=Name')).text).toBe(first);
  });

  it('answers 400 with ModelState for a page that is not a whole number from 1', async () => {
    const { call } = harness();
    for (const page of ['0', '-1', '1.5', 'abc', '', '1e3', '99999999999999999999']) {
      const answer = await call('GET', `/api/V2/Product?page=${page}`);
      expect(answer.status, page).toBe(400);
      expect(answer.json()).toMatchObject({
        Message: 'The request is invalid.',
        ModelState: { page: [expect.any(String)] },
      });
    }
  });

  for (const style of STYLES) {
    it(`lists all 19 kinds in the ${style} style, ids ascending from 1, only the ${style} key`, async () => {
      const { call } = harness({ idStyle: style });
      for (const kind of KIND_NAMES) {
        const answer = await call('GET', `/api/V2/${KINDS[kind].segment}/?page=1`);
        expect(answer.status, kind).toBe(200);
        expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
        const list = answer.json() as Record<string, unknown>[];
        expect(list.length, kind).toBeGreaterThanOrEqual(4);
        const key = idKey(kind, style);
        expect(ids(list, key)).toEqual(list.map((_, i) => i + 1));
        const other = style === 'v2' ? 'Id' : KINDS[kind].v2IdKey;
        expect(
          list.some((record) => Object.hasOwn(record, other)),
          kind,
        ).toBe(false);
      }
    });
  }
});

describe('records', () => {
  for (const style of STYLES) {
    describe(`in the ${style} style`, () => {
      const key = (kind: Kind): string => idKey(kind, style);

      it('gets a record, or 404 for an unknown id', async () => {
        const { standin, call } = harness({ idStyle: style });
        const answer = await call('GET', '/api/V2/SeatingTable/7');
        expect(answer.status).toBe(200);
        expect(answer.json()).toEqual(standin.record('SeatingTable', 7));
        expect(answer.json()).toMatchObject({ [key('SeatingTable')]: 7, Name: 'Table 7' });
        for (const id of ['999', '0', '-3']) {
          const missing = await call('GET', `/api/V2/SeatingTable/${id}`);
          expect(missing.status).toBe(404);
          expect((missing.json() as { Message: string }).Message).toMatch(/^No HTTP resource was found/);
        }
      });

      it('creates with the next id, the full field set and nulls for fields not sent', async () => {
        const { standin, call } = harness({ idStyle: style, products: 10 });
        const created = await call('POST', '/api/V2/Product', {
          Id: 77,
          ProductID: 78,
          Name: 'Jalapeño Poppers',
          SalePrice: 5.5,
          Custom: 'dropped',
        });
        expect(created.status).toBe(201);
        const record = created.json() as Record<string, unknown>;
        expect(record[key('Product')]).toBe(11);
        expect(Object.keys(record)).toEqual([key('Product'), ...FIELDS.Product]);
        expect(record).toMatchObject({ Name: 'Jalapeño Poppers', SalePrice: 5.5, Barcode: null, Sku: null });
        expect(standin.record('Product', 11)).toEqual(record);
        expect(standin.record('Product', 77)).toBeUndefined();
        // Ids are not reused: deleting the newest does not hand its id out again.
        standin.remove('Product', 11);
        expect(
          ((await call('POST', '/api/V2/Product/', { Name: 'Tea' })).json() as Record<string, unknown>)[key('Product')],
        ).toBe(12);
      });

      it('answers a create with 200 when configured to', async () => {
        const { call } = harness({ idStyle: style, createStatus: 200 });
        expect((await call('POST', '/api/V2/TenderType', { Name: 'Crypto' })).status).toBe(200);
      });

      it('merges an update and never changes the id', async () => {
        const { standin, call } = harness({ idStyle: style });
        const before = standin.record('Customer', 5) as Record<string, unknown>;
        const answer = await call('PUT', '/api/V2/Customer/5', { Id: 9, CustomerID: 9, Surname: 'Núñez', Notes: null });
        expect(answer.status).toBe(200);
        expect(answer.json()).toEqual({ ...before, Surname: 'Núñez', Notes: null });
        expect(standin.record('Customer', 5)).toEqual(answer.json());
        expect(standin.record('Customer', 9)).toEqual(standin.records('Customer')[8]);
        expect((await call('PUT', '/api/V2/Customer/9999', { Surname: 'X' })).status).toBe(404);
      });

      it('deletes, answering true, then 404', async () => {
        const { standin, call } = harness({ idStyle: style });
        const deleted = await call('DELETE', '/api/V2/DiscoutReason/3');
        expect(deleted.status).toBe(200);
        expect(deleted.json()).toBe(true);
        expect(standin.record('DiscountReason', 3)).toBeUndefined();
        expect((await call('GET', '/api/V2/DiscoutReason/3')).status).toBe(404);
        expect((await call('DELETE', '/api/V2/DiscoutReason/3')).status).toBe(404);
      });

      it('does all five operations on every kind', async () => {
        const { standin, call } = harness({ idStyle: style });
        for (const kind of KIND_NAMES) {
          const base = `/api/V2/${KINDS[kind].segment}`;
          const count = standin.records(kind).length;
          // The first field of every kind is text or a whole number (a name, a note, an id); a
          // whole number gets the text's length, so the create and the update still differ.
          const field = FIELDS[kind][0] as string;
          const value = (made: string) => (FIELD_TYPES[kind][field] === 'String' ? made : made.length);
          const created = await call('POST', base, { [field]: value('made by test') });
          expect(created.status, kind).toBe(201);
          const id = (created.json() as Record<string, number>)[key(kind)] as number;
          expect(id, kind).toBe(count + 1);
          expect(Object.keys(created.json() as object)).toEqual(Object.keys(standin.records(kind)[0] as object));
          expect((await call('GET', `${base}/${id}`)).json()).toEqual(created.json());
          const updated = await call('PUT', `${base}/${id}/`, { [field]: value('changed') });
          expect((updated.json() as Record<string, unknown>)[field], kind).toBe(value('changed'));
          expect((await call('GET', `${base}/?page=${Math.ceil(id / PAGE_SIZE)}`)).json()).toContainEqual(
            updated.json(),
          );
          expect((await call('DELETE', `${base}/${id}`)).status).toBe(200);
          expect(standin.records(kind)).toHaveLength(count);
        }
      });
    });
  }
});

describe('errors', () => {
  it('answers 400 for an id that is not an integer', async () => {
    const { call } = harness();
    for (const method of ['GET', 'PUT', 'DELETE']) {
      for (const id of ['abc', '1.5', '1e2', '99999999999']) {
        const answer = await call(method, `/api/V2/Product/${id}`, method === 'PUT' ? { Name: 'x' } : undefined);
        expect(answer.status, `${method} ${id}`).toBe(400);
        expect(answer.json()).toMatchObject({ Message: 'The request is invalid.' });
      }
    }
  });

  it('answers 400 with ModelState for a body that is not a JSON object, and changes nothing', async () => {
    const { standin, call } = harness();
    const before = standin.records('TenderType');
    for (const body of ['{"Name":', '', '   ', '[1,2]', '42', 'null', '"Cash"', 'Name=Cash']) {
      for (const [method, path] of [
        ['POST', '/api/V2/TenderType'],
        ['PUT', '/api/V2/TenderType/1'],
      ] as const) {
        const answer = await call(method, path, body);
        expect(answer.status, `${method} ${JSON.stringify(body)}`).toBe(400);
        expect(answer.json()).toMatchObject({
          Message: 'The request is invalid.',
          ModelState: { body: [expect.any(String)] },
        });
      }
    }
    expect(standin.records('TenderType')).toEqual(before);
  });

  it('answers 404 for unknown kinds and paths, with V2 headers only under /api/V2/', async () => {
    const { call } = harness();
    for (const path of [
      '/api/V2/Nope',
      '/api/V2/DiscountReason/1',
      '/api/V2/Product/1/extra',
      '/api/V2/',
      '/api/V2//Product',
    ]) {
      const answer = await call('GET', path);
      expect(answer.status, path).toBe(404);
      expect(answer.json()).toEqual({
        Message: `No HTTP resource was found that matches the request URI '${BASE}${path}'.`,
      });
      expect(answer.headers.get('deprecation')).toBe('true');
    }
    const outside = await call('GET', '/api/V4/Product');
    expect(outside.status).toBe(404);
    expect(outside.headers.get('deprecation')).toBeNull();
  });

  it('serves an overridden segment spelling instead of the contract one', async () => {
    const { call } = harness({ segments: { DiscountReason: 'DiscountReason' } });
    expect((await call('GET', '/api/V2/DiscountReason/1')).status).toBe(200);
    expect((await call('GET', '/api/V2/DiscoutReason/1')).status).toBe(404);
  });

  it('matches paths case-insensitively, as ASP.NET routing does', async () => {
    const { call } = harness();
    expect((await call('GET', '/API/v2/tendertype/1')).status).toBe(200);
  });

  it('answers 405 with Allow for a method the endpoint lacks', async () => {
    const { call } = harness();
    const cases: [string, string, string][] = [
      ['PATCH', '/api/V2/Product/1', 'GET, PUT, DELETE'],
      ['POST', '/api/V2/Product/1', 'GET, PUT, DELETE'],
      ['PUT', '/api/V2/Product', 'GET, POST'],
      ['DELETE', '/api/V2/Product/', 'GET, POST'],
      ['DELETE', '/api/integration/appsettings', 'GET, POST'],
    ];
    for (const [method, path, allow] of cases) {
      const answer = await call(method, path, method === 'DELETE' ? undefined : { Name: 'x' });
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers.get('allow')).toBe(allow);
      expect((answer.json() as { Message: string }).Message).toContain(method);
    }
  });
});

describe('headers', () => {
  it('marks every V2 answer deprecated with a fixed sunset, and settings answers not', async () => {
    const { call } = harness();
    for (const answer of [
      await call('GET', '/api/V2/Product?page=1'),
      await call('GET', '/api/V2/Product/1'),
      await call('POST', '/api/V2/Product', { Name: 'x' }),
      await call('PUT', '/api/V2/Product/1', '{'),
      await call('DELETE', '/api/V2/Product/999'),
    ]) {
      expect(answer.headers.get('deprecation')).toBe('true');
      expect(answer.headers.get('sunset')).toBe(V2_SUNSET);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    }
    expect(new Date(V2_SUNSET).toUTCString()).toBe(V2_SUNSET);
    const settings = await call('GET', '/api/integration/appsettings');
    expect(settings.headers.get('deprecation')).toBeNull();
    expect(settings.headers.get('sunset')).toBeNull();
  });
});

describe('app settings', () => {
  const document =
    '{ "theme" : "dark",\n  "tip": [10, 12.50, 15], "name": "Caf\\u00e9 Zoë" , "nested": {"a": null} }  ';

  it('answers null before any save', async () => {
    const { call } = harness();
    const answer = await call('GET', '/api/integration/appsettings');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('null');
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('stores and returns the document byte for byte, shared by both paths', async () => {
    const { standin, call } = harness();
    const saved = await call('POST', '/api/integration/appsettings', document);
    expect(saved.status).toBe(200);
    expect(saved.text).toBe(document);
    expect(standin.settingsText).toBe(document);
    for (const path of [
      '/API/Integrations/AppSettings/',
      '/api/integration/appsettings',
      '/api/integrations/appsettings',
      '/API/INTEGRATION/APPSETTINGS/',
    ]) {
      const read = await call('GET', path);
      expect(read.status, path).toBe(200);
      expect(read.text, path).toBe(document);
    }
    const again = await call('POST', '/API/Integrations/AppSettings/', '"{\\"v\\":2}"');
    expect(again.text).toBe('"{\\"v\\":2}"');
    expect((await call('GET', '/api/integration/appsettings')).text).toBe('"{\\"v\\":2}"');
  });

  it('keeps a byte-order mark and multi-byte characters exactly', async () => {
    const { fetch, auth } = harness();
    const bytes = new TextEncoder().encode('\uFEFF{"emoji":"🍰","accent":"Crème Brûlée"}');
    await fetch(`${BASE}/api/integration/appsettings`, { method: 'POST', headers: auth, body: bytes });
    const read = await fetch(`${BASE}/API/Integrations/AppSettings/`, { headers: auth });
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(bytes);
  });

  it('refuses an empty, non-JSON or non-UTF-8 document and keeps the old one', async () => {
    const { standin, call, fetch, auth } = harness();
    await call('POST', '/api/integration/appsettings', '{"v":1}');
    for (const body of ['', '  ', '{v:1}', '{"v":1', 'undefined']) {
      const answer = await call('POST', '/api/integration/appsettings', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json()).toMatchObject({
        Message: 'The request is invalid.',
        ModelState: { body: [expect.any(String)] },
      });
    }
    const latin1 = await fetch(`${BASE}/api/integration/appsettings`, {
      method: 'POST',
      headers: auth,
      body: new Uint8Array([0x22, 0xe9, 0x22]),
    });
    expect(latin1.status).toBe(400);
    expect(standin.settingsText).toBe('{"v":1}');
  });

  it('serves whatever a test stages, valid or not', async () => {
    const { standin, call } = harness();
    standin.settingsText = '{"foreign": tru';
    expect((await call('GET', '/api/integration/appsettings')).text).toBe('{"foreign": tru');
  });
});

describe('log', () => {
  it('records every request with path, lower-case headers, body and status', async () => {
    const { standin, call } = harness();
    await call(
      'POST',
      '/api/V2/TenderType?x=1&y=%20z',
      { Name: 'Crypto' },
      { authorization: `Basic ${DEMO_TOKEN}`, 'X-Trace': 'abc' },
    );
    await call('GET', '/api/V2/Nope');
    await call('GET', '/api/V2/Product?#fragment');
    expect(standin.log).toEqual([
      {
        method: 'POST',
        path: '/api/V2/TenderType?x=1&y=%20z',
        headers: { authorization: `Basic ${DEMO_TOKEN}`, 'content-type': 'application/json', 'x-trace': 'abc' },
        body: '{"Name":"Crypto"}',
        status: 201,
      },
      expect.objectContaining({ method: 'GET', path: '/api/V2/Nope', body: '', status: 404 }),
      expect.objectContaining({ path: '/api/V2/Product?', status: 200 }),
    ]);
  });
});

describe('server-side changes', () => {
  it('puts, reads and removes deep copies in either id style', () => {
    const { standin } = harness({ idStyle: 'contract' });
    const put = standin.put('TenderType', { TypeID: 3, Name: 'Luncheon Voucher' });
    expect(put).toEqual({ Id: 3, Name: 'Luncheon Voucher', Description: null });
    put.Name = 'mutated';
    const read = standin.record('TenderType', 3) as Record<string, unknown>;
    expect(read.Name).toBe('Luncheon Voucher');
    read.Name = 'mutated';
    (standin.records('TenderType')[2] as Record<string, unknown>).Name = 'mutated';
    expect(standin.record('TenderType', 3)?.Name).toBe('Luncheon Voucher');

    const added = standin.put('TenderType', { Name: 'Bitcoin' });
    expect(added.Id).toBe(8);
    expect(standin.remove('TenderType', 8)).toBe(true);
    expect(standin.remove('TenderType', 8)).toBe(false);
    expect(() => standin.put('TenderType', { Id: -1, Name: 'x' })).toThrow(RangeError);
  });

  it('rejects bad options', () => {
    expect(() => harness({ products: -1 })).toThrow(RangeError);
    expect(() => harness({ products: 1.5 })).toThrow(RangeError);
    expect(() => harness({ idStyle: 'ID' as IdStyle })).toThrow(RangeError);
    expect(() => harness({ createStatus: 204 as 201 })).toThrow(RangeError);
  });
});
