import { performance } from 'node:perf_hooks';
import { createGraphQLSchema, GraphQLExecutor, type Commerce, type PartnerContext } from '@grocery/core';
import { createMcpServerFactory } from '@grocery/mcp';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
const serverFor = createMcpServerFactory({ commerce: {} as Commerce, executor: new GraphQLExecutor(createGraphQLSchema()) });
const caller = { partner: { partnerId: 'b' } as PartnerContext, partnerKey: '', requestId: 'r', authorization: undefined, idempotencyKey: null };
const headers = { accept: 'application/json, text/event-stream', 'content-type': 'application/json', 'mcp-protocol-version': LATEST_PROTOCOL_VERSION };
const msg = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_product', arguments: { cprcode: 5 } } };
const ping = { jsonrpc: '2.0', id: 1, method: 'ping', params: {} };
async function bench(name: string, fn: () => unknown, n = 20000) {
  for (let i = 0; i < 2000; i++) await fn();
  const s = performance.now(); for (let i = 0; i < n; i++) await fn();
  console.log(name.padEnd(40), ((performance.now() - s) / n * 1000).toFixed(1), 'µs');
}
await bench('server construct', () => serverFor(caller));
await bench('transport construct', () => new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true }));
await bench('server+transport+connect', async () => { const s = serverFor(caller); await s.connect(new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })); });
await bench('new Request', () => new Request('http://localhost/mcp', { method: 'POST', headers }));
await bench('new Response+text', () => new Response('{"a":1}', { status: 200, headers: { 'content-type': 'application/json' } }).text());
const full = async (m: unknown) => { const s = serverFor(caller); const t = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true }); await s.connect(t); const r = await t.handleRequest(new Request('http://localhost/mcp', { method: 'POST', headers }), { parsedBody: m }); return r.text(); };
await bench('full ping', () => full(ping));
await bench('full tools/call (invalid args)', () => full(msg));
console.log(await full(msg));
if (process.env.PROF) { for (let i = 0; i < 30000; i++) await full(ping); }
