import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { createNodeListener, listen, type RunningServer } from '@grocery/http-node';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type CallToolResult, McpError } from '@modelcontextprotocol/sdk/types.js';
import { createProfileFetcher } from '../src/profile-fetcher.ts';
import { createProfileNegotiator } from '../src/profile-negotiator.ts';
import type { SigningJwk } from '../src/signatures/signing-keys.ts';
import { verifyResponseSignature } from '../src/signatures/verify-message.ts';
import { UcpError } from '../src/ucp-error.ts';
import { platformProfile } from './support/profiles.ts';
import { assertCheckout, assertErrorResponse, assertOrder } from './support/ucp-json-schemas.ts';
import {
  BUYER,
  MILK,
  mockInstrument,
  pickupAt,
  RICE,
  TARGET,
  ucpWorld,
  type UcpWorldOptions,
} from './support/ucp-world.ts';

type Json = Record<string, unknown>;
const META = { 'ucp-agent': { profile: 'https://platform.example/.well-known/ucp' } };
const servers: RunningServer[] = [];
const clients: Client[] = [];

after(async () => {
  for (const client of clients) await client.close();
  for (const server of servers) await server.close(0);
});

/** The UCP handler behind a loopback node:http server, and the official MCP client connected to `/ucp/mcp`. */
async function mcpWorld(options: UcpWorldOptions = {}, headers?: (token: string) => Record<string, string>) {
  const world = await ucpWorld(options);
  const server = await listen(
    {},
    createNodeListener((request) => world.handler(request, TARGET), { maxBodyBytes: () => 1 << 20 }),
  );
  servers.push(server);
  const url = new URL(`${server.origin}/ucp/mcp`);
  const connect = async (
    extra: Record<string, string> = headers?.(world.token) ?? { authorization: `Bearer ${world.token}` },
  ) => {
    const client = new Client({ name: 'ucp-mcp-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: extra } }));
    clients.push(client);
    return client;
  };
  return { ...world, url, client: await connect(), connect };
}

/** A tool result: structuredContent, and the same JSON as its one text block. */
async function call(client: Client, name: string, args: Json): Promise<Json> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  assert.notEqual(result.isError, true);
  assert.equal(result.content.length, 1);
  const block = result.content[0]!;
  assert.equal(block.type, 'text');
  assert.deepEqual(JSON.parse(block.type === 'text' ? block.text : ''), result.structuredContent);
  return result.structuredContent as Json;
}

const key = () => crypto.randomUUID();

describe('UCP over MCP with the official client', () => {
  test('tools/list names the six UCP tools with their {meta, id, checkout} arguments', async () => {
    const { client } = await mcpWorld();
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => [t.name, t.inputSchema.required]),
      [
        ['create_checkout', ['meta', 'checkout']],
        ['get_checkout', ['meta', 'id']],
        ['update_checkout', ['meta', 'id', 'checkout']],
        ['complete_checkout', ['meta', 'id', 'checkout']],
        ['cancel_checkout', ['meta', 'id']],
        ['get_order', ['meta', 'id']],
      ],
    );
    assert.equal(client.getServerVersion()?.name, 'partner-grocery-ucp');
  });

  test('the whole checkout: create, update with pickup, complete with success_token, get_order', async () => {
    const { client } = await mcpWorld();
    const created = assertCheckout(
      await call(client, 'create_checkout', {
        meta: META,
        checkout: { line_items: [{ item: { id: MILK }, quantity: 2 }] },
      }),
    );
    assert.equal(created.status, 'incomplete');
    const id = String(created.id);
    const updated = assertCheckout(
      await call(client, 'update_checkout', {
        meta: META,
        id,
        checkout: { line_items: created.line_items, buyer: BUYER, fulfillment: pickupAt('BKK01') },
      }),
    );
    assert.equal(updated.status, 'ready_for_complete');
    const completed = assertCheckout(
      await call(client, 'complete_checkout', {
        meta: { ...META, 'idempotency-key': key() },
        id,
        checkout: mockInstrument('success_token'),
      }),
    );
    assert.equal(completed.status, 'completed');
    const orderId = (completed.order as { id: string }).id;
    const order = await call(client, 'get_order', { meta: META, id: orderId });
    assertOrder(order, 'The order over MCP');
    assert.equal(order.checkout_id, id);
    assert.equal(assertCheckout(await call(client, 'get_checkout', { meta: META, id })).status, 'completed');
  });

  test('complete_checkout answers signed with the business key published in its profile', async () => {
    const { client, url, token, commerce } = await mcpWorld();
    const created = await call(client, 'create_checkout', {
      meta: META,
      checkout: { line_items: [{ item: { id: RICE } }], buyer: BUYER, fulfillment: pickupAt('BKK01') },
    });
    const answer = await rawCall(url, token, 'complete_checkout', {
      meta: { ...META, 'idempotency-key': key() },
      id: created.id,
      checkout: mockInstrument('success_token'),
    });
    assert.equal(answer.status, 200);
    const verified = verifyResponseSignature(
      { status: answer.status, headers: answer.headers, body: answer.text },
      {
        keys: (await commerce.agents.publishedKeys('ptn_a')) as unknown as SigningJwk[],
        now: new Date(commerce.clock.now()),
      },
    );
    assert.equal(verified.keyid, (await commerce.agents.signingKey('ptn_a')).keyId);
    const got = await rawCall(url, token, 'get_checkout', { meta: META, id: created.id });
    assert.equal(got.headers.signature, undefined, 'only complete is signed');
  });

  test('the same operations as REST: a session made over MCP is read over REST, and cancel_checkout ends it', async () => {
    const world = await mcpWorld();
    const created = await call(world.client, 'create_checkout', {
      meta: META,
      checkout: { line_items: [{ item: { id: RICE } }] },
    });
    const viaRest = await world.send('GET', `/ucp/v1/checkout-sessions/${String(created.id)}`);
    assert.deepEqual(viaRest.json, created);
    const cancelled = await call(world.client, 'cancel_checkout', {
      meta: { ...META, 'idempotency-key': key() },
      id: created.id,
    });
    assert.equal(assertCheckout(cancelled).status, 'canceled');
  });

  test('an unknown session is a not_found result, not an error', async () => {
    const { client } = await mcpWorld();
    const result = await call(client, 'get_checkout', { meta: META, id: `cs_${'0'.repeat(32)}` });
    assertErrorResponse(result, 'The not-found result');
  });

  test('idempotency: complete replays under its key; the same key for another checkout body is a 409 -32000 error', async () => {
    const { client, url, token } = await mcpWorld();
    const created = await call(client, 'create_checkout', {
      meta: META,
      checkout: { line_items: [{ item: { id: RICE } }], buyer: BUYER, fulfillment: pickupAt('BKK01') },
    });
    const meta = { ...META, 'idempotency-key': key() };
    const first = await call(client, 'complete_checkout', {
      meta,
      id: created.id,
      checkout: mockInstrument('success_token'),
    });
    const again = await call(client, 'complete_checkout', {
      meta,
      id: created.id,
      checkout: mockInstrument('success_token'),
    });
    assert.deepEqual(again, first);
    // The client gives an HTTP error status as a transport error; the body is the JSON-RPC error object.
    const conflict = await rawCall(url, token, 'complete_checkout', {
      meta,
      id: created.id,
      checkout: mockInstrument('fail_token'),
    });
    assert.equal(conflict.status, 409);
    assert.deepEqual(conflict.json.error, {
      code: -32000,
      message: 'This idempotency key was used for a different request.',
      data: { code: 'idempotency_conflict', content: 'This idempotency key was used for a different request.' },
    });
    await assert.rejects(
      client.callTool({
        name: 'complete_checkout',
        arguments: { meta, id: created.id, checkout: mockInstrument('fail_token') },
      }),
      (error: unknown) => error instanceof StreamableHTTPError && error.code === 409,
    );
  });

  test('arguments are checked as mcp.openrpc.json gives them: complete and cancel need the idempotency key', async () => {
    const { client } = await mcpWorld();
    const invalid = async (name: string, args: Json, text: RegExp) =>
      assert.rejects(
        client.callTool({ name, arguments: args }),
        (error: unknown) => error instanceof McpError && error.code === -32602 && text.test(error.message),
      );
    await invalid('complete_checkout', { meta: META, id: `cs_${'0'.repeat(32)}`, checkout: {} }, /idempotency-key/);
    await invalid('cancel_checkout', { meta: META, id: `cs_${'0'.repeat(32)}` }, /idempotency-key/);
    await invalid('get_checkout', { meta: META }, /needs the id/);
    await invalid('create_checkout', { meta: META, checkout: 'x' }, /needs checkout/);
    await invalid('create_checkout', { meta: 'x', checkout: {} }, /meta is an object/);
    await invalid('drop_tables', { meta: META }, /Unknown tool/);
  });

  test('a bad checkout is a 400 -32000 error whose data names the field', async () => {
    const { url, token } = await mcpWorld();
    const answer = await rawCall(url, token, 'create_checkout', {
      meta: META,
      checkout: { line_items: [{ item: { id: RICE }, quantity: 0 }] },
    });
    assert.equal(answer.status, 400);
    const error = answer.json.error as { code: number; data: Json };
    assert.equal(error.code, -32000);
    assert.deepEqual([error.data.code, error.data.path], ['invalid_quantity', '$.line_items[0].quantity']);
  });

  test('no credential is a 401 JSON-RPC error before any tool runs; a discovery failure is -32001', async () => {
    const world = await ucpWorld({
      handler: {
        negotiate: async (agent) =>
          agent.profileUrl === 'https://bad.example/ucp'
            ? { status: 424, code: 'profile_unreachable', content: 'Unable to fetch agent profile.' }
            : { profileUrl: agent.profileUrl ?? null, webhookUrl: null, active: null },
      },
    });
    const server = await listen(
      {},
      createNodeListener((request) => world.handler(request, TARGET), { maxBodyBytes: () => 1 << 20 }),
    );
    servers.push(server);
    const url = new URL(`${server.origin}/ucp/mcp`);
    const anonymous = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.headers.get('www-authenticate'), 'Bearer realm="ucp"');
    const body = (await anonymous.json()) as { error: { code: number; data: Json } };
    assert.deepEqual([body.error.code, body.error.data.code], [-32000, 'unauthorized']);
    const failed = await rawCall(url, world.token, 'create_checkout', {
      meta: { 'ucp-agent': { profile: 'https://bad.example/ucp' } },
      checkout: { line_items: [{ item: { id: RICE } }] },
    });
    assert.equal(failed.status, 424);
    assert.deepEqual((failed.json.error as { code: number }).code, -32001);
  });

  test('a UcpError a hook throws is its JSON-RPC error: -32001 for discovery failures', async () => {
    const { url, token } = await mcpWorld({
      handler: {
        negotiate: async () => {
          throw new UcpError('version_unsupported', 'Protocol version 2025-01-01 is not supported.');
        },
      },
    });
    const answer = await rawCall(url, token, 'get_checkout', { meta: META, id: `cs_${'0'.repeat(32)}` });
    assert.equal(answer.status, 422);
    assert.deepEqual(answer.json.error, {
      code: -32001,
      message: 'Protocol version 2025-01-01 is not supported.',
      data: { code: 'version_unsupported', content: 'Protocol version 2025-01-01 is not supported.' },
    });
  });

  test('meta["ucp-agent"].profile is the profile negotiated with', async () => {
    const served = new TextEncoder().encode(JSON.stringify(platformProfile()));
    const fetcher = createProfileFetcher({
      fetchDocument: async () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: served }),
    });
    const { client } = await mcpWorld({ handler: { negotiate: createProfileNegotiator(fetcher) } });
    const created = await call(client, 'create_checkout', {
      meta: META,
      checkout: { line_items: [{ item: { id: RICE } }] },
    });
    assert.deepEqual(Object.keys((created.ucp as { capabilities: object }).capabilities), [
      'dev.ucp.shopping.checkout',
      'dev.ucp.shopping.fulfillment',
    ]);
  });

  test('a fault is a masked -32603 error: its message never reaches the client', async () => {
    const faults: unknown[] = [];
    const { url, token } = await mcpWorld({
      handler: {
        negotiate: async () => {
          throw new Error('password=hunter2');
        },
        onInternalError: (error) => faults.push(error),
      },
    });
    const answer = await rawCall(url, token, 'get_checkout', { meta: META, id: `cs_${'0'.repeat(32)}` });
    assert.equal(answer.status, 500);
    const error = answer.json.error as { code: number; message: string };
    assert.equal(error.code, -32603);
    assert.doesNotMatch(JSON.stringify(answer.json), /hunter2/);
    assert.equal(faults.length, 1);
  });

  test('hostile requests: bad JSON, a batch too big, a wrong media type are JSON-RPC errors, never a 500', async () => {
    const { url, token } = await mcpWorld();
    const post = (body: string, type = 'application/json') =>
      fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': type,
          accept: 'application/json, text/event-stream',
        },
        body,
      });
    const cases: [Response, number, number][] = [
      [await post('{'), 400, -32700],
      [
        await post(JSON.stringify(Array.from({ length: 11 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'ping' })))),
        400,
        -32600,
      ],
      [await post('{"jsonrpc":"1.0"}'), 400, -32600],
      [await post('{}', 'text/plain'), 415, -32000],
      [await fetch(url, { method: 'GET', headers: { authorization: `Bearer ${token}` } }), 405, -32000],
    ];
    for (const [response, status, code] of cases) {
      assert.equal(response.status, status);
      assert.equal(((await response.json()) as { error: { code: number } }).error.code, code);
    }
  });
});

/** A tools/call over plain fetch, to see the HTTP status and the JSON-RPC error object as sent. */
async function rawCall(
  url: URL,
  token: string,
  name: string,
  args: Json,
): Promise<{ status: number; json: Json; text: string; headers: Record<string, string> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args } }),
  });
  const text = await response.text();
  return {
    status: response.status,
    json: JSON.parse(text) as Json,
    text,
    headers: Object.fromEntries(response.headers),
  };
}
