/**
 * The agent tool interface against /graphql: the same operation as an MCP tool call (JSON-RPC
 * `tools/call` at /mcp, a fresh SDK server and transport per request) and as a GraphQL request,
 * interleaved over real HTTP on the real system; the cost of building the per-request server; and
 * heap growth over 10,000 tool calls after a full collection.
 */
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { createGraphQLSchema, GraphQLExecutor, type PartnerContext } from '@grocery/core';
import { createMcpServerFactory, PostTransport, toolCatalog } from '@grocery/mcp';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { startTestSystem } from '../test/support/test-system.ts';
import {
  collectGarbage,
  compareInterleaved,
  fmt,
  heapUsedMb,
  measure,
  rssMb,
  table,
  type Benchmark,
  type BenchSection,
  type LatencySummary,
} from './lib.ts';

const TOOL_CALLS_FOR_MEMORY = 10_000;

const benchmark: Benchmark = async (options) => {
  const count = Math.min(...options.productCounts);
  options.log(`mcp: starting the system with ${count} products`);
  // Both surfaces share the partner's rate budget; the bench measures latency, not the limiter.
  const t = await startTestSystem({ productCount: count, env: { RATE_LIMIT_SANDBOX_PER_MIN: '100000000' } });
  try {
    const branchCode = (await t.system.commerce.branches.list())[0]!.branchCode;
    const priced = await t.graphql<{ products: { nodes: { cprcode: string }[] } }>(
      'query($b: ID!) { products(branchCode: $b, first: 1, filter: { pricedOnly: true }) { nodes { cprcode } } }',
      { b: branchCode },
    );
    const cprcode = priced.data!.products.nodes[0]!.cprcode;

    const mcpHeaders = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': LATEST_PROTOCOL_VERSION,
      'x-partner-key': t.partnerKey,
    };
    const graphqlHeaders = { 'content-type': 'application/json', 'x-partner-key': t.partnerKey };
    let id = 0;
    const viaMcp = async (name: string, args: Record<string, unknown>): Promise<unknown> => {
      const response = await fetch(`${t.baseUrl}/mcp`, {
        method: 'POST',
        headers: mcpHeaders,
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'tools/call', params: { name, arguments: args } }),
      });
      const body = (await response.json()) as { result?: { isError?: boolean; structuredContent: unknown } };
      if (response.status !== 200 || !body.result || body.result.isError)
        throw new Error(`${name} over MCP failed: ${JSON.stringify(body)}`);
      return body.result.structuredContent;
    };
    const viaGraphQL = async (name: string, args: Record<string, unknown>): Promise<unknown> => {
      const tool = toolCatalog.find((candidate) => candidate.name === name)!;
      const response = await fetch(`${t.baseUrl}/graphql`, {
        method: 'POST',
        headers: graphqlHeaders,
        body: JSON.stringify({ query: tool.document, variables: args, operationName: name }),
      });
      const body = (await response.json()) as { data?: unknown; errors?: unknown };
      if (response.status !== 200 || body.errors)
        throw new Error(`${name} over /graphql failed: ${JSON.stringify(body)}`);
      return body.data;
    };

    const operations: [string, Record<string, unknown>][] = [
      ['get_product', { cprcode, branchCode }],
      ['list_products', { branchCode, first: 20 }],
    ];
    const rows: (string | number)[][] = [];
    const targets: NonNullable<BenchSection['targets']> = [];
    const row = (label: string, s: LatencySummary) => [
      label,
      s.count,
      fmt(s.p50, 3),
      fmt(s.p95, 3),
      fmt(s.p99, 3),
      fmt(s.mean, 3),
      fmt(s.opsPerSec, 0),
    ];
    for (const [name, args] of operations) {
      assert.deepEqual(
        await viaMcp(name, args),
        await viaGraphQL(name, args),
        `${name}: the tool answers what /graphql answers`,
      );
      for (const concurrency of [1, 8]) {
        options.log(`mcp: ${name} × ${concurrency} in flight`);
        const results = await compareInterleaved(
          { mcp: () => viaMcp(name, args), graphql: () => viaGraphQL(name, args) },
          { rounds: options.quick ? 4 : 10, iterationsPerRound: options.quick ? 150 : 400, concurrency, warmup: 200 },
        );
        rows.push(
          row(`${name} MCP (${concurrency} in flight)`, results.mcp),
          row(`${name} /graphql (${concurrency} in flight)`, results.graphql),
        );
        const ratio = results.mcp.p50 / results.graphql.p50;
        const meanRatio = results.mcp.mean / results.graphql.mean;
        targets.push({
          name: `${name} MCP / GraphQL p50 latency, ${concurrency} in flight`,
          measured: `${fmt(ratio)}× (mean ${fmt(meanRatio)}×)`,
          target: '≤ 1.3×',
          pass: ratio <= 1.3,
        });
      }
    }

    // Memory: heap after a full collection, before and after 10,000 tool calls (8 in flight).
    options.log(`mcp: ${TOOL_CALLS_FOR_MEMORY} tool calls for heap growth`);
    const [name, args] = operations[0]!;
    for (let i = 0; i < 500; i++) await viaMcp(name, args);
    collectGarbage();
    collectGarbage();
    const heapBefore = heapUsedMb();
    const rssBefore = rssMb();
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < TOOL_CALLS_FOR_MEMORY) {
          next++;
          await viaMcp(name, args);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    collectGarbage();
    collectGarbage();
    const growth = heapUsedMb() - heapBefore;
    const rssGrowth = rssMb() - rssBefore;

    // In process, without HTTP (last: the idle HTTP connections may close meanwhile): building the
    // per-request server, and a ping through it over the SDK's web-standard transport versus the
    // PostTransport /mcp uses.
    const serverFor = createMcpServerFactory({
      commerce: t.system.commerce,
      executor: new GraphQLExecutor(createGraphQLSchema()),
    });
    const caller = {
      partner: { partnerId: 'bench' } as PartnerContext,
      partnerKey: '',
      requestId: 'bench',
      authorization: undefined,
      idempotencyKey: null,
    };
    const ping = { jsonrpc: '2.0' as const, id: 1, method: 'ping' };
    const iterations = options.quick ? 3_000 : 10_000;
    const construction = await measure(() => serverFor(caller), { iterations });
    const webTransport = await measure(
      async () => {
        const server = serverFor(caller);
        const transport = new WebStandardStreamableHTTPServerTransport({
          sessionIdGenerator: undefined,
          enableJsonResponse: true,
        });
        await server.connect(transport);
        const request = new Request('http://localhost/mcp', {
          method: 'POST',
          headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
        });
        await (await transport.handleRequest(request, { parsedBody: ping })).text();
      },
      { iterations },
    );
    const postTransport = await measure(
      async () => {
        const server = serverFor(caller);
        const transport = new PostTransport();
        await server.connect(transport);
        JSON.stringify(await transport.exchange([ping]));
      },
      { iterations },
    );

    return [
      {
        title: `MCP tool calls against /graphql, ${count.toLocaleString('en')} products`,
        body: [
          table(['Call', 'count', 'p50 ms', 'p95 ms', 'p99 ms', 'mean ms', 'calls/s'], rows),
          '',
          `Both over HTTP on the real system (client, API and grocer simulator in one process); the same operation document and variables, interleaved in rounds. MCP adds JSON-RPC framing, a fresh SDK server and transport per request, argument validation (ajv, compiled once) and the tool result (structuredContent plus a JSON text block).`,
          `In process: building the per-request server (18 tools, 2 resources; definitions and compiled schemas are shared) takes p50 ${fmt(construction.p50 * 1000, 0)} µs; a ping through a fresh server costs p50 ${fmt(webTransport.p50 * 1000, 0)} µs over the SDK's WebStandardStreamableHTTPServerTransport (web Request, Response and streams) and ${fmt(postTransport.p50 * 1000, 0)} µs over the PostTransport /mcp uses.`,
          `Heap after ${TOOL_CALLS_FOR_MEMORY.toLocaleString('en')} \`${name}\` calls (8 in flight, ${fmt(TOOL_CALLS_FOR_MEMORY / seconds, 0)} calls/s), after a full collection: ${fmt(growth, 2)} MB growth (RSS ${fmt(rssGrowth, 1)} MB).`,
        ].join('\n'),
        targets: [
          ...targets,
          {
            name: `heap growth over ${TOOL_CALLS_FOR_MEMORY.toLocaleString('en')} tool calls`,
            measured: `${fmt(growth, 2)} MB`,
            target: '< 10 MB',
            pass: growth < 10,
          },
        ],
      },
    ];
  } finally {
    await t.close();
  }
};

export default benchmark;
