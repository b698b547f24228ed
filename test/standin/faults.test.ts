import { describe, expect, it } from 'vitest';
import { ConnectionDropped } from './dropped.ts';
import { API_LIMIT_TEXT, CAPTIVE_PORTAL_HTML, type Fault } from './faults.ts';
import { BASE, harness } from './harness.ts';
import { V2_SUNSET } from './responses.ts';

/** The cause of a rejected fetch, asserting it is undici's 'fetch failed' TypeError. */
async function failure(promise: Promise<unknown>): Promise<ConnectionDropped> {
  const error = await promise.then(
    () => expect.unreachable('the fetch should have failed'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(TypeError);
  expect((error as TypeError).message).toBe('fetch failed');
  const cause = (error as TypeError).cause;
  expect(cause).toBeInstanceOf(ConnectionDropped);
  return cause as ConnectionDropped;
}

describe('latency', () => {
  it('delays the request, which is then handled normally', async () => {
    const { standin, call } = harness();
    standin.faults.add({ type: 'latency', ms: 60 });
    const started = performance.now();
    const answer = await call('POST', '/api/V2/TenderType', { Name: 'Crypto' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    expect(answer.status).toBe(201);
    expect(standin.records('TenderType')).toHaveLength(8);
    expect(standin.log[0]).toMatchObject({ status: 201, fault: 'latency' });
  });

  it('keeps arrival order in the log when a slow request finishes last', async () => {
    const { standin, call } = harness();
    standin.faults.add({ type: 'latency', ms: 40, match: { path: '/api/V2/Product' }, times: 1 });
    await Promise.all([call('GET', '/api/V2/Product/1'), call('GET', '/api/V2/TenderType/1')]);
    expect(standin.log.map((entry) => entry.path)).toEqual(['/api/V2/Product/1', '/api/V2/TenderType/1']);
  });

  it('combines with a fault that decides the outcome', async () => {
    const { standin, call } = harness();
    standin.faults.add({ type: 'latency', ms: 20 });
    standin.faults.add({ type: 'status', status: 502 });
    const started = performance.now();
    expect((await call('GET', '/api/V2/Product/1')).status).toBe(502);
    expect(performance.now() - started).toBeGreaterThanOrEqual(15);
    expect(standin.log[0]?.fault).toBe('status');
  });
});

describe('status', () => {
  it('answers the status with an ASP.NET body and applies nothing', async () => {
    const { standin, call } = harness();
    standin.faults.add({ type: 'status', status: 503 });
    const answer = await call('POST', '/api/V2/TenderType', { Name: 'Crypto' });
    expect(answer.status).toBe(503);
    expect(answer.json()).toEqual({ Message: 'The service is unavailable.' });
    expect(answer.headers.get('deprecation')).toBe('true');
    expect(answer.headers.get('sunset')).toBe(V2_SUNSET);
    expect(standin.records('TenderType')).toHaveLength(7);
    expect(standin.log[0]).toMatchObject({ status: 503, fault: 'status' });
  });

  it('defaults to 500 and takes a body override', async () => {
    const { standin, call } = harness();
    standin.faults.add({ type: 'status', times: 1 });
    standin.faults.add({ type: 'status', status: 400, body: '{"Message":"custom"}', times: 1 });
    expect((await call('GET', '/api/V2/Product/1')).json()).toEqual({ Message: 'An error has occurred.' });
    const custom = await call('GET', '/api/V2/Product/1');
    expect([custom.status, custom.text]).toEqual([400, '{"Message":"custom"}']);
    expect((await call('GET', '/api/V2/Product/1')).status).toBe(200);
  });

  it('hits the settings endpoint too, without V2 headers', async () => {
    const { standin, call } = harness();
    standin.faults.add({ type: 'status', status: 500, match: { path: '/api/integration' } });
    const answer = await call('POST', '/api/integration/appsettings', '{"a":1}');
    expect(answer.status).toBe(500);
    expect(answer.headers.get('deprecation')).toBeNull();
    expect(standin.settingsText).toBeNull();
  });
});

describe('rate-limit', () => {
  it('answers 429 API Limit Exceeded with Retry-After in seconds or as a date', async () => {
    const { standin, call } = harness();
    standin.faults.add({ type: 'rate-limit', retryAfter: 3, times: 1 });
    standin.faults.add({ type: 'rate-limit', retryAfter: 'Wed, 21 Oct 2026 07:28:00 GMT', times: 1 });
    standin.faults.add({ type: 'rate-limit', times: 1 });
    const first = await call('DELETE', '/api/V2/TenderType/1');
    expect(first.status).toBe(429);
    expect(first.json()).toEqual({ Message: 'API Limit Exceeded' });
    expect(first.headers.get('retry-after')).toBe('3');
    expect((await call('GET', '/api/V2/Product/1')).headers.get('retry-after')).toBe('Wed, 21 Oct 2026 07:28:00 GMT');
    expect((await call('GET', '/api/V2/Product/1')).headers.has('retry-after')).toBe(false);
    expect(standin.record('TenderType', 1)).toBeDefined();
    expect(standin.log.map((entry) => entry.fault)).toEqual(['rate-limit', 'rate-limit', 'rate-limit']);
  });

  it.each([403, 429, 400, 200])(
    'answers at status %i, in JSON or as plain text, and applies nothing',
    async (status) => {
      const { standin, call } = harness();
      standin.faults.add({ type: 'rate-limit', status, retryAfter: 7, times: 1 });
      standin.faults.add({ type: 'rate-limit', status, form: 'text', times: 1 });
      const json = await call('POST', '/api/V2/TenderType', { Name: 'Crypto' });
      expect([json.status, json.json(), json.headers.get('retry-after')]).toEqual([
        status,
        { Message: 'API Limit Exceeded' },
        '7',
      ]);
      expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const text = await call('POST', '/api/V2/TenderType', { Name: 'Crypto' });
      expect([text.status, text.text, text.headers.get('content-type')]).toEqual([
        status,
        API_LIMIT_TEXT,
        'text/plain; charset=utf-8',
      ]);
      expect(text.headers.has('retry-after')).toBe(false);
      // Epos Now itself answers it, so the V2 headers come too.
      expect(text.headers.get('deprecation')).toBe('true');
      expect(standin.records('TenderType')).toHaveLength(7);
    },
  );

  it('refuses an unknown body form', () => {
    const { standin } = harness();
    expect(() => standin.faults.add({ type: 'rate-limit', form: 'xml' as 'text' })).toThrow(RangeError);
  });
});

describe('empty-list', () => {
  it('answers a list request [] with 200 and V2 headers, whatever the data', async () => {
    const { standin, call } = harness();
    standin.faults.add({ type: 'empty-list', match: { kind: 'Product' }, times: 1 });
    const answer = await call('GET', '/api/V2/Product?page=1');
    expect([answer.status, answer.json()]).toEqual([200, []]);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('deprecation')).toBe('true');
    expect(answer.headers.get('sunset')).toBe(V2_SUNSET);
    expect(standin.log[0]).toMatchObject({ status: 200, fault: 'empty-list' });
    expect(((await call('GET', '/api/V2/Product?page=1')).json() as unknown[]).length).toBe(50);
  });

  it('leaves other requests alone and is not used up by them', async () => {
    const { standin, call } = harness();
    standin.faults.add({ type: 'empty-list', times: 1 });
    expect((await call('GET', '/api/V2/Product/1')).json()).toMatchObject({ ProductID: 1 });
    expect((await call('POST', '/api/V2/TenderType', { Name: 'Crypto' })).status).toBe(201);
    expect((await call('GET', '/api/integration/appsettings')).status).toBe(200);
    expect(standin.faults.active).toHaveLength(1);
    expect((await call('GET', '/api/V2/TenderType/?page=3')).json()).toEqual([]);
    expect(standin.faults.active).toHaveLength(0);
  });
});

describe('redirect', () => {
  it('answers 302 with the Location given and applies nothing', async () => {
    const { standin, call } = harness();
    standin.faults.add({ type: 'redirect', location: 'http://elsewhere.test/api/V2/TenderType?page=1' });
    const answer = await call('POST', '/api/V2/TenderType', { Name: 'Crypto' });
    expect([answer.status, answer.headers.get('location'), answer.text]).toEqual([
      302,
      'http://elsewhere.test/api/V2/TenderType?page=1',
      '',
    ]);
    // A load balancer or portal sent it, not Epos Now.
    expect(answer.headers.get('deprecation')).toBeNull();
    expect(standin.records('TenderType')).toHaveLength(7);
    expect(standin.log[0]).toMatchObject({ status: 302, fault: 'redirect' });
  });

  it('takes any redirect status, and refuses a fault with no absolute location', async () => {
    const { standin, call } = harness();
    standin.faults.add({ type: 'redirect', status: 307, location: 'https://elsewhere.test/x' });
    expect((await call('GET', '/api/V2/Product?page=1')).status).toBe(307);
    expect(() => standin.faults.add({ type: 'redirect' })).toThrow(RangeError);
    expect(() => standin.faults.add({ type: 'redirect', location: '/relative' })).toThrow(RangeError);
    expect(() => standin.faults.add({ type: 'redirect', status: 200, location: 'http://elsewhere.test/' })).toThrow(
      RangeError,
    );
  });
});

describe('dropped connections', () => {
  it('drop-after-apply really creates the record, then fails the fetch like undici', async () => {
    const { standin, call } = harness();
    standin.faults.add({ type: 'drop-after-apply', match: { method: 'POST' }, times: 1 });
    const cause = await failure(call('POST', '/api/V2/TenderType', { Name: 'Crypto' }));
    expect(cause.applied).toBe(true);
    expect(standin.record('TenderType', 8)).toMatchObject({ TypeID: 8, Name: 'Crypto' });
    expect(standin.log[0]).toMatchObject({ method: 'POST', status: 0, fault: 'drop-after-apply' });
    expect((await call('POST', '/api/V2/TenderType', { Name: 'Again' })).status).toBe(201);
  });

  it('drop-before-apply changes nothing', async () => {
    const { standin, call } = harness();
    standin.faults.add({ type: 'drop-before-apply' });
    const cause = await failure(call('PUT', '/api/V2/TenderType/1', { Name: 'Money' }));
    expect(cause.applied).toBe(false);
    expect(standin.record('TenderType', 1)?.Name).toBe('Cash');
    expect(standin.log[0]).toMatchObject({ status: 0, fault: 'drop-before-apply' });
  });

  it('throws ConnectionDropped from the handler itself', async () => {
    const { standin } = harness();
    standin.faults.add({ type: 'drop-after-apply' });
    const request = new Request(`${BASE}/api/V2/TenderType/2`, {
      method: 'DELETE',
      headers: { authorization: `Basic ${standin.token}` },
    });
    await expect(standin.fetch(request)).rejects.toThrow(ConnectionDropped);
    expect(standin.record('TenderType', 2)).toBeUndefined();
  });
});

describe('malformed', () => {
  it('answers 200 with a captive-portal page and applies nothing', async () => {
    const { standin, call } = harness();
    standin.faults.add({ type: 'malformed', times: 1 });
    const answer = await call('POST', '/api/V2/TenderType', { Name: 'Crypto' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html');
    expect(answer.headers.get('deprecation')).toBeNull();
    expect(answer.text).toBe(CAPTIVE_PORTAL_HTML);
    expect(() => answer.json()).toThrow(SyntaxError);
    expect(standin.records('TenderType')).toHaveLength(7);
  });

  it.each([
    ['POST', '/api/V2/TenderType', { Name: 'Crypto' }],
    ['PUT', '/api/V2/TenderType/1', { Name: 'Money' }],
    ['DELETE', '/api/V2/TenderType/1', undefined],
    ['POST', '/api/integration/appsettings', '{"currency":"EUR"}'],
  ] as const)('can be aimed at %s %s alone, which it answers 200 without applying', async (method, path, body) => {
    const { standin, call } = harness();
    standin.faults.add({ type: 'malformed', match: { method, path } });
    const before = standin.records('TenderType');
    expect((await call('GET', path.startsWith('/api/V2') ? '/api/V2/TenderType/1' : path)).status).toBe(200);
    const answer = await call(method, path, body);
    expect([answer.status, answer.text]).toEqual([200, CAPTIVE_PORTAL_HTML]);
    expect(standin.records('TenderType')).toEqual(before);
    expect(standin.settingsText).toBeNull();
    expect(standin.log.map((entry) => entry.fault)).toEqual([undefined, 'malformed']);
  });

  it('answers the text API Limit Exceeded as text/plain', async () => {
    const { standin, call } = harness();
    standin.faults.add({
      type: 'malformed',
      body: API_LIMIT_TEXT,
      contentType: 'text/plain; charset=utf-8',
      match: { method: 'PUT' },
    });
    const answer = await call('PUT', '/api/V2/TenderType/1', { Name: 'Money' });
    expect([answer.status, answer.text, answer.headers.get('content-type')]).toEqual([
      200,
      'API Limit Exceeded',
      'text/plain; charset=utf-8',
    ]);
    expect(standin.record('TenderType', 1)?.Name).toBe('Cash');
  });

  it('takes a body and content type override', async () => {
    const { standin, call } = harness();
    standin.faults.add({ type: 'malformed', body: '{"truncated":', contentType: 'application/json' });
    const answer = await call('GET', '/api/V2/Product?page=1');
    expect([answer.status, answer.text, answer.headers.get('content-type')]).toEqual([
      200,
      '{"truncated":',
      'application/json',
    ]);
  });
});

describe('matching and the fault list', () => {
  it('matches by method, path prefix, RegExp and kind', async () => {
    const { standin, call } = harness();
    const faults: Fault[] = [
      { type: 'status', status: 501, match: { method: 'delete' } },
      { type: 'status', status: 502, match: { path: '/api/V2/Customer/?page=2' } },
      { type: 'status', status: 503, match: { path: /\/SeatingTable\/\d+$/g } },
      { type: 'status', status: 504, match: { kind: 'DiscountReason', method: 'GET' } },
    ];
    for (const fault of faults) standin.faults.add(fault);
    expect((await call('DELETE', '/api/V2/Product/1')).status).toBe(501);
    expect((await call('GET', '/api/V2/Customer/?page=2')).status).toBe(502);
    expect((await call('GET', '/api/V2/Customer/?page=1')).status).toBe(200);
    // A global RegExp keeps lastIndex between tests; it must match every time regardless.
    expect((await call('GET', '/api/V2/SeatingTable/4')).status).toBe(503);
    expect((await call('GET', '/api/V2/SeatingTable/4')).status).toBe(503);
    expect((await call('GET', '/api/V2/SeatingTable/?page=1')).status).toBe(200);
    expect((await call('GET', '/api/V2/DiscoutReason/1')).status).toBe(504);
    expect((await call('PUT', '/api/V2/DiscoutReason/1', { DefaultVal: 30 })).status).toBe(200);
    expect(standin.faults.active).toEqual(faults);
  });

  it('stops after `times` matching requests and drops used-up faults from active', async () => {
    const { standin, call } = harness();
    standin.faults.add({ type: 'status', status: 500, times: 2, match: { kind: 'Product' } });
    expect((await call('GET', '/api/V2/TenderType/1')).status).toBe(200);
    expect((await call('GET', '/api/V2/Product/1')).status).toBe(500);
    expect(standin.faults.active).toHaveLength(1);
    expect((await call('GET', '/api/V2/Product/1')).status).toBe(500);
    expect(standin.faults.active).toHaveLength(0);
    expect((await call('GET', '/api/V2/Product/1')).status).toBe(200);
  });

  it('clears', async () => {
    const { standin, call } = harness();
    standin.faults.add({ type: 'status', status: 500 });
    standin.faults.clear();
    expect(standin.faults.active).toEqual([]);
    expect((await call('GET', '/api/V2/Product/1')).status).toBe(200);
  });

  it('decides probabilistic faults the same way for the same seed', async () => {
    async function pattern(seed: number): Promise<number[]> {
      const { standin, call } = harness({ seed });
      standin.faults.add({ type: 'status', status: 503, probability: 0.5 });
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await call('GET', '/api/V2/TenderType/1')).status);
      return statuses;
    }
    const first = await pattern(7);
    expect(await pattern(7)).toEqual(first);
    expect(first.filter((status) => status === 503).length).toBeGreaterThan(8);
    expect(first.filter((status) => status === 200).length).toBeGreaterThan(8);
    expect(await pattern(8)).not.toEqual(first);

    const { standin, call } = harness();
    standin.faults.add({ type: 'status', status: 503, probability: 0 });
    for (let i = 0; i < 10; i++) expect((await call('GET', '/api/V2/TenderType/1')).status).toBe(200);
  });

  it('refuses nonsense faults', () => {
    const { standin } = harness();
    expect(() => standin.faults.add({ type: 'explode' as 'status' })).toThrow(TypeError);
    expect(() => standin.faults.add({ type: 'latency' })).toThrow(RangeError);
    expect(() => standin.faults.add({ type: 'status', probability: 2 })).toThrow(RangeError);
    expect(() => standin.faults.add({ type: 'status', times: -1 })).toThrow(RangeError);
    expect(() => standin.faults.add({ type: 'status', status: 99 })).toThrow(RangeError);
    expect(() => standin.faults.add({ type: 'status', status: 204 })).toThrow(RangeError);
    expect(standin.faults.active).toEqual([]);
  });
});
