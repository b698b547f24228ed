/** The stand-in's request log stays bounded, and a request without the token is never read. */
import { describe, expect, it } from 'vitest';
import { BASE, harness } from './harness.ts';
import { LOG_LIMITS, RequestLog } from './request-log.ts';

describe('the request log', () => {
  it('keeps the first 64 KiB of a body and says how large it was', async () => {
    const { standin, call } = harness();
    const notes = 'n'.repeat(100_000);
    expect((await call('POST', '/api/V2/Customer', { Forename: 'Big', Notes: notes })).status).toBe(201);
    const [entry] = standin.log;
    expect(entry?.body).toHaveLength(LOG_LIMITS.bodyBytes);
    expect(entry?.body.startsWith('{"Forename":"Big"')).toBe(true);
    expect(entry?.bodyBytes).toBe(JSON.stringify({ Forename: 'Big', Notes: notes }).length);
    // The server got all of it: only the log is cut.
    expect(standin.records('Customer').at(-1)?.Notes).toBe(notes);
  });

  it('leaves a body within the cap whole, with no bodyBytes', async () => {
    const { standin, call } = harness();
    await call('POST', '/api/V2/TenderType', { Name: 'Crypto' });
    expect(standin.log[0]).toEqual(expect.objectContaining({ body: '{"Name":"Crypto"}' }));
    expect(standin.log[0]).not.toHaveProperty('bodyBytes');
  });

  it('keeps the newest entries within the entry cap', async () => {
    const { standin, call } = harness({ log: { entries: 3 } });
    for (let id = 1; id <= 5; id++) await call('GET', `/api/V2/TenderType/${id}`);
    expect(standin.log.map((entry) => entry.path)).toEqual([
      '/api/V2/TenderType/3',
      '/api/V2/TenderType/4',
      '/api/V2/TenderType/5',
    ]);
  });

  it('drops the oldest entries when their size passes the total cap, keeping the newest', async () => {
    const { standin, call } = harness({ log: { totalChars: 5_000 } });
    for (let i = 0; i < 6; i++)
      await call('POST', '/api/integration/appsettings', JSON.stringify({ i, pad: 'p'.repeat(1_500) }));
    const kept = standin.log.map((entry) => (JSON.parse(entry.body) as { i: number }).i);
    expect(kept.length).toBeGreaterThanOrEqual(1);
    expect(kept.length).toBeLessThan(4);
    expect(kept.at(-1)).toBe(5);
    const chars = standin.log.reduce(
      (sum, e) => sum + e.body.length + e.path.length + e.method.length + Object.entries(e.headers).join('').length,
      0,
    );
    expect(chars).toBeLessThanOrEqual(5_000);
  });

  it('refuses limits that are not whole numbers above 0', () => {
    expect(() => new RequestLog({ entries: 0 })).toThrow(RangeError);
    expect(() => new RequestLog({ bodyBytes: 1.5 })).toThrow(RangeError);
    expect(() => harness({ log: { totalChars: -1 } })).toThrow(RangeError);
  });
});

describe('a request without the token', () => {
  it('is answered 401 without its body being read', async () => {
    const { standin } = harness();
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulled++ < 3) controller.enqueue(new Uint8Array(1024));
          else controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request(`${BASE}/api/V2/Customer`, { method: 'POST', body, duplex: 'half' } as RequestInit);
    const answer = await standin.fetch(request);
    expect(answer.status).toBe(401);
    expect(pulled).toBe(0);
    expect(request.bodyUsed).toBe(false);
    expect(standin.log[0]).toMatchObject({ method: 'POST', status: 401, body: '' });
  });
});
