/**
 * The ranked search index against MiniSearch on the same generated catalog and the same query mix
 * (the judged relevance queries: English, Thai, mixed, typos, brands, barcodes, sizes, concepts,
 * cross-language and prefixes): index build time and retained heap, then latency percentiles and
 * queries per second measured interleaved, at each product count.
 */
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { generateCatalog } from '@grocery/grocer';
import { buildSearchIndex, documentFromProduct, type SearchIndex } from '@grocery/search';
import { JUDGED_QUERIES } from '../packages/search/eval/judged-queries.ts';
import { createMiniSearchBaseline, type MiniSearchBaseline } from '../packages/search/eval/minisearch-baseline.ts';
import { collectGarbage, compareInterleaved, fmt, table, type Benchmark, type BenchSection, type LatencySummary } from './lib.ts';

const LIMIT = 20;

interface BuildFigures {
  ms: number;
  heapMb: number;
}

/** JavaScript heap plus array buffers: typed arrays live outside the heap proper. */
function retainedMb(): number {
  const usage = process.memoryUsage();
  return (usage.heapUsed + usage.arrayBuffers) / 1024 / 1024;
}

/** Builds with a collection before and after, so the memory figure is what the index retains. */
function measuredBuild<T>(build: () => T): { value: T; figures: BuildFigures } {
  collectGarbage();
  const before = retainedMb();
  const started = performance.now();
  const value = build();
  const ms = performance.now() - started;
  collectGarbage();
  return { value, figures: { ms, heapMb: retainedMb() - before } };
}

