import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
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
      body: JSON.stringify({ query: '{ products(first: 100) { nodes { cprcode nameEn nameTh brandEn sizeDesc barcode imageUrl category { l1 l2 l3 } } } }' }),
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
    assert.equal(((await graphql.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code, 'RATE_LIMITED');
    const search = await fetch(`${t.system.config.searchUrl}/v1/search?q=milk&lang=en`, { headers: { 'x-partner-key': t.partnerKey } });
    assert.equal(search.status, 429, 'the search service spends the same budget');
    const mcp = await fetch(`${t.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-partner-key': t.partnerKey },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_categories', arguments: {} } }),
    });
    assert.equal(mcp.status, 429, '/mcp spends the same budget');
    assert.ok(Number(mcp.headers.get('retry-after')) >= 1);
    const refusal = (await mcp.json()) as { jsonrpc: string; id: null; error: { code: number; message: string; data: { code: string } } };
    assert.equal(refusal.jsonrpc, '2.0', 'a JSON-RPC error object, as MCP clients expect');
    assert.equal(refusal.error.data.code, 'RATE_LIMITED');
    assert.match(refusal.error.message, /retry in \d+ s/);

    // Another partner has its own budget.
    const other = (await t.admin('POST', '/admin/partners', { name: 'Second Partner', environment: 'sandbox' })).body as { partnerKey: string };
    const fresh = await fetch(`${t.baseUrl}/v1/products?size=1`, { headers: { 'x-partner-key': other.partnerKey } });
    assert.equal(fresh.status, 200);
  });

  test('shopper-scoped mutations are limited per shopper as well', async () => {
    await awayFromWindowEdge();
    const created = (await t.admin('POST', '/admin/partners', { name: 'Mutation Partner', environment: 'sandbox' })).body as { partnerKey: string; clientId: string };
    const { idToken } = await t.signUpShopper(undefined, created.clientId);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${t.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-partner-key': created.partnerKey, authorization: `Bearer ${idToken}` },
        body: JSON.stringify({ query: 'mutation { basketEmpty { basket { basketId } userErrors { code } } }' }),
      });
      statuses.push(response.status);
    }
    assert.deepEqual(statuses, [200, 200, 200, 429, 429]);
    const query = await fetch(`${t.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-partner-key': created.partnerKey, authorization: `Bearer ${idToken}` },
      body: JSON.stringify({ query: '{ basket { basketId } }' }),
    });
    assert.equal(query.status, 200, 'queries are not shopper-limited');
  });
});
