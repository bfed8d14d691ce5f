/**
 * Production payments end to end: the whole system configured with STRIPE_* pointing at a local
 * double of the Stripe API (test/support/stripe-double.ts), a partner taken live, and its pk_live_
 * orders paid through Checkout Sessions. Webhooks are signed as Stripe signs them. The double is for
 * tests only; the product talks to Stripe through the official SDK.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabaseKinds } from '@grocery/store';
import { startSystem } from '../apps/api/src/system.ts';
import { createLivePartner, publicWebhookSender, type LivePartner } from './support/live-partner.ts';
import { productionConfig } from './support/production-config.ts';
import { startStripeDouble, type StripeDouble } from './support/stripe-double.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

const CREATE =
  'mutation($i: OrderCreateInput) { orderCreate(input: $i) { order { orderId grandTotal sandbox paymentLink { url provider } } userErrors { code } } }';

interface PlacedOrder {
  orderId: string;
  grandTotal: number;
  sandbox: boolean;
  paymentLink: { url: string; provider: string };
}

describe('production payments through Stripe Checkout', () => {
  let stripe: StripeDouble;
  let t: TestSystem;
  let live: LivePartner;
  let branchCode: string;
  let cprcode: string;

  const stripeEnv = () => ({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.apiUrl,
  });

  before(async () => {
    stripe = await startStripeDouble();
    // Short saga windows, so that the recovery worker looks at a lost payment within the test.
    t = await startTestSystem({
      env: { ...stripeEnv(), CHECKOUT_REQUEST_WINDOW_MS: '1500', RECOVERY_DELAYS_MS: '200', RECOVERY_IDLE_MS: '50' },
      webhookSender: publicWebhookSender(),
    });
    live = await createLivePartner(t);
    branchCode = (await t.system.commerce.branches.list())[0]!.branchCode;
    const page = await t.graphql<{ products: { nodes: { cprcode: string }[] } }>(
      'query($b: ID!) { products(first: 20, branchCode: $b, filter: { pricedOnly: true }) { nodes { cprcode } } }',
      { b: branchCode },
    );
    cprcode = t.system.commerce.catalog
      .get(page.data!.products.nodes.map((n) => n.cprcode))
      .find((p) => !p.alcohol)!.cprcode;
  });
  after(async () => {
    await t?.close();
    await stripe?.close();
  });

  const placeOrder = async (): Promise<PlacedOrder> => {
    const { idToken } = await t.signUpShopper(undefined, live.clientId);
    const created = await t.graphql<{ orderCreate: { order: PlacedOrder | null; userErrors: unknown[] } }>(
      CREATE,
      { i: { branchCode, lines: [{ cprcode, quantity: 2 }] } },
      { token: idToken, partnerKey: live.partnerKey },
    );
    const order = created.data?.orderCreate.order;
    assert.ok(order, JSON.stringify(created));
    return order;
  };
  /** Pays as an app does (`Accept: application/json`): the Checkout Session's id and URL. */
  const startPayment = async (order: PlacedOrder) => {
    const response = await fetch(order.paymentLink.url, { method: 'POST', headers: { accept: 'application/json' } });
    const body = (await response.json()) as { state: string; redirectUrl: string };
    assert.equal(response.status, 200, JSON.stringify(body));
    assert.equal(body.state, 'redirect');
    return { sessionId: new URL(body.redirectUrl).pathname.split('/').pop()!, redirectUrl: body.redirectUrl };
  };
  const deliver = (
    delivery: { payload: string; header: string },
    headers: Record<string, string> = { 'stripe-signature': delivery.header },
  ) =>
    fetch(`${t.baseUrl}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: delivery.payload,
    });
  const checkout = async (order: PlacedOrder) =>
    (await (await fetch(`${order.paymentLink.url}/checkout.json`)).json()) as {
      state: string;
      payment: { provider: string; lastAttempt: { state: string; refunded: boolean } | null };
    };
  const paymentStatus = async (orderId: string) =>
    (await t.system.commerce.store.ordersByIds([orderId]))[0]?.paymentStatus;
  const paidEvents = async (orderId: string) =>
    (
      await t.system.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM events WHERE order_id = $1 AND type = 'payment.paid'",
        [orderId],
      )
    ).rows[0]!.n;
  const attemptsOf = async (orderId: string) => t.system.commerce.store.listPaymentAttempts([orderId]);

  test('a live partner’s order pays on Stripe’s page: 303 for a form, JSON for apps, the session as documented; the page names card and PromptPay', async () => {
    const order = await placeOrder();
    assert.equal(order.sandbox, false);
    assert.equal(order.paymentLink.provider, 'stripe');
    const page = await (await fetch(order.paymentLink.url)).text();
    assert.match(page, /card or PromptPay/);
    assert.match(await (await fetch(`${order.paymentLink.url}?lang=th`)).text(), /พร้อมเพย์/);
    const token = order.paymentLink.url.split('/pay/')[1]!;

    const form = await fetch(order.paymentLink.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    assert.equal(form.status, 303);
    const location = form.headers.get('location')!;
    const sessionId = new URL(location).pathname.split('/').pop()!;
    const session = stripe.session(sessionId);
    assert.equal(location, session.url);

    const create = stripe.requests.find((r) => r.route === 'POST /v1/checkout/sessions')!;
    const [attempt] = await attemptsOf(order.orderId);
    assert.equal(create.idempotencyKey, attempt!.attemptId, 'the attempt id is the idempotency key');
    const params = create.params as {
      line_items: { price_data: { currency: string; unit_amount: unknown } }[];
      [name: string]: unknown;
    };
    assert.equal(params.mode, 'payment');
    assert.deepEqual(params.allowed_payment_method_types, ['card', 'promptpay']);
    assert.equal(params.client_reference_id, order.orderId);
    assert.deepEqual(params.metadata, { orderId: order.orderId, attemptId: attempt!.attemptId });
    const [line] = params.line_items;
    assert.equal(line?.price_data.currency, 'thb');
    assert.equal(Number(line?.price_data.unit_amount), Math.round(order.grandTotal * 100), 'the grand total in satang');
    assert.equal(params.success_url, `${t.system.config.shopUrl}/pay/${token}?provider=return`);
    assert.equal(params.cancel_url, `${t.system.config.shopUrl}/pay/${token}?provider=cancel`);

    // An app asking again gets the same open session, not a second one.
    assert.equal((await startPayment(order)).sessionId, sessionId);
    assert.equal(stripe.count('POST /v1/checkout/sessions'), 1);
    const view = await checkout(order);
    assert.equal(view.payment.provider, 'stripe');
    assert.equal(view.state, 'payable');
  });

  test('checkout.session.completed pays the order once; repeats, forgeries, stale and other events change nothing', async () => {
    const order = await placeOrder();
    const { sessionId } = await startPayment(order);
    stripe.complete(sessionId, { paymentStatus: 'paid' });
    const completed = stripe.event('checkout.session.completed', sessionId);

    const refusedHeaders: Record<string, string>[] = [
      {},
      { 'stripe-signature': 't=1,v1=00' },
      { 'stripe-signature': stripe.event('checkout.session.completed', sessionId, { secret: 'whsec_forged' }).header },
      { 'stripe-signature': 'x'.repeat(10_000) },
    ];
    for (const headers of refusedHeaders) {
      const refused = await deliver(completed, headers);
      assert.equal(refused.status, 400);
      assert.equal(((await refused.json()) as { error: { code: string } }).error.code, 'SIGNATURE_INVALID');
    }
    const stale = stripe.event('checkout.session.completed', sessionId, {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    assert.equal((await deliver(stale)).status, 400, 'signed more than 300 s ago');
    const tampered = await deliver({
      payload: completed.payload.replace('"paid"', '"unpaid"'),
      header: completed.header,
    });
    assert.equal(tampered.status, 400);
    assert.equal(await paymentStatus(order.orderId), 'UNPAID', 'nothing refused moved the order');

    const accepted = await deliver(completed);
    assert.equal(accepted.status, 200);
    assert.deepEqual(await accepted.json(), { received: true, outcome: 'settled' });
    assert.equal(await paymentStatus(order.orderId), 'PAID');
    assert.equal((await deliver(completed)).status, 200, 'a repeated delivery is answered 200');
    const ignored = await deliver(stripe.event('payment_intent.created', sessionId));
    assert.equal(ignored.status, 200);
    assert.deepEqual(await ignored.json(), { received: true, outcome: 'ignored' });
    assert.equal(await paidEvents(order.orderId), 1, 'one payment.paid');
    const [atGrocer] = await t.system.grocer.orders([order.orderId]);
    const [attempt] = await attemptsOf(order.orderId);
    assert.equal(atGrocer!.payment.paymentId, attempt!.attemptId, 'the grocer records the attempt');
    assert.equal((await checkout(order)).state, 'paid');
    const back = await (await fetch(`${order.paymentLink.url}?provider=return`)).text();
    assert.match(back, /Payment received|paid/i);

    const huge = await fetch(`${t.baseUrl}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'stripe-signature': completed.header },
      body: 'x'.repeat(300 * 1024),
    });
    assert.equal(huge.status, 413);
    assert.equal((await fetch(`${t.baseUrl}/webhooks/stripe`)).status, 405);
  });

  test('PromptPay settles later: completed but unpaid shows pending, async_payment_succeeded pays; out of order it is the same', async () => {
    const order = await placeOrder();
    const { sessionId } = await startPayment(order);
    stripe.complete(sessionId, { paymentStatus: 'unpaid' });
    const completed = stripe.event('checkout.session.completed', sessionId);
    assert.equal((await deliver(completed)).status, 200);
    assert.equal(await paymentStatus(order.orderId), 'UNPAID');
    assert.equal((await checkout(order)).state, 'pending');
    const page = await (await fetch(`${order.paymentLink.url}?provider=return`)).text();
    assert.match(page, /PromptPay payments can take a little while/);
    assert.match(await (await fetch(`${order.paymentLink.url}?provider=return&lang=th`)).text(), /กำลังยืนยัน/);
    stripe.settleAsync(sessionId, true);
    assert.equal((await deliver(stripe.event('checkout.session.async_payment_succeeded', sessionId))).status, 200);
    assert.equal(await paymentStatus(order.orderId), 'PAID');

    // Out of order: the success arrives before the completion it follows.
    const second = await placeOrder();
    const next = await startPayment(second);
    stripe.complete(next.sessionId, { paymentStatus: 'unpaid' });
    const late = stripe.event('checkout.session.completed', next.sessionId);
    stripe.settleAsync(next.sessionId, true);
    assert.equal((await deliver(stripe.event('checkout.session.async_payment_succeeded', next.sessionId))).status, 200);
    assert.equal((await deliver(late)).status, 200);
    assert.equal(await paymentStatus(second.orderId), 'PAID');
    assert.equal((await checkout(second)).state, 'paid');
    assert.equal(await paidEvents(second.orderId), 1);
  });

  test('a lost webhook: the shopper’s return looks the session up; with no return, the recovery worker does', async () => {
    const byReturn = await placeOrder();
    const first = await startPayment(byReturn);
    stripe.complete(first.sessionId, { paymentStatus: 'paid' });
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    const page = await (await fetch(`${byReturn.paymentLink.url}?provider=return`)).text();
    assert.equal(await paymentStatus(byReturn.orderId), 'PAID', page.slice(0, 200));

    const byWorker = await placeOrder();
    const second = await startPayment(byWorker);
    stripe.complete(second.sessionId, { paymentStatus: 'paid' });
    const deadline = Date.now() + 15_000;
    while ((await paymentStatus(byWorker.orderId)) !== 'PAID' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(await paymentStatus(byWorker.orderId), 'PAID', 'settled by the recovery worker');
    assert.equal(await paidEvents(byWorker.orderId), 1);
    // The webhook arriving after all changes nothing.
    assert.equal((await deliver(stripe.event('checkout.session.completed', second.sessionId))).status, 200);
    assert.equal(await paidEvents(byWorker.orderId), 1);
  });

  test('a failed PromptPay payment and an expired session end the attempt; the link pays again with a new session', async () => {
    const declined = await placeOrder();
    const first = await startPayment(declined);
    stripe.complete(first.sessionId, { paymentStatus: 'unpaid' });
    stripe.settleAsync(first.sessionId, false);
    assert.equal((await deliver(stripe.event('checkout.session.async_payment_failed', first.sessionId))).status, 200);
    const view = await checkout(declined);
    assert.equal(view.state, 'payable');
    assert.equal(view.payment.lastAttempt?.state, 'failed');
    assert.match(await (await fetch(declined.paymentLink.url)).text(), /did not go through|declined|failed/i);
    const retry = await startPayment(declined);
    assert.notEqual(retry.sessionId, first.sessionId, 'a new attempt, a new session');

    const expired = await placeOrder();
    const session = await startPayment(expired);
    stripe.expire(session.sessionId);
    assert.equal((await deliver(stripe.event('checkout.session.expired', session.sessionId))).status, 200);
    assert.equal((await attemptsOf(expired.orderId))[0]?.state, 'failed');
    assert.equal((await checkout(expired)).state, 'payable');
    assert.notEqual((await startPayment(expired)).sessionId, session.sessionId);
    assert.equal(await paymentStatus(expired.orderId), 'UNPAID');
  });

  test('the grocer will not record a payment Stripe took (the order was cancelled): the money goes back through a Stripe refund', async () => {
    const order = await placeOrder();
    const { sessionId } = await startPayment(order);
    await t.system.grocer.cancelOrder(order.orderId);
    stripe.complete(sessionId, { paymentStatus: 'paid' });
    assert.equal((await deliver(stripe.event('checkout.session.completed', sessionId))).status, 200);
    const refunds = stripe.refunds.filter((r) => r.payment_intent === stripe.session(sessionId).payment_intent);
    assert.equal(refunds.length, 1);
    assert.equal(refunds[0]!.amount, Math.round(order.grandTotal * 100));
    const [attempt] = await attemptsOf(order.orderId);
    assert.equal(attempt?.state, 'refunded');
    assert.equal(await paidEvents(order.orderId), 0);
    const view = await checkout(order);
    assert.equal(view.payment.lastAttempt?.refunded, true);
    // A repeated event refunds nothing more.
    await deliver(stripe.event('checkout.session.completed', sessionId));
    assert.equal(stripe.refunds.filter((r) => r.payment_intent === stripe.session(sessionId).payment_intent).length, 1);
  });

  test('Stripe unreachable: PAYMENT_PROVIDER_UNAVAILABLE, the order stays payable; the next try works', async () => {
    const order = await placeOrder();
    stripe.fault('POST /v1/checkout/sessions', { times: 10, status: 500 });
    const refused = await fetch(order.paymentLink.url, { method: 'POST', headers: { accept: 'application/json' } });
    assert.equal(refused.status, 503);
    assert.equal(((await refused.json()) as { error: { code: string } }).error.code, 'PAYMENT_PROVIDER_UNAVAILABLE');
    assert.equal(await paymentStatus(order.orderId), 'UNPAID');
    assert.equal(
      (await attemptsOf(order.orderId))[0]?.state,
      'failed',
      'the shopper never saw a Stripe page: no money can have moved',
    );
    assert.equal((await checkout(order)).state, 'payable');
    stripe.fault('POST /v1/checkout/sessions', { times: 0 });
    assert.ok((await startPayment(order)).sessionId, 'the next try gets a session at once');
  });

  test('NODE_ENV=production starts with STRIPE_* set, and serves the Stripe webhook', async () => {
    const { config } = productionConfig(stripeEnv());
    const system = await startSystem({
      config,
      db: await testDatabaseKinds()[0]!.open(),
      grocer: { productCount: 100 },
    });
    try {
      const response = await fetch(`${system.api.origin}/webhooks/stripe`, {
        method: 'POST',
        headers: { 'stripe-signature': 't=1,v1=00' },
        body: '{}',
      });
      assert.equal(response.status, 400);
      assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'SIGNATURE_INVALID');
    } finally {
      await system.close();
    }
  });
});
