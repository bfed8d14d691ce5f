import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createGraphQLSchema, GraphQLExecutor, type Commerce, type PartnerContext } from '@grocery/core';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServerFactory, PostTransport } from '../src/index.ts';

// Commerce is never reached: these messages fail or succeed before any tool runs GraphQL.
const serverFor = createMcpServerFactory({
  commerce: {} as Commerce,
  executor: new GraphQLExecutor(createGraphQLSchema()),
});
const caller = {
  partner: { partnerId: 'p1' } as PartnerContext,
  partnerKey: '',
  requestId: 'r1',
  authorization: undefined,
  idempotencyKey: null,
};

async function exchange(messages: JSONRPCMessage[]): Promise<JSONRPCMessage[]> {
  const transport = new PostTransport();
  await serverFor(caller).connect(transport);
  return transport.exchange(messages);
}

test('a batch gets one response per request, in request order; notifications get none', async () => {
  const responses = await exchange([
    { jsonrpc: '2.0', id: 'slow', method: 'resources/read', params: { uri: 'shop://docs' } },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 7, method: 'ping' },
    { jsonrpc: '2.0', id: 'bad', method: 'tools/call', params: { name: 'nope', arguments: {} } },
  ]);
  assert.deepEqual(
    responses.map((r) => ('id' in r ? r.id : undefined)),
    ['slow', 7, 'bad'],
  );
  assert.ok('result' in responses[0]! && 'contents' in responses[0].result);
  assert.deepEqual('result' in responses[1]! && responses[1].result, {});
  assert.ok('error' in responses[2]! && responses[2].error.code === -32602);
});

test('only notifications: nothing to answer (the handler replies 202)', async () => {
  assert.deepEqual(await exchange([{ jsonrpc: '2.0', method: 'notifications/initialized' }]), []);
});

test('initialize works on a fresh server: the client learns the capabilities', async () => {
  const [response] = await exchange([
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    },
  ]);
  assert.ok(response && 'result' in response);
  assert.equal(response.result.protocolVersion, '2025-06-18');
  assert.ok((response.result.capabilities as Record<string, unknown>).tools);
});

test('a transport carries exactly one HTTP request', async () => {
  const transport = new PostTransport();
  await serverFor(caller).connect(transport);
  await transport.exchange([{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
  assert.throws(() => transport.exchange([{ jsonrpc: '2.0', id: 2, method: 'ping' }]), /one HTTP request/);
});
