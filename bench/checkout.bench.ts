/**
 * The checkout path through the public API: quote → orderCreate → pay (POST /pay/<token>), with the
 * in-process grocer, on PostgreSQL when a URL is given (and on PGlite). Latency per step and for
 * the whole path, and throughput with several shoppers at once.
 */
import { performance } from 'node:perf_hooks';
import type { TestDatabaseKind } from '@grocery/store';
import { startTestSystem, type TestSystem } from '../test/support/test-system.ts';
import { postgresBenchDatabase } from './support/bench-databases.ts';
import { graphqlCheckout, type CheckoutTimings } from './support/graphql-checkout.ts';
import { orderableCodes } from './support/priced-products.ts';
import { fmt, summarize, table, type Benchmark, type BenchSection, type LatencySummary } from './lib.ts';

async function run(
  t: TestSystem,
  iterations: number,
  concurrency: number,
): Promise<{ steps: Record<string, LatencySummary>; wallMs: number }> {
  const branchCode = (await t.system.commerce.branches.list()).find((b) => b.alcoholLicensed)!.branchCode;
  const codes = await orderableCodes(t, branchCode);
  const shoppers = await Promise.all(
    Array.from({ length: concurrency }, async () => (await t.signUpShopper()).idToken),
  );
  const input = (i: number) => ({
    branchCode,
    lines: [0, 1, 2, 3, 4].map((k) => ({ cprcode: codes[(i + k) % codes.length]!, quantity: 1 + ((i + k) % 3) })),
    couponCodes: i % 2 ? ['SAVE10'] : [],
  });
  const timings: Record<keyof CheckoutTimings, number[]> = { quote: [], order: [], pay: [], path: [] };
  for (let i = 0; i < 5; i++) await graphqlCheckout(t, shoppers[0]!, input(i));
  let next = 0;
  const started = performance.now();
  await Promise.all(
    shoppers.map(async (token) => {
      while (next < iterations) {
        const one = await graphqlCheckout(t, token, input(next++));
        for (const step of Object.keys(timings) as (keyof CheckoutTimings)[]) timings[step].push(one[step]);
      }
    }),
  );
  const wallMs = performance.now() - started;
  return { steps: Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, summarize(v, wallMs)])), wallMs };
}

const benchmark: Benchmark = async (options) => {
  const databases: { name: string; kind?: TestDatabaseKind }[] = [{ name: 'PGlite' }];
  if (options.databaseUrl) databases.unshift({ name: 'PostgreSQL', kind: postgresBenchDatabase(options.databaseUrl) });
  const sections: BenchSection[] = [];
  for (const database of databases) {
    options.log(`checkout: ${database.name}`);
    const t = await startTestSystem({
      productCount: options.quick ? 2_000 : 40_000,
      env: { RATE_LIMIT_SANDBOX_PER_MIN: '1000000000', RATE_LIMIT_SHOPPER_MUTATIONS_PER_MIN: '1000000000' },
      ...(database.kind ? { database: database.kind } : {}),
    });
    try {
      const sequential = await run(t, options.quick ? 40 : 200, 1);
      const concurrent = await run(t, options.quick ? 80 : 400, 8);
      const row = (label: string, r: { steps: Record<string, LatencySummary>; wallMs: number }) =>
        (['quote', 'order', 'pay', 'path'] as const).map((step) => [
          label,
          step,
          fmt(r.steps[step]!.p50, 1),
          fmt(r.steps[step]!.p95, 1),
          fmt(r.steps[step]!.p99, 1),
          step === 'path' ? fmt((r.steps.path!.count / r.wallMs) * 1000, 1) : '',
        ]);
      const p95 = sequential.steps.path!.p95;
      sections.push({
        title: `Checkout path (quote → orderCreate → pay) on ${database.name}`,
        body: [
          table(
            ['Shoppers', 'Step', 'p50 ms', 'p95 ms', 'p99 ms', 'checkouts/s'],
            [...row('1', sequential), ...row('8', concurrent)],
          ),
          '',
          'Through HTTP: two GraphQL mutations and the pay page POST (which prices the order again with the grocer first), in-process grocer (its payment and order-status webhooks to the service included); client (node:http, kept-alive connections) and server share the process.',
        ].join('\n'),
        targets: [
          {
            name: `checkout path p95, one shopper (${database.name})`,
            measured: `${fmt(p95, 1)} ms`,
            target: '≤ 30 ms',
            pass: p95 <= 30,
          },
        ],
      });
    } finally {
      await t.close();
    }
  }
  return sections;
};

export default benchmark;
