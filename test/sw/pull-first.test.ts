/** A first walk (no snapshot to sell from yet): its pages readable as they land, its estimate, and the order of kinds. */
import { describe, expect, it } from 'vitest';
import { readMeta } from '../../app/store/catalog.ts';
import { generationRange } from '../../app/store/schema.ts';
import { PULL_ORDER, type PullProgress, pullCatalog, pullKind } from '../../sw/pull.ts';
import { freshDb, standinClient } from '../store/fixture.ts';

/** The pages of Product asked for, in order. */
function productPages(log: readonly { path: string }[]): number[] {
  return log.flatMap((e) => {
    const page = /^\/api\/V2\/Product\?page=(\d+)$/.exec(e.path)?.[1];
    return page === undefined ? [] : [Number(page)];
  });
}

describe('a first walk', () => {
  it('announces each write once it is stored, so a page can read it before the walk ends', async () => {
    const db = await freshDb();
    const { client } = standinClient({ products: 3_000 });
    const progress: PullProgress[] = [];
    // What storage holds the moment each announcement is made.
    const stored: Promise<{ said: number; held: number[] }>[] = [];
    await pullKind(
      {
        db,
        client,
        onProgress: (p) => {
          progress.push(p);
          const said = p.readable;
          if (said)
            stored.push(
              db
                .getAll('pages', generationRange('Product', said.gen))
                .then((rows) => ({ said: said.pages, held: rows.map((r) => r.page) })),
            );
        },
      },
      'Product',
    );
    const announced = [...new Set(progress.flatMap((p) => (p.readable ? [p.readable.pages] : [])))];
    // Writes of 1, 2, 4 and 8 pages; the 16th page is the empty one that ends the walk.
    expect(announced).toEqual([1, 3, 7, 15, 16]);
    // Once per write: a page reads once for each.
    expect(progress.filter((p) => p.readable)).toHaveLength(5);
    for (const { said, held } of await Promise.all(stored)) {
      for (let page = 1; page <= Math.min(said, 15); page++) expect(held).toContain(page);
    }
    expect(progress.every((p) => p.readable === undefined || p.readable.gen === 1)).toBe(true);
    expect(progress.at(-1)).toEqual({ kind: 'Product', state: 'done', pages: 16, records: 3_000 });
  });

  it('estimates the total by probing for the last page, and asks for no page twice', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient({ products: 3_000 });
    const progress: PullProgress[] = [];
    await pullKind({ db, client, onProgress: (p) => progress.push(p) }, 'Product');
    expect(progress.filter((p) => p.state === 'running').at(-1)?.expected).toBe(3_000);
    // Doubling 2, 4, 8, 16 then halving 12, 14, 15: all pages the walk needs anyway.
    expect(productPages(standin.log).sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
  });

  it('says its estimate as soon as it has one, even while the walk waits for a slow page', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient({ products: 3_000 });
    // The probe (2, 4, 8, 16, then 12, 14, 15) never needs page 13, and its last page comes
    // while the walk, past page 12, still waits for 13.
    standin.faults.add({ match: { path: /Product\?page=13$/ }, type: 'latency', ms: 400 });
    standin.faults.add({ match: { path: /Product\?page=15$/ }, type: 'latency', ms: 150 });
    const progress: PullProgress[] = [];
    await pullKind({ db, client, onProgress: (p) => progress.push(p) }, 'Product');
    expect(progress.find((p) => p.expected !== undefined)).toMatchObject({
      state: 'running',
      pages: 12,
      expected: 3_000,
    });
  });

  it('estimates a kind whose last page is short exactly, at the cost of empty pages past its end', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient({ products: 2_530 });
    const progress: PullProgress[] = [];
    await pullKind({ db, client, onProgress: (p) => progress.push(p) }, 'Product');
    const estimates = new Set(progress.map((p) => p.expected));
    expect(estimates).toEqual(new Set([undefined, 2_530]));
    const asked = productPages(standin.log);
    expect(new Set(asked).size).toBe(asked.length);
    // The walk needs pages 1 to 13; the probe also asked for 16 (doubling) and 14 (halving).
    expect(asked.sort((a, b) => a - b)).toEqual([...Array.from({ length: 13 }, (_, i) => i + 1), 14, 16]);
  });

  it('estimates nothing for a kind whose first page is short: that page is all of it', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient({ products: 150 });
    const progress: PullProgress[] = [];
    await pullKind({ db, client, onProgress: (p) => progress.push(p) }, 'Product');
    expect(progress.some((p) => p.expected !== undefined)).toBe(false);
    expect(productPages(standin.log)).toEqual([1]);
  });

  it('a probe that fails costs the estimate, not the walk', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient({ products: 5_000 });
    // 25 full pages and an empty 26th: only the probe's doubling asks for page 32.
    standin.faults.add({ match: { path: /Product\?page=32$/ }, type: 'status', status: 503 });
    const progress: PullProgress[] = [];
    const outcome = await pullKind({ db, client, onProgress: (p) => progress.push(p) }, 'Product');
    expect(outcome).toEqual({ kind: 'Product', ok: true, count: 5_000 });
    expect(progress.some((p) => p.expected !== undefined)).toBe(false);
  });

  it('says each thing once: its start, each page, each write landing, its estimate, its end', async () => {
    const db = await freshDb();
    const { client } = standinClient({ products: 3_000 });
    const progress: PullProgress[] = [];
    await pullKind({ db, client, onProgress: (p) => progress.push(p) }, 'Product');
    // 16 pages (the last empty), written 1, 2, 4, 8 and 1 at a time.
    expect(progress).toHaveLength(1 + 16 + 5 + 1 + 1);
    expect(progress[0]).toStrictEqual({ kind: 'Product', state: 'running', pages: 0, records: 0 });
  });

  it('stops its probe when it fails: nothing says it is running after it said it failed', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient({ products: 5_000 });
    // The probe asks 2, 4, 8, 16, 32 (slow), then 24, 28, 26, 25; the walk fails at page 3 first.
    standin.faults.add({ match: { path: /Product\?page=32$/ }, type: 'latency', ms: 200 });
    standin.faults.add({ match: { path: /Product\?page=3$/ }, type: 'status', status: 503 });
    const progress: PullProgress[] = [];
    await pullKind({ db, client, onProgress: (p) => progress.push(p) }, 'Product');
    // Past the time the probe would have taken to finish, had it gone on.
    await client.list('Product', 32);
    for (const page of [24, 28, 26, 25, 24]) await client.list('Product', page);
    expect(progress.at(-1)?.state).toBe('failed');
    expect(progress.some((p) => p.expected !== undefined)).toBe(false);
  });

  it('that fails leaves nothing readable behind and no snapshot: the till has no catalog yet', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient({ products: 3_000 });
    standin.faults.add({ match: { path: /Product\?page=9$/ }, type: 'status', status: 503 });
    const progress: PullProgress[] = [];
    const outcome = await pullKind({ db, client, onProgress: (p) => progress.push(p) }, 'Product');
    expect(outcome.ok).toBe(false);
    expect(progress.some((p) => (p.readable?.pages ?? 0) > 0)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ state: 'failed', error: expect.stringMatching(/HTTP 503/) });
    expect(await db.getAll('pages', generationRange('Product', 1))).toEqual([]);
    expect((await readMeta(db)).find((m) => m.kind === 'Product')).toMatchObject({ gen: 0, pulledAt: null });
  });
});

