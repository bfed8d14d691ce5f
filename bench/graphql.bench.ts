/**
 * `products(first: 50, branchCode)` with nested price and inventory, over HTTP, side by side:
 * our /graphql, a raw node:http handler answering the identical bytes, GraphQL Yoga and Apollo
 * Server on the same schema and resolvers. Also grocer calls per request.
 */
import assert from 'node:assert/strict';
import { fmt, table, type Benchmark, type BenchSection } from './lib.ts';
import { compareHttp, startChild } from './support/http-load.ts';

const QUERY = `query Products($b: ID!) { products(first: 50, branchCode: $b) { nodes { cprcode nameEn nameTh brandEn sizeDesc barcode imageUrl category { l1 l2 l3 } price { amount currency source } inventory { listable sellableQty qtySource } } pageInfo { hasNextPage endCursor } } }`;

interface Servers {
  partnerKey: string;
  branchCode: string;
  ours: string;
  raw: string;
  yoga: string;
  apollo: string;
  counters: string;
}

const benchmark: Benchmark = async (options) => {
  const sections: BenchSection[] = [];
  for (const count of options.productCounts) {
    options.log(`graphql: starting servers with ${count} products`);
    const servers = await startChild<Servers>(new URL('./support/graphql-servers.ts', import.meta.url).pathname, [
      String(count),
    ]);
    try {
      const { info } = servers;
      const body = JSON.stringify({ query: QUERY, variables: { b: info.branchCode } });
      const request = (url: string) => ({
        url,
        method: 'POST' as const,
        headers: { 'content-type': 'application/json', 'x-partner-key': info.partnerKey },
        body,
      });
      const answers = await Promise.all(
        [info.ours, info.raw, info.yoga, info.apollo].map(async (url) => (await fetch(url, request(url))).text()),
      );
      assert.equal(answers[1], answers[0], 'the raw server answers the identical bytes');
      assert.deepEqual(JSON.parse(answers[2]!), JSON.parse(answers[0]!), 'Yoga answers the same data');
      assert.deepEqual(JSON.parse(answers[3]!), JSON.parse(answers[0]!), 'Apollo answers the same data');

      // Grocer calls per request of our server alone, before the side-by-side runs.
      const counters = async () => (await (await fetch(info.counters)).json()) as { prices: number; stock: number };
      const before = await counters();
      const probes = 200;
      for (let i = 0; i < probes; i++) await (await fetch(info.ours, request(info.ours))).text();
      const afterProbes = await counters();
      const callsPerRequest = (afterProbes.prices + afterProbes.stock - before.prices - before.stock) / probes;

      const results = await compareHttp(
        { ours: request(info.ours), raw: request(info.raw), yoga: request(info.yoga), apollo: request(info.apollo) },
        { rounds: options.quick ? 1 : 3, durationSec: options.quick ? 2 : 5, connections: 16 },
      );

      const ratio = (a: number, b: number) => a / b;
      const vsRaw = ratio(results.ours.requestsPerSec, results.raw.requestsPerSec);
      const vsYoga = ratio(results.ours.requestsPerSec, results.yoga.requestsPerSec);
      const vsApollo = ratio(results.ours.requestsPerSec, results.apollo.requestsPerSec);
      sections.push({
        title: `GraphQL products(first: 50) with price and inventory, ${count.toLocaleString('en')} products`,
        body: [
          table(
            ['Server', 'req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'errors', 'non-2xx'],
            (['ours', 'raw', 'yoga', 'apollo'] as const).map((name) => {
              const r = results[name];
              return [name, fmt(r.requestsPerSec, 0), fmt(r.p50, 1), fmt(r.p90, 1), fmt(r.p99, 1), r.errors, r.non2xx];
            }),
          ),
          '',
          `Response ${answers[0]!.length.toLocaleString('en')} bytes; 16 connections; autocannon in the parent process, servers in one child process. Grocer calls per request of /graphql (price + stock), over ${probes} requests: ${fmt(callsPerRequest, 2)}.`,
        ].join('\n'),
        targets: [
          {
            name: `ours / raw node:http throughput (${count})`,
            measured: fmt(vsRaw),
            target: '≥ 0.5',
            pass: vsRaw >= 0.5,
          },
          {
            name: `ours / GraphQL Yoga throughput (${count})`,
            measured: fmt(vsYoga),
            target: '≥ 3',
            pass: vsYoga >= 3,
          },
          {
            name: `ours / Apollo Server throughput (${count})`,
            measured: fmt(vsApollo),
            target: '≥ 3',
            pass: vsApollo >= 3,
          },
          {
            name: `grocer calls per request (${count})`,
            measured: fmt(callsPerRequest, 2),
            target: '2 (one price, one stock)',
            pass: Math.abs(callsPerRequest - 2) < 0.01,
          },
        ],
      });
    } finally {
      await servers.stop();
    }
  }
  return sections;
};

export default benchmark;
