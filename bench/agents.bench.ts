/**
 * Agents checking out through the open protocols beside a shopper through GraphQL, in one system
 * and one run, interleaved: a UCP checkout (create → update with fulfilment → complete with
 * `success_token`), an ACP checkout (create → update with a fulfilment option → complete), and the
 * GraphQL checkout path (quote → orderCreate → pay). Also the UCP profile's GET latency. On
 * PostgreSQL when a URL is given, else on PGlite. The agent platform's profile (unsigned, as the
 * sandbox allows) and its webhook receiver run on loopback in this process.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { platformProfile } from '../packages/ucp/test/support/profiles.ts';
import { startTestSystem, type TestSystem } from '../test/support/test-system.ts';
import { postgresBenchDatabase } from './support/bench-databases.ts';
import { graphqlCheckout } from './support/graphql-checkout.ts';
import { send } from './support/http-client.ts';
import { orderableCodes } from './support/priced-products.ts';
import { fmt, percentile, summarize, table, type Benchmark, type LatencySummary } from './lib.ts';

type Json = Record<string, unknown>;

const BUYER = { first_name: 'Somchai', last_name: 'Jaidee', email: 'somchai@example.com' };

/** The platform's side: its profile at `/.well-known/ucp` (order webhooks to itself) and the receiver, which counts. */
async function startPlatform(): Promise<{ profileUrl: string; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  let origin = '';
  const server: Server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/.well-known/ucp') {
      const profile = platformProfile();
      const order = (profile.ucp.capabilities as Record<string, { config?: Json }[]>)['dev.ucp.shopping.order']!;
      order[0]!.config = { webhook_url: `${origin}/webhooks` };
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' });
      response.end(JSON.stringify(profile));
      return;
    }
    request.resume();
    request.on('end', () => {
      received++;
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    profileUrl: `${origin}/.well-known/ucp`,
    received: () => received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Sends JSON and parses the answer; throws unless the status is `expected`. */
async function call(url: string, method: string, headers: Record<string, string>, body: unknown, expected: number) {
  const answer = await send(url, {
    method,
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID(), ...headers },
    body: JSON.stringify(body),
  });
  const json = JSON.parse(answer.body.toString('utf8')) as Json;
  if (answer.status !== expected) throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(json)}`);
  return json;
}

interface Agent {
  base: string;
  token: string;
  profileUrl: string;
  branchCode: string;
}

async function ucpCheckout(agent: Agent, codes: string[]): Promise<number> {
  const headers = { authorization: `Bearer ${agent.token}`, 'ucp-agent': `profile="${agent.profileUrl}"` };
  const sessions = `${agent.base}/ucp/v1/checkout-sessions`;
  const lines = codes.map((id, k) => ({ item: { id }, quantity: 1 + k }));
  const start = performance.now();
  const created = await call(sessions, 'POST', headers, { line_items: lines, buyer: BUYER }, 201);
  const fulfillment = { methods: [{ type: 'pickup', selected_destination_id: agent.branchCode }] };
  const ready = await call(
    `${sessions}/${String(created.id)}`,
    'PUT',
    headers,
    { line_items: lines, buyer: BUYER, fulfillment },
    200,
  );
  if (ready.status !== 'ready_for_complete') throw new Error(`UCP session not ready: ${JSON.stringify(ready)}`);
  const payment = {
    instruments: [
      {
        id: 'instr_1',
        handler_id: 'mock_payment_handler',
        type: 'card',
        selected: true,
        credential: { type: 'token', token: 'success_token' },
      },
    ],
  };
  const done = await call(`${sessions}/${String(created.id)}/complete`, 'POST', headers, { payment }, 200);
  if (done.status !== 'completed') throw new Error(`UCP complete: ${JSON.stringify(done)}`);
  return performance.now() - start;
}

async function acpCheckout(agent: Agent, codes: string[]): Promise<number> {
  const headers = { authorization: `Bearer ${agent.token}`, 'api-version': '2026-04-17' };
  const sessions = `${agent.base}/acp/checkout_sessions`;
  const start = performance.now();
  const created = await call(
    sessions,
    'POST',
    headers,
    { line_items: codes.map((id, k) => ({ id, quantity: 1 + k })), buyer: BUYER },
    201,
  );
  const option = { type: 'pickup', option_id: `pickup_${agent.branchCode}`, item_ids: [] };
  const ready = await call(
    `${sessions}/${String(created.id)}`,
    'POST',
    headers,
    { selected_fulfillment_options: [option] },
    200,
  );
  if (ready.status !== 'ready_for_payment') throw new Error(`ACP session not ready: ${JSON.stringify(ready)}`);
  const payment_data = {
    handler_id: 'sandbox_token',
    instrument: { type: 'token', credential: { type: 'token', token: 'success_token' } },
  };
  const done = await call(`${sessions}/${String(created.id)}/complete`, 'POST', headers, { payment_data }, 200);
  if (done.status !== 'completed') throw new Error(`ACP complete: ${JSON.stringify(done)}`);
  return performance.now() - start;
}

/** Orderable products with stock for many checkouts at the branch: an agent's session refuses a line out of stock. */
async function stockedCodes(t: TestSystem, branchCode: string): Promise<string[]> {
  const codes = await orderableCodes(t, branchCode);
  const stock = await t.graphql<{ inventory: { cprcode: string; sellableQty: number }[] }>(
    'query($b: ID!, $c: [ID!]) { inventory(branchCode: $b, cprcodes: $c) { cprcode sellableQty } }',
    { b: branchCode, c: codes },
  );
  const stocked = stock.data!.inventory.filter((row) => row.sellableQty >= 10).map((row) => row.cprcode);
  if (stocked.length < 2) throw new Error(`too few products with stock at ${branchCode}`);
  return stocked;
}

/** Issues an agent credential for both protocols through the admin API, as an operator would. */
async function issueAgent(t: TestSystem): Promise<{ token: string; partnerId: string }> {
  const partnerId = t.system.credentials!.partnerId;
  const issued = await call(
    `${t.baseUrl}/admin/partners/${partnerId}/agents`,
    'POST',
    { authorization: `Bearer ${t.adminToken}` },
    { name: 'Bench platform', protocols: ['ucp', 'acp'] },
    201,
  );
  return { token: String(issued.token), partnerId };
}

async function profileLatency(agent: Agent, count: number): Promise<number[]> {
  const url = `${agent.base}/.well-known/ucp`;
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    const answer = await send(url);
    if (answer.status !== 200) throw new Error(`profile: ${answer.status}`);
    samples.push(performance.now() - start);
  }
  return samples;
}

const benchmark: Benchmark = async (options) => {
  const onPostgres = options.databaseUrl !== undefined;
  const database = onPostgres ? 'PostgreSQL' : 'PGlite';
  options.log(`agents: ${database}`);
  const platform = await startPlatform();
  const t = await startTestSystem({
    productCount: options.quick ? 2_000 : 40_000,
    env: { RATE_LIMIT_SANDBOX_PER_MIN: '1000000000', RATE_LIMIT_SHOPPER_MUTATIONS_PER_MIN: '1000000000' },
    ...(onPostgres ? { database: postgresBenchDatabase(options.databaseUrl!) } : {}),
  });
  try {
    const branchCode = (await t.system.commerce.branches.list()).find((b) => b.alcoholLicensed)!.branchCode;
    const codes = await stockedCodes(t, branchCode);
    const { token, partnerId } = await issueAgent(t);
    const agent: Agent = {
      base: `${t.baseUrl}/agents/${partnerId}`,
      token,
      profileUrl: platform.profileUrl,
      branchCode,
    };
    const shopper = (await t.signUpShopper()).idToken;
    const pick = (i: number) => [codes[i % codes.length]!, codes[(i + 1) % codes.length]!];
    const paths = {
      graphql: (i: number) =>
        graphqlCheckout(t, shopper, {
          branchCode,
          lines: pick(i).map((cprcode, k) => ({ cprcode, quantity: 1 + k })),
        }).then((timings) => timings.path),
      ucp: (i: number) => ucpCheckout(agent, pick(i)),
      acp: (i: number) => acpCheckout(agent, pick(i)),
    };
    const names = Object.keys(paths) as (keyof typeof paths)[];
    for (let i = 0; i < 5; i++) for (const name of names) await paths[name](i);
    const rounds = options.quick ? 30 : 150;
    const samples: Record<keyof typeof paths, number[]> = { graphql: [], ucp: [], acp: [] };
    const started = performance.now();
    // Interleaved, one checkout at a time, so that the machine's noise falls on the three alike.
    for (let i = 0; i < rounds; i++) for (const name of names) samples[name].push(await paths[name](i));
    const wallMs = performance.now() - started;
    const summary = Object.fromEntries(names.map((name) => [name, summarize(samples[name], wallMs)])) as Record<
      keyof typeof paths,
      LatencySummary
    >;
    const profile = (await profileLatency(agent, options.quick ? 500 : 3_000)).sort((a, b) => a - b);
    const profileP99 = percentile(profile, 99);
    const ratio = (name: 'ucp' | 'acp') => summary[name].p95 / summary.graphql.p95;
    const label = { graphql: 'GraphQL (quote → orderCreate → pay)', ucp: 'UCP REST', acp: 'ACP REST' };
    return [
      {
        title: `Agent checkouts (UCP, ACP) beside the GraphQL checkout path on ${database}`,
        body: [
          table(
            ['Path', 'p50 ms', 'p95 ms', 'p99 ms', 'p95 / GraphQL'],
            names.map((name) => [
              label[name],
              fmt(summary[name].p50, 1),
              fmt(summary[name].p95, 1),
              fmt(summary[name].p99, 1),
              fmt(summary[name].p95 / summary.graphql.p95, 2),
            ]),
          ),
          '',
          `${rounds} checkouts of each, interleaved, one at a time; two products per checkout, picked up at one branch. ` +
            'UCP and ACP: create → update with the fulfilment → complete with the sandbox `success_token` (the order saga ' +
            'and the sandbox payment), each POST with its own Idempotency-Key; GraphQL: quote → orderCreate → the pay ' +
            `page POST. The platform's profile is fetched once and cached (max-age 300); it received ${platform.received()} ` +
            'order webhooks during the run.',
          '',
          `UCP profile GET (\`/.well-known/ucp\`), ${profile.length} sequential requests: p50 ${fmt(percentile(profile, 50), 2)} ms, p99 ${fmt(profileP99, 2)} ms.`,
        ].join('\n'),
        targets: [
          {
            name: `UCP checkout p95 / GraphQL checkout p95 (${database})`,
            measured: `${fmt(ratio('ucp'), 2)}× (${fmt(summary.ucp.p95, 1)} vs ${fmt(summary.graphql.p95, 1)} ms)`,
            target: '≤ 2×',
            pass: ratio('ucp') <= 2,
          },
          {
            name: `ACP checkout p95 / GraphQL checkout p95 (${database})`,
            measured: `${fmt(ratio('acp'), 2)}× (${fmt(summary.acp.p95, 1)} vs ${fmt(summary.graphql.p95, 1)} ms)`,
            target: '≤ 2×',
            pass: ratio('acp') <= 2,
          },
          {
            name: 'UCP profile GET p99',
            measured: `${fmt(profileP99, 2)} ms`,
            target: '≤ 5 ms',
            pass: profileP99 <= 5,
          },
        ],
      },
    ];
  } finally {
    await t.close();
    await platform.close();
  }
};

export default benchmark;