describe('a later walk', () => {
  it('announces nothing readable (the till sells from its snapshot until the walk is complete), and expects the last count', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient({ products: 900 });
    await pullKind({ db, client }, 'Product');
    standin.remove('Product', 3);
    const progress: PullProgress[] = [];
    await pullKind({ db, client, onProgress: (p) => progress.push(p) }, 'Product');
    expect(progress.some((p) => p.readable !== undefined)).toBe(false);
    expect(progress[0]).toEqual({ kind: 'Product', state: 'running', pages: 0, records: 0, expected: 900 });
    expect(progress.filter((p) => p.state === 'running').every((p) => p.expected === 900)).toBe(true);
  });
});

describe('the order of kinds', () => {
  it('asks for nothing when no kind is asked for', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient();
    expect(await pullCatalog({ db, client }, [])).toEqual([]);
    expect(standin.log).toEqual([]);
  });

  it('is tenders, discount reasons, tables, area prices, then products: the small kinds are there before the long walk', async () => {
    expect(PULL_ORDER).toEqual(['TenderType', 'DiscountReason', 'SeatingTable', 'ProductLocationAreaPrice', 'Product']);
    const db = await freshDb();
    const { standin, client } = standinClient({ products: 450 });
    const started: string[] = [];
    await pullCatalog({
      db,
      client,
      onProgress: (p) => {
        if (p.pages === 0) started.push(p.kind);
      },
    });
    expect(started).toEqual(PULL_ORDER);
    const products = productPages(standin.log).length;
    expect(standin.log.findIndex((e) => e.path.startsWith('/api/V2/Product?'))).toBe(standin.log.length - products);
    expect(standin.log.length).toBeGreaterThan(products + 2);
  });

  it('asks for tenders alone, then discount reasons, tables and area prices together, then the products', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient({ products: 450 });
    // Were the three walked one after the other, the slow one would be done first.
    standin.faults.add({ match: { kind: 'DiscountReason' }, type: 'latency', ms: 200 });
    const done: string[] = [];
    await pullCatalog({ db, client, onProgress: (p) => void (p.state === 'done' && done.push(p.kind)) });
    expect(done).toEqual(['TenderType', 'SeatingTable', 'ProductLocationAreaPrice', 'DiscountReason', 'Product']);
    expect(standin.log.findIndex((e) => e.path.startsWith('/api/V2/Product?'))).toBe(4);
  });

  it('has the area prices stored before the first product is readable, so the pad never sells a product at the wrong price on a first visit', async () => {
    const db = await freshDb();
    const { client } = standinClient({ products: 450 });
    const seen: string[] = [];
    await pullCatalog({
      db,
      client,
      onProgress: (p) => {
        if (p.kind === 'ProductLocationAreaPrice' && p.state === 'done') seen.push('area prices done');
        if (p.kind === 'Product' && p.readable && !seen.includes('products readable')) seen.push('products readable');
      },
    });
    expect(seen).toEqual(['area prices done', 'products readable']);
  });

  it('stops before the products when the account\u2019s limit is met by the small kinds', async () => {
    const db = await freshDb();
    const { standin, client } = standinClient({ products: 450 });
    standin.faults.add({ match: { kind: 'SeatingTable' }, type: 'rate-limit', retryAfter: 60 });
    const outcomes = await pullCatalog({ db, client });
    expect(outcomes.map((o) => [o.kind, o.ok])).toEqual([
      ['TenderType', true],
      ['DiscountReason', true],
      ['SeatingTable', false],
      ['ProductLocationAreaPrice', true],
    ]);
    expect(standin.log.some((e) => e.path.startsWith('/api/V2/Product?'))).toBe(false);
  });
});
