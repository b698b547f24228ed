/**
 * Measures the product search index the way the till uses it: build once over the seeded
 * catalogue, then realistic queries typed letter by letter, each keystroke timed against the naive
 * `products.filter(p => p.Name.toLowerCase().includes(q))` over the same records in the same run.
 * Also the cold start from a packed index: pack, structuredClone (what IndexedDB costs besides its
 * disk), open, and the first search on the opened index.
 * No pass/fail here: machines are noisy, so the figures are printed, never asserted.
 */
import type { Product } from '../../app/epos/records.ts';
import { createSearchIndex, openSearchIndex, packedSize, type SearchIndex } from '../../app/search/index.ts';
import { seededProducts } from '../search/fixture.ts';

/** Median, 95th percentile and worst of a set of timings, in ms. */
export interface Spread {
  median: number;
  p95: number;
  max: number;
}

/** What one measurement found. */
export interface SearchMeasure {
  products: number;
  /** The first build, with a cold JIT, as the till's page does it: wall clock, and CPU time (less hurt by a busy machine). */
  buildMs: number;
  buildCpuMs: number;
  /** Median of a few more builds. */
  warmBuildMs: number;
  /** Heap held by the index after a full GC, records it was built from dropped (typed arrays included); undefined unless Node runs with --expose-gc. */
  heapMb: number | undefined;
  /** The same for an index opened from a pack (the pack dropped), before any search. */
  openedHeapMb: number | undefined;
  /** Cold start from a packed index: the first time (cold JIT), and the median of a few more. */
  packed: {
    /** Size of the pack: strings at their in-memory width, typed arrays' bytes. */
    mb: number;
    packMs: Timing;
    cloneMs: Timing;
    openMs: Timing;
    /** The first search on a freshly opened index ("flat white"). */
    firstSearchMs: Timing;
    /** Packing an opened index again after 20 products changed: most products are copied as packed. */
    repackMs: Timing;
  };
  /** Upserting 20 changed products into the built index: the first time (cold JIT), and the median of 10 more. */
  upsert20Ms: { first: number; median: number };
  keystrokes: number;
  index: Spread;
  naive: Spread;
  /** Mean CPU time per keystroke, for the index and the naive filter. */
  cpuMeanMs: { index: number; naive: number };
  /** naive / index, for the median and for the 95th percentile. */
  ratio: { median: number; p95: number };
}

/** A timing taken with a cold JIT, and the median of later ones, in ms. */
export interface Timing {
  first: number;
  median: number;
}

/** Options of a measurement. */
export interface SearchMeasureOptions {
  /** Products in the catalogue; default 50,000. */
  products?: number;
  /** Timed passes over all the queries, after one untimed warm-up pass; default 5. */
  rounds?: number;
}

/** Builds the index over seeded products and times builds, an upsert, typed queries and the packed cold start. */
export async function measureSearch(options: SearchMeasureOptions = {}): Promise<SearchMeasure> {
  const count = options.products ?? 50_000;
  const rounds = options.rounds ?? 5;
  const products = seededProducts(count);
  const gc = (globalThis as { gc?: () => void }).gc;

  // Built over records of its own, dropped once built, so the heap counts whatever the index keeps of them.
  const heapBefore = gc === undefined ? 0 : await settledMemory(gc);
  const own = seededProducts(count);
  const cpu = process.cpuUsage();
  let started = performance.now();
  const index = createSearchIndex(own);
  const buildMs = performance.now() - started;
  const buildCpuMs = cpuMs(process.cpuUsage(cpu));
  own.length = 0;
  const heapMb = gc === undefined ? undefined : ((await settledMemory(gc)) - heapBefore) / 1e6;

  const packed = measurePacked(index);
  const openedBefore = gc === undefined ? 0 : await settledMemory(gc);
  const opened = openSearchIndex(structuredClone(index.pack()));
  const openedHeapMb = gc === undefined ? undefined : ((await settledMemory(gc)) - openedBefore) / 1e6;
  // Used after the reading, so it is certainly alive when the heap is read.
  if (opened.size !== index.size) throw new Error('the opened index lost products');

  const builds: number[] = [];
  for (let i = 0; i < 3; i++) {
    started = performance.now();
    createSearchIndex(products);
    builds.push(performance.now() - started);
  }

  const upserts: number[] = [];
  for (let batch = 0; batch <= 10; batch++) {
    const changed = products
      .slice(100 + batch * 20, 120 + batch * 20)
      .map((product) => ({ ...product, Name: `${product.Name} (new)` }));
    started = performance.now();
    index.upsert(changed);
    upserts.push(performance.now() - started);
  }

  const keystrokes = typedQueries(products).flatMap((query) => [...query].map((_, i) => query.slice(0, i + 1)));
  const indexTimes: number[] = [];
  const naiveTimes: number[] = [];
  let indexCpu = 0;
  let naiveCpu = 0;
  for (let round = 0; round <= rounds; round++) {
    for (const text of keystrokes) {
      let before = process.cpuUsage();
      started = performance.now();
      index.search(text);
      const searched = performance.now() - started;
      const searchedCpu = cpuMs(process.cpuUsage(before));
      before = process.cpuUsage();
      started = performance.now();
      const lower = text.toLowerCase();
      products.filter((product) => product.Name.toLowerCase().includes(lower));
      const filtered = performance.now() - started;
      const filteredCpu = cpuMs(process.cpuUsage(before));
      // Round 0 warms the JIT for both sides and is not counted.
      if (round === 0) continue;
      indexTimes.push(searched);
      naiveTimes.push(filtered);
      indexCpu += searchedCpu;
      naiveCpu += filteredCpu;
    }
  }
  const indexSpread = spread(indexTimes);
  const naiveSpread = spread(naiveTimes);
  return {
    products: count,
    buildMs,
    buildCpuMs,
    warmBuildMs: spread(builds).median,
    heapMb,
    openedHeapMb,
    packed,
    upsert20Ms: { first: upserts[0] as number, median: spread(upserts.slice(1)).median },
    keystrokes: indexTimes.length,
    index: indexSpread,
    naive: naiveSpread,
    cpuMeanMs: { index: indexCpu / indexTimes.length, naive: naiveCpu / naiveTimes.length },
    ratio: { median: naiveSpread.median / indexSpread.median, p95: naiveSpread.p95 / indexSpread.p95 },
  };
}

