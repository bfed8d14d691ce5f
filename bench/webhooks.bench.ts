/**
 * Partner webhooks under checkout load: the API runs as `npm start` runs it (its own process, the
 * grocer another) while 50 shoppers check out (orderCreate → pay) through the public API for a
 * minute and the partner's two endpoints (receivers here, on 127.0.0.1, that answer after a few
 * milliseconds, as a partner's server that stores the event does) take every event. Measured: the
 * lag of each `payment.paid` delivery from the shopper's pay answer to its receipt, and what is still
 * queued when the load stops; on PostgreSQL (when a URL is given) and PGlite.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { createPostgresSchema, startApiProcess, type ApiProcess } from '../test/support/api-process.ts';
import { startGrocerProcess } from '../test/support/grocer-process.ts';
import { createHttpClient } from './support/http-client.ts';
import { fmt, percentile, table, type Benchmark, type BenchSection } from './lib.ts';

const SHOPPERS = 50;
const ENDPOINTS = ['orders', 'analytics'] as const;
/** How long a receiver takes to answer: a partner's server that stores the event first. */
const RECEIVER_MS = 20;
const LAG_TARGET_MS = 5_000;

const CREATE =
  'mutation($i: OrderCreateInput) { orderCreate(input: $i) { order { orderId paymentLink { url } } userErrors { code } } }';

