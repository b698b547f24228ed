/**
 * Measures the product search index the way the till uses it: build once over the seeded
 * catalogue, then realistic queries typed letter by letter, each keystroke timed against the naive
 * `products.filter(p => p.Name.toLowerCase().includes(q))` over the same records in the same run.
 * No pass/fail here: machines are noisy, so the figures are printed, never asserted.
 */
import type { Product } from '../../app/epos/records.ts';
import { createSearchIndex } from '../../app/store/search/index.ts';
import { seededProducts } from '../store/search/fixture.ts';

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
  /** Heap held by the index after a full GC; undefined unless Node runs with --expose-gc. */
  heapMb: number | undefined;
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

/** Options of a measurement. */
export interface SearchMeasureOptions {
  /** Products in the catalogue; default 50,000. */
  products?: number;
  /** Timed passes over all the queries, after one untimed warm-up pass; default 5. */
  rounds?: number;
}

/** Builds the index over seeded products and times builds, an upsert and typed queries. */
export function measureSearch(options: SearchMeasureOptions = {}): SearchMeasure {
  const count = options.products ?? 50_000;
  const rounds = options.rounds ?? 5;
  const products = seededProducts(count);
  const gc = (globalThis as { gc?: () => void }).gc;

  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const cpu = process.cpuUsage();
  let started = performance.now();
  const index = createSearchIndex(products);
  const buildMs = performance.now() - started;
  const buildCpuMs = cpuMs(process.cpuUsage(cpu));
  gc?.();
  const heapMb = gc === undefined ? undefined : (process.memoryUsage().heapUsed - heapBefore) / 1e6;

  const builds: number[] = [];
  for (let i = 0; i < 3; i++) {
    started = performance.now();
    createSearchIndex(products);
    builds.push(performance.now() - started);
  }

  const upserts: number[] = [];
  for (let batch = 0; batch <= 10; batch++) {
    const changed = products.slice(100 + batch * 20, 120 + batch * 20).map((product) => ({ ...product, Name: `${product.Name} (new)` }));
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
  const line = (spread: Spread): string => `median ${ms(spread.median)}, p95 ${ms(spread.p95)}, max ${ms(spread.max)}`;
  return [
    `search index over ${measure.products} products`,
    `  build: ${measure.buildMs.toFixed(0)} ms cold (${measure.buildCpuMs.toFixed(0)} ms CPU), ${measure.warmBuildMs.toFixed(0)} ms warm`,
    `  upsert of 20 changed products: ${ms(measure.upsert20Ms.first)} first, ${ms(measure.upsert20Ms.median)} median`,
    `  heap held: ${measure.heapMb === undefined ? 'unknown (run node with --expose-gc)' : `${measure.heapMb.toFixed(1)} MB`}`,
    `  ${measure.keystrokes} keystrokes, index: ${line(measure.index)}`,
    `  naive filter: ${line(measure.naive)}`,
    `  naive / index: ${measure.ratio.median.toFixed(1)}x at the median, ${measure.ratio.p95.toFixed(1)}x at p95`,
    `  mean CPU per keystroke: index ${ms(measure.cpuMeanMs.index)}, naive ${ms(measure.cpuMeanMs.naive)}`,
  ].join('\n');
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
  const at = (fraction: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] as number;
  return { median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] as number };
}
