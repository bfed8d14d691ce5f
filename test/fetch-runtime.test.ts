/**
 * The API's handlers served in a fetch runtime through @grocery/http-fetch, composed as its README
 * shows: GraphQL, the REST catalog and a payment-link page answer web-standard Requests.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createCatalogHandler } from '@grocery/catalog';
import { createGraphQLSchema, GraphQLExecutor } from '@grocery/core';
import { createGraphQLHandler, createPayPageHandler, errorResponse, type HttpHandler } from '@grocery/core/http';
import { toFetchHandler, type FetchHandler } from '@grocery/http-fetch';
import { bodyLimit } from '../apps/api/src/api-router.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

const ORIGIN = 'https://fetch-runtime.test';

describe('the API in a fetch runtime', () => {
  let t: TestSystem;
  let serve: FetchHandler;

  const graphql = async <T>(
    query: string,
    variables: Record<string, unknown>,
    token?: string,
  ): Promise<{ status: number; data: T }> => {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-partner-key': t.partnerKey };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await serve(
      new Request(`${ORIGIN}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) }),
    );
    const body = (await response.json()) as { data: T; errors?: unknown };
    assert.equal(body.errors, undefined, JSON.stringify(body.errors));
    return { status: response.status, data: body.data };
  };

  before(async () => {
    t = await startTestSystem();
    const { commerce, catalog, config } = t.system;
    const graphqlHandler = createGraphQLHandler({ commerce, executor: new GraphQLExecutor(createGraphQLSchema()) });
    const catalogHandler = createCatalogHandler({
      snapshots: catalog,
      verifyPartnerKey: commerce.partners.verifyKey,
      publicBaseUrl: t.baseUrl,
      downloadSecret: config.downloadSecret,
    });
    const payHandler = createPayPageHandler(commerce);
    const router: HttpHandler = (request) => {
      if (request.path === '/graphql') return graphqlHandler(request);
      if (request.path.startsWith('/v1/')) return catalogHandler(request);
      if (request.path.startsWith('/pay/')) return payHandler(request);
      return Promise.resolve(errorResponse(404, 'NOT_FOUND', 'No such route.'));
    };
    serve = toFetchHandler(router, { maxBodyBytes: bodyLimit });
  });
  after(async () => t?.close());

  test('GraphQL: products with branch prices', async () => {
    const branchCode = (await t.system.commerce.branches.list())[0]!.branchCode;
    const { status, data } = await graphql<{
      products: { nodes: { cprcode: string; price: { currency: string } | null }[] };
    }>(
      'query($b: ID!) { products(branchCode: $b, first: 3, filter: { pricedOnly: true }) { nodes { cprcode price { amount currency } } } }',
      { b: branchCode },
    );
    assert.equal(status, 200);
    assert.equal(data.products.nodes.length, 3);
    assert.ok(data.products.nodes.every((node) => node.price?.currency === 'THB'));
  });

  test('REST catalog: a page of products, and 401 without a partner key', async () => {
    const page = await serve(
      new Request(`${ORIGIN}/v1/products?size=2`, { headers: { 'x-partner-key': t.partnerKey } }),
    );
    assert.equal(page.status, 200);
    const body = (await page.json()) as { items: unknown[]; page: number; size: number; version: string };
    assert.deepEqual([body.items.length, body.page, body.size], [2, 1, 2]);
    assert.equal(body.version, t.system.catalog.current()?.version);

    const anonymous = await serve(new Request(`${ORIGIN}/v1/products`));
    assert.equal(anonymous.status, 401);
    assert.equal(((await anonymous.json()) as { error: { code: string } }).error.code, 'PARTNER_KEY_INVALID');
  });

  test('pay page: an order placed through GraphQL is shown and paid through its link', async () => {
    const { idToken } = await t.signUpShopper();
    const branchCode = (await t.system.commerce.branches.list())[0]!.branchCode;
    const priced = await graphql<{ products: { nodes: { cprcode: string }[] } }>(
      'query($b: ID!) { products(branchCode: $b, first: 20, filter: { pricedOnly: true }) { nodes { cprcode } } }',
      { b: branchCode },
    );
    const cprcode = t.system.commerce.catalog
      .get(priced.data.products.nodes.map((node) => node.cprcode))
      .find((product) => !product.alcohol && product.active && product.online)!.cprcode;
    await graphql(
      'mutation($i: BasketAddInput!) { basketAdd(input: $i) { userErrors { code } } }',
      { i: { cprcode, quantity: 1, branchCode } },
      idToken,
    );
    const created = await graphql<{
      orderCreate: { order: { grandTotal: number; paymentLink: { url: string } }; userErrors: unknown[] };
    }>(
      'mutation { orderCreate(input: {}) { order { grandTotal paymentLink { url } } userErrors { code message } } }',
      {},
      idToken,
    );
    assert.deepEqual(created.data.orderCreate.userErrors, []);
    const { grandTotal, paymentLink } = created.data.orderCreate.order;
    const payPath = new URL(paymentLink.url).pathname;

    const page = await serve(new Request(`${ORIGIN}${payPath}`, { headers: { 'accept-language': 'en' } }));
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    assert.equal(page.headers.get('cache-control'), 'no-store');
    assert.match(page.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
    assert.match(await page.text(), /<form/);

    const paid = await serve(
      new Request(`${ORIGIN}${payPath}`, { method: 'POST', headers: { accept: 'application/json' } }),
    );
    assert.equal(paid.status, 200);
    const receipt = (await paid.json()) as { state: string; grandTotal: number };
    assert.deepEqual([receipt.state, receipt.grandTotal], ['paid', grandTotal]);
  });
});
