import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabaseKinds } from '@grocery/store';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

const BASKET_FIELDS =
  'basket { basketId ownerId branchCode lines { cprcode quantity product { nameEn price { amount source } inventory { sellableQty } } } } userErrors { code message field }';
const QUOTE_FIELDS =
  'quote { quoteId grandTotal currency branchCode expiresInSeconds subTotal deliveryFee totalDiscount couponCodes failedCoupons raw lines { cprcode quantity price rowTotal discountedRowTotal } } userErrors { code message field }';
const ORDER_FIELDS =
  'order { orderId ownerId branchCode grandTotal isPaid specialComment status sandbox orderSource lines { cprcode quantity price rowTotal } payment { isPaid status grandTotal method } shipping { fulfilmentType schedules { mode pickingStatus } } paymentLink { url expiresAt amount currency provider } } userErrors { code message field }';

/** Products that are safe to buy at a branch: active, online, priced, no alcohol. */
async function buyable(t: TestSystem, branchCode: string, count: number): Promise<string[]> {
  const result = await t.graphql<{ products: { nodes: { cprcode: string }[] } }>(
    'query($b: ID!, $n: Int!) { products(branchCode: $b, first: $n, filter: { pricedOnly: true }) { nodes { cprcode } } }',
    { b: branchCode, n: 50 },
  );
  const catalog = t.system.commerce.catalog.get(result.data!.products.nodes.map((n) => n.cprcode));
  return catalog
    .filter((p) => !p.alcohol && p.active && p.online)
    .slice(0, count)
    .map((p) => p.cprcode);
}