/** The figures as a few lines for a terminal. */
export function formatSearchMeasure(measure: SearchMeasure): string {
  const ms = (value: number): string => `${value.toFixed(3)} ms`;
  const mb = (value: number | undefined): string =>
    value === undefined ? 'unknown (run node with --expose-gc)' : `${value.toFixed(1)} MB`;
  const timing = (value: Timing): string => `${value.first.toFixed(1)} / ${value.median.toFixed(1)}`;
  const line = (spread: Spread): string => `median ${ms(spread.median)}, p95 ${ms(spread.p95)}, max ${ms(spread.max)}`;
  return [
    `search index over ${measure.products} products`,
    `  build: ${measure.buildMs.toFixed(0)} ms cold (${measure.buildCpuMs.toFixed(0)} ms CPU), ${measure.warmBuildMs.toFixed(0)} ms warm`,
    `  upsert of 20 changed products: ${ms(measure.upsert20Ms.first)} first, ${ms(measure.upsert20Ms.median)} median`,
    `  heap held: ${mb(measure.heapMb)} built, ${mb(measure.openedHeapMb)} opened from a pack`,
    `  packed: ${measure.packed.mb.toFixed(1)} MB; first / median ms: pack ${timing(measure.packed.packMs)}, structuredClone ${timing(measure.packed.cloneMs)}, open ${timing(measure.packed.openMs)}, first search ${timing(measure.packed.firstSearchMs)}`,
    `  repack after 20 changes: ${timing(measure.packed.repackMs)} ms`,
    `  ${measure.keystrokes} keystrokes, index: ${line(measure.index)}`,
    `  naive filter: ${line(measure.naive)}`,
    `  naive / index: ${measure.ratio.median.toFixed(1)}x at the median, ${measure.ratio.p95.toFixed(1)}x at p95`,
    `  mean CPU per keystroke: index ${ms(measure.cpuMeanMs.index)}, naive ${ms(measure.cpuMeanMs.naive)}`,
  ].join('\n');
}

/** Packs `index`, clones the pack, opens it and searches, a few times over. */
function measurePacked(index: SearchIndex): SearchMeasure['packed'] {
  const times = {
    packMs: [] as number[],
    cloneMs: [] as number[],
    openMs: [] as number[],
    firstSearchMs: [] as number[],
    repackMs: [] as number[],
  };
  const time = <T>(into: number[], run: () => T): T => {
    const started = performance.now();
    const result = run();
    into.push(performance.now() - started);
    return result;
  };
  let size = 0;
  for (let round = 0; round < 6; round++) {
    const packed = time(times.packMs, () => index.pack());
    size = packedSize(packed);
    const cloned = time(times.cloneMs, () => structuredClone(packed));
    const opened = time(times.openMs, () => openSearchIndex(cloned));
    time(times.firstSearchMs, () => opened.search('flat white'));
    const changed = [20, 4_000, 9_000, 17_000, 33_000]
      .flatMap((id) => [id, id + 1, id + 2, id + 3])
      .flatMap((id) => opened.get(id) ?? []);
    opened.upsert(changed.map((product) => ({ ...product, Name: `${product.Name} (new)` })));
    time(times.repackMs, () => opened.pack());
  }
  const timing = (list: number[]): Timing => ({ first: list[0] as number, median: spread(list.slice(1)).median });
  return {
    mb: size / 1e6,
    packMs: timing(times.packMs),
    cloneMs: timing(times.cloneMs),
    openMs: timing(times.openMs),
    firstSearchMs: timing(times.firstSearchMs),
    repackMs: timing(times.repackMs),
  };
}

/** Bytes of a pack in memory: one or two a character for strings (as V8 holds them), typed arrays' own. */
/** Heap plus typed-array memory (outside the heap) after a full GC, in bytes. */
async function settledMemory(gc: () => void): Promise<number> {
  gc();
  // Typed arrays' memory is released by a sweeper after the GC, not during it.
  await new Promise((resolve) => setTimeout(resolve, 200));
  gc();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/** What a cashier types: names in pieces and out of order, with and without accents, and codes. */
function typedQueries(products: readonly Product[]): string[] {
  const some = (id: number): Product => products[(id - 1) % products.length] as Product;
  return [
    'flat white',
    'Creme brulee',
    'oat latte 12',
    'jalapeño',
    'sourdough loaf',
    'ham cheese panini',
    'gruyere 200',
    'almond croissant',
    'earl grey',
    String(some(4213).Sku),
    String(some(1234).Barcode),
  ];
}

/** User plus system time of a process.cpuUsage() difference, in ms. */
function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}

/** Median, 95th percentile and worst of a set of timings. */
export function spread(times: readonly number[]): Spread {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (fraction: number): number =>
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] as number;
  return { median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] as number };
}
