import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Commerce, createGraphQLSchema, GraphQLExecutor, type PartnerContext } from '@grocery/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServerFactory, MCP_RESOURCES, toolCatalog, type McpServerFactoryOptions } from '../src/index.ts';
import { SCHEMA_SDL } from './support/operation-files.ts';

const SECRET = 'connection to db-primary.internal:5432 refused (password=hunter2)';

/** A commerce whose every service fails like a broken database: only the request loaders can be built. */
const brokenCommerce = new Proxy({} as Commerce, {
  get(_target, property) {
    if (property === 'grocer' || property === 'catalog') return {};
    throw new Error(SECRET);
  },
});

/** The text of a resource read (ours are all text). */
const textOf = (result: { contents: ({ text: string } | { blob: string })[] }): string => {
  const [content] = result.contents;
  assert.ok(content && 'text' in content);
  return content.text;
};

const caller = {
  partner: { partnerId: 'p1' } as PartnerContext,
  partnerKey: 'pk_test_x',
  requestId: 'req-42',
  authorization: undefined,
  idempotencyKey: null,
};

async function connect(options: Partial<McpServerFactoryOptions> = {}, faults: unknown[] = []) {
  const serverFor = createMcpServerFactory({
    commerce: brokenCommerce,
    executor: new GraphQLExecutor(createGraphQLSchema()),
    onInternalError: (error) => faults.push(error),
    ...options,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'factory-test', version: '1.0.0' });
  await serverFor(caller).connect(serverSide);
  await client.connect(clientSide);
  return client;
}

describe('MCP server factory (in memory, no HTTP)', () => {
  test('initialize names the server and gives agents their instructions', async () => {
    const client = await connect();
    assert.equal(client.getServerVersion()?.name, 'partner-grocery-commerce');
    assert.match(client.getInstructions() ?? '', /search_products.*add_basket_line.*create_order/s);
    assert.ok(client.getServerCapabilities()?.tools && client.getServerCapabilities()?.resources);
    await client.close();
  });

  test('tools/list serves the generated catalog verbatim: schemas, titles and annotations', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => [t.name, t.title, t.description, t.inputSchema, t.outputSchema, t.annotations]),
      toolCatalog.map((t) => [
        t.name,
        t.title,
        t.description,
        t.inputSchema,
        t.outputSchema,
        { title: t.title, ...t.annotations },
      ]),
    );
    await client.close();
  });

  test('an unknown tool is a protocol error (invalid params), not a tool result', async () => {
    const client = await connect();
    await assert.rejects(
      client.callTool({ name: 'drop_tables', arguments: {} }),
      (error: unknown) =>
        error instanceof McpError &&
        error.code === ErrorCode.InvalidParams &&
        /Unknown tool "drop_tables"\. tools\/list names the 18 tools/.test(error.message),
    );
    await client.close();
  });

  test('bad arguments are an isError result that lists every problem, and nothing runs', async () => {
    const faults: unknown[] = [];
    const client = await connect({}, faults);
    await client.listTools();
    const result = await client.callTool({ name: 'add_basket_line', arguments: { quantity: 'two', colour: 'red' } });
    assert.equal(result.isError, true);
    const errors = (result.structuredContent as { errors: { code: string; field: string }[] }).errors;
    assert.deepEqual(errors.map((e) => [e.code, e.field]).sort(), [
      ['INVALID_INPUT', 'colour'],
      ['INVALID_INPUT', 'cprcode'],
      ['INVALID_INPUT', 'quantity'],
    ]);
    assert.deepEqual(
      JSON.parse((result.content as { text: string }[])[0]!.text),
      result.structuredContent,
      'the text block is the same JSON',
    );
    assert.deepEqual(faults, [], 'the broken commerce was never touched');
    await client.close();
  });

  test('a fault in a resolver is masked with the request id and reported to the log callback', async () => {
    const faults: unknown[] = [];
    const client = await connect({}, faults);
    await client.listTools();
    const result = await client.callTool({ name: 'list_categories', arguments: {} });
    assert.equal(result.isError, true);
    assert.deepEqual((result.structuredContent as { errors: unknown[] }).errors, [
      {
        code: 'INTERNAL',
        message: 'Internal error. Quote request id req-42 to support.',
        requestId: 'req-42',
        path: ['categories'],
      },
    ]);
    assert.ok(!JSON.stringify(result).includes('hunter2'), 'no secret reaches the client');
    assert.equal((faults[0] as Error).message, SECRET);
    await client.close();
  });

  test('resources: the schema is schema.graphql; the docs come from the option, or from the catalog', async () => {
    const custom = await connect({ docsMarkdown: async () => '# Written guide' });
    const { resources } = await custom.listResources();
    assert.deepEqual(
      resources.map((r) => [r.uri, r.mimeType]),
      [
        [MCP_RESOURCES.schema, 'application/graphql'],
        [MCP_RESOURCES.docs, 'text/markdown'],
      ],
    );
    const schema = await custom.readResource({ uri: MCP_RESOURCES.schema });
    assert.equal(textOf(schema), SCHEMA_SDL);
    assert.equal(textOf(await custom.readResource({ uri: MCP_RESOURCES.docs })), '# Written guide');
    await assert.rejects(
      custom.readResource({ uri: 'shop://secrets' }),
      (error: unknown) => error instanceof McpError && error.code === ErrorCode.InvalidParams,
    );
    await assert.rejects(
      custom.readResource({ uri: 'constructor' }),
      (error: unknown) => error instanceof McpError && error.code === ErrorCode.InvalidParams,
    );
    assert.deepEqual(
      (await custom.listResourceTemplates()).resourceTemplates,
      [],
      'no templates: the two resources are fixed',
    );
    await custom.close();

    const generated = await connect();
    const guide = textOf(await generated.readResource({ uri: MCP_RESOURCES.docs }));
    for (const tool of toolCatalog)
      assert.ok(guide.includes(`### \`${tool.name}\`: ${tool.title}`), `the guide documents ${tool.name}`);
    assert.match(guide, /## A purchase, step by step/);
    assert.match(
      guide,
      /\| `address\.lat` \| number \\\| null \| no \| `null` \| Latitude in degrees; delivery needs it\. \|/,
      'nested arguments are listed with their meaning',
    );
    await generated.close();
  });
});