for (const database of testDatabaseKinds()) {
  describe(`checkout end to end on ${database.name}`, () => {
    let t: TestSystem;
    let token: string;
    let branchCode: string;

    before(async () => {
      t = await startTestSystem({ database });
      token = (await t.signUpShopper()).idToken;
      branchCode = (await t.system.commerce.branches.list()).find(
        (b) => b.alcoholLicensed && b.deliveryAvailable,
      )!.branchCode;
    });
    after(async () => t?.close());

    test('basket → quote → coupon → orderCreate → checkout.json → pay → PAID, then ALREADY_PAID', async () => {
      const [a, b] = await buyable(t, branchCode, 2);
      const add1 = await t.graphql<{
        basketAdd: { basket: { lines: unknown[]; ownerId: string }; userErrors: unknown[] };
      }>(
        `mutation($i: BasketAddInput!) { basketAdd(input: $i) { ${BASKET_FIELDS} } }`,
        { i: { cprcode: a, quantity: 2, branchCode } },
        { token },
      );
      assert.deepEqual(add1.data?.basketAdd.userErrors, []);
      const add2 = await t.graphql<{
        basketAdd: {
          basket: { lines: { cprcode: string; quantity: number; product: { price: { amount: number } } }[] };
        };
      }>(
        `mutation($i: BasketAddInput!) { basketAdd(input: $i) { ${BASKET_FIELDS} } }`,
        { i: { cprcode: b, quantity: 3 } },
        { token },
      );
      const lines = add2.data!.basketAdd.basket.lines;
      assert.deepEqual(
        lines.map((l) => [l.cprcode, l.quantity]),
        [
          [a, 2],
          [b, 3],
        ],
      );
      assert.ok(lines.every((l) => l.product.price.amount > 0));

      const quote = await t.graphql<{
        quote: {
          quote: { grandTotal: number; subTotal: number; expiresInSeconds: number; raw: unknown; lines: unknown[] };
          userErrors: unknown[];
        };
      }>(`mutation { quote(input: {}) { ${QUOTE_FIELDS} } }`, {}, { token });
      assert.deepEqual(quote.data?.quote.userErrors, []);
      const bill = quote.data!.quote.quote;
      assert.equal(bill.lines.length, 2);
      assert.ok(bill.grandTotal > 0 && bill.expiresInSeconds > 800 && bill.raw !== null);

      const coupon = await t.graphql<{
        quoteApplyCoupon: {
          quote: { grandTotal: number; couponCodes: string[]; failedCoupons: { code: string; reason: string }[] };
        };
      }>(
        `mutation($i: QuoteInput!) { quoteApplyCoupon(input: $i) { ${QUOTE_FIELDS} } }`,
        { i: { couponCodes: ['SAVE10', 'EXPIRED50'] } },
        { token },
      );
      const discounted = coupon.data!.quoteApplyCoupon.quote;
      assert.deepEqual(discounted.couponCodes, ['SAVE10']);
      assert.deepEqual(
        discounted.failedCoupons.map((f) => [f.code, f.reason]),
        [['EXPIRED50', 'EXPIRED']],
      );
      assert.ok(discounted.grandTotal < bill.grandTotal, 'SAVE10 lowers the bill');

      const created = await t.graphql<{
        orderCreate: {
          order: {
            orderId: string;
            grandTotal: number;
            isPaid: boolean;
            specialComment: string;
            sandbox: boolean;
            status: string;
            paymentLink: { url: string; amount: number; provider: string; expiresAt: number };
          };
          userErrors: unknown[];
        };
      }>(
        `mutation($i: OrderCreateInput) { orderCreate(input: $i) { ${ORDER_FIELDS} } }`,
        { i: { couponCodes: ['SAVE10'], specialComment: 'Ring the bell' } },
        { token },
      );
      assert.deepEqual(created.data?.orderCreate.userErrors, []);
      const order = created.data!.orderCreate.order;
      assert.match(order.orderId, /^[A-Z]{2}[0-9]+-[0-9A-Z]{4}$/);
      assert.equal(order.grandTotal, discounted.grandTotal, 'the order is priced like the quote');
      assert.equal(order.status, 'PLACED');
      assert.equal(order.isPaid, false);
      assert.equal(order.sandbox, true);
      assert.equal(order.specialComment, 'Ring the bell test');
      assert.equal(order.paymentLink.provider, 'sandbox');
      assert.equal(order.paymentLink.amount, order.grandTotal);
      assert.ok(order.paymentLink.url.startsWith(`${t.baseUrl}/pay/`));

      const basket = await t.graphql<{ basket: { lines: unknown[] } }>(
        '{ basket { lines { cprcode } } }',
        {},
        { token },
      );
      assert.deepEqual(basket.data?.basket.lines, [], 'the ordered basket is emptied');

      const checkout = (await (await fetch(`${order.paymentLink.url}/checkout.json`)).json()) as {
        grandTotal: number;
        state: string;
        lines: unknown[];
      };
      assert.equal(checkout.state, 'payable');
      assert.equal(checkout.grandTotal, discounted.grandTotal, 'checkout.json total equals the quote');
      assert.equal(checkout.lines.length, 2);

      const paid = await fetch(order.paymentLink.url, { method: 'POST', headers: { accept: 'application/json' } });
      assert.equal(paid.status, 200);
      assert.equal(((await paid.json()) as { state: string }).state, 'paid');

      const read = await t.graphql<{
        order: { isPaid: boolean; payment: { status: string; isPaid: boolean; method: string } };
      }>(
        'query($id: ID!) { order(orderId: $id) { isPaid payment { status isPaid method } } }',
        { id: order.orderId },
        { token },
      );
      assert.deepEqual(read.data?.order, {
        isPaid: true,
        payment: { status: 'PAID', isPaid: true, method: 'sandbox' },
      });

      const events = await t.system.db.query<{ type: string }>('SELECT type FROM events WHERE order_id = $1', [
        order.orderId,
      ]);
      assert.deepEqual(
        events.rows.map((r) => r.type).filter((type) => type === 'payment.paid'),
        ['payment.paid'],
        'one payment.paid in the outbox',
      );

      const again = await t.graphql<{ paymentLinkCreate: { paymentLink: null; userErrors: { code: string }[] } }>(
        'mutation($id: ID!) { paymentLinkCreate(orderId: $id) { paymentLink { url } userErrors { code message field } } }',
        { id: order.orderId },
        { token },
      );
      assert.equal(again.data?.paymentLinkCreate.paymentLink, null);
      assert.deepEqual(
        again.data?.paymentLinkCreate.userErrors.map((e) => e.code),
        ['ALREADY_PAID'],
      );

      const repay = await fetch(order.paymentLink.url, { method: 'POST', headers: { accept: 'application/json' } });
      assert.equal(repay.status, 409);
      assert.equal(((await repay.json()) as { error: { code: string } }).error.code, 'ALREADY_PAID');
    });

    test('a branch price changed between orderCreate and payment is refused with PRICE_CHANGED', async () => {
      const [a] = await buyable(t, branchCode, 1);
      const created = await t.graphql<{
        orderCreate: { order: { orderId: string; grandTotal: number; paymentLink: { url: string } } };
      }>(
        `mutation($i: OrderCreateInput) { orderCreate(input: $i) { ${ORDER_FIELDS} } }`,
        { i: { branchCode, lines: [{ cprcode: a, quantity: 1 }] } },
        { token },
      );
      const order = created.data!.orderCreate.order;
      const change = await t.admin('POST', '/admin/grocer/prices', {
        branchCode,
        cprcode: a,
        amount: order.grandTotal + 7,
      });
      assert.equal(change.status, 204);

      const page = await fetch(`${order.paymentLink.url}/checkout.json`);
      assert.equal(((await page.json()) as { state: string }).state, 'price_changed');
      const paid = await fetch(order.paymentLink.url, { method: 'POST', headers: { accept: 'application/json' } });
      assert.equal(paid.status, 409);
      assert.equal(((await paid.json()) as { error: { code: string } }).error.code, 'PRICE_CHANGED');
      const read = await t.graphql<{ order: { isPaid: boolean; payment: { status: string } } }>(
        'query($id: ID!) { order(orderId: $id) { isPaid payment { status } } }',
        { id: order.orderId },
        { token },
      );
      assert.deepEqual(read.data?.order, { isPaid: false, payment: { status: 'UNPAID' } });
    });
  });
}
