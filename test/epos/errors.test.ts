/** Every error class, end to end through the client and the stand-in's injected faults. */
import { describe, expect, it } from 'vitest';
import { createClient, type EposClient } from '../../app/epos/client.ts';
import {
  AuthError,
  BadResponseError,
  ClientError,
  ConflictError,
  InvalidRequestError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  ServerError,
  TimeoutError,
} from '../../app/epos/errors.ts';
import { inProcessFetch } from '../standin/in-process.ts';
import { createStandin, type Standin } from '../standin/standin.ts';
import { failure } from './failure.ts';

function setup(token?: string): { standin: Standin; client: EposClient } {
  const standin = createStandin({ products: 50 });
  const client = createClient({
    baseUrl: 'http://standin.test',
    token: token ?? standin.token,
    fetch: inProcessFetch(standin),
    timeoutMs: 200,
  });
  return { standin, client };
}

describe('errors from the stand-in', () => {
  it('a wrong token is an AuthError and changes nothing', async () => {
    const { standin, client } = setup('d3Jvbmc6dG9rZW4=');
    const before = standin.records('Customer').length;
    const error = await failure(client.create('Customer', { Forename: 'Eve' }));
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ status: 401, method: 'POST', path: '/api/V2/Customer' });
    expect(standin.records('Customer')).toHaveLength(before);
  });

  it('an unknown id is a NotFoundError', async () => {
    const { client } = setup();
    expect(await failure(client.get('Product', 999_999))).toBeInstanceOf(NotFoundError);
    expect(await failure(client.update('TenderType', 999_999, { Name: 'x' }))).toBeInstanceOf(NotFoundError);
  });

  it.each([
    [400, ClientError],
    [409, ConflictError],
    [500, ServerError],
    [503, ServerError],
  ])('an injected %i is %o with the server message', async (status, type) => {
    const { standin, client } = setup();
    standin.faults.add({ match: { method: 'PUT' }, type: 'status', status, times: 1 });
    const error = await failure(client.update('Product', 1, { Name: 'Changed' }));
    expect(error).toBeInstanceOf(type);
    expect((error as ServerError).status).toBe(status);
    expect((error as ServerError).serverMessage).toBeTruthy();
    expect(standin.record('Product', 1)?.Name).not.toBe('Changed');
  });

  it('429 carries Retry-After', async () => {
    const { standin, client } = setup();
    standin.faults.add({ type: 'rate-limit', retryAfter: 7, times: 1 });
    const error = await failure(client.list('Product', 1));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(7000);
    expect((error as RateLimitError).serverMessage).toBe('API Limit Exceeded');
  });

  it('a 200 with an HTML page is a BadResponseError, not an empty list', async () => {
    const { standin, client } = setup();
    standin.faults.add({ type: 'malformed', times: 1 });
    const error = await failure(client.list('Product', 1));
    expect(error).toBeInstanceOf(BadResponseError);
    expect(error.message).toMatch(/HTML page instead of JSON/);
  });

  it('a 200 with truncated JSON, an object where a list belongs, a list where a record belongs, or a record without id is a BadResponseError', async () => {
    const { standin, client } = setup();
    const bad = [
      ['/api/V2/Product?page=1', '[{"ProductID":1,"Na', /not valid JSON/, () => client.list('Product', 1)],
      ['/api/V2/Product?page=1', '{"Message":"ok"}', /expected a JSON array/, () => client.list('Product', 1)],
      ['/api/V2/Product/1', '[{"ProductID":1}]', /should be a Product record/, () => client.get('Product', 1)],
      [
        '/api/V2/TenderType/?page=1',
        '[{"Name":"Cash"}]',
        /has no id \(neither TypeID nor Id\)/,
        () => client.list('TenderType', 1),
      ],
      [
        '/api/V2/Customer',
        '',
        /has no id|should be a Customer record/,
        () => client.create('Customer', { Forename: 'A' }),
      ],
    ] as const;
    for (const [path, body, message, call] of bad) {
      standin.faults.clear();
      standin.faults.add({ match: { path }, type: 'malformed', body, contentType: 'application/json; charset=utf-8' });
      const error = await failure(call());
      expect(error, path).toBeInstanceOf(BadResponseError);
      expect(error.message, path).toMatch(message);
    }
  });

  it('a connection dropped after the write was applied is a NetworkError that may have reached the server', async () => {
    const { standin, client } = setup();
    const before = standin.records('Customer').length;
    standin.faults.add({ match: { method: 'POST' }, type: 'drop-after-apply', times: 1 });
    const error = await failure(client.create('Customer', { Forename: 'Maybe' }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.mayHaveReached).toBe(true);
    // The ambiguity the outbox must resolve: the create did land.
    expect(standin.records('Customer')).toHaveLength(before + 1);
  });

  it('latency beyond the time limit is a TimeoutError', async () => {
    const { standin, client } = setup();
    standin.faults.add({ type: 'latency', ms: 1_000, times: 1 });
    const error = await failure(client.get('Product', 1));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toBe('GET /api/V2/Product/1: no answer within 200 ms');
  });

  it.each([1.5, -3, 0, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses id %s for update, delete and get before sending',
    async (id) => {
      const { standin, client } = setup();
      for (const call of [
        () => client.update('Product', id, { Name: 'x' }),
        () => client.remove('Product', id),
        () => client.get('Product', id),
      ]) {
        const error = await failure(call());
        expect(error).toBeInstanceOf(InvalidRequestError);
        expect(error.mayHaveReached).toBe(false);
        expect(error.message).toMatch(/id must be a positive integer/);
      }
      expect(standin.log).toHaveLength(0);
    },
  );

  it('refuses a page number below 1 before sending', async () => {
    const { standin, client } = setup();
    expect(await failure(client.list('Product', 0))).toBeInstanceOf(InvalidRequestError);
    expect(standin.log).toHaveLength(0);
  });

  it('never puts the token in an error, even when the server echoes it', async () => {
    const { standin, client } = setup();
    standin.faults.add({
      type: 'status',
      status: 500,
      body: JSON.stringify({ Message: `bad header Basic ${standin.token}` }),
    });
    const error = await failure(client.list('Product', 1));
    expect(error.message).toContain('[token]');
    expect(error.message).not.toContain(standin.token);
    expect(JSON.stringify(error)).not.toContain(standin.token);
  });

  it('reports the V2 deprecation once', async () => {
    const { client } = setup();
    await client.list('Product', 1);
    await client.list('TenderType', 1);
    expect(client.deprecation).toMatchObject({ deprecation: expect.any(String), path: '/api/V2/Product?page=1' });
  });
});
