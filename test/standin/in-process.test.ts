import { describe, expect, it } from 'vitest';
import { BASE, harness } from './harness.ts';

describe('inProcessFetch', () => {
  it('takes a URL object or a Request and sets response.url like fetch', async () => {
    const { fetch, auth } = harness();
    const byUrl = await fetch(new URL('/api/V2/TenderType/1', 'http://elsewhere.test:8080'), { headers: auth });
    expect(byUrl.status).toBe(200);
    expect(byUrl.url).toBe('http://elsewhere.test:8080/api/V2/TenderType/1');
    const byRequest = await fetch(new Request(`${BASE}/api/V2/TenderType/2`, { headers: auth }));
    expect(await byRequest.json()).toMatchObject({ TypeID: 2, Name: 'Card' });
  });

  it('works with the handler detached from the stand-in, as servers call it', async () => {
    const { standin } = harness();
    const { fetch: handler } = standin;
    const answer = await handler(
      new Request(`${BASE}/api/V2/TenderType/1`, { headers: { authorization: `Basic ${standin.token}` } }),
    );
    expect(answer.status).toBe(200);
  });

  it('rejects a relative URL as Node fetch does', async () => {
    const { fetch } = harness();
    await expect(fetch('/api/V2/Product')).rejects.toThrow(TypeError);
  });

  it('rejects with an AbortError during injected latency, and nothing is applied', async () => {
    const { standin, fetch, auth } = harness();
    standin.faults.add({ type: 'latency', ms: 10_000 });
    const controller = new AbortController();
    const pending = fetch(`${BASE}/api/V2/TenderType`, {
      method: 'POST',
      headers: auth,
      body: '{"Name":"Crypto"}',
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 20);
    const error = await pending.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    // The handler's own rejection lands on the next turn; give it one before reading the log.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(standin.records('TenderType')).toHaveLength(7);
    expect(standin.log[0]).toMatchObject({ method: 'POST', status: 0, fault: 'latency', aborted: true });
  });

  it('rejects with the signal reason, e.g. AbortSignal.timeout', async () => {
    const { standin, fetch, auth } = harness();
    standin.faults.add({ type: 'latency', ms: 5_000 });
    const error = await fetch(`${BASE}/api/V2/Product/1`, { headers: auth, signal: AbortSignal.timeout(20) }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect((error as DOMException).name).toBe('TimeoutError');
    const custom = new AbortController();
    const pending = fetch(`${BASE}/api/V2/Product/1`, { headers: auth, signal: custom.signal });
    custom.abort(new Error('user cancelled'));
    await expect(pending).rejects.toThrow('user cancelled');
  });

  it('never sends a request whose signal is already aborted', async () => {
    const { standin, fetch, auth } = harness();
    await expect(
      fetch(`${BASE}/api/V2/Product/1`, { headers: auth, signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(standin.log).toEqual([]);
  });
});
