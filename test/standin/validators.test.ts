/** The stand-in's validators (off by default): an ETag and Last-Modified on each GET, 304 to a request that holds it. */
import { describe, expect, it } from 'vitest';
import { createStandin } from './standin.ts';

describe('stand-in validators', () => {
  const get = (standin: ReturnType<typeof createStandin>, path: string, headers: Record<string, string> = {}) =>
    standin.fetch(
      new Request(`http://standin.test${path}`, { headers: { Authorization: `Basic ${standin.token}`, ...headers } }),
    );

  it('are not sent unless asked for', async () => {
    const response = await get(createStandin({ products: 10 }), '/api/V2/Product?page=1');
    expect(response.headers.get('etag')).toBeNull();
    expect(response.headers.get('last-modified')).toBeNull();
  });

  it('tag each answer by its body, answer 304 with no body to a request holding the tag, and move with a change', async () => {
    const standin = createStandin({ products: 10, validators: true });
    const first = await get(standin, '/api/V2/Product?page=1');
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    // The seeded data dates from a day before the stand-in started.
    expect(Date.now() - Date.parse(first.headers.get('last-modified') as string)).toBeGreaterThan(23 * 3600_000);
    const body = await first.text();

    const again = await get(standin, '/api/V2/Product?page=1', { 'If-None-Match': `"other", W/${etag}` });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(standin.log.at(-1)?.status).toBe(304);

    standin.put('Product', { ...standin.records('Product')[0], Name: 'Changed' });
    const changed = await get(standin, '/api/V2/Product?page=1', { 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(Date.now() - Date.parse(changed.headers.get('last-modified') as string)).toBeLessThan(5_000);
    expect(await changed.text()).not.toBe(body);
    // Writes and failures carry none.
    const refused = await get(standin, '/api/V2/Product/999999');
    expect(refused.status).toBe(404);
    expect(refused.headers.get('etag')).toBeNull();
  });
});
