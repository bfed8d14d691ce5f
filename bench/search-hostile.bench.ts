/**
 * Hostile search text beside ordinary queries, on one index of the generated catalog: the slowest
 * entry point (search in both modes and languages, and suggest) per hostile query, as a ratio to
 * the same work for the ordinary query mix, taken interleaved so both see the same noise. A query
 * that costs far more than an ordinary one is a denial-of-service lever.
 */
import { performance } from 'node:perf_hooks';
import { generateCatalog } from '@grocery/grocer';
import { buildSearchIndex, documentFromProduct, type SearchIndex } from '@grocery/search';
import { HOSTILE_QUERIES } from '../packages/search/eval/hostile-queries.ts';
import { BENCH_QUERY_MIX } from '../packages/search/eval/query-mix.ts';
import { fmt, percentile, table, type Benchmark } from './lib.ts';

/** Milliseconds for every entry point on `query`. */
function exercise(index: SearchIndex, query: string): number {
  const started = performance.now();
  for (const mode of ['SEMANTIC', 'AUTOCOMPLETE'] as const) {
    for (const lang of ['en', 'th'] as const) {
      index.search({ query, lang, limit: 50, mode });
      index.suggest({ query, lang, limit: 30 });
    }
  }
  return performance.now() - started;
}

const benchmark: Benchmark = async (options) => {
  const count = options.productCounts[0]!;
  const products = generateCatalog({ seed: 1, count }).products;
  const index = buildSearchIndex(products.map((product) => documentFromProduct(product, null)));
  const ordinary = BENCH_QUERY_MIX.map((q) => (typeof q.text === 'string' ? q.text : q.text(products)));
  const rounds = options.quick ? 3 : 7;
  const hostileMs = new Map<string, number[]>(Object.keys(HOSTILE_QUERIES).map((name) => [name, []]));
  const ordinaryMs: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const [i, [name, query]] of Object.entries(HOSTILE_QUERIES).entries()) {
      hostileMs.get(name)!.push(exercise(index, query));
      ordinaryMs.push(exercise(index, ordinary[(round * 31 + i) % ordinary.length]!));
    }
  }
  const ordinaryP50 = percentile(
    [...ordinaryMs].sort((a, b) => a - b),
    50,
  );
  const ordinaryP99 = percentile(
    [...ordinaryMs].sort((a, b) => a - b),
    99,
  );
  const rows = [...hostileMs].map(([name, samples]) => {
    const median = percentile(
      [...samples].sort((a, b) => a - b),
      50,
    );
    return { name, median, ratio: median / ordinaryP50 };
  });
  rows.sort((a, b) => b.ratio - a.ratio);
  const worst = rows[0]!;
  return [
    {
      title: `Search: hostile queries beside ordinary ones (${count.toLocaleString('en')} products)`,
      body: [
        `Ordinary query mix, all entry points: p50 ${fmt(ordinaryP50, 2)} ms, p99 ${fmt(ordinaryP99, 2)} ms.`,
        '',
        table(
          ['Hostile query', 'median ms', '× ordinary p50'],
          rows.map((r) => [r.name, fmt(r.median, 2), fmt(r.ratio, 1)]),
        ),
      ].join('\n'),
      targets: [
        {
          name: `slowest hostile query (${worst.name}) / ordinary p50`,
          measured: `${fmt(worst.ratio, 1)}×`,
          target: '≤ 25×',
          pass: worst.ratio <= 25,
        },
      ],
    },
  ];
};

export default benchmark;
