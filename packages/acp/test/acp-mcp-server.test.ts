import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { createNodeListener, listen, type RunningServer } from '@grocery/http-node';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type CallToolResult, McpError } from '@modelcontextprotocol/sdk/types.js';
import { acpValidators, assertError, assertSession } from './support/acp-json-schemas.ts';
import { acpWorld, ADDRESS, BUYER, MILK, sandboxPayment, select, type AcpWorldOptions } from './support/acp-world.ts';

type Json = Record<string, unknown>;
const META = { api_version: '2026-04-17' };
const servers: RunningServer[] = [];
const clients: Client[] = [];

after(async () => {
  for (const client of clients) await client.close();
  for (const server of servers) await server.close(0);
});

/** The ACP handler behind a loopback node:http server, and the official MCP client connected to `/acp/mcp`. */
async function mcpWorld(options: AcpWorldOptions = {}) {
  // Compiled before any connection: on a loaded machine a first compile could outlast the server's 5 s keep-alive.
  acpValidators();
  const world = await acpWorld(options);
  const server = await listen(
    {},
    createNodeListener((request) => world.handler(request, world.target), { maxBodyBytes: () => 1 << 20 }),
  );
  servers.push(server);
  const url = new URL(`${server.origin}/acp/mcp`);
  const connect = async (headers: Record<string, string> = { authorization: `Bearer ${world.token}` }) => {
    const client = new Client({ name: 'acp-mcp-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
    clients.push(client);
    return client;
  };
  return { ...world, url, server, client: await connect(), connect };
}

/** A tool result: structuredContent, and the same JSON as its one text block. */
async function call(client: Client, name: string, args: Json): Promise<Json> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  assert.notEqual(result.isError, true);
  assert.equal(result.content.length, 1);
  const block = result.content[0]!;
  assert.deepEqual(JSON.parse(block.type === 'text' ? block.text : ''), result.structuredContent);
  return assertSession(result.structuredContent, `${name} result`);
}

/** The JSON-RPC error of a tool call: its code and `data`. */
async function callError(
  client: Client,
  name: string,
  args: Json,
): Promise<{ code: number; data: Json; message: string }> {
  try {
    await client.callTool({ name, arguments: args });
  } catch (error) {
    assert.ok(error instanceof McpError, String(error));
    return { code: error.code, data: error.data as Json, message: error.message };
  }
  assert.fail(`${name} did not fail`);
}

describe('ACP over MCP with the official client', () => {
  test('tools/list: the five checkout tools with {meta, id?, payload?}', async () => {
    const { client } = await mcpWorld();
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((tool) => [tool.name, tool.inputSchema.required]),
      [
        ['create_checkout_session', ['meta', 'payload']],
        ['get_checkout_session', ['meta', 'id']],
        ['update_checkout_session', ['meta', 'id', 'payload']],
        ['complete_checkout_session', ['meta', 'id', 'payload']],
        ['cancel_checkout_session', ['meta', 'id']],
      ],
    );
    assert.deepEqual(
      tools.map((tool) => tool.annotations?.readOnlyHint),
      [false, true, false, false, false],
    );
  });

  test('a whole checkout: create, update with an address and a slot, a coupon, complete with success_token', async () => {
    const world = await mcpWorld();
    const created = await call(world.client, 'create_checkout_session', {
      meta: { ...META, idempotency_key: 'mcp-create-1', request_id: 'rq-1' },
      payload: { line_items: [{ item: { id: MILK }, quantity: 2 }], currency: 'thb' },
    });
    assert.equal(created.status, 'not_ready_for_payment');
    const id = created.id as string;
    const updated = await call(world.client, 'update_checkout_session', {
      meta: META,
      id,
      payload: {
        buyer: BUYER,
        fulfillment_details: { address: ADDRESS },
        ...select('delivery_express'),
        discounts: { codes: ['SAVE10'] },
      },
    });
    assert.equal(updated.status, 'ready_for_payment');
    assert.equal(((updated.discounts as Json).applied as Json[]).length, 1);
    const read = await call(world.client, 'get_checkout_session', { meta: META, id });
    assert.deepEqual(read, updated);
    const done = await call(world.client, 'complete_checkout_session', {
      meta: { ...META, idempotency_key: 'mcp-pay-1' },
      id,
      payload: sandboxPayment('success_token'),
    });
    assert.equal(done.status, 'completed');
    assert.equal((done.order as Json).checkout_session_id, id);
    assert.equal(world.grocer.createdOrders, 1);
  });

  test('the same operations as REST: a key used over MCP replays over REST, and conflicts are the same 422', async () => {
    const world = await mcpWorld();
    const payload = { line_items: [{ id: MILK }] };
    const overMcp = await call(world.client, 'create_checkout_session', {
      meta: { ...META, idempotency_key: 'shared-1' },
      payload,
    });
    const overRest = await world.send('POST', '/acp/checkout_sessions', { key: 'shared-1', json: payload });
    assert.equal(overRest.status, 201);
    assert.equal(overRest.headers['idempotent-replayed'], 'true');
    assert.equal(overRest.json.id, overMcp.id);
    const conflict = await callError(world.client, 'create_checkout_session', {
      meta: { ...META, idempotency_key: 'shared-1' },
      payload: { line_items: [{ id: MILK, quantity: 5 }] },
    });
    assert.equal(conflict.code, -32000);
    assertError(conflict.data, 'idempotency_conflict');
  });

  test('ACP errors are JSON-RPC -32000 with the ACP Error in data; malformed arguments -32602', async () => {
    const world = await mcpWorld();
    const missing = await callError(world.client, 'get_checkout_session', { meta: {}, id: 'cs_x' });
    assert.equal(missing.code, -32000);
    assert.deepEqual(assertError(missing.data, 'missing_api_version').supported_versions, ['2026-04-17']);
    const old = await callError(world.client, 'get_checkout_session', {
      meta: { api_version: '2026-01-30' },
      id: 'cs_x',
    });
    assertError(old.data, 'unsupported_api_version');
    const unknown = await callError(world.client, 'get_checkout_session', { meta: META, id: `cs_${'0'.repeat(32)}` });
    assert.equal(unknown.code, -32000);
    assertError(unknown.data, 'session_not_found');
    const invalid = await callError(world.client, 'create_checkout_session', {
      meta: META,
      payload: { line_items: [{ id: MILK, quantity: 0 }] },
    });
    assert.equal(assertError(invalid.data, 'invalid').param, '$.line_items[0].quantity');
    assert.equal(
      invalid.message,
      `MCP error -32000: ${invalid.data.message as string}`,
      'the message is ACP’s, unprefixed by the server',
    );

    const created = await call(world.client, 'create_checkout_session', {
      meta: META,
      payload: { line_items: [{ id: MILK }] },
    });
    await call(world.client, 'cancel_checkout_session', { meta: META, id: created.id });
    const twice = await callError(world.client, 'cancel_checkout_session', { meta: META, id: created.id, payload: {} });
    assertError(twice.data, 'session_not_cancelable');

    for (const [name, args] of [
      ['create_checkout_session', { meta: META }],
      ['create_checkout_session', { meta: 'x', payload: {} }],
      ['get_checkout_session', { meta: META }],
      ['update_checkout_session', { meta: META, id: created.id, payload: [] }],
      ['complete_checkout_session', { meta: { ...META, idempotency_key: 7 }, id: created.id, payload: {} }],
      ['delete_everything', { meta: META }],
    ] as const) {
      const error = await callError(world.client, name, args);
      assert.equal(error.code, -32602, `${name} ${JSON.stringify(args)}: ${error.message}`);
    }
  });

  test('authentication is per connection: without a valid credential the client cannot connect (401)', async () => {
    const world = await mcpWorld();
    await assert.rejects(world.connect({}), /401|unauthorized|credential/i);
    await assert.rejects(world.connect({ authorization: 'Bearer ak_test_nope' }), /401|unauthorized|credential/i);
    const response = await fetch(world.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    assert.equal(response.status, 401);
    const body = (await response.json()) as { error: { code: number; data: Json } };
    assert.equal(body.error.code, -32000);
    assertError(body.error.data, 'unauthorized');
    const get = await fetch(world.url, { headers: { authorization: `Bearer ${world.token}` } });
    assert.equal(get.status, 405);
  });
});
