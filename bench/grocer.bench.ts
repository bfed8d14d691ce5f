/**
 * The grocer simulator: catalog generation time and memory at each product count, batch price
 * lookups of 100 items in-process and over HTTP, and a whole-catalog export over HTTP.
 */
import { performance } from 'node:perf_hooks';
import {
  createGrocerServer,
  createGrocerSimulator,
  createHttpGrocer,
  generateCatalog,
  type GeneratedCatalog,
} from '@grocery/grocer';
import {
  collectGarbage,
  fmt,
  heapUsedMb,
  measure,
  measureConcurrent,
  table,
  type Benchmark,
  type BenchSection,
  type LatencySummary,
} from './lib.ts';

const BRANCH = 'BKK01';

function latencyRow(name: string, s: LatencySummary): (string | number)[] {
  return [name, s.count, fmt(s.p50, 3), fmt(s.p95, 3), fmt(s.p99, 3), fmt(s.opsPerSec, 0)];
}

const grocerBench: Benchmark = async (options) => {
  const sections: BenchSection[] = [];

  // Generation: time and retained heap per count; the largest catalog is kept for the lookups.
  const genRows: (string | number)[][] = [];
  const targets: NonNullable<BenchSection['targets']> = [];
  let largest: GeneratedCatalog | null = null;
  // A small warm-up compiles the vocabulary and the hot loop, so the figures are steady-state.
  const warmStarted = performance.now();
  generateCatalog({ seed: 1, count: 2_000 });
  const warmMs = performance.now() - warmStarted;
  for (const count of options.productCounts) {
    // eslint-disable-next-line no-useless-assignment -- dropping the reference lets the previous catalog be collected before measuring.
    largest = null;
    collectGarbage();
    const before = heapUsedMb();
    const started = performance.now();
    const catalog = generateCatalog({ seed: 1, count });
    const ms = performance.now() - started;
    collectGarbage();
    const heap = heapUsedMb() - before;
    options.log(`generated ${count} products in ${fmt(ms, 0)} ms, ${fmt(heap, 1)} MB`);
    genRows.push([
      count.toLocaleString('en-US'),
      fmt(ms, 0),
      fmt((count / ms) * 1000, 0),
      fmt(heap, 1),
      fmt((heap * 1024 * 1024) / count, 0),
    ]);
    if (count === 40_000)
      targets.push({ name: 'generate 40k', measured: `${fmt(ms, 0)} ms`, target: '< 1,000 ms', pass: ms < 1000 });
    if (count === 200_000)
      targets.push({ name: 'generate 200k', measured: `${fmt(ms, 0)} ms`, target: '< 5,000 ms', pass: ms < 5000 });
    largest = catalog;
  }

  // The simulator over the largest catalog: index build and total retained heap.
  collectGarbage();
  const beforeSim = heapUsedMb();
  const simStarted = performance.now();
  const sim = createGrocerSimulator({ catalog: largest!, log: () => {} });
  const simMs = performance.now() - simStarted;
  collectGarbage();
  const simHeap = heapUsedMb() - beforeSim;
  sections.push({
    title: 'Grocer: catalog generation',
    body: [
      table(['products', 'generate ms', 'products/s', 'retained heap MB', 'bytes/product'], genRows),
      '',
      `Cold start (vocabulary compile + 2,000 products, before the runs above): ${fmt(warmMs, 0)} ms.`,
      `Simulator over ${largest!.products.length.toLocaleString('en-US')} products: indexes built in ${fmt(simMs, 0)} ms, ${fmt(simHeap, 1)} MB more heap (prices and stock are derived from a seeded hash, not stored).`,
    ].join('\n'),
    targets,
  });

  // Batch price lookups of 100 items, in-process and over HTTP on loopback.
  const sellable = largest!.products.filter((p) => p.active && p.online);
  const batches = Array.from({ length: 64 }, (_, b) =>
    Array.from({ length: 100 }, (_, i) => sellable[(b * 7919 + i * 104_729) % sellable.length]!.cprcode),
  );
  let next = 0;
  const batch = () => batches[next++ % batches.length]!;
  const inProcess = await measure(() => sim.prices(BRANCH, batch()), { iterations: options.quick ? 300 : 3000 });
  const inProcessStock = await measure(() => sim.stock(BRANCH, batch()), { iterations: options.quick ? 300 : 3000 });

  const server = await createGrocerServer(sim, { log: () => {} });
  const http = createHttpGrocer({ url: server.origin });
  const overHttp = await measure(() => http.prices(BRANCH, batch()), { iterations: options.quick ? 200 : 2000 });
  const overHttpConcurrent = await measureConcurrent(() => http.prices(BRANCH, batch()), {
    iterations: options.quick ? 200 : 2000,
    concurrency: 8,
  });
  const calcLines = batch()
    .slice(0, 20)
    .map((cprcode) => ({ cprcode, quantity: 2 }));
  const priceable = (
    await sim.prices(
      BRANCH,
      calcLines.map((l) => l.cprcode),
    )
  )
    .filter((p) => p.price !== null)
    .map((p) => p.cprcode);
  const calcRequest = {
    branchCode: BRANCH,
    lines: calcLines.filter(
      (l) => priceable.includes(l.cprcode) && !sim.allProducts().find((p) => p.cprcode === l.cprcode)!.alcohol,
    ),
    fulfilment: 'PICKUP' as const,
    scheduleMode: 'REGULAR',
    address: null,
    couponCodes: ['SAVE10'],
    orderSource: 'BENCH',
  };
  const calcInProcess = await measure(() => sim.calculate(calcRequest), { iterations: options.quick ? 200 : 2000 });
  const calcHttp = await measure(() => http.calculate(calcRequest), { iterations: options.quick ? 200 : 1000 });

  sections.push({
    title: 'Grocer: batch lookups',
    body: [
      `Branch ${BRANCH}, ${largest!.products.length.toLocaleString('en-US')}-product catalog; latencies in ms; HTTP over loopback with keep-alive.`,
      '',
      table(
        ['operation', 'calls', 'p50', 'p95', 'p99', 'ops/s'],
        [
          latencyRow('prices × 100, in-process', inProcess),
          latencyRow('stock × 100, in-process', inProcessStock),
          latencyRow('prices × 100, HTTP', overHttp),
          latencyRow('prices × 100, HTTP, 8 in flight', overHttpConcurrent),
          latencyRow(`calculate ${calcRequest.lines.length} lines + coupon, in-process`, calcInProcess),
          latencyRow(`calculate ${calcRequest.lines.length} lines + coupon, HTTP`, calcHttp),
        ],
      ),
    ].join('\n'),
    targets: [
      {
        name: 'prices × 100 in-process p95',
        measured: `${fmt(inProcess.p95, 3)} ms`,
        target: '< 5 ms',
        pass: inProcess.p95 < 5,
      },
      {
        name: 'prices × 100 over HTTP p95',
        measured: `${fmt(overHttp.p95, 3)} ms`,
        target: '< 25 ms',
        pass: overHttp.p95 < 25,
      },
    ],
  });

  // The whole catalog over HTTP, paged by cprcode.
  const exportStarted = performance.now();
  let exported = 0;
  for await (const page of http.exportCatalog({ batchSize: 5000 })) exported += page.length;
  const exportMs = performance.now() - exportStarted;
  sections.push({
    title: 'Grocer: catalog export over HTTP',
    body: table(
      ['products', 'page size', 'total ms', 'products/s'],
      [[exported.toLocaleString('en-US'), 5000, fmt(exportMs, 0), fmt((exported / exportMs) * 1000, 0)]],
    ),
    targets: [
      {
        name: `export ${exported.toLocaleString('en-US')} over HTTP`,
        measured: `${fmt(exportMs, 0)} ms`,
        target: '< 20,000 ms',
        pass: exported === largest!.products.length && exportMs < 20_000,
      },
    ],
  });

  await server.close();
  await sim.close();
  return sections;
};

export default grocerBench;
