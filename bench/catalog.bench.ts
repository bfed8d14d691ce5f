/**
 * REST catalog: `/v1/products?size=200` through the real handler (behind a minimal node:http
 * adapter) against a raw node:http server answering the identical bytes, the full-catalog walk,
 * and snapshot build time, memory and event-loop delay at each product count.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { HttpHandler, HttpResponse } from '@grocery/core/http';
import { ManualClock } from '@grocery/core/testing';
import { CatalogSnapshots, buildCatalogSnapshot, createCatalogHandler, type CatalogSnapshot } from '@grocery/catalog';
import { createGrocerSimulator } from '@grocery/grocer';
import {
  collectGarbage,
  compareInterleaved,
  fmt,
  heapUsedMb,
  table,
  type Benchmark,
  type BenchSection,
} from './lib.ts';
import { send, type HttpAnswer } from './support/http-client.ts';

const PARTNER_KEY = 'pk_test_bench';
const PUBLIC_BASE_URL = 'https://api.bench.test';

/** The minimal node:http adapter: an HttpRequest in, the HttpResponse written out. */
function serveHandler(handler: HttpHandler): Server {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(req.headers))
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    void handler({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers,
      body: new Uint8Array(),
      remoteAddress: req.socket.remoteAddress,
    })
      .then((response: HttpResponse) => {
        res.writeHead(response.status, response.headers);
        res.end(response.body ?? undefined);
      })
      .catch(() => {
        res.writeHead(500).end();
      });
  });
}

/** A raw node:http server that answers each known URL with bytes captured beforehand. */
function serveRaw(answers: Map<string, { headers: Record<string, string>; body: Uint8Array }>): Server {
  return createServer((req, res) => {
    const answer = answers.get(req.url ?? '');
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, answer.headers);
    res.end(answer.body);
  });
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

const fetchBytes = (port: number, path: string): Promise<HttpAnswer> =>
  send(`http://127.0.0.1:${port}${path}`, { headers: { 'x-partner-key': PARTNER_KEY } });

/** A full collection once pending promise jobs have let go of what they held. */
async function settle(): Promise<void> {
  for (let i = 0; i < 2; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
  }
}

interface BuildFigures {
  count: number;
  /** The median run's wall time. */
  buildMs: number;
  /** Every run's wall time, in order. */
  runsMs: number[];
  /** CPU time of the whole process (all threads) during the build. */
  cpuMs: number;
  loadAverage: number;
  stages: CatalogSnapshot['stats']['stages'];
  heapMb: number;
  externalMb: number;
  loopMaxMs: number;
  loopP99Ms: number;
  filesMb: number;
  /** Serialising every record once in both languages (what a full walk in each does first): ms, and the MiB the records then hold. */
  recordsMs: number;
  recordsMb: number;
}

/** Timed builds per product count; the report shows the median one and all their times. */
const BUILD_RUNS = 3;

async function measureBuild(count: number, log: (line: string) => void): Promise<BuildFigures> {
  const grocer = createGrocerSimulator({ productCount: count, log: () => {} });
  try {
    // Warm up the code paths and the build worker once on a small slice, as a long-running server would be.
    await buildCatalogSnapshot(grocer.allProducts().slice(0, 2000), { publicBaseUrl: PUBLIC_BASE_URL, worker: true });
    const runs: BuildFigures[] = [];
    for (let run = 0; run < BUILD_RUNS; run++) runs.push(await measureOneBuild(grocer, count, log));
    const median = [...runs].sort((a, b) => a.buildMs - b.buildMs)[BUILD_RUNS >> 1]!;
    return { ...median, runsMs: runs.map((r) => r.buildMs) };
  } finally {
    await grocer.close();
  }
}

/** One timed build; the snapshot lives only in this call, so the next run starts without it. */
async function measureOneBuild(
  grocer: ReturnType<typeof createGrocerSimulator>,
  count: number,
  log: (line: string) => void,
): Promise<BuildFigures> {
  const source = await grocer.catalogVersion();
  await settle();
  const before = process.memoryUsage();
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const snapshot = await buildCatalogSnapshot(grocer.exportCatalog({ batchSize: 1000 }), {
    publicBaseUrl: PUBLIC_BASE_URL,
    source,
    log,
  });
  const buildMs = performance.now() - t0;
  const cpuUsed = process.cpuUsage(cpu);
  delay.disable();
  await settle();
  const after = process.memoryUsage();
  if (snapshot.size !== count) throw new Error(`built ${snapshot.size} of ${count} products`);
  const readStart = performance.now();
  for (const lang of ['en', 'th'] as const) snapshot.recordJsonPieces(lang, null, 0, snapshot.size);
  const recordsMs = performance.now() - readStart;
  await settle();
  const afterRecords = process.memoryUsage();
  return {
    count,
    buildMs,
    runsMs: [buildMs],
    cpuMs: (cpuUsed.user + cpuUsed.system) / 1000,
    loadAverage: loadavg()[0]!,
    stages: snapshot.stats.stages,
    heapMb: (after.heapUsed - before.heapUsed) / 1024 / 1024,
    externalMb: (after.arrayBuffers - before.arrayBuffers) / 1024 / 1024,
    loopMaxMs: delay.max / 1e6,
    loopP99Ms: delay.percentile(99) / 1e6,
    filesMb: snapshot.files.reduce((sum, file) => sum + file.body.byteLength, 0) / 1024 / 1024,
    recordsMs,
    recordsMb: (afterRecords.arrayBuffers - after.arrayBuffers + afterRecords.heapUsed - after.heapUsed) / 1024 / 1024,
  };
}