const searchBench: Benchmark = async (options) => {
  const buildRows: (string | number)[][] = [];
  const latencyRows: (string | number)[][] = [];
  const targets: NonNullable<BenchSection['targets']> = [];
  const p99ByCount = new Map<number, number>();
  const cpuRows: (string | number)[][] = [];
  const loadBefore = loadavg()[0]!;

  for (const count of options.productCounts) {
    const products = generateCatalog({ seed: 1, count }).products;
    const docs = products.map((p) => documentFromProduct(p, null));
    const mix = JUDGED_QUERIES.map((q) => ({ text: typeof q.text === 'string' ? q.text : q.text(products), lang: q.lang, mode: q.mode }));

    let ours: SearchIndex | null = null;
    let mini: MiniSearchBaseline | null = null;
    const oursBuild = measuredBuild(() => buildSearchIndex(docs));
    ours = oursBuild.value;
    options.log(`search ${count}: ours built in ${fmt(oursBuild.figures.ms, 0)} ms, ${fmt(oursBuild.figures.heapMb, 1)} MB`);
    const miniBuild = measuredBuild(() => createMiniSearchBaseline(docs));
    mini = miniBuild.value;
    options.log(`search ${count}: MiniSearch built in ${fmt(miniBuild.figures.ms, 0)} ms, ${fmt(miniBuild.figures.heapMb, 1)} MB`);
    buildRows.push([count.toLocaleString('en-US'), 'ours', fmt(oursBuild.figures.ms, 0), fmt(oursBuild.figures.heapMb, 1), fmt(ours.stats().memoryBytes / 1024 / 1024, 1)]);
    buildRows.push([count.toLocaleString('en-US'), 'MiniSearch', fmt(miniBuild.figures.ms, 0), fmt(miniBuild.figures.heapMb, 1), '']);

    const index = ours;
    const baseline = mini;
    let nextOurs = 0;
    let nextMini = 0;
    const summaries = await compareInterleaved(
      {
        // Each engine collects its own garbage at the end of its round (in its own timing), so that
        // one engine's garbage is not collected during the other's queries.
        ours: async () => {
          const q = mix[nextOurs++ % mix.length]!;
          const hits = index.search({ query: q.text, lang: q.lang, limit: LIMIT, mode: q.mode });
          if (nextOurs % mix.length === 0) collectGarbage();
          return hits;
        },
        minisearch: async () => {
          const q = mix[nextMini++ % mix.length]!;
          const hits = baseline.search(q.text, LIMIT);
          if (nextMini % mix.length === 0) collectGarbage();
          return hits;
        },
      },
      // MiniSearch takes tens of milliseconds a query at 200,000 products: fewer rounds there keep the run short.
      { rounds: options.quick ? 2 : count >= 200_000 ? 3 : 6, iterationsPerRound: mix.length, warmup: mix.length },
    );
    // CPU time per query of ours alone, which machine load does not inflate as it does wall time.
    const cpuStarted = process.cpuUsage();
    for (const q of mix) index.search({ query: q.text, lang: q.lang, limit: LIMIT, mode: q.mode });
    const cpu = process.cpuUsage(cpuStarted);
    cpuRows.push([count.toLocaleString('en-US'), fmt((cpu.user + cpu.system) / 1000 / mix.length, 3)]);
    const row = (name: string, s: LatencySummary) => [count.toLocaleString('en-US'), name, s.count, fmt(s.p50, 3), fmt(s.p95, 3), fmt(s.p99, 3), fmt(s.opsPerSec, 0)];
    latencyRows.push(row('ours', summaries.ours), row('MiniSearch', summaries.minisearch));
    const ratio = summaries.ours.opsPerSec / summaries.minisearch.opsPerSec;
    options.log(`search ${count}: ours p99 ${fmt(summaries.ours.p99, 2)} ms, ${fmt(summaries.ours.opsPerSec, 0)} q/s; MiniSearch p99 ${fmt(summaries.minisearch.p99, 2)} ms, ${fmt(summaries.minisearch.opsPerSec, 0)} q/s`);
    targets.push({ name: `queries/s vs MiniSearch at ${count.toLocaleString('en-US')}`, measured: `${fmt(ratio, 1)}×`, target: '≥ 2×', pass: ratio >= 2 });
    p99ByCount.set(count, summaries.ours.p99);
    if (count === 40_000) targets.push({ name: 'p99 at 40,000', measured: `${fmt(summaries.ours.p99, 2)} ms`, target: '≤ 10 ms', pass: summaries.ours.p99 <= 10 });
    ours = null;
    mini = null;
  }
  const p40 = p99ByCount.get(40_000);
  const p200 = p99ByCount.get(200_000);
  if (p40 !== undefined && p200 !== undefined) {
    targets.push({ name: 'p99 at 200,000 vs 40,000', measured: `${fmt(p200, 2)} ms vs ${fmt(p40, 2)} ms (${fmt(p200 / p40, 2)}×)`, target: '≤ 2×', pass: p200 <= 2 * p40 });
  }

  return [
    {
      title: 'Search: index build and memory',
      body: [
        table(['products', 'engine', 'build ms', 'retained MB (heap + array buffers)', 'own estimate MB'], buildRows),
        '',
        'Retained memory is measured after a full collection (JavaScript heap plus array buffers, where typed arrays live); both engines index the same documents (names, brands, categories and keywords in English and Thai, sizes, barcodes, cprcodes).',
      ].join('\n'),
    },
    {
      title: 'Search: query latency and throughput',
      body: [
        table(['products', 'engine', 'queries', 'p50 ms', 'p95 ms', 'p99 ms', 'queries/s'], latencyRows),
        '',
        table(['products', 'ours: CPU ms per query (one pass of the mix)'], cpuRows),
        '',
        `Machine: ${availableParallelism()} CPUs, shared; 1-minute load average ${fmt(loadBefore, 1)} at the start and ${fmt(loadavg()[0]!, 1)} at the end. Wall-clock percentiles include time the process waited for a CPU.`,
        '',
        `Query mix: the ${JUDGED_QUERIES.length} judged relevance queries (packages/search/eval), limit ${LIMIT}, run interleaved in rounds on one thread; each engine collects its own garbage at the end of each of its rounds, inside its own timing. Ours runs each query in its mode (SEMANTIC, or AUTOCOMPLETE for prefixes); MiniSearch with fuzzy 0.2, prefix and field boosts.`,
      ].join('\n'),
      targets,
    },
  ];
};

export default searchBench;
