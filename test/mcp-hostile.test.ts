/**
 * Hostile input at /mcp: raw HTTP for what an SDK client would never send, the SDK client for the
 * rest. Every answer is a protocol error or an isError result with a clear message; never a 500.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type CallToolResult, ErrorCode, LATEST_PROTOCOL_VERSION, McpError } from '@modelcontextprotocol/sdk/types.js';
import {
  buildSchema,
  getNamedType,
  isInputObjectType,
  isNonNullType,
  Kind,
  type ArgumentNode,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type ObjectFieldNode,
  type OperationDefinitionNode,
  parse,
} from 'graphql';
import { toolCatalog } from '@grocery/mcp';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

interface RpcAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

interface RpcError {
  jsonrpc: '2.0';
  id: unknown;
  error: { code: number; message: string; data?: { code: string } };
}

const ACCEPT = 'application/json, text/event-stream';
const rpc = (method: string, params: Record<string, unknown> = {}, id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
});
const call = (name: string, args: unknown, id: number | string = 1) => rpc('tools/call', { name, arguments: args }, id);

describe('/mcp under hostile input', () => {
  let t: TestSystem;
  let client: Client;
  const statuses: number[] = [];

  async function post(body: unknown, headers: Record<string, string> = {}, method = 'POST'): Promise<RpcAnswer> {
    const response = await fetch(`${t.baseUrl}/mcp`, {
      method,
      headers: {
        'content-type': 'application/json',
        accept: ACCEPT,
        'x-partner-key': t.partnerKey,
        'mcp-protocol-version': LATEST_PROTOCOL_VERSION,
        ...headers,
      },
      body: method === 'GET' || method === 'HEAD' ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    statuses.push(response.status);
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as unknown) : null };
  }

  async function tool(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    return (await client.callTool({ name, arguments: args })) as CallToolResult;
  }

  function rpcError(answer: RpcAnswer): RpcError['error'] {
    const body = answer.body as RpcError;
    assert.equal(body.jsonrpc, '2.0', JSON.stringify(body));
    assert.equal(typeof body.error.message, 'string');
    return body.error;
  }

  before(async () => {
    t = await startTestSystem({ productCount: 500 });
    client = new Client({ name: 'mcp-hostile', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${t.baseUrl}/mcp`), {
        requestInit: { headers: { 'x-partner-key': t.partnerKey } },
      }),
    );
    await client.listTools();
  });
  after(async () => {
    await client?.close();
    await t?.close();
    assert.ok(statuses.length > 20 && statuses.every((status) => status < 500), `no 5xx: ${statuses.join(',')}`);
  });

  test('a missing or unknown partner key is 401 with PARTNER_KEY_INVALID, for raw requests and the SDK client alike', async () => {
    for (const key of [undefined, 'pk_test_not-a-key', '']) {
      const headers: Record<string, string> = key === undefined ? {} : { 'x-partner-key': key };
      const response = await fetch(`${t.baseUrl}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers },
        body: JSON.stringify(rpc('tools/list')),
      });
      statuses.push(response.status);
      assert.equal(response.status, 401);
      assert.equal(response.headers.get('www-authenticate'), 'PartnerKey realm="mcp"');
      const body = (await response.json()) as RpcError;
      assert.deepEqual(body, {
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32000,
          message: 'Send a valid partner key in the X-Partner-Key header.',
          data: { code: 'PARTNER_KEY_INVALID' },
        },
      });
    }
    const keyless = new Client({ name: 'keyless', version: '1.0.0' });
    await assert.rejects(
      keyless.connect(new StreamableHTTPClientTransport(new URL(`${t.baseUrl}/mcp`))),
      (error: unknown) => error instanceof StreamableHTTPError && error.code === 401,
    );
  });

  test("Origin: a disallowed one is 403 even with a key; the service's own origin and none pass, with CORS for the former", async () => {
    for (const origin of ['https://evil.example', 'null', `${t.baseUrl}.evil.example`, 'http://127.0.0.1:1']) {
      const answer = await post(rpc('tools/list'), { origin });
      assert.equal(answer.status, 403, origin);
      assert.equal(rpcError(answer).data?.code, 'FORBIDDEN');
      assert.equal(answer.headers.get('access-control-allow-origin'), null);
    }
    const same = await post(rpc('tools/list'), { origin: t.baseUrl });
    assert.equal(same.status, 200);
    assert.equal(same.headers.get('access-control-allow-origin'), t.baseUrl);
    assert.equal((await post(rpc('tools/list'))).status, 200, 'no Origin: not a browser');

    const preflight = await fetch(`${t.baseUrl}/mcp`, {
      method: 'OPTIONS',
      headers: {
        origin: t.baseUrl,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-partner-key, content-type',
      },
    });
    statuses.push(preflight.status);
    assert.equal(preflight.status, 204);
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /x-partner-key/);
    const hostile = await fetch(`${t.baseUrl}/mcp`, { method: 'OPTIONS', headers: { origin: 'https://evil.example' } });
    statuses.push(hostile.status);
    assert.equal(hostile.status, 403);
  });

  test('GET (no SSE stream) and DELETE (no session) are 405 with Allow; the SDK client copes with the 405 on GET', async () => {
    for (const method of ['GET', 'DELETE', 'PUT']) {
      const answer = await post(method === 'GET' ? '' : rpc('ping'), {}, method);
      assert.equal(answer.status, 405, method);
      assert.equal(answer.headers.get('allow'), 'POST, OPTIONS');
      assert.match(rpcError(answer).message, /POST/);
    }
    assert.deepEqual(await client.ping(), {});
  });

  test('wrong content types and Accept headers are refused with 415 and 406', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'text/plain; a=application/json']) {
      const answer = await post(rpc('tools/list'), { 'content-type': type });
      assert.equal(answer.status, 415, type);
      assert.match(rpcError(answer).message, /Content-Type: application\/json/);
    }
    const answer = await post(rpc('tools/list'), { accept: 'text/html' });
    assert.equal(answer.status, 406);
    assert.match(rpcError(answer).message, /Not Acceptable/);
  });

  test('malformed JSON and malformed JSON-RPC are parse or invalid-request errors', async () => {
    for (const body of ['{', '', 'null garbage', '\u0000', '['.repeat(200_000)]) {
      const answer = await post(body);
      assert.equal(answer.status, 400, JSON.stringify(body.slice(0, 10)));
      assert.equal(rpcError(answer).code, ErrorCode.ParseError);
    }
    for (const body of [
      { hello: 'world' },
      { jsonrpc: '1.0', id: 1, method: 'tools/list' },
      42,
      'tools/list',
      { jsonrpc: '2.0', id: { nested: true }, method: 'tools/list' },
    ]) {
      const answer = await post(body);
      assert.equal(answer.status, 400, JSON.stringify(body));
      assert.ok([ErrorCode.ParseError, ErrorCode.InvalidRequest].includes(rpcError(answer).code));
    }
    const unknownMethod = await post(rpc('tools/destroy'));
    assert.equal(unknownMethod.status, 200);
    assert.equal(rpcError(unknownMethod).code, ErrorCode.MethodNotFound);
    const notification = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    assert.equal(notification.status, 202);
    const badVersion = await post(rpc('tools/list'), { 'mcp-protocol-version': '1999-01-01' });
    assert.equal(badVersion.status, 400);
    assert.match(rpcError(badVersion).message, /Unsupported protocol version/);
  });

  test('JSON-RPC batches: small ones answer each message; empty and oversized ones are refused whole', async () => {
    const small = await post([
      rpc('tools/list', {}, 'a'),
      call('list_categories', {}, 'b'),
      call('no_such_tool', {}, 'c'),
    ]);
    assert.equal(small.status, 200);
    const answers = small.body as { id: string; result?: { isError?: boolean }; error?: { code: number } }[];
    assert.deepEqual(answers.map((a) => a.id).sort(), ['a', 'b', 'c']);
    assert.equal(answers.find((a) => a.id === 'b')?.result?.isError, undefined);
    assert.equal(answers.find((a) => a.id === 'c')?.error?.code, ErrorCode.InvalidParams);

    const cancelled = await post([
      call('list_categories', {}, 'x'),
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'x' } },
    ]);
    assert.equal(cancelled.status, 200, 'a cancellation in the same POST cannot leave its request unanswered');
    assert.deepEqual(
      (cancelled.body as { id: string }[]).map((a) => a.id),
      ['x'],
    );
    const twice = await post([call('list_categories', {}, 1), call('list_branches', {}, 1)]);
    assert.equal(twice.status, 400);
    assert.match(rpcError(twice).message, /distinct ids/);

    const empty = await post([]);
    assert.equal(empty.status, 400);
    assert.equal(rpcError(empty).code, ErrorCode.InvalidRequest);
    const abuse = await post(Array.from({ length: 11 }, (_, i) => call('list_branches', {}, i)));
    assert.equal(abuse.status, 400);
    assert.match(rpcError(abuse).message, /batch holds 1 to 10 messages/);
  });

  test('tool answers carry the data once as structuredContent and once as its JSON text, whatever the request id', async () => {
    const hostileId = 'id "with" \\ quotes \u2028 and ไทย';
    const answer = await post([
      call('list_categories', {}, hostileId),
      call('list_branches', { bad: 1 }, 7),
      rpc('tools/list', {}, 'plain'),
    ]);
    assert.equal(answer.status, 200);
    const answers = answer.body as {
      jsonrpc: string;
      id: unknown;
      result: {
        content: { type: string; text: string }[];
        structuredContent?: unknown;
        isError?: boolean;
        tools?: unknown[];
      };
    }[];
    assert.deepEqual(
      answers.map((a) => [a.jsonrpc, a.id]),
      [
        ['2.0', hostileId],
        ['2.0', 7],
        ['2.0', 'plain'],
      ],
    );
    for (const { result } of answers.slice(0, 2)) {
      assert.equal(result.content.length, 1);
      assert.deepEqual(result.structuredContent, JSON.parse(result.content[0]!.text));
    }
    assert.equal(answers[1]!.result.isError, true);
    assert.ok(answers[2]!.result.tools!.length > 0);
  });

  test('bodies over the limit are 413 before anything is parsed', async () => {
    const answer = await post(call('search_products', { query: 'x'.repeat(300 * 1024) }));
    assert.equal(answer.status, 413);
  });

  test('unknown tools are protocol errors; missing, wrong-typed, extra and huge arguments are isError results naming the argument', async () => {
    await assert.rejects(
      client.callTool({ name: 'rm_rf', arguments: {} }),
      (error: unknown) =>
        error instanceof McpError &&
        error.code === ErrorCode.InvalidParams &&
        error.message.includes('Unknown tool "rm_rf"'),
    );
    await assert.rejects(
      client.callTool({ name: 'x'.repeat(10_000), arguments: {} }),
      (error: unknown) => error instanceof McpError && error.message.length < 300,
    );

    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['get_product', {}, /Missing required argument cprcode/],
      ['get_product', { cprcode: ['1'] }, /Argument cprcode must be a string/],
      ['list_products', { first: '20' }, /Argument first must be an integer/],
      ['list_products', { first: 1e12 }, /Argument first must be <= 2147483647/],
      [
        'search_products',
        { query: 'milk', mode: 'DROP TABLE' },
        /Argument mode must be one of "AUTOCOMPLETE", "SEMANTIC"/,
      ],
      ['list_categories', { limit: 5 }, /Unknown argument limit/],
      ['get_product', { cprcode: '1', __proto__: { admin: true }, constructor: 1 }, /Unknown argument constructor/],
      ['search_products', { query: 'ก'.repeat(50_000) }, /Argument query must NOT have more than 2000 characters/],
      ['resolve_fulfilment', { lat: 'NaN' }, /Argument lat must be a number or null/],
    ];
    for (const [name, args, message] of cases) {
      const result = await tool(name, args);
      assert.equal(result.isError, true, name);
      const errors = (result.structuredContent as { errors: { code: string; message: string }[] }).errors;
      assert.ok(
        errors.every((e) => e.code === 'INVALID_INPUT'),
        JSON.stringify(errors),
      );
      assert.ok(
        errors.some((e) => message.test(e.message)),
        `${name}: ${JSON.stringify(errors)}`,
      );
    }
    // The SDK's own request schema refuses non-object arguments (it reports them as -32603, quoting the reason).
    const notAnObject = await post(rpc('tools/call', { name: 'get_product', arguments: ['1'] }));
    assert.equal(notAnObject.status, 200);
    assert.match(rpcError(notAnObject).message, /expected record, received array/);
  });

  test('the domain still checks what the schema cannot: bad values give coded errors, not faults', async () => {
    const outOfRange = await tool('list_products', { first: 100_000 });
    assert.equal(outOfRange.isError, true);
    const codes = (outOfRange.structuredContent as { errors: { code: string }[] }).errors.map((e) => e.code);
    assert.ok(
      codes.every((code) => code !== 'INTERNAL'),
      codes.join(),
    );
    const nowhere = await tool('resolve_fulfilment', { lat: 999, lon: -999 });
    assert.equal(nowhere.isError, true);
    assert.ok((nowhere.structuredContent as { errors: { code: string }[] }).errors.every((e) => e.code !== 'INTERNAL'));
    const odd = await tool('get_product', { cprcode: '../../etc/passwd' });
    assert.ok(!JSON.stringify(odd).includes('INTERNAL'));
  });

  test("every tool mirrors its GraphQL field: each argument and input field is a tool argument with the schema's default and optionality", async () => {
    const schema = buildSchema(await (await fetch(`${t.baseUrl}/schema.graphql`)).text());
    const { tools } = await client.listTools();
    assert.equal(tools.length, 18);
    for (const listed of tools) {
      const properties = listed.inputSchema.properties as Record<string, { default?: unknown; type?: unknown }>;
      const required = new Set(listed.inputSchema.required ?? []);
      // The document the tool runs, as the server runs it; checked against the schema served at /schema.graphql.
      const operation = parse(toolCatalog.find((tool) => tool.name === listed.name)!.document)
        .definitions[0] as OperationDefinitionNode;
      const root = operation.operation === 'query' ? schema.getQueryType()! : schema.getMutationType()!;
      const expectArgument = (
        where: string,
        value: ArgumentNode['value'] | undefined,
        type: GraphQLInputType,
        defaultValue: unknown,
      ) => {
        assert.ok(value, `${listed.name} passes ${where}`);
        if (value.kind === Kind.OBJECT && isInputObjectType(getNamedType(type))) {
          for (const field of Object.values((getNamedType(type) as GraphQLInputObjectType).getFields())) {
            expectArgument(
              `${where}.${field.name}`,
              value.fields.find((f: ObjectFieldNode) => f.name.value === field.name)?.value,
              field.type,
              field.defaultValue,
            );
          }
          return;
        }
        assert.equal(value.kind, Kind.VARIABLE, `${listed.name}: ${where} is the agent's to give`);
        const name = (value as { name: { value: string } }).name.value;
        assert.ok(properties[name], `${listed.name} takes ${name} for ${where}`);
        assert.deepEqual(properties[name]!.default, defaultValue, `${listed.name}.${name}: the default of ${where}`);
        assert.equal(
          required.has(name),
          isNonNullType(type) && defaultValue === undefined,
          `${listed.name}.${name}: required exactly when ${where} is`,
        );
      };
      for (const selection of operation.selectionSet.selections) {
        if (selection.kind !== Kind.FIELD) continue;
        const field = root.getFields()[selection.name.value]!;
        for (const argument of field.args) {
          expectArgument(
            `${root.name}.${field.name}(${argument.name})`,
            selection.arguments?.find((a) => a.name.value === argument.name)?.value,
            argument.type,
            argument.defaultValue,
          );
        }
      }
    }

    // The defaults at work: the same answers as GraphQL with its defaults.
    const branchCode = (await t.system.commerce.branches.list()).find((b) => b.alcoholLicensed)!.branchCode;
    const viaGraphQL = await t.graphql<{ search: unknown[] }>('{ search(query: "a") { cprcode } }');
    const viaTool = await tool('search_products', { query: 'a' });
    assert.equal(viaGraphQL.data!.search.length, 20);
    assert.equal(
      (viaTool.structuredContent as { search: unknown[] }).search.length,
      20,
      'search_products takes limit 20 from the schema',
    );
    const alcohol = await tool('list_products', { alcoholOnly: true, first: 5 });
    const nodes = (alcohol.structuredContent as { products: { nodes: { cprcode: string }[] } }).products.nodes;
    assert.ok(
      nodes.length > 0 && t.system.commerce.catalog.get(nodes.map((n) => n.cprcode)).every((p) => p.alcohol),
      'list_products filters alcoholOnly',
    );
    // An input field whose variable is left out takes the field's default, on /graphql as in tools.
    const defaults = await t.graphql<{ products: { totalCount: number } }>('{ products { totalCount } }');
    const omitted = await t.graphql<{ products: { totalCount: number } }>(
      'query($online: Boolean, $active: Boolean) { products(filter: { onlineOnly: $online, activeOnly: $active }) { totalCount } }',
    );
    const everything = await t.graphql<{ products: { totalCount: number } }>(
      '{ products(filter: { onlineOnly: false, activeOnly: false }) { totalCount } }',
    );
    assert.equal(omitted.data!.products.totalCount, defaults.data!.products.totalCount);
    assert.ok(
      everything.data!.products.totalCount > defaults.data!.products.totalCount,
      'the defaults filter something out',
    );
    const stock = await tool('get_inventory', { branchCode });
    assert.equal(stock.isError, undefined, 'get_inventory without cprcodes, as in GraphQL');
    assert.ok((stock.structuredContent as { inventory: unknown[] }).inventory.length > 0);
  });

  test('a burst of concurrent calls from many clients all get answers', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post(call(i % 2 ? 'list_categories' : 'list_branches', {}, i))),
    );
    assert.ok(
      answers.every(
        (a) =>
          a.status === 200 && (a.body as { id: number; result: { isError?: boolean } }).result.isError === undefined,
      ),
    );
    assert.deepEqual(
      answers.map((a) => (a.body as { id: number }).id),
      Array.from({ length: 40 }, (_, i) => i),
      'each answer carries its own request id',
    );
  });
});