const benchmark: Benchmark = async (options) => {
  const sections: BenchSection[] = [];
  const count = options.productCounts[0]!;

  // 1. /v1/products?size=200 through the handler against raw node:http with the same bytes.
  const clock = new ManualClock();
  const grocer = createGrocerSimulator({ productCount: count, clock, log: () => {} });
  const snapshots = new CatalogSnapshots({ grocer, publicBaseUrl: PUBLIC_BASE_URL, clock });
  await snapshots.refresh();
  const handlerOptions = {
    snapshots,
    verifyPartnerKey: async (key: string | undefined) =>
      key === PARTNER_KEY
        ? {
            partnerId: 'p',
            partnerName: 'bench',
            orderSource: 'BENCH',
            environment: 'sandbox' as const,
            keyPrefix: 'pk_test_ben',
            clientIds: [],
            live: false,
          }
        : null,
    publicBaseUrl: PUBLIC_BASE_URL,
    downloadSecret: 'bench-secret',
    clock,
  };
  const handler = createCatalogHandler(handlerOptions);
  // The same handler with its response cache off: every page assembled from the record bytes.
  const uncachedHandler = createCatalogHandler({ ...handlerOptions, responseCacheBytes: 0 });
  const pages = Math.min(20, Math.ceil(count / 200));
  const paths = Array.from({ length: pages }, (_, i) => `/v1/products?size=200&page=${i + 1}`);
  const answers = new Map<string, { headers: Record<string, string>; body: Uint8Array }>();
  for (const path of paths) {
    const url = new URL(path, 'http://x');
    const response = await handler({
      method: 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: { 'x-partner-key': PARTNER_KEY },
      body: new Uint8Array(),
    });
    answers.set(path, { headers: response.headers, body: response.body as Uint8Array });
  }
  const handlerServer = serveHandler(handler);
  const uncachedServer = serveHandler(uncachedHandler);
  const rawServer = serveRaw(answers);
  const handlerPort = await listen(handlerServer);
  const uncachedPort = await listen(uncachedServer);
  const rawPort = await listen(rawServer);
  let identical = true;
  for (const path of paths) {
    const [viaHandler, viaUncached, viaRaw] = await Promise.all([
      fetchBytes(handlerPort, path),
      fetchBytes(uncachedPort, path),
      fetchBytes(rawPort, path),
    ]);
    identical &&=
      viaHandler.status === 200 && viaHandler.body.equals(viaRaw.body) && viaUncached.body.equals(viaRaw.body);
  }
  const next = { handler: 0, uncached: 0, raw: 0 };
  const results = await compareInterleaved(
    {
      handler: () => fetchBytes(handlerPort, paths[next.handler++ % paths.length]!),
      uncached: () => fetchBytes(uncachedPort, paths[next.uncached++ % paths.length]!),
      raw: () => fetchBytes(rawPort, paths[next.raw++ % paths.length]!),
    },
    // Many short interleaved rounds, so that load from other processes hits every candidate alike.
    { rounds: options.quick ? 8 : 20, iterationsPerRound: options.quick ? 100 : 200, concurrency: 8, warmup: 200 },
  );
  const ratio = results.handler.opsPerSec / results.raw.opsPerSec;
  const uncachedRatio = results.uncached.opsPerSec / results.raw.opsPerSec;
  const pageBytes = answers.get(paths[0]!)!.body.byteLength;

  // 2. The full walk, page after page, through the handler over HTTP.
  const walkStart = performance.now();
  let walked = 0;
  let walkPages = 0;
  for (let page = 1; ; page++) {
    const { body } = await fetchBytes(handlerPort, `/v1/products?size=200&page=${page}`);
    const items = (JSON.parse(body.toString('utf8')) as { items: unknown[] }).items.length;
    walked += items;
    walkPages++;
    if (items < 200) break;
  }
  const walkMs = performance.now() - walkStart;
  await close(handlerServer);
  await close(uncachedServer);
  await close(rawServer);
  await snapshots.stop();
  await grocer.close();

  sections.push({
    title: 'REST catalog: /v1/products?size=200',
    body: [
      table(
        ['Server', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms'],
        (
          [
            ['handler', 'catalog handler + node:http adapter'],
            ['uncached', 'same, response cache off (pages assembled per request)'],
            ['raw', 'raw node:http, same bytes'],
          ] as const
        ).map(([name, label]) => [
          label,
          fmt(results[name].opsPerSec, 0),
          fmt(results[name].p50),
          fmt(results[name].p95),
          fmt(results[name].p99),
        ]),
      ),
      '',
      `${count} products; ${pages} distinct pages of ${fmt(pageBytes / 1024, 0)} KiB; 8 concurrent keep-alive clients in the same process; rounds interleaved. Bodies byte-identical: ${identical ? 'yes' : 'NO'}.`,
      '',
      `Full walk: ${walked} records in ${walkPages} pages (size=200) in ${fmt(walkMs, 0)} ms (${fmt((walked / walkMs) * 1000, 0)} records/s).`,
    ].join('\n'),
    targets: [
      { name: 'handler / raw req/s', measured: fmt(ratio, 2), target: '≥ 0.70', pass: ratio >= 0.7 },
      {
        name: 'handler without response cache / raw req/s',
        measured: fmt(uncachedRatio, 2),
        target: '≥ 0.70',
        pass: uncachedRatio >= 0.7,
      },
      { name: 'handler bytes equal raw bytes', measured: identical ? 'yes' : 'no', target: 'yes', pass: identical },
      {
        name: 'walk returns every product',
        measured: `${walked}/${count}`,
        target: `${count}`,
        pass: walked === count,
      },
    ],
  });

  // 3. Snapshot build time, memory and event-loop delay at each product count.
  const builds: BuildFigures[] = [];
  for (const n of options.productCounts) {
    options.log(`catalog: building a snapshot of ${n} products`);
    builds.push(await measureBuild(n, (line) => options.log(line)));
    collectGarbage();
  }
  sections.push({
    title: 'REST catalog: snapshot build',
    body: [
      table(
        [
          'Products',
          'Build ms (median)',
          'Runs ms',
          'CPU ms (all threads)',
          'reading / indexing / columns / files ms',
          'Heap MiB',
          'Buffers MiB',
          'Feather files MiB',
          'Loop delay max / p99 ms',
          'Load average',
          'Every record read once: ms / MiB',
        ],
        builds.map((b) => [
          b.count,
          fmt(b.buildMs, 0),
          b.runsMs.map((ms) => fmt(ms, 0)).join(', '),
          fmt(b.cpuMs, 0),
          `${fmt(b.stages.reading, 0)} / ${fmt(b.stages.indexing, 0)} / ${fmt(b.stages.columns, 0)} / ${fmt(b.stages.files, 0)}`,
          fmt(b.heapMb, 0),
          fmt(b.externalMb, 0),
          fmt(b.filesMb, 0),
          `${fmt(b.loopMaxMs, 0)} / ${fmt(b.loopP99Ms, 0)}`,
          fmt(b.loadAverage, 1),
          `${fmt(b.recordsMs, 0)} / ${fmt(b.recordsMb, 0)}`,
        ]),
      ),
      '',
      `Build: exportCatalog from the in-process simulator, indexed on the event loop as it arrives; search text on the event loop too; three Feather files with SHA-256 in the build worker thread, fed rows as they are indexed (REST records are serialised when first read, not by the build). Build ms is the wall time of the median of ${BUILD_RUNS} builds in a row (the figures beside it are that run's); CPU ms is what the process used meanwhile (GC and hashing threads included), the better figure on a shared machine (see the load average). Heap and buffers are what the snapshot retains (after a full GC), before any record is read; the last column is what serialising every record in both languages then takes (a full walk in each does it page by page) and the memory the records add. Loop delay: the longest the event loop waited while the build ran (the build yields every ~10 ms of work).`,
      `Heap after: ${fmt(heapUsedMb(), 0)} MiB.`,
    ].join('\n'),
    targets: builds
      .filter((b) => b.count === 40_000 || options.quick)
      .map((b) => ({
        name: `build ${b.count} products`,
        measured: `${fmt(b.buildMs, 0)} ms (median of ${BUILD_RUNS})`,
        target: '≤ 1000 ms at 40k',
        pass: b.buildMs <= 1000,
      })),
  });
  return sections;
};

export default benchmark;
