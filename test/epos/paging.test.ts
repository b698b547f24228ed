/** listAll against the stand-in: where it stops, what it reports, and what it refuses. */
import { describe, expect, it } from 'vitest';
import type { ListProgress } from '../../app/epos/client.ts';
import { createClient } from '../../app/epos/client.ts';
import { BadResponseError } from '../../app/epos/errors.ts';
import { recordId } from '../../app/epos/ids.ts';
import { inProcessFetch } from '../standin/in-process.ts';
import { createStandin } from '../standin/standin.ts';

function productClient(products: number) {
  const standin = createStandin({ products });
  const client = createClient({ baseUrl: 'http://standin.test', token: standin.token, fetch: inProcessFetch(standin) });
  return { standin, client };
}

describe('listAll', () => {
  // Pages a walk one page at a time must ask for: every full page, then the short or empty one.
  it.each([
    [0, 1],
    [1, 1],
    [199, 1],
    [200, 2],
    [201, 2],
    [50_000, 251],
  ])('%i products, one page at a time: all records in %i requests', async (count, requests) => {
    const { standin, client } = productClient(count);
    const progress: ListProgress[] = [];
    const pages: number[] = [];
    const all = await client.listAll('Product', {
      concurrency: 1,
      onPage: (records, page) => {
        pages.push(page);
        expect(records.length).toBeLessThanOrEqual(200);
      },
      onProgress: (p) => progress.push(p),
    });
    expect(all).toHaveLength(count);
    expect(new Set(all.map((r) => recordId('Product', r))).size).toBe(count);
    expect(standin.log.map((e) => e.path)).toEqual(
      Array.from({ length: requests }, (_, i) => `/api/V2/Product?page=${i + 1}`),
    );
    expect(pages).toEqual(Array.from({ length: requests }, (_, i) => i + 1));
    expect(progress.at(-1)).toEqual({ kind: 'Product', pages: requests, records: count, done: true });
    expect(progress.filter((p) => p.done)).toHaveLength(1);
    const counts = progress.map((p) => p.records);
    expect([...counts].sort((a, b) => a - b)).toEqual(counts);
  });

  it('with pages in flight, still hands pages on in order and asks for at most concurrency - 1 extra', async () => {
    const { standin, client } = productClient(2_050);
    const pages: number[] = [];
    const all = await client.listAll('Product', { concurrency: 4, onPage: (_r, page) => void pages.push(page) });
    expect(all.map((r) => recordId('Product', r))).toEqual(
      standin.records('Product').map((r) => recordId('Product', r)),
    );
    expect(pages).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(standin.log.length).toBeGreaterThanOrEqual(11);
    expect(standin.log.length).toBeLessThanOrEqual(14);
  });

  // A kind of one page (tender types, tables) cost 4 requests a pull: pages 1-4 went out together.
  it.each([
    [0, undefined, 1],
    [150, undefined, 1],
    [150, 150, 1],
    [2_050, 2_050, 11],
    [2_000, 2_000, 11],
    [2_050, 1_900, 11],
  ])(
    '%i records, last pull saw %s: no page past the first short one is asked for (%i requests)',
    async (count, expected, requests) => {
      const { standin, client } = productClient(count);
      const all = await client.listAll('Product', {
        concurrency: 4,
        ...(expected === undefined ? {} : { expectedRecords: expected }),
      });
      expect(all).toHaveLength(count);
      const asked = standin.log.map((e) => Number(/page=(\d+)/.exec(e.path)?.[1])).sort((a, b) => a - b);
      expect(asked).toEqual(Array.from({ length: requests }, (_, i) => i + 1));
    },
  );

  it('without a count to aim at, asks for page 1 alone, then widens to the pages in flight', async () => {
    const { standin } = productClient(2_050);
    const inFlight: number[] = [];
    let open = 0;
    standin.faults.add({ type: 'latency', ms: 2 });
    const fetch = inProcessFetch(standin);
    const counting = createClient({
      baseUrl: 'http://standin.test',
      token: standin.token,
      fetch: async (input, init) => {
        inFlight.push(++open);
        try {
          return await fetch(input, init);
        } finally {
          open--;
        }
      },
    });
    await counting.listAll('Product', { concurrency: 4 });
    expect(inFlight[0]).toBe(1);
    expect(inFlight[1]).toBe(1);
    expect(Math.max(...inFlight)).toBe(4);
    // Without an aim, the end of a walk may overshoot by up to the pages in flight, never more.
    expect(standin.log.length).toBeLessThanOrEqual(11 + 3);
  });

  it('keeps fetching while a page is being handed on, but never more than twice the pages in flight ahead', async () => {
    const { standin, client } = productClient(5_000);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const walk = client.listAll('Product', {
      concurrency: 2,
      onPage: (_records, page) => (page === 1 ? held : undefined),
    });
    // While page 1 is held, pages 2 to 5 are fetched (a window of 4 beyond the page being handed on).
    for (let i = 0; i < 50 && standin.log.length < 5; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(standin.log.map((e) => e.path)).toEqual([1, 2, 3, 4, 5].map((p) => `/api/V2/Product?page=${p}`));
    release();
    expect(await walk).toHaveLength(5_000);
  });

  it('a failing hand-on stops the walk, and no worker is left waiting', async () => {
    const { client } = productClient(5_000);
    const walk = client.listAll('Product', {
      concurrency: 3,
      onPage: (_records, page) => {
        if (page === 4) throw new Error('disk full');
      },
    });
    await expect(walk).rejects.toThrow('disk full');
  });

  it('walks the other kinds with their own path', async () => {
    const { standin, client } = productClient(10);
    const tables = await client.listAll('SeatingTable');
    expect(tables.length).toBe(standin.records('SeatingTable').length);
    expect(standin.log[0]?.path).toBe('/api/V2/SeatingTable/?page=1');
  });

  it('fails the walk, not the caller, when a page fails midway', async () => {
    const { standin, client } = productClient(1_000);
    standin.faults.add({ match: { path: '/api/V2/Product?page=3' }, type: 'status', status: 503 });
    const handed: number[] = [];
    await expect(
      client.listAll('Product', { concurrency: 2, onPage: (_r, p) => void handed.push(p) }),
    ).rejects.toMatchObject({
      code: 'server',
      status: 503,
      path: '/api/V2/Product?page=3',
    });
    expect(handed).not.toContain(3);
  });

  it('with a count to aim at, asks for the pages it fills and the one after together', async () => {
    const { standin } = productClient(1_000);
    const fetch = inProcessFetch(standin);
    const askedBeforeAnyAnswer: number[] = [];
    let answered = false;
    const client = createClient({
      baseUrl: 'http://standin.test',
      token: standin.token,
      fetch: async (input, init) => {
        if (!answered) askedBeforeAnyAnswer.push(Number(/page=(\d+)/.exec(String(input))?.[1]));
        const response = await fetch(input, init);
        answered = true;
        return response;
      },
    });
    // 450 records fill pages 1 and 2; page 3 is where the walk expects to end.
    expect(await client.listAll('Product', { concurrency: 4, expectedRecords: 450 })).toHaveLength(1_000);
    expect(askedBeforeAnyAnswer).toEqual([1, 2, 3]);
  });

  it('refuses a server that ignores the page number instead of looping forever', async () => {
    const { standin, client } = productClient(400);
    const page1 = JSON.stringify(standin.records('Product').slice(0, 200));
    standin.faults.add({
      match: { path: '/api/V2/Product?page=2' },
      type: 'malformed',
      body: page1,
      contentType: 'application/json',
    });
    const error = await client.listAll('Product', { concurrency: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadResponseError);
    expect(error).toMatchObject({ method: 'GET', path: '/api/V2/Product?page=2', status: 200 });
    expect((error as Error).message).toBe(
      'GET /api/V2/Product?page=2: 200 answer unusable: page 2 repeats records of earlier pages (is paging ignored?)',
    );
  });

  it('a walk whose signal was aborted before it began asks for nothing and rejects with the reason', async () => {
    const { standin, client } = productClient(450);
    const controller = new AbortController();
    const reason = new Error('the till closed');
    controller.abort(reason);
    const progress: ListProgress[] = [];
    await expect(
      client.listAll('Product', { signal: controller.signal, onProgress: (p) => progress.push(p) }),
    ).rejects.toBe(reason);
    expect(standin.log).toEqual([]);
    expect(progress).toEqual([]);
  });

  it('a failing page cancels the pages still in flight', async () => {
    const aborted: number[] = [];
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const page = Number(/page=(\d+)/.exec(String(input))?.[1]);
      if (page === 2) return new Response('{"Message":"down"}', { status: 503 });
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => {
          aborted.push(page);
          reject(init.signal?.reason);
        });
      });
    }) as typeof globalThis.fetch;
    const client = createClient({ baseUrl: 'http://shop.test', token: 'dG9rZW4=', fetch });
    await expect(client.listAll('Product', { concurrency: 4, expectedRecords: 1_000 })).rejects.toMatchObject({
      status: 503,
      path: '/api/V2/Product?page=2',
    });
    expect(aborted.sort()).toEqual([1, 3, 4]);
  });

  it('leaves no listener on the caller\u2019s signal, which may outlive many walks', async () => {
    const { client } = productClient(450);
    const controller = new AbortController();
    const listening = new Set<unknown>();
    const signal = controller.signal;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    signal.addEventListener = ((type: string, listener: unknown, options?: unknown) => {
      listening.add(listener);
      add(type, listener as EventListener, options as AddEventListenerOptions);
    }) as typeof signal.addEventListener;
    signal.removeEventListener = ((type: string, listener: unknown, options?: unknown) => {
      if (type === 'abort') listening.delete(listener);
      remove(type, listener as EventListener, options as EventListenerOptions);
    }) as typeof signal.removeEventListener;
    expect(await client.listAll('Product', { signal })).toHaveLength(450);
    expect(listening.size).toBe(0);
  });

  it('stops when the caller aborts', async () => {
    const { standin, client } = productClient(5_000);
    const controller = new AbortController();
    standin.faults.add({ type: 'latency', ms: 20 });
    const walk = client.listAll('Product', {
      signal: controller.signal,
      onPage: (_r, page) => {
        if (page === 2) controller.abort(new Error('stop'));
      },
    });
    await expect(walk).rejects.toThrow('stop');
    expect(standin.log.length).toBeLessThan(25);
  });
});
