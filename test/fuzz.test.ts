import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

/** Property-based hostile input on every input path: no 5xx, no crash, and no state change from a refused request. */
describe('fuzzing the input paths', () => {
  let t: TestSystem;
  let token: string;
  let cprcode: string;
  let branchCode: string;

  const anyText = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.constantFrom(
      '',
      ' ',
      "' OR 1=1 --",
      '../../etc/passwd',
      '\u0000',
      '\u200b',
      '%00',
      '${x}',
      '<script>',
      '🛒',
      'นมสด',
    ),
  );
  const anyJson = fc.jsonValue({ maxDepth: 3 });
  const runs = { numRuns: Number(process.env.FUZZ_RUNS ?? 60) };
  const statePaths = async () =>
    (
      await t.system.db.query<{ n: number }>(
        'SELECT (SELECT count(*) FROM orders)::int + (SELECT count(*) FROM payments)::int AS n',
      )
    ).rows[0]!.n;

  before(async () => {
    // Hundreds of mutations from one shopper: the per-shopper limit is tested elsewhere, not here.
    t = await startTestSystem({ env: { RATE_LIMIT_SHOPPER_MUTATIONS_PER_MIN: '100000' } });
    token = (await t.signUpShopper()).idToken;
    branchCode = (await t.system.commerce.branches.list()).find((b) => b.alcoholLicensed)!.branchCode;
    const page = await t.graphql<{ products: { nodes: { cprcode: string }[] } }>(
      'query($b: ID!) { products(first: 10, branchCode: $b, filter: { pricedOnly: true }) { nodes { cprcode } } }',
      { b: branchCode },
    );
    cprcode = t.system.commerce.catalog
      .get(page.data!.products.nodes.map((n) => n.cprcode))
      .find((p) => !p.alcohol)!.cprcode;
    await t.graphql(
      'mutation($i: BasketAddInput!) { basketAdd(input: $i) { userErrors { code } } }',
      { i: { cprcode, quantity: 1, branchCode } },
      { token },
    );
  });
  after(async () => t?.close());

  test('GraphQL mutation variables: refused inputs change nothing; nothing answers 5xx', async () => {
    const basketBefore = JSON.stringify(
      (await t.graphql('{ basket { branchCode lines { cprcode quantity } } }', {}, { token })).data,
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          'mutation($i: BasketAddInput!) { basketAdd(input: $i) { basket { basketId } userErrors { code field } } }',
          'mutation($i: BasketSetQuantityInput!) { basketSetQuantity(input: $i) { basket { basketId } userErrors { code field } } }',
          'mutation($i: QuoteInput!) { quote(input: $i) { quote { grandTotal } userErrors { code field } } }',
          'mutation($i: OrderCreateInput) { orderCreate(input: $i) { order { orderId } userErrors { code field } } }',
          'mutation($i: PaymentStartInput!) { paymentStart(input: $i) { payment { orderId } userErrors { code field } } }',
        ),
        fc.record(
          {
            cprcode: fc.oneof(anyText, anyJson),
            quantity: fc.oneof(fc.integer(), fc.double(), anyJson),
            branchCode: fc.oneof(anyText, fc.constant(null)),
            lines: fc.oneof(
              anyJson,
              fc.array(fc.record({ cprcode: anyText, quantity: fc.integer() }), { maxLength: 3 }),
            ),
            shippingType: anyText,
            couponCodes: fc.oneof(anyJson, fc.array(anyText, { maxLength: 7 })),
            orderId: anyText,
            address: anyJson,
          },
          { requiredKeys: [] },
        ),
        async (mutation, input) => {
          const ordersBefore = await statePaths();
          const result = await t.graphql<Record<string, { userErrors: { code: string }[] } | null>>(
            mutation,
            { i: input },
            { token },
          );
          assert.ok(result.status < 500, `HTTP ${result.status}`);
          const payload = result.data ? Object.values(result.data)[0] : null;
          const refused = !payload || payload.userErrors.length > 0;
          assert.ok(
            result.errors?.every((e) => e.extensions?.code && e.extensions.code !== 'INTERNAL') ?? true,
            JSON.stringify(result.errors),
          );
          if (refused) assert.equal(await statePaths(), ordersBefore, 'a refused request created no order or payment');
        },
      ),
      runs,
    );
    // Only refused changes above, or successful ones to other lines: the seeded line is intact unless a valid quantity change hit it.
    const basketAfter = (
      await t.graphql<{ basket: { lines: { cprcode: string }[] } }>(
        '{ basket { branchCode lines { cprcode quantity } } }',
        {},
        { token },
      )
    ).data;
    assert.ok(basketAfter?.basket === null || Array.isArray(basketAfter?.basket.lines), basketBefore);
  });

  test('every text field of every mutation and of create_order refuses unusable characters with INVALID_INPUT naming it, before any grocer call', async () => {
    const grocerCalls = async () => {
      const text = await (
        await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: `Bearer ${t.adminToken}` } })
      ).text();
      // The calls a mutation makes; the background poller and catalog refresh use other operations.
      return [
        'calculate',
        'createOrder',
        'cancelOrder',
        'recordPayment',
        'prices',
        'stock',
        'products',
        'branches',
      ].reduce(
        (sum, operation) =>
          sum +
          [
            ...text.matchAll(
              new RegExp(`grocer_calls_total\\{operation="${operation}",outcome="[A-Z_a-z]+"\\} (\\d+)`, 'g'),
            ),
          ].reduce((n, m) => n + Number(m[1]), 0),
        0,
      );
    };
    const address = {
      lat: 13.74,
      lon: 100.54,
      postcode: '10330',
      address: '1 Rama I Rd',
      firstName: 'Somchai',
      lastName: 'Jaidee',
      phone: '0812345678',
      email: 'a@example.com',
    };
    const pricing = {
      branchCode,
      lines: [{ cprcode, quantity: 1 }],
      shippingType: 'DELIVERY',
      scheduleMode: 'REGULAR',
      address,
      couponCodes: ['SAVE10'],
    };
    /** Each text field, with a valid input around it and the field its error must name. */
    const fields: { mutation: string; variables: (bad: string) => Record<string, unknown>; field: string }[] = [
      ...(['address', 'firstName', 'lastName', 'phone', 'email', 'postcode'] as const).flatMap((name) => [
        {
          mutation: 'orderCreate(input: $i)',
          variables: (bad: string) => ({ i: { ...pricing, address: { ...address, [name]: bad } } }),
          field: `input.address.${name}`,
        },
        {
          mutation: 'quote(input: $i)',
          variables: (bad: string) => ({ i: { ...pricing, address: { ...address, [name]: bad } } }),
          field: `input.address.${name}`,
        },
      ]),
      {
        mutation: 'orderCreate(input: $i)',
        variables: (bad) => ({ i: { ...pricing, specialComment: bad } }),
        field: 'input.specialComment',
      },
      {
        mutation: 'orderCreate(input: $i)',
        variables: (bad) => ({ i: { ...pricing, couponCodes: [bad] } }),
        field: 'input.couponCodes.0',
      },
      {
        mutation: 'orderCreate(input: $i)',
        variables: (bad) => ({ i: { ...pricing, branchCode: bad } }),
        field: 'input.branchCode',
      },
      {
        mutation: 'orderCreate(input: $i)',
        variables: (bad) => ({ i: { ...pricing, shippingType: bad } }),
        field: 'input.shippingType',
      },
      {
        mutation: 'orderCreate(input: $i)',
        variables: (bad) => ({ i: { ...pricing, scheduleMode: bad } }),
        field: 'input.scheduleMode',
      },
      {
        mutation: 'orderCreate(input: $i)',
        variables: (bad) => ({ i: { ...pricing, lines: [{ cprcode: bad, quantity: 1 }] } }),
        field: 'input.lines.0.cprcode',
      },
      {
        mutation: 'quoteApplyCoupon(input: $i)',
        variables: (bad) => ({ i: { ...pricing, couponCodes: ['SAVE10', bad] } }),
        field: 'input.couponCodes.1',
      },
      {
        mutation: 'basketAdd(input: $i)',
        variables: (bad) => ({ i: { cprcode, quantity: 1, branchCode: bad } }),
        field: 'input.branchCode',
      },
      { mutation: 'basketSetBranch(branchCode: $i)', variables: (bad) => ({ i: bad }), field: 'branchCode' },
      {
        mutation: 'paymentStart(input: $i)',
        variables: (bad) => ({ i: { orderId: 'PA2611220000123-K7QD', callbackUrl: `https://partner.example/${bad}` } }),
        field: 'input.callbackUrl',
      },
      { mutation: 'paymentLinkCreate(orderId: $i)', variables: (bad) => ({ i: bad }), field: 'orderId' },
    ];
    const types: Record<string, string> = {
      orderCreate: 'OrderCreateInput',
      quote: 'QuoteInput!',
      quoteApplyCoupon: 'QuoteInput!',
      basketAdd: 'BasketAddInput!',
      basketSetBranch: 'ID!',
      paymentStart: 'PaymentStartInput!',
      paymentLinkCreate: 'ID!',
    };
    const unusable = fc.constantFrom(
      '\u0000',
      '\u0001',
      '\u0007',
      '\u000b',
      '\u000c',
      '\u001b',
      '\u001f',
      '\r',
      '\ud800',
      '\udbff',
      '\udc00',
      '\udfff',
    );
    const hostile = fc
      .tuple(fc.string({ maxLength: 12 }), unusable, fc.string({ maxLength: 12 }))
      .map(([before, bad, after]) => `${before}${bad}${after}`);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fields), hostile, async (target, bad) => {
        const name = target.mutation.slice(0, target.mutation.indexOf('('));
        const calls = await grocerCalls();
        const result = await t.graphql<Record<string, { userErrors: { code: string; field: string | null }[] }>>(
          `mutation($i: ${types[name]}) { ${target.mutation} { userErrors { code field } } }`,
          target.variables(bad),
          { token },
        );
        assert.equal(result.status, 200);
        assert.deepEqual(
          result.data?.[name]?.userErrors,
          [{ code: 'INVALID_INPUT', field: target.field }],
          `${name} ${JSON.stringify(bad)}`,
        );
        assert.equal(await grocerCalls(), calls, 'no grocer call');
      }),
      runs,
    );
    // The same through the agent tool, which runs the same operation.
    const before = await grocerCalls();
    for (const specialComment of ['a\u0000b', 'lone \ud83d', 'esc \u001b[31m']) {
      const response = await fetch(`${t.baseUrl}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'x-partner-key': t.partnerKey,
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'create_order', arguments: { ...pricing, specialComment } },
        }),
      });
      assert.equal(response.status, 200);
      const text = await response.text();
      assert.match(text, /"isError":true/);
      assert.match(text, /INVALID_INPUT/);
      assert.match(text, /input\.specialComment/);
      assert.doesNotMatch(text, /INTERNAL/);
    }
    assert.equal(await grocerCalls(), before, 'no grocer call from the tool either');
  });

  test('GraphQL documents: arbitrary text is parsed or refused, never a fault', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyText, fc.string({ maxLength: 300 })), anyJson, async (query, variables) => {
        const response = await fetch(`${t.baseUrl}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-partner-key': t.partnerKey },
          body: JSON.stringify({ query, variables }),
        });
        assert.ok(response.status < 500, `HTTP ${response.status} for ${JSON.stringify(query)}`);
      }),
      runs,
    );
  });

  test('REST catalog parameters: 200, 304, 400 or 404 — never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom('lang', 'page', 'size', 'q', 'category', 'active', 'fields', 'x'), anyText, {
          maxKeys: 5,
        }),
        anyText,
        async (params, id) => {
          const list = await fetch(`${t.baseUrl}/v1/products?${new URLSearchParams(params)}`, {
            headers: { 'x-partner-key': t.partnerKey },
          });
          assert.ok([200, 304, 400].includes(list.status), `list ${list.status} ${JSON.stringify(params)}`);
          const one = await fetch(`${t.baseUrl}/v1/products/${encodeURIComponent(id)}`, {
            headers: { 'x-partner-key': t.partnerKey },
          });
          assert.ok([200, 400, 404].includes(one.status), `one ${one.status} ${JSON.stringify(id)}`);
        },
      ),
      runs,
    );
  });

  test('pay tokens: every forged token is refused and no payment is recorded', async () => {
    const paymentsBefore = await statePaths();
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyText, fc.stringMatching(/^[A-Za-z0-9_-]{43}$/)), async (forged) => {
        const path = `${t.baseUrl}/pay/${encodeURIComponent(forged)}`;
        const page = await fetch(path);
        assert.ok([400, 404].includes(page.status), `GET ${page.status}`);
        const json = await fetch(`${path}/checkout.json`);
        assert.ok([400, 404].includes(json.status), `JSON ${json.status}`);
        const pay = await fetch(path, {
          method: 'POST',
          headers: { accept: 'application/json' },
          body: 'simulate=decline',
        });
        assert.ok([400, 404, 405, 413].includes(pay.status), `POST ${pay.status}`);
      }),
      runs,
    );
    assert.equal(await statePaths(), paymentsBefore);
  });

  test('MCP tool arguments: protocol errors or isError results, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          'get_product',
          'list_products',
          'add_basket_line',
          'create_quote',
          'create_order',
          'search_products',
          'no_such_tool',
        ),
        anyJson,
        async (name, args) => {
          const response = await fetch(`${t.baseUrl}/mcp`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
              'x-partner-key': t.partnerKey,
              authorization: `Bearer ${token}`,
            },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
          });
          assert.ok(response.status < 500, `HTTP ${response.status}`);
        },
      ),
      runs,
    );
  });

  test('inbound grocer webhooks: bad signatures and bodies are 4xx and change nothing', async () => {
    const secret = t.system.config.grocerWebhookSecret;
    const before = await statePaths();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('payment', 'order-status'), anyJson, fc.boolean(), async (kind, body, sign) => {
        const raw = JSON.stringify(body);
        const signature = sign
          ? `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`
          : `sha256=${'0'.repeat(64)}`;
        const response = await fetch(`${t.baseUrl}/webhooks/shop/${kind}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-grocer-signature': signature },
          body: raw,
        });
        assert.ok(response.status >= 400 && response.status < 500, `HTTP ${response.status} for ${raw.slice(0, 80)}`);
      }),
      runs,
    );
    assert.equal(await statePaths(), before);
  });
});
