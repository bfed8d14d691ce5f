import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

interface ProductNode {
  cprcode: string;
  nameEn: string | null;
  price: { amount: number; currency: string; branchCode: string | null; source: string } | null;
  inventory: { cprcode: string; branchCode: string; listable: boolean; sellableQty: number | null } | null;
}

const PRODUCT_FIELDS =
  'cprcode nameEn nameTh brandEn sizeDesc countryEn barcode imageUrl availStore category { l1 l2 l3 } price { amount currency branchCode source } inventory { cprcode branchCode listable sellableQty ibCfQty qtySource }';

describe('GraphQL read side', () => {
  let t: TestSystem;
  let branchCode: string;

  before(async () => {
    t = await startTestSystem();
    branchCode = (await t.system.commerce.branches.list())[0]!.branchCode;
  });
  after(async () => t?.close());

  /** Grocer calls so far, from the service's own Prometheus counters. */
  async function grocerCalls(): Promise<{ prices: number; stock: number }> {
    const text = await (
      await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: `Bearer ${t.adminToken}` } })
    ).text();
    const count = (operation: string) =>
      Number(new RegExp(`grocer_calls_total\\{operation="${operation}",outcome="ok"\\} (\\d+)`).exec(text)?.[1] ?? 0);
    return { prices: count('prices'), stock: count('stock') };
  }

  test('products(first: 50, branchCode) has branch-correct nested price and stock in one grocer call each', async () => {
    const before = await grocerCalls();
    const result = await t.graphql<{
      products: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string }; nodes: ProductNode[] };
    }>(
      `query($b: ID!) { products(first: 50, branchCode: $b) { totalCount pageInfo { hasNextPage endCursor } nodes { ${PRODUCT_FIELDS} } } }`,
      { b: branchCode },
    );
    assert.equal(result.errors, undefined);
    const page = result.data!.products;
    assert.equal(page.nodes.length, 50);
    assert.ok(page.pageInfo.hasNextPage && page.totalCount > 50);
    const after = await grocerCalls();
    assert.deepEqual(
      { prices: after.prices - before.prices, stock: after.stock - before.stock },
      { prices: 1, stock: 1 },
      'one price call and one stock call for the whole page',
    );
    for (const node of page.nodes) {
      const [expectedPrice] = await t.system.grocer.prices(branchCode, [node.cprcode]);
      if (expectedPrice!.price) {
        assert.deepEqual(node.price, {
          amount: expectedPrice!.price.amountSatang / 100,
          currency: 'THB',
          branchCode,
          source: expectedPrice!.price.source,
        });
      } else {
        assert.equal(node.price, null);
      }
      assert.equal(node.inventory?.branchCode, branchCode);
      assert.equal(node.inventory?.cprcode, node.cprcode);
    }
    const codes = page.nodes.map((n) => n.cprcode);
    assert.deepEqual([...codes].sort(), codes, 'cprcode order');
  });

  test('cursor paging walks every product once', async () => {
    const seen = new Set<string>();
    let after: string | null = null;
    let total = 0;
    for (let i = 0; i < 100; i++) {
      const result: {
        data: {
          products: {
            totalCount: number;
            pageInfo: { hasNextPage: boolean; endCursor: string | null };
            nodes: { cprcode: string }[];
          };
        } | null;
      } = await t.graphql(
        'query($after: String) { products(first: 100, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { cprcode } } }',
        { after },
      );
      const page = result.data!.products;
      total = page.totalCount;
      for (const node of page.nodes) {
        assert.ok(!seen.has(node.cprcode), `${node.cprcode} twice`);
        seen.add(node.cprcode);
      }
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    assert.equal(seen.size, total);
  });

  test("the README's first query answers products with price and stock", async () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const body = /-d '(\{"query":[^']+\})'/.exec(readme)?.[1];
    assert.ok(body, 'the README shows a curl query');
    const { query } = JSON.parse(body) as { query: string };
    const result = await t.graphql<{ products: { nodes: { price: unknown; inventory: unknown }[] } }>(query);
    assert.equal(result.errors, undefined, JSON.stringify(result.errors));
    assert.ok(result.data!.products.nodes.length > 0);
    assert.ok(result.data!.products.nodes.every((n) => n.price !== undefined && n.inventory !== undefined));
  });

  test('filters: category levels, query, alcoholOnly, pricedOnly', async () => {
    const categories = await t.graphql<{ categories: { name: string; count: number }[] }>(
      '{ categories { name count } }',
    );
    const l1 = categories.data!.categories[0]!;
    assert.ok(l1.count > 0);
    const inL1 = await t.graphql<{ products: { totalCount: number; nodes: { category: { l1: string } }[] } }>(
      'query($l1: String) { products(first: 20, filter: { l1: $l1 }) { totalCount nodes { category { l1 } } } }',
      { l1: l1.name },
    );
    assert.equal(inL1.data!.products.totalCount, l1.count);
    assert.ok(inL1.data!.products.nodes.every((n) => n.category.l1 === l1.name));

    const milk = await t.graphql<{ products: { nodes: { cprcode: string }[] } }>(
      '{ products(first: 10, filter: { query: "milk" }) { nodes { cprcode } } }',
    );
    const milky = t.system.commerce.catalog.get(milk.data!.products.nodes.map((n) => n.cprcode));
    assert.ok(milky.length > 0);
    // The query matches names, brands, barcodes and keywords (not only the English name).
    for (const p of milky)
      assert.match([p.nameEn, p.nameTh, p.brandEn, p.brandTh, ...p.keywords].join(' '), /milk/i, p.nameEn);

    const alcohol = await t.graphql<{ products: { nodes: { cprcode: string }[] } }>(
      '{ products(first: 10, filter: { alcoholOnly: true }) { nodes { cprcode } } }',
    );
    const alcoholic = t.system.commerce.catalog.get(alcohol.data!.products.nodes.map((n) => n.cprcode));
    assert.ok(alcoholic.length > 0 && alcoholic.every((p) => p.alcohol));

    const priced = await t.graphql<{ products: { totalCount: number | null; nodes: ProductNode[] } }>(
      `query($b: ID!) { products(first: 30, branchCode: $b, filter: { pricedOnly: true }) { totalCount nodes { ${PRODUCT_FIELDS} } } }`,
      { b: branchCode },
    );
    assert.equal(priced.data!.products.totalCount, null, 'not cheaply known with pricedOnly');
    assert.equal(priced.data!.products.nodes.length, 30);
    assert.ok(priced.data!.products.nodes.every((n) => n.price !== null));
  });

  test('product without a branch shows the detail price; with a branch, that branch', async () => {
    const code = t.system.commerce.catalog
      .list(
        { query: null, l1: null, l2: null, l3: null, alcoholOnly: false, activeOnly: true, onlineOnly: true },
        { after: null, first: 5 },
      )
      .products.find((p) => p.detailPriceSatang !== null)!;
    const plain = await t.graphql<{ product: ProductNode }>(
      `query($c: ID!) { product(cprcode: $c) { ${PRODUCT_FIELDS} } }`,
      { c: code.cprcode },
    );
    assert.deepEqual(plain.data!.product.price, {
      amount: code.detailPriceSatang! / 100,
      currency: 'THB',
      branchCode: null,
      source: 'DETAIL_FALLBACK',
    });
    assert.equal(plain.data!.product.inventory, null);
    const unknown = await t.graphql<{ product: null }>('{ product(cprcode: "999999999999") { cprcode } }');
    assert.equal(unknown.data!.product, null);
  });

  test('branches, inventory and fulfilmentResolve', async () => {
    const branches = await t.graphql<{
      branches: { branchCode: string; lat: number; lon: number; postcode: string; deliveryAvailable: boolean }[];
    }>(
      '{ branches { branchCode name nameTh alcoholLicensed deliveryAvailable lat lon address province postcode phone distanceKm } }',
    );
    assert.ok(branches.data!.branches.length >= 30);
    const delivering = branches.data!.branches.find((b) => b.deliveryAvailable)!;
    const near = await t.graphql<{ fulfilmentResolve: { branchCode: string; distanceKm: number } }>(
      'query($i: FulfilmentResolveInput!) { fulfilmentResolve(input: $i) { branchCode distanceKm } }',
      { i: { lat: delivering.lat + 0.001, lon: delivering.lon } },
    );
    assert.ok(near.data!.fulfilmentResolve.distanceKm < 1);
    const byPostcode = await t.graphql<{ fulfilmentResolve: { branchCode: string; distanceKm: number | null } }>(
      'query($i: FulfilmentResolveInput!) { fulfilmentResolve(input: $i) { branchCode distanceKm } }',
      { i: { postcode: delivering.postcode } },
    );
    // A branch's own postcode has a known centre: the distance is measured from it.
    const fromCentre = byPostcode.data!.fulfilmentResolve.distanceKm;
    assert.ok(typeof fromCentre === 'number' && fromCentre >= 0 && fromCentre < 50, String(fromCentre));
    const nowhere = await t.graphql('{ fulfilmentResolve(input: { postcode: "00000" }) { branchCode } }');
    assert.equal(nowhere.errors?.[0]?.extensions?.code, 'DELIVERY_UNAVAILABLE');

    const some = t.system.commerce.catalog.list(
      { query: null, l1: null, l2: null, l3: null, alcoholOnly: false, activeOnly: true, onlineOnly: true },
      { after: null, first: 3 },
    ).products;
    const inventory = await t.graphql<{ inventory: { cprcode: string; branchCode: string }[] }>(
      'query($b: ID!, $c: [ID!]) { inventory(branchCode: $b, cprcodes: $c) { cprcode branchCode listable sellableQty ibCfQty qtySource } }',
      { b: branchCode, c: some.map((p) => p.cprcode) },
    );
    assert.deepEqual(
      inventory.data!.inventory.map((i) => i.cprcode),
      some.map((p) => p.cprcode),
    );
  });

  test('bad input answers clear errors with stable codes, never HTTP 500', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['query($c: ID!) { product(cprcode: $c) { cprcode } }', { c: "1'; DROP TABLE products; --" }, 'INVALID_CPRCODE'],
      ['query($c: ID!) { product(cprcode: $c, branchCode: "ZZ99") { cprcode } }', { c: '1000001' }, 'INVALID_BRANCH'],
      [
        'query($c: ID!) { product(cprcode: $c, branchCode: "../../etc") { cprcode } }',
        { c: '1000001' },
        'INVALID_BRANCH',
      ],
      ['{ products(first: -1) { nodes { cprcode } } }', {}, 'INVALID_INPUT'],
      ['{ products(first: 0) { nodes { cprcode } } }', {}, 'INVALID_INPUT'],
      ['{ products(first: 101) { nodes { cprcode } } }', {}, 'INVALID_INPUT'],
      ['{ products(first: 5, after: "not-a-cursor") { nodes { cprcode } } }', {}, 'INVALID_INPUT'],
      ['{ products(first: 5, after: "cDE6Jyk7") { nodes { cprcode } } }', {}, 'INVALID_INPUT'],
      ['{ products(first: 5, filter: { pricedOnly: true }) { nodes { cprcode } } }', {}, 'INVALID_INPUT'],
      [
        `query($q: String) { products(first: 5, filter: { query: $q }) { nodes { cprcode } } }`,
        { q: 'x'.repeat(201) },
        'INVALID_INPUT',
      ],
      ['{ products(first: 2147483648) { nodes { cprcode } } }', {}, 'GRAPHQL_VALIDATION_FAILED'],
      ['query($n: Int!) { products(first: $n) { nodes { cprcode } } }', { n: 'ten' }, 'GRAPHQL_VALIDATION_FAILED'],
      ['{ inventory(branchCode: "BKK01", cprcodes: ["abc"]) { cprcode } }', {}, 'INVALID_CPRCODE'],
      ['{ fulfilmentResolve(input: { lat: 95, lon: 100 }) { branchCode } }', {}, 'INVALID_INPUT'],
      ['{ fulfilmentResolve(input: { lat: 13.7 }) { branchCode } }', {}, 'INVALID_INPUT'],
      ['{ search(query: "   ") { cprcode } }', {}, 'INVALID_INPUT'],
      ['{ search(query: "milk", limit: 51) { cprcode } }', {}, 'INVALID_INPUT'],
      ['{ searchSuggest(query: "mi", limit: 31) }', {}, 'INVALID_INPUT'],
      ['{ basket { basketId } }', {}, 'UNAUTHENTICATED'],
      ['{ nope }', {}, 'GRAPHQL_VALIDATION_FAILED'],
      ['{ products(first: 1) { nodes { cprcode', {}, 'GRAPHQL_PARSE_FAILED'],
    ];
    for (const [query, variables, code] of cases) {
      const result = await t.graphql(query, variables);
      assert.ok(result.status < 500, `${query} → HTTP ${result.status}`);
      assert.equal(
        result.errors?.[0]?.extensions?.code,
        code,
        `${query} ${JSON.stringify(variables)} → ${JSON.stringify(result.errors)}`,
      );
    }
  });

  test('query limits: depth, aliases and cost are refused with QUERY_TOO_COMPLEX', async () => {
    const aliases = Array.from({ length: 31 }, (_, i) => `a${i}: categories { name }`).join(' ');
    const wide = await t.graphql(`{ ${aliases} }`);
    assert.equal(wide.errors?.[0]?.extensions?.code, 'QUERY_TOO_COMPLEX');

    const costly = await t.graphql(
      `{ a: products(first: 100) { nodes { ${PRODUCT_FIELDS} } } b: products(first: 100) { nodes { ${PRODUCT_FIELDS} } } c: products(first: 100) { nodes { ${PRODUCT_FIELDS} } } d: products(first: 100) { nodes { ${PRODUCT_FIELDS} } } }`,
    );
    assert.equal(costly.errors?.[0]?.extensions?.code, 'QUERY_TOO_COMPLEX');
    assert.match(costly.errors![0]!.message, /costs \d+/);

    const deep = await t.graphql(
      `{ __schema { types { fields { type { ${'ofType { '.repeat(12)}name${' }'.repeat(12)} } } } } }`,
    );
    assert.equal(deep.errors?.[0]?.extensions?.code, 'QUERY_TOO_COMPLEX');
    const { getIntrospectionQuery } = await import('graphql');
    const introspection = await t.graphql(getIntrospectionQuery());
    assert.equal(introspection.errors, undefined, 'the standard introspection query is within the limits');

    const tokens = await t.graphql(`{ ${'categories { name } '.repeat(2_000)} }`);
    assert.ok(tokens.errors?.length, 'token limit');
  });

  test('HTTP-level bad input: non-JSON, wrong method, oversized, no partner key', async () => {
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${t.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-partner-key': t.partnerKey, ...headers },
        body,
      });
    const notJson = await post('{"query": ');
    assert.equal(notJson.status, 400);
    const oversized = await post(JSON.stringify({ query: `{ categories { name } } # ${'x'.repeat(300_000)}` }));
    assert.equal(oversized.status, 413);
    assert.equal(((await oversized.json()) as { error: { code: string } }).error.code, 'PAYLOAD_TOO_LARGE');
    const noKey = await fetch(`${t.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"{ categories { name } }"}',
    });
    assert.equal(noKey.status, 401);
    assert.equal(
      ((await noKey.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code,
      'PARTNER_KEY_INVALID',
    );
    const badKey = await post('{"query":"{ categories { name } }"}', { 'x-partner-key': 'pk_test_' + 'A'.repeat(32) });
    assert.equal(badKey.status, 401);
    const put = await fetch(`${t.baseUrl}/graphql`, { method: 'PUT', headers: { 'x-partner-key': t.partnerKey } });
    assert.equal(put.status, 405);
  });
});
