import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabaseKinds } from '@grocery/store';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

const ADD =
  'mutation($i: BasketAddInput!) { basketAdd(input: $i) { basket { lines { cprcode quantity } } userErrors { code message field } } }';
const SET =
  'mutation($i: BasketSetQuantityInput!) { basketSetQuantity(input: $i) { basket { lines { cprcode quantity } } userErrors { code message field } } }';
const QUOTE =
  'mutation($i: QuoteInput!) { quote(input: $i) { quote { grandTotal failedCoupons couponCodes } userErrors { code message field } } }';
const CREATE =
  'mutation($i: OrderCreateInput) { orderCreate(input: $i) { order { orderId grandTotal paymentLink { url } } userErrors { code message field } } }';

type Payload = { userErrors: { code: string; field: string | null }[] };

for (const database of testDatabaseKinds()) {
  describe(`checkout with hostile input and races on ${database.name}`, () => {
    let t: TestSystem;
    let token: string;
    let branchCode: string;
    let unlicensed: string;
    let products: { ok: string[]; alcohol: string; inactive: string };

    before(async () => {
      t = await startTestSystem({ database });
      token = (await t.signUpShopper()).idToken;
      const branches = await t.system.commerce.branches.list();
      branchCode = branches.find((b) => b.alcoholLicensed && b.deliveryAvailable)!.branchCode;
      unlicensed = branches.find((b) => !b.alcoholLicensed)!.branchCode;
      const all = t.system.commerce.catalog.scan(
        { query: null, l1: null, l2: null, l3: null, alcoholOnly: false, activeOnly: false, onlineOnly: false },
        null,
      );
      const list = [...all];
      const priced = new Set(
        (
          await t.system.grocer.prices(
            branchCode,
            list.slice(0, 400).map((p) => p.cprcode),
          )
        )
          .filter((p) => p.price)
          .map((p) => p.cprcode),
      );
      products = {
        ok: list
          .filter((p) => priced.has(p.cprcode) && p.active && p.online && !p.alcohol)
          .slice(0, 5)
          .map((p) => p.cprcode),
        alcohol: list.find((p) => p.alcohol && p.active && p.online)!.cprcode,
        inactive: list.find((p) => !p.active)!.cprcode,
      };
    });
    after(async () => t?.close());

    const codes = (payload: Payload | undefined) => payload?.userErrors.map((e) => e.code);

    test('basket: bad quantities, unknown and malformed cprcodes, bad branches, unavailable products', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ cprcode: products.ok[0], quantity: 0 }, 'INVALID_QUANTITY'],
        [{ cprcode: products.ok[0], quantity: -3 }, 'INVALID_QUANTITY'],
        [{ cprcode: products.ok[0], quantity: 100 }, 'INVALID_QUANTITY'],
        [{ cprcode: products.ok[0], quantity: 2_000_000_000 }, 'INVALID_QUANTITY'],
        [{ cprcode: '999999999999', quantity: 1 }, 'INVALID_CPRCODE'],
        [{ cprcode: '12ab', quantity: 1 }, 'INVALID_CPRCODE'],
        [{ cprcode: '', quantity: 1 }, 'INVALID_CPRCODE'],
        [{ cprcode: products.ok[0], quantity: 1, branchCode: 'NOPE99' }, 'INVALID_BRANCH'],
        [{ cprcode: products.ok[0], quantity: 1, branchCode: "'; --" }, 'INVALID_BRANCH'],
        [{ cprcode: products.inactive, quantity: 1 }, 'PRODUCT_UNAVAILABLE'],
        [{ cprcode: products.alcohol, quantity: 1, branchCode: unlicensed }, 'ALCOHOL_NOT_LICENSED'],
      ];
      for (const [input, code] of cases) {
        const result = await t.graphql<{ basketAdd: Payload }>(ADD, { i: input }, { token });
        assert.deepEqual(codes(result.data?.basketAdd), [code], JSON.stringify(input));
      }
      const fractional = await t.graphql(ADD, { i: { cprcode: products.ok[0], quantity: '1.5' } }, { token });
      assert.equal(
        fractional.errors?.[0]?.extensions?.code,
        'GRAPHQL_VALIDATION_FAILED',
        'a fractional-as-string quantity is not an Int',
      );
      const basket = await t.graphql<{ basket: null }>('{ basket { lines { cprcode } } }', {}, { token });
      assert.deepEqual(basket.data, { basket: null }, 'nothing was half-written by refused changes');

      await t.graphql(ADD, { i: { cprcode: products.ok[0], quantity: 98, branchCode } }, { token });
      const over = await t.graphql<{ basketAdd: Payload }>(
        ADD,
        { i: { cprcode: products.ok[0], quantity: 2 } },
        { token },
      );
      assert.deepEqual(codes(over.data?.basketAdd), ['INVALID_QUANTITY'], 'a line cannot pass 99');
      const absent = await t.graphql<{ basketSetQuantity: Payload }>(
        SET,
        { i: { cprcode: products.ok[1], quantity: 2 } },
        { token },
      );
      assert.deepEqual(codes(absent.data?.basketSetQuantity), ['NOT_FOUND']);
      const zero = await t.graphql<{ basketSetQuantity: { basket: { lines: unknown[] } } }>(
        SET,
        { i: { cprcode: products.ok[0], quantity: 0 } },
        { token },
      );
      assert.deepEqual(zero.data?.basketSetQuantity.basket.lines, []);
    });

    test('a basket that names no branch gets one that delivers and sells alcohol, so any product can be delivered', async () => {
      const { idToken } = await t.signUpShopper();
      const added = await t.graphql<{ basketAdd: { basket: { branchCode: string } } }>(
        'mutation($i: BasketAddInput!) { basketAdd(input: $i) { basket { branchCode } userErrors { code } } }',
        { i: { cprcode: products.alcohol, quantity: 1 } },
        { token: idToken },
      );
      const branch = (await t.system.commerce.branches.list()).find(
        (b) => b.branchCode === added.data?.basketAdd.basket.branchCode,
      );
      assert.ok(branch?.deliveryAvailable && branch.alcoholLicensed, `default branch ${branch?.branchCode}`);
    });

    test('twenty concurrent basketAdd calls lose no update', async () => {
      const { idToken } = await t.signUpShopper();
      const adds = await Promise.all(
        Array.from({ length: 20 }, () =>
          t.graphql<{ basketAdd: Payload }>(
            ADD,
            { i: { cprcode: products.ok[2], quantity: 1, branchCode } },
            { token: idToken },
          ),
        ),
      );
      assert.ok(adds.every((a) => a.data?.basketAdd.userErrors.length === 0));
      const basket = await t.graphql<{ basket: { lines: { quantity: number }[] } }>(
        '{ basket { lines { quantity } } }',
        {},
        { token: idToken },
      );
      assert.deepEqual(basket.data?.basket.lines, [{ quantity: 20 }]);
    });

    test('quote and order: empty basket, delivery without coordinates, unpriced products, bad coupons', async () => {
      const { idToken } = await t.signUpShopper();
      const empty = await t.graphql<{ quote: Payload }>(QUOTE, { i: {} }, { token: idToken });
      assert.deepEqual(codes(empty.data?.quote), ['EMPTY_BASKET']);
      const emptyOrder = await t.graphql<{ orderCreate: Payload }>(CREATE, { i: null }, { token: idToken });
      assert.deepEqual(codes(emptyOrder.data?.orderCreate), ['EMPTY_BASKET']);
      const noLines = await t.graphql<{ orderCreate: Payload }>(CREATE, { i: { lines: [] } }, { token: idToken });
      assert.deepEqual(codes(noLines.data?.orderCreate), ['EMPTY_BASKET']);

      const line = [{ cprcode: products.ok[3], quantity: 1 }];
      const delivery = await t.graphql<{ quote: Payload }>(
        QUOTE,
        { i: { branchCode, lines: line, shippingType: 'DELIVERY', address: { postcode: '10110' } } },
        { token: idToken },
      );
      assert.deepEqual(codes(delivery.data?.quote), ['ADDRESS_REQUIRED']);
      const orderDelivery = await t.graphql<{ orderCreate: Payload }>(
        CREATE,
        { i: { branchCode, lines: line, shippingType: 'DELIVERY' } },
        { token: idToken },
      );
      assert.deepEqual(codes(orderDelivery.data?.orderCreate), ['ADDRESS_REQUIRED']);
      const badShipping = await t.graphql<{ quote: Payload }>(
        QUOTE,
        { i: { branchCode, lines: line, shippingType: 'TELEPORT' } },
        { token: idToken },
      );
      assert.deepEqual(codes(badShipping.data?.quote), ['INVALID_INPUT']);

      await t.admin('POST', '/admin/grocer/prices', { branchCode, cprcode: products.ok[4], amount: null });
      const unpriced = await t.graphql<{ orderCreate: Payload }>(
        CREATE,
        { i: { branchCode, lines: [{ cprcode: products.ok[4], quantity: 1 }] } },
        { token: idToken },
      );
      assert.deepEqual(
        unpriced.data?.orderCreate.userErrors.map((e) => [e.code, e.field]),
        [['PRICE_UNAVAILABLE', 'input.lines.0.cprcode']],
      );

      const coupons = await t.graphql<{
        quote: { quote: { failedCoupons: { code: string; reason: string }[]; couponCodes: string[] } };
      }>(
        QUOTE,
        { i: { branchCode, lines: line, couponCodes: ['NOSUCH', 'EXPIRED50', 'FUTURE50', 'SAVE10', 'save10'] } },
        { token: idToken },
      );
      assert.deepEqual(
        coupons.data?.quote.quote.failedCoupons.map((f) => [f.code, f.reason]),
        [
          ['NOSUCH', 'UNKNOWN'],
          ['EXPIRED50', 'EXPIRED'],
          ['FUTURE50', 'NOT_STARTED'],
          ['SAVE10', 'DUPLICATE'],
        ],
      );
      const hugeCoupon = await t.graphql<{ quote: Payload }>(
        QUOTE,
        { i: { branchCode, lines: line, couponCodes: ['X'.repeat(10_000)] } },
        { token: idToken },
      );
      assert.deepEqual(codes(hugeCoupon.data?.quote), ['INVALID_INPUT']);
      const tooMany = await t.graphql<{ quote: Payload }>(
        QUOTE,
        { i: { branchCode, lines: line, couponCodes: ['A', 'B', 'C', 'D', 'E', 'F'] } },
        { token: idToken },
      );
      assert.deepEqual(codes(tooMany.data?.quote), ['INVALID_INPUT']);
      const hugeComment = await t.graphql<{ orderCreate: Payload }>(
        CREATE,
        { i: { branchCode, lines: line, specialComment: 'x'.repeat(501) } },
        { token: idToken },
      );
      assert.deepEqual(codes(hugeComment.data?.orderCreate), ['INVALID_INPUT']);
      const orders = await t.graphql<{ orders: { nodes: unknown[] } }>(
        '{ orders(first: 10) { nodes { orderId } } }',
        {},
        { token: idToken },
      );
      assert.deepEqual(orders.data?.orders.nodes, [], 'no refused request left an order behind');
    });

    test('an idempotency key: a double submit creates one order; another request under the key is refused', async () => {
      const { idToken } = await t.signUpShopper();
      const input = { i: { branchCode, lines: [{ cprcode: products.ok[1], quantity: 2 }] } };
      const headers = { 'idempotency-key': `order-${Date.now()}` };
      const [first, second] = await Promise.all([
        t.graphql<{ orderCreate: { order: { orderId: string; paymentLink: { url: string } } } }>(CREATE, input, {
          token: idToken,
          headers,
        }),
        t.graphql<{ orderCreate: { order: { orderId: string; paymentLink: { url: string } } } }>(CREATE, input, {
          token: idToken,
          headers,
        }),
      ]);
      assert.equal(first.data?.orderCreate.order.orderId, second.data?.orderCreate.order.orderId);
      assert.equal(
        first.data?.orderCreate.order.paymentLink.url,
        second.data?.orderCreate.order.paymentLink.url,
        'the first result replays',
      );
      const other = await t.graphql<{ orderCreate: Payload }>(
        CREATE,
        { i: { branchCode, lines: [{ cprcode: products.ok[1], quantity: 3 }] } },
        { token: idToken, headers },
      );
      assert.deepEqual(codes(other.data?.orderCreate), ['IDEMPOTENCY_KEY_REUSED']);
      const orders = await t.graphql<{ orders: { nodes: unknown[] } }>(
        '{ orders(first: 10) { nodes { orderId } } }',
        {},
        { token: idToken },
      );
      assert.equal(orders.data?.orders.nodes.length, 1);
    });

    test('payment links: 20 concurrent payments record one; tampered, one-off, unknown and other-order tokens are refused', async () => {
      const created = await t.graphql<{ orderCreate: { order: { orderId: string; paymentLink: { url: string } } } }>(
        CREATE,
        { i: { branchCode, lines: [{ cprcode: products.ok[3], quantity: 1 }] } },
        { token },
      );
      const url = created.data!.orderCreate.order.paymentLink.url;
      const tokenPart = url.split('/pay/')[1]!;
      const oneOff = tokenPart.slice(0, -1) + (tokenPart.endsWith('A') ? 'B' : 'A');
      for (const bad of [oneOff, 'x', 'A'.repeat(43), `${tokenPart}x`, '..%2F..%2Fetc', "' OR 1=1"]) {
        const response = await fetch(`${t.baseUrl}/pay/${bad}/checkout.json`);
        assert.ok([400, 404].includes(response.status), `${bad} → ${response.status}`);
        const paid = await fetch(`${t.baseUrl}/pay/${bad}`, {
          method: 'POST',
          headers: { accept: 'application/json' },
        });
        assert.ok([400, 404].includes(paid.status), `${bad} → ${paid.status}`);
      }
      const attempts = await Promise.all(
        Array.from({ length: 20 }, () => fetch(url, { method: 'POST', headers: { accept: 'application/json' } })),
      );
      const statuses = attempts.map((r) => r.status);
      assert.equal(statuses.filter((s) => s === 200).length, 1, `statuses ${statuses.join(',')}`);
      assert.equal(statuses.filter((s) => s === 409).length, 19);
      const payments = await t.system.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM payments WHERE order_id = $1',
        [created.data!.orderCreate.order.orderId],
      );
      assert.equal(payments.rows[0]!.n, 1);
      const events = await t.system.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM events WHERE order_id = $1 AND type = 'payment.paid'",
        [created.data!.orderCreate.order.orderId],
      );
      assert.equal(events.rows[0]!.n, 1);
    });

    test('an expired link is refused; a fresh one from paymentLinkCreate pays; decline leaves it unpaid', async () => {
      const created = await t.graphql<{ orderCreate: { order: { orderId: string; paymentLink: { url: string } } } }>(
        CREATE,
        { i: { branchCode, lines: [{ cprcode: products.ok[0], quantity: 1 }] } },
        { token },
      );
      const order = created.data!.orderCreate.order;
      await t.system.db.query("UPDATE payment_links SET expires_at = now() - interval '1 minute' WHERE order_id = $1", [
        order.orderId,
      ]);
      const expired = await fetch(order.paymentLink.url, { method: 'POST', headers: { accept: 'application/json' } });
      assert.equal(expired.status, 410);
      assert.equal(((await expired.json()) as { error: { code: string } }).error.code, 'PAYMENT_LINK_EXPIRED');
      const page = await fetch(order.paymentLink.url);
      assert.match(await page.text(), /expired/i);
      assert.equal(page.headers.get('cache-control'), 'no-store');
      assert.equal(page.headers.get('referrer-policy'), 'no-referrer');

      const fresh = await t.graphql<{ paymentLinkCreate: { paymentLink: { url: string; expiresAt: number } } }>(
        'mutation($id: ID!) { paymentLinkCreate(orderId: $id) { paymentLink { url expiresAt } userErrors { code } } }',
        { id: order.orderId },
        { token },
      );
      const link = fresh.data!.paymentLinkCreate.paymentLink;
      assert.notEqual(link.url, order.paymentLink.url);
      assert.ok(Math.abs(link.expiresAt - (Date.now() / 1000 + 86_400)) < 120, 'valid 24 hours');
      const declined = await fetch(link.url, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: 'simulate=decline',
      });
      assert.equal(declined.status, 400);
      assert.equal(((await declined.json()) as { error: { code: string } }).error.code, 'PAYMENT_DECLINED');
      const session = await t.graphql<{
        paymentStart: { payment: { redirectUrl: string; available: boolean; amountThb: number } };
      }>(
        'mutation($i: PaymentStartInput!) { paymentStart(input: $i) { payment { orderId amountThb currency redirectUrl available } userErrors { code } } }',
        { i: { orderId: order.orderId, callbackUrl: 'https://partner.example/orders' } },
        { token },
      );
      assert.equal(session.data!.paymentStart.payment.available, true);
      assert.equal(
        (
          await fetch(session.data!.paymentStart.payment.redirectUrl, {
            method: 'POST',
            headers: { accept: 'application/json' },
          })
        ).status,
        200,
      );
      const badCallback = await t.graphql<{ paymentStart: Payload }>(
        'mutation($i: PaymentStartInput!) { paymentStart(input: $i) { payment { orderId } userErrors { code field } } }',
        { i: { orderId: order.orderId, callbackUrl: 'javascript:alert(1)' } },
        { token },
      );
      assert.deepEqual(codes(badCallback.data?.paymentStart), ['INVALID_INPUT']);
      const someoneElse = (await t.signUpShopper()).idToken;
      const notTheirs = await t.graphql<{ paymentLinkCreate: Payload }>(
        'mutation($id: ID!) { paymentLinkCreate(orderId: $id) { userErrors { code } } }',
        { id: order.orderId },
        { token: someoneElse },
      );
      assert.deepEqual(
        codes(notTheirs.data?.paymentLinkCreate),
        ['NOT_FOUND'],
        'another shopper cannot touch the order',
      );
    });
  });
}