/** Receivers for the partner's endpoints, recording when each endpoint first got each `payment.paid`. */
async function startReceivers(): Promise<{ origin: string; received: Map<string, number>[]; close(): Promise<void> }> {
  const received = ENDPOINTS.map(() => new Map<string, number>());
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = performance.now();
      const endpoint = ENDPOINTS.indexOf(req.url?.slice(1) as (typeof ENDPOINTS)[number]);
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type: string; orderId: string };
      if (endpoint >= 0 && event.type === 'payment.paid' && !received[endpoint]!.has(event.orderId))
        received[endpoint]!.set(event.orderId, at);
      setTimeout(() => res.writeHead(204).end(), RECEIVER_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

interface LoadRun {
  paid: Map<string, number>;
  loadMs: number;
  /** Deliveries of `payment.paid` not yet received when the load stopped. */
  queuedAtStop: number;
  /** Every pending delivery in the outbox when the load stopped (order.status included). */
  pendingAtStop: number;
  drainMs: number;
  lags: number[];
  undelivered: number;
}

/** The outbox's pending deliveries, as the API's /metrics reports them. */
async function outboxPending(api: ApiProcess): Promise<number> {
  const response = await fetch(`${api.origin}/metrics`, {
    headers: { authorization: `Bearer ${api.credentials.adminToken}` },
  });
  const match = /^webhook_deliveries\{status="pending"\} (\d+)$/m.exec(await response.text());
  return match ? Number(match[1]) : NaN;
}

/** Products a shopper can order at a branch licensed for alcohol (so that any product is allowed there). */
async function orderable(api: ApiProcess): Promise<{ branchCode: string; codes: string[] }> {
  const branches = await api.graphql<{ branches: { branchCode: string; alcoholLicensed: boolean }[] }>(
    '{ branches { branchCode alcoholLicensed } }',
  );
  const branchCode = branches.data!.branches.find((b) => b.alcoholLicensed)!.branchCode;
  const page = await api.graphql<{ products: { nodes: { cprcode: string }[] } }>(
    'query($b: ID!) { products(first: 40, branchCode: $b, filter: { pricedOnly: true }) { nodes { cprcode } } }',
    { b: branchCode },
  );
  return { branchCode, codes: page.data!.products.nodes.map((n) => n.cprcode) };
}

async function run(api: ApiProcess, durationMs: number, log: (line: string) => void): Promise<LoadRun> {
  const receivers = await startReceivers();
  const client = createHttpClient({ maxSockets: SHOPPERS + 10 });
  try {
    const { partnerId } = JSON.parse(readFileSync(join(api.dataDir, 'dev-credentials.json'), 'utf8')) as {
      partnerId: string;
    };
    for (const name of ENDPOINTS) {
      const registered = await api.admin('POST', `/admin/partners/${partnerId}/webhooks`, {
        url: `${receivers.origin}/${name}`,
        events: ['payment.paid', 'order.status'],
      });
      if (registered.status !== 201) throw new Error(`webhook registration answered ${registered.status}`);
    }
    const { branchCode, codes } = await orderable(api);
    const shoppers: string[] = [];
    for (let i = 0; i < SHOPPERS; i += 10)
      shoppers.push(
        ...(await Promise.all(Array.from({ length: 10 }, async () => (await api.signUpShopper()).idToken))),
      );
    const paid = new Map<string, number>();
    let next = 0;
    const checkout = async (token: string) => {
      const i = next++;
      const created = await client.postGraphql<{
        orderCreate: { order: { orderId: string; paymentLink: { url: string } } | null };
      }>(
        `${api.origin}/graphql`,
        { 'x-partner-key': api.credentials.partnerKey, authorization: `Bearer ${token}` },
        CREATE,
        { i: { branchCode, lines: [0, 1].map((k) => ({ cprcode: codes[(i + k) % codes.length]!, quantity: 1 })) } },
      );
      const order = created.data?.orderCreate.order;
      if (!order) throw new Error(`orderCreate failed: ${JSON.stringify(created)}`);
      const answer = await client.send(order.paymentLink.url, {
        method: 'POST',
        headers: { accept: 'application/json' },
      });
      if (answer.status !== 200)
        throw new Error(`pay answered ${answer.status}: ${answer.body.toString('utf8').slice(0, 200)}`);
      paid.set(order.orderId, performance.now());
    };
    // Warm-up: the identity provider's keys fetched, the paths compiled.
    await Promise.all(shoppers.map((token) => checkout(token)));
    paid.clear();
    log(`webhooks: ${SHOPPERS} shoppers for ${durationMs / 1000} s`);
    const started = performance.now();
    const stopAt = started + durationMs;
    await Promise.all(
      shoppers.map(async (token) => {
        while (performance.now() < stopAt) await checkout(token);
      }),
    );
    const loadMs = performance.now() - started;
    const stoppedAt = performance.now();
    const receivedCount = () =>
      receivers.received.reduce((sum, map) => sum + [...map.keys()].filter((orderId) => paid.has(orderId)).length, 0);
    const expected = paid.size * ENDPOINTS.length;
    const queuedAtStop = expected - receivedCount();
    const pendingAtStop = await outboxPending(api);
    log(`webhooks: ${paid.size} orders paid, ${queuedAtStop} payment.paid deliveries queued at the stop`);
    const drainDeadline = stoppedAt + 180_000;
    while (receivedCount() < expected && performance.now() < drainDeadline) await sleep(50);
    const drainMs = performance.now() - stoppedAt;
    const lags: number[] = [];
    for (const map of receivers.received)
      for (const [orderId, at] of map) if (paid.has(orderId)) lags.push(at - paid.get(orderId)!);
    return {
      paid,
      loadMs,
      queuedAtStop,
      pendingAtStop,
      drainMs,
      lags: lags.sort((a, b) => a - b),
      undelivered: expected - receivedCount(),
    };
  } finally {
    client.close();
    await receivers.close();
  }
}

const benchmark: Benchmark = async (options) => {
  const durationMs = options.quick ? 15_000 : 60_000;
  const databases: { name: string; url?: string }[] = [{ name: 'PGlite' }];
  if (options.databaseUrl) databases.unshift({ name: 'PostgreSQL', url: options.databaseUrl });
  const rows: (string | number)[][] = [];
  const targets: NonNullable<BenchSection['targets']> = [];
  // Picking moves every 30 s: an order or two moves while the load runs, as in a shop.
  const grocer = await startGrocerProcess({ productCount: 2_000, pickingStepMs: 30_000 });
  try {
    for (const database of databases) {
      options.log(`webhooks: ${database.name}`);
      const schema = database.url ? await createPostgresSchema(database.url) : null;
      const api = await startApiProcess({
        grocerUrl: grocer.origin,
        database: schema ? { url: schema.url } : 'pglite',
        env: { RATE_LIMIT_SANDBOX_PER_MIN: '1000000000', RATE_LIMIT_SHOPPER_MUTATIONS_PER_MIN: '1000000000' },
      });
      try {
        const r = await run(api, durationMs, options.log);
        const p95 = percentile(r.lags, 95);
        rows.push([
          database.name,
          fmt((r.paid.size / r.loadMs) * 60_000, 0),
          r.lags.length,
          fmt(percentile(r.lags, 50), 0),
          fmt(p95, 0),
          fmt(percentile(r.lags, 99), 0),
          fmt(r.lags.at(-1) ?? NaN, 0),
          r.queuedAtStop,
          r.pendingAtStop,
          fmt(r.drainMs / 1000, 1),
          r.undelivered,
        ]);
        targets.push({
          name: `payment.paid delivery lag p95, ${SHOPPERS} shoppers (${database.name})`,
          measured: `${fmt(p95 / 1000, 2)} s`,
          target: `≤ ${LAG_TARGET_MS / 1000} s, none undelivered`,
          pass: p95 <= LAG_TARGET_MS && r.undelivered === 0,
        });
      } finally {
        await api.close();
        await schema?.drop();
      }
    }
  } finally {
    await grocer.close();
  }
  return [
    {
      title: `Partner webhooks under checkout load (${SHOPPERS} shoppers, ${durationMs / 1000} s)`,
      body: [
        table(
          [
            'Database',
            'paid orders/min',
            'payment.paid deliveries',
            'lag p50 ms',
            'lag p95 ms',
            'lag p99 ms',
            'lag max ms',
            'payment.paid queued at stop',
            'outbox pending at stop',
            'drained after s',
            'undelivered',
          ],
          rows,
        ),
        '',
        `One API instance as \`npm start\` runs it (its own process, the grocer simulator another, both on this machine). Each shopper runs orderCreate (two lines) then the pay page POST (sandbox provider), again and again. The partner has ${ENDPOINTS.length} endpoints taking payment.paid and order.status; each receiver answers 204 after ${RECEIVER_MS} ms. Lag: from the shopper's pay answer to the receiver's receipt of that order's payment.paid, per endpoint. Shoppers and receivers share the benchmark's process; the machine's 2 cores are shared with other work, so absolute figures vary between runs.`,
      ].join('\n'),
      targets,
    },
  ];
};

export default benchmark;
