/**
 * The agent tool interface end to end: the official MCP SDK client over streamable HTTP against the
 * real system. Every `callTool` below is also checked by the client against the tool's outputSchema
 * (the client caches them at listTools), so each result proves the generated result schema too.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { toolCatalog } from '@grocery/mcp';
import {
  assertArgumentsMatchVariables,
  operationFiles,
  sampleArguments,
  schema,
  SPEC_TOOLS,
} from '../packages/mcp/test/support/operation-files.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

interface ToolError {
  code: string;
  message: string;
}

type Money = { amount: number; currency: string; source: string } | null;
interface SearchHit {
  cprcode: string;
  product: {
    nameEn: string | null;
    price: Money;
    inventory: { listable: boolean; sellableQty: number | null } | null;
  } | null;
}
interface Quote {
  quoteId: string;
  grandTotal: number;
  couponCodes?: string[];
  failedCoupons?: { code: string; reason: string }[];
  lines: { cprcode: string; quantity: number }[];
}
interface Order {
  orderId: string;
  status: string;
  grandTotal: number;
  sandbox: boolean;
  lines: { cprcode: string; quantity: number }[];
  paymentLink: { url: string; expiresAt: number; amount: number; currency: string } | null;
}

describe('MCP over streamable HTTP, end to end', () => {
  let t: TestSystem;
  let token: string;
  let branchCode: string;
  const clients: Client[] = [];

  /** An SDK client with the given headers; listTools first so results are checked against outputSchema. */
  async function connect(headers: Record<string, string> = {}): Promise<Client> {
    const client = new Client({ name: 'mcp-e2e', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${t.baseUrl}/mcp`), {
        requestInit: { headers: { 'x-partner-key': t.partnerKey, ...headers } },
      }),
    );
    await client.listTools();
    clients.push(client);
    return client;
  }

  async function call<T>(
    client: Client,
    name: string,
    args: Record<string, unknown> = {},
  ): Promise<{ result: CallToolResult; data: T }> {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    assert.equal(result.content.length, 1, `${name}: one content block`);
    const block = result.content[0]!;
    assert.equal(block.type, 'text');
    assert.deepEqual(
      JSON.parse(block.type === 'text' ? block.text : ''),
      result.structuredContent,
      `${name}: the text block is the structured content`,
    );
    return { result, data: result.structuredContent as T };
  }

  async function ok<T>(client: Client, name: string, args: Record<string, unknown> = {}): Promise<T> {
    const { result, data } = await call<T>(client, name, args);
    assert.notEqual(result.isError, true, `${name} failed: ${JSON.stringify(result.structuredContent)}`);
    return data;
  }

  /** Error codes of a failed call: top-level errors, or the payload's userErrors. */
  function codes(result: CallToolResult): string[] {
    const content = result.structuredContent as Record<string, unknown>;
    const errors =
      (content.errors as ToolError[] | undefined) ??
      Object.values(content).flatMap((p) => (p as { userErrors?: ToolError[] } | null)?.userErrors ?? []);
    return errors.map((e) => e.code);
  }

  before(async () => {
    t = await startTestSystem({ productCount: 1_000 });
    token = (await t.signUpShopper()).idToken;
    branchCode = (await t.system.commerce.branches.list()).find(
      (b) => b.alcoholLicensed && b.deliveryAvailable,
    )!.branchCode;
  });
  after(async () => {
    for (const client of clients) await client.close();
    await t?.close();
  });

  test("tools/list returns exactly the 18 tools of the spec, with argument schemas that are the operations' variables", async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), [...SPEC_TOOLS].sort());
    const graphqlSchema = schema();
    for (const file of operationFiles()) {
      const tool = tools.find((candidate) => candidate.name === file.operation.name?.value)!;
      assertArgumentsMatchVariables(tool.inputSchema, file.operation, graphqlSchema);
      assert.equal(tool.outputSchema?.type, 'object');
      assert.equal(tool.annotations?.readOnlyHint, file.operation.operation === 'query', `${tool.name} readOnlyHint`);
      assert.ok(tool.description && tool.description.length > 100, `${tool.name} is described`);
    }
  });

  test('resources/list and resources/read: the schema as served at /schema.graphql, and the guide', async () => {
    const client = await connect();
    const { resources } = await client.listResources();
    assert.deepEqual(resources.map((r) => r.uri).sort(), ['shop://docs', 'shop://schema']);
    const [sdl] = (await client.readResource({ uri: 'shop://schema' })).contents;
    assert.ok(sdl && 'text' in sdl);
    assert.equal(sdl.text, await (await fetch(`${t.baseUrl}/schema.graphql`)).text());
    const [docs] = (await client.readResource({ uri: 'shop://docs' })).contents;
    assert.ok(docs && 'text' in docs);
    assert.equal(docs.mimeType, 'text/markdown');
    for (const name of SPEC_TOOLS) assert.ok(docs.text.includes(`\`${name}\``), `the guide names ${name}`);
  });

  test('a whole purchase through tools: search → add → quote → coupon → create_order → create_payment_link', async () => {
    const shopper = await connect({ authorization: `Bearer ${token}` });
    const branch = (
      await ok<{ branches: { branchCode: string; postcode: string | null }[] }>(shopper, 'list_branches')
    ).branches.find((b) => b.branchCode === branchCode)!;
    const resolved = await ok<{ fulfilmentResolve: { branchCode: string } }>(shopper, 'resolve_fulfilment', {
      postcode: branch.postcode,
    });
    const shopAt = resolved.fulfilmentResolve.branchCode;

    const buyable: string[] = [];
    for (const query of ['milk', 'rice', 'water', 'juice', 'coffee', 'tea']) {
      const { search } = await ok<{ search: SearchHit[] }>(shopper, 'search_products', {
        query,
        branchCode: shopAt,
        limit: 20,
      });
      for (const hit of search) {
        const p = hit.product;
        if (
          p?.price?.source === 'BRANCH_FEED' &&
          p.inventory?.listable &&
          (p.inventory.sellableQty ?? 0) > 3 &&
          !buyable.includes(hit.cprcode)
        )
          buyable.push(hit.cprcode);
      }
      if (buyable.length >= 2) break;
    }
    assert.ok(buyable.length >= 2, `search found two products priced and stocked at ${shopAt}`);
    const [a, b] = buyable as [string, string];

    const first = await ok<{ basketAdd: { basket: { branchCode: string; lines: unknown[] } } }>(
      shopper,
      'add_basket_line',
      { cprcode: a, quantity: 2, branchCode: shopAt },
    );
    assert.equal(first.basketAdd.basket.branchCode, shopAt);
    const second = await ok<{ basketAdd: { basket: { lines: { cprcode: string; quantity: number }[] } } }>(
      shopper,
      'add_basket_line',
      { cprcode: b },
    );
    assert.deepEqual(
      second.basketAdd.basket.lines.map((l) => [l.cprcode, l.quantity]),
      [
        [a, 2],
        [b, 1],
      ],
      'quantity defaults to 1',
    );

    const quote = (await ok<{ quote: { quote: Quote } }>(shopper, 'create_quote')).quote.quote;
    assert.ok(quote.grandTotal > 0);
    assert.deepEqual(
      quote.lines.map((l) => [l.cprcode, l.quantity]),
      [
        [a, 2],
        [b, 1],
      ],
    );

    const coupon = (
      await ok<{ quoteApplyCoupon: { quote: Quote } }>(shopper, 'apply_coupon', {
        couponCodes: ['SAVE10', 'EXPIRED50'],
      })
    ).quoteApplyCoupon.quote;
    assert.deepEqual(coupon.couponCodes, ['SAVE10']);
    assert.deepEqual(
      coupon.failedCoupons?.map((f) => [f.code, f.reason]),
      [['EXPIRED50', 'EXPIRED']],
    );
    assert.ok(coupon.grandTotal < quote.grandTotal, 'SAVE10 lowers the bill');

    const order = (await ok<{ orderCreate: { order: Order } }>(shopper, 'create_order', { couponCodes: ['SAVE10'] }))
      .orderCreate.order;
    assert.equal(order.grandTotal, coupon.grandTotal, "the order's total is the quote's");
    assert.equal(order.status, 'PLACED');
    assert.equal(order.sandbox, true);
    assert.deepEqual(
      order.lines.map((l) => [l.cprcode, l.quantity]),
      [
        [a, 2],
        [b, 1],
      ],
    );
    const firstLink = order.paymentLink;
    assert.ok(firstLink, 'the order carries its payment link');
    assert.ok(firstLink.url.startsWith(`${t.baseUrl}/pay/`));
    assert.equal(firstLink.amount, order.grandTotal);

    const link = (
      await ok<{ paymentLinkCreate: { paymentLink: { url: string; amount: number; provider: string } } }>(
        shopper,
        'create_payment_link',
        { orderId: order.orderId },
      )
    ).paymentLinkCreate.paymentLink;
    assert.notEqual(link.url, firstLink.url, 'a fresh link');
    assert.equal(link.amount, order.grandTotal);
    assert.equal(link.provider, 'sandbox');
    const checkout = (await (await fetch(`${link.url}/checkout.json`)).json()) as { grandTotal: number; state: string };
    assert.deepEqual(
      [checkout.state, checkout.grandTotal],
      ['payable', order.grandTotal],
      'the link pays exactly this order',
    );

    const session = (
      await ok<{ paymentStart: { payment: { redirectUrl: string; available: boolean; amountThb: number } } }>(
        shopper,
        'start_payment',
        { orderId: order.orderId },
      )
    ).paymentStart.payment;
    assert.deepEqual([session.available, session.amountThb], [true, order.grandTotal]);
    assert.ok(session.redirectUrl.startsWith(`${t.baseUrl}/pay/`));

    const read = (
      await ok<{ order: { orderId: string; isPaid: boolean; payment: { status: string } } }>(shopper, 'get_order', {
        orderId: order.orderId,
      })
    ).order;
    assert.deepEqual([read.orderId, read.isPaid, read.payment.status], [order.orderId, false, 'UNPAID']);
    const listed = (await ok<{ orders: { nodes: { orderId: string }[] } }>(shopper, 'list_orders')).orders.nodes;
    assert.equal(listed[0]?.orderId, order.orderId, 'newest first');
    assert.deepEqual(
      (await ok<{ basket: { lines: unknown[] } }>(shopper, 'get_basket')).basket.lines,
      [],
      'the ordered basket is emptied',
    );

    const viaGraphQL = await t.graphql<{ order: { grandTotal: number } }>(
      'query($id: ID!) { order(orderId: $id) { grandTotal } }',
      { id: order.orderId },
      { token },
    );
    assert.equal(viaGraphQL.data?.order.grandTotal, order.grandTotal, '/graphql sees the same order');
  });

  test('a tool answers exactly what the same operation answers over /graphql', async () => {
    const client = await connect();
    const cprcode = (
      await ok<{ products: { nodes: { cprcode: string }[] } }>(client, 'list_products', {
        branchCode,
        pricedOnly: true,
        first: 3,
      })
    ).products.nodes[0]!.cprcode;
    for (const [name, args] of [
      ['get_product', { cprcode, branchCode }],
      ['list_products', { branchCode, first: 5 }],
      ['list_categories', {}],
      ['get_inventory', { branchCode, cprcodes: [cprcode] }],
    ] as const) {
      const tool = toolCatalog.find((candidate) => candidate.name === name)!;
      const viaGraphQL = await t.graphql(tool.document, args);
      assert.deepEqual(await ok(client, name, args), viaGraphQL.data, name);
    }
  });

  test('shopper tools need the id token: without one, or with a forged one, they fail with UNAUTHENTICATED', async () => {
    const anonymous = await connect();
    const forged = await connect({ authorization: `Bearer ${token.slice(0, -4)}AAAA` });
    for (const tool of toolCatalog) {
      const args = sampleArguments(tool.inputSchema) as Record<string, unknown>;
      const { result } = await call(anonymous, tool.name, args);
      if (tool.shopper) {
        assert.equal(result.isError, true, `${tool.name} without a token`);
        assert.deepEqual(codes(result), ['UNAUTHENTICATED'], `${tool.name} without a token`);
        assert.deepEqual(
          codes((await call(forged, tool.name, args)).result),
          ['UNAUTHENTICATED'],
          `${tool.name} with a forged token`,
        );
      } else {
        assert.ok(!codes(result).includes('UNAUTHENTICATED'), `${tool.name} needs no shopper`);
      }
    }
  });

  test('refusals in userErrors are isError results with their codes and messages', async () => {
    const shopper = await connect({ authorization: `Bearer ${(await t.signUpShopper()).idToken}` });
    const unknown = await call<{ basketAdd: { basket: null; userErrors: ToolError[] } }>(shopper, 'add_basket_line', {
      cprcode: '9999999',
      branchCode,
    });
    assert.equal(unknown.result.isError, true);
    assert.equal(unknown.data.basketAdd.basket, null);
    assert.deepEqual(codes(unknown.result), ['INVALID_CPRCODE']);
    assert.ok(unknown.data.basketAdd.userErrors[0]!.message.length > 10);

    const empty = await call(shopper, 'create_order');
    assert.equal(empty.result.isError, true);
    assert.deepEqual(codes(empty.result), ['EMPTY_BASKET']);

    const quantity = await call(shopper, 'set_basket_quantity', { cprcode: '9999999', quantity: 100 });
    assert.equal(quantity.result.isError, true);
    assert.ok(
      ['INVALID_QUANTITY', 'INVALID_CPRCODE', 'NOT_FOUND'].includes(codes(quantity.result)[0]!),
      JSON.stringify(quantity.data),
    );

    const notMine = await call(shopper, 'create_payment_link', { orderId: 'PA0000000000000-ZZZZ' });
    assert.deepEqual(codes(notMine.result), ['NOT_FOUND']);
  });

  test('the Idempotency-Key header reaches create_order: a retried call replays the first order', async () => {
    const buyer = (await t.signUpShopper()).idToken;
    const cprcode = (
      await t.graphql<{ products: { nodes: { cprcode: string }[] } }>(
        'query($b: ID!) { products(branchCode: $b, first: 5, filter: { pricedOnly: true }) { nodes { cprcode } } }',
        {
          b: branchCode,
        },
      )
    ).data!.products.nodes[0]!.cprcode;
    const args = { branchCode, lines: [{ cprcode, quantity: 1 }] };
    const key = `mcp-e2e-${Date.now()}`;
    const once = await ok<{ orderCreate: { order: Order } }>(
      await connect({ authorization: `Bearer ${buyer}`, 'idempotency-key': key }),
      'create_order',
      args,
    );
    const again = await ok<{ orderCreate: { order: Order } }>(
      await connect({ authorization: `Bearer ${buyer}`, 'idempotency-key': key }),
      'create_order',
      args,
    );
    assert.equal(again.orderCreate.order.orderId, once.orderCreate.order.orderId);
    const fresh = await ok<{ orderCreate: { order: Order } }>(
      await connect({ authorization: `Bearer ${buyer}` }),
      'create_order',
      args,
    );
    assert.notEqual(fresh.orderCreate.order.orderId, once.orderCreate.order.orderId);
  });

  test('clients never share state: two shoppers filling baskets at once each see only their own', async () => {
    const [one, two] = await Promise.all([t.signUpShopper(), t.signUpShopper()]);
    const first = await connect({ authorization: `Bearer ${one.idToken}` });
    const second = await connect({ authorization: `Bearer ${two.idToken}` });
    const nodes = (
      await ok<{ products: { nodes: { cprcode: string }[] } }>(first, 'list_products', {
        branchCode,
        pricedOnly: true,
        first: 8,
      })
    ).products.nodes.map((n) => n.cprcode);
    const mine = nodes.slice(0, 4);
    const theirs = nodes.slice(4, 8);
    await Promise.all([
      ...mine.map((cprcode) => ok(first, 'add_basket_line', { cprcode, branchCode })),
      ...theirs.map((cprcode) => ok(second, 'add_basket_line', { cprcode, branchCode })),
    ]);
    const [a, b] = await Promise.all([
      ok<{ basket: { lines: { cprcode: string }[] } }>(first, 'get_basket'),
      ok<{ basket: { lines: { cprcode: string }[] } }>(second, 'get_basket'),
    ]);
    assert.deepEqual(a.basket.lines.map((l) => l.cprcode).sort(), [...mine].sort());
    assert.deepEqual(b.basket.lines.map((l) => l.cprcode).sort(), [...theirs].sort());
  });
});
