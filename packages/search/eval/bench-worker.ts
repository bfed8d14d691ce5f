/**
 * One engine of the search benchmark (bench/search.bench.ts) in a worker thread, so that each engine
 * has its own heap as it would in production: one engine's garbage is never collected during the
 * other's queries. It builds the engine on the generated catalog, then answers query numbers (indexes
 * into the mix of judged and hard queries) with the number of hits, so that messages stay tiny and
 * equal for both.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { generateCatalog } from '@grocery/grocer';
import { buildSearchIndex, documentFromProduct } from '../src/index.ts';
import { BENCH_QUERY_MIX } from './query-mix.ts';
import { createMiniSearchBaseline } from './minisearch-baseline.ts';

/** What the worker is started with. */
export interface BenchWorkerData {
  engine: 'ours' | 'minisearch';
  count: number;
  limit: number;
}

/** A message to the worker: run query `query` of the mix, or one timed pass of the whole mix. */
export type BenchWorkerRequest = { query: number } | { cpuPass: true };

const { engine, count, limit } = workerData as BenchWorkerData;

/**
 * Builds the engine and the query texts; the catalog and documents are dropped when this returns,
 * as a search instance holds only its index: a retained catalog would make every major collection
 * during the timed queries mark hundreds of megabytes that production never holds.
 */
function prepare(): { run: (i: number) => number; mixLength: number } {
  const products = generateCatalog({ seed: 1, count }).products;
  const docs = products.map((p) => documentFromProduct(p, null));
  const mix = BENCH_QUERY_MIX.map((q) => ({
    text: typeof q.text === 'string' ? q.text : q.text(products),
    lang: q.lang,
    mode: q.mode,
  }));
  if (engine === 'ours') {
    const index = buildSearchIndex(docs);
    return {
      run: (i) => {
        const q = mix[i % mix.length]!;
        return index.search({ query: q.text, lang: q.lang, limit, mode: q.mode }).length;
      },
      mixLength: mix.length,
    };
  }
  const mini = createMiniSearchBaseline(docs);
  return { run: (i) => mini.search(mix[i % mix.length]!.text, limit).length, mixLength: mix.length };
}
const { run, mixLength } = prepare();
// The build's garbage is collected before the first timed query (bench/run.ts starts node with --expose-gc, which workers inherit).
(globalThis as { gc?: () => void }).gc?.();
const port = parentPort!;
port.on('message', (request: BenchWorkerRequest) => {
  if ('query' in request) {
    port.postMessage(run(request.query));
    return;
  }
  // CPU time per query over one pass, which machine load does not inflate as it does wall time.
  const started = process.cpuUsage();
  for (let i = 0; i < mixLength; i++) run(i);
  const cpu = process.cpuUsage(started);
  port.postMessage((cpu.user + cpu.system) / 1000 / mixLength);
});
port.postMessage('ready');
