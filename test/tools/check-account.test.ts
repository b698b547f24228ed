/**
 * check-account's findings against the stand-in over a real socket (with CORS for the origin it
 * sends): both id styles, both discount-reason spellings, the writes, and answers the app cannot
 * read. The command itself, as a person runs it, is test/build/check-account.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { KINDS, type Kind } from '../../app/epos/kinds.ts';
import { withCors } from '../server/cors.ts';
import { type RunningServer, startServer } from '../server/server.ts';
import { createStandin, type Standin, type StandinOptions } from '../standin/standin.ts';
import { type AccountReport, checkAccount, idKeyOf } from './check-account.ts';
import { formatReport } from './check-account-table.ts';

const ORIGIN = 'https://till.example';
const KIND_NAMES = Object.keys(KINDS) as Kind[];

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function check(options: StandinOptions, write = false): Promise<{ report: AccountReport; standin: Standin }> {
  const standin = createStandin({ products: 10, ...options });
  server = await startServer({ api: withCors((request) => standin.fetch(request), [ORIGIN]) });
  const report = await checkAccount({ baseUrl: server.url, token: standin.token, origin: ORIGIN, write });
  return { report, standin };
}

const row = (report: AccountReport, method: string, path: string) =>
  report.rows.find((r) => r.method === method && r.path === path);

describe('check-account', () => {
  it('reads every kind of a v2-style account: a page and one record each, the settings, the CORS answer', async () => {
    const { report, standin } = await check({ idStyle: 'v2' });
    expect(report.problem).toBeNull();
    expect(report.rows.every((r) => r.ok && r.status === 200)).toBe(true);
    // 19 pages, 19 records, the settings document.
    expect(report.rows).toHaveLength(39);
    expect(report.idKeys).toEqual(Object.fromEntries(KIND_NAMES.map((kind) => [kind, KINDS[kind].v2IdKey])));
    expect(report.discountReasonSegment).toBe('DiscoutReason');
    expect(row(report, 'GET', '/api/V2/Product?page=1')).toMatchObject({
      shape: 'array',
      records: 10,
      idKey: 'ProductID',
      headers: { 'Access-Control-Allow-Origin': ORIGIN },
    });
    expect(row(report, 'GET', '/api/V2/TenderType/1')).toMatchObject({ shape: 'object', idKey: 'TypeID' });
    expect(row(report, 'GET', '/api/integration/appsettings')).toMatchObject({ status: 200, shape: 'null' });
    expect(report.sunset).not.toBeNull();
    // Read-only: nothing but GETs reached the account.
    expect(standin.log.filter((entry) => entry.method !== 'GET')).toEqual([]);
    expect(standin.log.every((entry) => entry.headers.origin === ORIGIN)).toBe(true);
  });

  it("finds a contract-style account's Id keys, and discount reasons at public material's spelling after a 404", async () => {
    const { report } = await check({ idStyle: 'contract', segments: { DiscountReason: 'DiscountReason' } });
    expect(report.problem).toBeNull();
    expect(new Set(Object.values(report.idKeys))).toEqual(new Set(['Id']));
    expect(Object.keys(report.idKeys)).toHaveLength(19);
    expect(report.discountReasonSegment).toBe('DiscountReason');
    expect(row(report, 'GET', '/api/V2/DiscoutReason/?page=1')).toMatchObject({ status: 404, ok: true });
    expect(row(report, 'GET', '/api/V2/DiscountReason/?page=1')).toMatchObject({ status: 200, idKey: 'Id' });
    expect(row(report, 'GET', '/api/V2/DiscountReason/1')).toMatchObject({ status: 200, idKey: 'Id' });
    const table = formatReport(report);
    expect(table).toContain("DiscountReason (public material's spelling; the contract's DiscoutReason got 404)");
    expect(table).toContain("Record ids are keyed by: Id (the contract's) on all 19 kinds with records");
  });

  it('fails, saying which, when neither spelling of discount reasons answers', async () => {
    const { report } = await check({ segments: { DiscountReason: 'Discounts' } });
    expect(report.discountReasonSegment).toBeNull();
    expect(row(report, 'GET', '/api/V2/DiscoutReason/?page=1')?.ok).toBe(false);
    expect(row(report, 'GET', '/api/V2/DiscountReason/?page=1')?.ok).toBe(false);
    expect(report.problem).toMatch(
      /^2 of 39 requests got no answer the app can read; the first: GET \/api\/V2\/DiscoutReason\/\?page=1 \(404\)/,
    );
  });

  it('creates, reads back, updates with a partial body and deletes one marked Customer, saying whether the update merged', async () => {
    const { report, standin } = await check({ idStyle: 'contract' }, true);
    expect(report.problem).toBeNull();
    const writes = standin.log.filter((entry) => entry.method !== 'GET');
    expect(writes.map((entry) => entry.method)).toEqual(['POST', 'PUT', 'DELETE']);
    const created = JSON.parse(writes[0]?.body ?? '') as Record<string, unknown>;
    expect(created.Forename).toBe('check-account');
    expect(created.Surname).toBe(`${report.startedAt} delete me`);
    // The update sends one field, so what happens to the others shows how the account updates.
    expect(Object.keys(JSON.parse(writes[1]?.body ?? '') as object)).toEqual(['Surname']);
    const id = Number(writes[2]?.path.split('/').pop());
    expect(standin.record('Customer', id)).toBeUndefined();
    const last = report.rows.at(-1);
    expect(last).toMatchObject({
      method: 'GET',
      status: 404,
      ok: true,
      note: 'gone after the delete, as it should be',
    });
    expect(report.update).toBe(await partialUpdateOf(standin));
    expect(formatReport(report)).toContain(`An update with a partial body: ${report.update}`);
  });

  it('shows the validators and Retry-After an account sends', async () => {
    const standin = createStandin({ products: 10, validators: true });
    standin.faults.add({ type: 'rate-limit', retryAfter: 30, match: { kind: 'Clocking' } });
    server = await startServer({ api: (request) => standin.fetch(request) });
    const report = await checkAccount({ baseUrl: server.url, token: standin.token, origin: ORIGIN, write: false });
    expect(row(report, 'GET', '/api/V2/Product?page=1')?.headers.ETag).toMatch(/^(W\/)?"/);
    expect(row(report, 'GET', '/api/V2/Clocking/?page=1')).toMatchObject({
      status: 429,
      ok: false,
      headers: { 'Retry-After': '30' },
    });
    expect(report.problem).toContain('GET /api/V2/Clocking/?page=1 (429)');
  });

  it('reads a wrapped list for what it holds, and fails it: the app takes a bare array', async () => {
    const standin = createStandin({ products: 10 });
    const products = standin.records('Product').slice(0, 3);
    standin.faults.add({
      type: 'malformed',
      match: { method: 'GET', path: '/api/V2/Product?' },
      body: JSON.stringify({ Data: products, Total: 3 }),
      contentType: 'application/json',
    });
    server = await startServer({ api: (request) => standin.fetch(request) });
    const report = await checkAccount({ baseUrl: server.url, token: standin.token, origin: ORIGIN, write: false });
    expect(row(report, 'GET', '/api/V2/Product?page=1')).toMatchObject({
      shape: 'wrapped in Data',
      records: 3,
      idKey: 'ProductID',
      ok: false,
    });
    expect(row(report, 'GET', '/api/V2/Product/1')?.ok).toBe(true);
    expect(report.problem).toContain('1 of 39 requests');
  });

  it('names the key records use when it is neither the kind\u2019s nor the contract\u2019s, and fails the list', async () => {
    const standin = createStandin({ products: 10 });
    standin.faults.add({
      type: 'malformed',
      match: { method: 'GET', path: '/api/V2/Product?' },
      body: JSON.stringify([{ ProductId: 1, Name: 'Tea' }]),
      contentType: 'application/json',
    });
    server = await startServer({ api: (request) => standin.fetch(request) });
    const report = await checkAccount({ baseUrl: server.url, token: standin.token, origin: ORIGIN, write: false });
    expect(row(report, 'GET', '/api/V2/Product?page=1')).toMatchObject({ idKey: 'other: ProductId', ok: false });
    expect(report.idKeys.Product).toBe('other: ProductId');
    expect(formatReport(report)).toContain(
      'Record ids are keyed by: mixed: Product other: ProductId, Customer CustomerID',
    );
  });

  it('stops at once, saying so, when the token is refused, and never shows the token', async () => {
    const standin = createStandin({ products: 10 });
    server = await startServer({ api: (request) => standin.fetch(request) });
    const token = btoa('wrong-key:wrong-secret');
    const report = await checkAccount({ baseUrl: server.url, token, origin: ORIGIN, write: true });
    expect(report.rows).toHaveLength(1);
    expect(report.rows[0]?.status).toBe(401);
    expect(report.problem).toContain(`no usable answer from ${server.url}`);
    expect(JSON.stringify(report) + formatReport(report)).not.toContain(token);
  });

  it('names keys that look like an id when neither the kind\u2019s nor the contract\u2019s is there', () => {
    expect(idKeyOf('Product', { ProductId: 4, Name: 'Tea' })).toBe('other: ProductId');
    expect(idKeyOf('Product', { Name: 'Tea' })).toBe('none');
    expect(idKeyOf('Product', { ProductID: 4, Id: 4 })).toBe('ProductID');
  });
});

/** How the stand-in itself answers a PUT that sends one field: 'merged' when the others stay. */
async function partialUpdateOf(standin: Standin): Promise<'merged' | 'replaced'> {
  const customer = standin.put('Customer', { Forename: 'probe', Surname: 'probe' });
  const id = standin.idStyle === 'contract' ? customer.Id : customer.CustomerID;
  const answer = await standin.fetch(
    new Request(`http://standin/api/V2/Customer/${String(id)}`, {
      method: 'PUT',
      headers: { Authorization: `Basic ${standin.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ Surname: 'probed' }),
    }),
  );
  expect(answer.status).toBe(200);
  return standin.record('Customer', Number(id))?.Forename === 'probe' ? 'merged' : 'replaced';
}
