import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { toolCatalog } from '@grocery/mcp';
import { awayFromWindowEdge } from './support/rate-window.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

describe('rate limits per partner key and per shopper', () => {
  let t: TestSystem;

  before(async () => {
    t = await startTestSystem({ env: { RATE_LIMIT_SANDBOX_PER_MIN: '40', RATE_LIMIT_SHOPPER_MUTATIONS_PER_MIN: '3' } });
  });
  after(async () => t?.close());

  test('GraphQL spends units by cost, answers 429 with Retry-After past the limit, and every surface shares the budget', async () => {
    await awayFromWindowEdge();
    const first = await fetch(`${t.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-partner-key': t.partnerKey },
      body: JSON.stringify({ query: '{ categories { name } }' }),
    });
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('ratelimit-policy'), '"partner";q=40;w=60');
    const remaining = Number(/r=(\d+)/.exec(first.headers.get('ratelimit') ?? '')?.[1]);
    assert.ok(remaining <= 39, `remaining ${remaining}`);

    // A heavy page costs more than one unit.
    const heavy = await fetch(`${t.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-partner-key': t.partnerKey },
      body: JSON.stringify({
        query:
          '{ products(first: 100) { nodes { cprcode nameEn nameTh brandEn sizeDesc barcode imageUrl category { l1 l2 l3 } } } }',
      }),
    });
    const afterHeavy = Number(/r=(\d+)/.exec(heavy.headers.get('ratelimit') ?? '')?.[1]);
    assert.ok(remaining - afterHeavy >= 5, `a 100-product page took ${remaining - afterHeavy} units`);

    let limited: Response | null = null;
    for (let i = 0; i < 60 && !limited; i++) {
      const response = await fetch(`${t.baseUrl}/v1/products?size=1`, { headers: { 'x-partner-key': t.partnerKey } });
      if (response.status === 429) limited = response;
      else assert.equal(response.status, 200);
    }
    assert.ok(limited, 'the REST catalog shares the budget and reaches the limit');
    assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    assert.equal(((await limited.json()) as { error: { code: string } }).error.code, 'RATE_LIMITED');

    const graphql = await fetch(`${t.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-partner-key': t.partnerKey },
      body: JSON.stringify({ query: '{ categories { name } }' }),
    });
    assert.equal(graphql.status, 429);
    assert.equal(
      ((await graphql.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code,
      'RATE_LIMITED',
    );
    const search = await fetch(`${t.system.config.searchUrl}/v1/search?q=milk&lang=en`, {
      headers: { 'x-partner-key': t.partnerKey },
    });
    assert.equal(search.status, 429, 'the search service spends the same budget');
    const mcp = await fetch(`${t.baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'x-partner-key': t.partnerKey,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'list_categories', arguments: {} },
      }),
    });
    assert.equal(mcp.status, 429, '/mcp spends the same budget');
    assert.ok(Number(mcp.headers.get('retry-after')) >= 1);
    const refusal = (await mcp.json()) as {
      jsonrpc: string;
      id: null;
      error: { code: number; message: string; data: { code: string } };
    };
    assert.equal(refusal.jsonrpc, '2.0', 'a JSON-RPC error object, as MCP clients expect');
    assert.equal(refusal.error.data.code, 'RATE_LIMITED');
    assert.match(refusal.error.message, /retry in \d+ s/);

    // Another partner has its own budget.
    const other = (await t.admin('POST', '/admin/partners', { name: 'Second Partner', environment: 'sandbox' }))
      .body as { partnerKey: string };
    const fresh = await fetch(`${t.baseUrl}/v1/products?size=1`, { headers: { 'x-partner-key': other.partnerKey } });
    assert.equal(fresh.status, 200);
  });

  test('shopper-scoped mutations are limited per shopper as well', async () => {
    await awayFromWindowEdge();
    const created = (await t.admin('POST', '/admin/partners', { name: 'Mutation Partner', environment: 'sandbox' }))
      .body as { partnerKey: string; clientId: string };
    const { idToken } = await t.signUpShopper(undefined, created.clientId);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${t.baseUrl}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-partner-key': created.partnerKey,
          authorization: `Bearer ${idToken}`,
        },
        body: JSON.stringify({ query: 'mutation { basketEmpty { basket { basketId } userErrors { code } } }' }),
      });
      statuses.push(response.status);
    }
    assert.deepEqual(statuses, [200, 200, 200, 429, 429]);
    const query = await fetch(`${t.baseUrl}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-partner-key': created.partnerKey,
        authorization: `Bearer ${idToken}`,
      },
      body: JSON.stringify({ query: '{ basket { basketId } }' }),
    });
    assert.equal(query.status, 200, 'queries are not shopper-limited');
  });

  test('MCP: a tool call costs what its operation costs on /graphql, a batch costs the sum, and each shopper mutation call counts', async () => {
    await awayFromWindowEdge();
    const partner = async (name: string) =>
      (await t.admin('POST', '/admin/partners', { name, environment: 'sandbox' })).body as {
        partnerKey: string;
        clientId: string;
      };
    const remaining = (response: Response) => Number(/r=(\d+)/.exec(response.headers.get('ratelimit') ?? '')?.[1]);
    const mcp = (key: string, body: unknown, token?: string) =>
      fetch(`${t.baseUrl}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'x-partner-key': key,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    const call = (id: number, name: string, args: Record<string, unknown>) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name, arguments: args },
    });
    const listProducts = toolCatalog.find((tool) => tool.name === 'list_products')!;

    // The same operation with the same variables, once through GraphQL and once as a tool.
    const viaGraphQL = await fetch(`${t.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-partner-key': (await partner('Cost GraphQL')).partnerKey },
      body: JSON.stringify({ query: listProducts.document, operationName: 'list_products', variables: { first: 30 } }),
    });
    const graphqlUnits = 40 - remaining(viaGraphQL);
    assert.ok(graphqlUnits > 1, `a page of 30 products costs ${graphqlUnits} units`);
    const toolKey = (await partner('Cost Tool')).partnerKey;
    const single = await mcp(toolKey, call(1, 'list_products', { first: 30 }));
    assert.equal(single.status, 200);
    assert.equal(40 - remaining(single), graphqlUnits, 'the tool call costs what the GraphQL operation costs');
    const batch = await mcp(toolKey, [
      call(1, 'list_products', { first: 30 }),
      call(2, 'list_categories', {}),
      { jsonrpc: '2.0', id: 3, method: 'tools/list' },
    ]);
    assert.equal(batch.status, 200);
    assert.equal(remaining(single) - remaining(batch), graphqlUnits + 2, 'a batch costs the sum of its messages');
    const tooDear = await mcp(
      toolKey,
      Array.from({ length: 10 }, (_, i) => call(i, 'list_products', { first: 30 })),
    );
    assert.equal(tooDear.status, 429, 'ten priced pages in one batch are ten times the price, over the budget');
    assert.equal(((await tooDear.json()) as { error: { data: { code: string } } }).error.data.code, 'RATE_LIMITED');

    // Shopper-scoped mutations count per call, in batches too (the limit here is 3 a minute).
    const shop = await partner('Mutation Tools');
    const { idToken } = await t.signUpShopper(undefined, shop.clientId);
    const empty = (id: number) => call(id, 'empty_basket', {});
    const tooMany = await mcp(shop.partnerKey, [empty(1), empty(2), empty(3), empty(4)], idToken);
    assert.equal(tooMany.status, 429, 'four mutations in one batch are four, over the limit of three');
    assert.match(tooMany.headers.get('ratelimit-policy') ?? '', /^"shopper";q=3/);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await mcp(shop.partnerKey, empty(i), idToken)).status);
    assert.deepEqual(
      statuses,
      [200, 200, 200, 429, 429],
      'the refused batch spent nothing; single calls count one each',
    );
    const read = await mcp(shop.partnerKey, call(1, 'get_basket', {}), idToken);
    assert.equal(read.status, 200, 'queries are not shopper-limited');
  });
});
