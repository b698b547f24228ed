/**
 * What the client refuses to send (ids, pages) and which answers it refuses to take for records,
 * deletes and saved settings: each refusal typed, naming the request and what was wrong.
 */
import { describe, expect, it } from 'vitest';
import { createClient, type EposClient } from '../../app/epos/client.ts';
import { BadResponseError, InvalidRequestError } from '../../app/epos/errors.ts';
import { failure } from './failure.ts';

const TOKEN = 'ZGVtby1rZXk6ZGVtby1zZWNyZXQ=';

/** A client whose every request is answered with `body` (JSON text, or '' for none), noting the requests. */
function answering(body: string, headers: Record<string, string> = {}): { client: EposClient; sent: string[] } {
  const sent: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push(`${init?.method} ${String(input)}`);
    return new Response(body === '' ? null : body, { status: 200, headers });
  }) as typeof globalThis.fetch;
  return { client: createClient({ baseUrl: 'http://shop.test', token: TOKEN, fetch }), sent };
}

describe('ids and pages the client refuses to send', () => {
  it.each([
    ['GET', (c: EposClient, id: number) => c.get('Product', id)],
    ['PUT', (c: EposClient, id: number) => c.update('Product', id, { Name: 'x' })],
    ['DELETE', (c: EposClient, id: number) => c.remove('Product', id)],
  ] as const)(
    '%s with an id that is no positive integer is refused unsent, naming the request',
    async (method, call) => {
      const { client, sent } = answering('{"ProductID":1}');
      for (const [id, shown] of [
        [0, '0'],
        [-3, '-3'],
        [1.5, '1.5'],
        ['7' as unknown as number, '"7"'],
        [undefined as unknown as number, 'undefined'],
      ] as const) {
        const error = await failure(call(client, id));
        expect(error).toBeInstanceOf(InvalidRequestError);
        expect({ method: error.method, path: error.path }).toEqual({ method, path: `/api/V2/Product/${String(id)}` });
        expect(error.message).toBe(
          `${method} /api/V2/Product/${String(id)}: Product id must be a positive integer, got ${shown}`,
        );
      }
      expect(sent).toEqual([]);
    },
  );

  it('a page before 1 or between pages is refused unsent, naming the request', async () => {
    const { client, sent } = answering('[]');
    for (const page of [0, 2.5]) {
      const error = await failure(client.list('Product', page));
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect({ method: error.method, path: error.path }).toEqual({
        method: 'GET',
        path: `/api/V2/Product?page=${page}`,
      });
      expect(error.message).toBe(`GET /api/V2/Product?page=${page}: page must be an integer from 1, got ${page}`);
    }
    expect(sent).toEqual([]);
  });
});

describe('answers that are no record', () => {
  it.each([
    ['null', 'null'],
    ['a list', '[{"ProductID":4}]'],
    ['a number', '4'],
    ['a string', '"ProductID 4"'],
    ['a boolean', 'true'],
    ['an empty body', ''],
  ])('a record answered with %s is unusable', async (what, body) => {
    const { client } = answering(body);
    const error = await failure(client.get('Product', 4));
    expect(error).toBeInstanceOf(BadResponseError);
    expect(error.message).toMatch(
      new RegExp(
        `^GET /api/V2/Product/4: 200 answer unusable: the answer should be a Product record \\(a JSON object\\), got ${what}( \\(body starts|$)`,
      ),
    );
  });

  it('a record without an id is unusable, whichever id style was expected', async () => {
    const error = await failure(answering('{"Name":"Tea"}').client.create('Product', { Name: 'Tea' }));
    expect(error).toBeInstanceOf(BadResponseError);
    expect(error.message).toBe(
      'POST /api/V2/Product: 200 answer unusable: the created record has no id (neither ProductID nor Id) (body starts: "{\\"Name\\":\\"Tea\\"}")',
    );
  });

  it('an update answered with another record, or with no record, is unusable', async () => {
    const other = await failure(answering('{"ProductID":5,"Name":"Tea"}').client.update('Product', 4, { Name: 'Tea' }));
    expect(other.message).toMatch(
      /^PUT \/api\/V2\/Product\/4: 200 answer unusable: the updated record should be Product 4, got 5 /,
    );
    const none = await failure(answering('[]').client.update('Product', 4, { Name: 'Tea' }));
    expect(none.message).toMatch(
      /^PUT \/api\/V2\/Product\/4: 200 answer unusable: the updated record should be a Product record \(a JSON object\), got a list /,
    );
  });

  it('a list answered with an object, or holding a non-record, is unusable, naming the item', async () => {
    const object = await failure(answering('{"ProductID":1}').client.list('Product', 1));
    expect(object.message).toMatch(
      /^GET \/api\/V2\/Product\?page=1: 200 answer unusable: expected a JSON array of Product records, got an object /,
    );
    const item = await failure(answering('[{"ProductID":1},null]').client.list('Product', 1));
    expect(item.message).toMatch(
      /^GET \/api\/V2\/Product\?page=1: 200 answer unusable: item 1 should be a Product record \(a JSON object\), got null /,
    );
  });
});

describe('what proves a delete', () => {
  it.each([
    ['an empty answer', ''],
    ['true', 'true'],
    ['an object', '{"ProductID":4}'],
    ['a list', '[]'],
  ])('%s is a yes', async (_what, body) => {
    await expect(answering(body).client.remove('Product', 4)).resolves.toBeUndefined();
  });

  it('false is no proof: the delete fails as unusable', async () => {
    const error = await failure(answering('false').client.remove('Product', 4));
    expect(error).toBeInstanceOf(BadResponseError);
    expect(error.message).toBe(
      'DELETE /api/V2/Product/4: 200 answer unusable: the answer to a delete was false (body starts: "false")',
    );
  });
});

describe('settings answers', () => {
  it('an answer the worker stored without a readable time is the till\u2019s own copy, dated the epoch', async () => {
    const noTime = answering('{"version":1}', { 'X-Epos-Source': 'cache' });
    expect(await noTime.client.getSettings()).toEqual({ document: { version: 1 }, storedAt: 0 });
    const badTime = answering('{"version":1}', { 'X-Epos-Source': 'cache', 'X-Epos-Cached-At': 'yesterday' });
    expect(await badTime.client.getSettings()).toEqual({ document: { version: 1 }, storedAt: 0 });
  });

  it('a save is proved only by an answer repeating the document', async () => {
    const empty = await failure(answering('').client.saveSettings({ version: 1 }));
    expect(empty).toBeInstanceOf(BadResponseError);
    expect(empty.message).toBe(
      'POST /api/integration/appsettings: 200 answer unusable: the answer should repeat the saved document, got an empty body',
    );
    const other = await failure(answering('{"version":2}').client.saveSettings({ version: 1 }));
    expect(other.message).toMatch(
      /^POST \/api\/integration\/appsettings: 200 answer unusable: the answer should repeat the saved document, got an object /,
    );
    // Saving null (nothing) is not proved by an empty answer, though reading one back means "nothing saved".
    await expect(answering('').client.saveSettings(null)).rejects.toThrow(/got an empty body/);
    expect(await answering('null').client.saveSettings(null)).toBeNull();
  });
});
