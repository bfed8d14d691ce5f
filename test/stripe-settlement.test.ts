/**
 * Money through Stripe, exactly once, the way a production month goes: shoppers who pay late, twice
 * or after a price change; webhooks late, out of order, or about sessions the service never opened;
 * refunds Stripe fails and then makes; hostile event bodies. The whole system runs with STRIPE_*
 * pointing at the Stripe double (test/support/stripe-double.ts), on PGlite and PostgreSQL. Every
 * scenario ends on the same invariants: at most one settled payment per order, every other payment
 * Stripe holds for the order refunded exactly once, the shopper's page telling the truth, and
 * reconciliation empty for the order once recovery has run.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import Stripe from 'stripe';
import { testDatabaseKinds } from '@grocery/store';
import { createLivePartner, publicWebhookSender, type LivePartner } from './support/live-partner.ts';
import { startStripeDouble, type StripeDouble } from './support/stripe-double.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

const CREATE =
  'mutation($i: OrderCreateInput) { orderCreate(input: $i) { order { orderId grandTotal paymentLink { url } } userErrors { code message } } }';

interface PlacedOrder {
  orderId: string;
  grandTotal: number;
  paymentLink: { url: string };
  cprcode: string;
}

interface CheckoutView {
  state: string;
  payment: {
    isPaid: boolean;
    lastAttempt: { state: string; failureCode: string | null; refunded: boolean } | null;
    refunds: { amount: number; currency: string; reason: string; state: string }[];
  };
}

for (const database of testDatabaseKinds()) {
  describe(`Stripe settlement by Stripe's word (${database.name})`, () => {
    let stripe: StripeDouble;
    let t: TestSystem;
    let live: LivePartner;
    let branchCode: string;
    let products: string[];
    let next = 0;

    before(async () => {
      stripe = await startStripeDouble();
      // Short saga windows, so that the recovery worker settles within the test.
      t = await startTestSystem({
        database,
        env: {
          STRIPE_SECRET_KEY: stripe.secretKey,
          STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
          STRIPE_API_URL: stripe.apiUrl,
          CHECKOUT_REQUEST_WINDOW_MS: '1500',
          RECOVERY_DELAYS_MS: '200',
          RECOVERY_IDLE_MS: '50',
        },
        webhookSender: publicWebhookSender(),
      });
      live = await createLivePartner(t, 'Settlement Grocer');
      branchCode = (await t.system.commerce.branches.list())[0]!.branchCode;
      const page = await t.graphql<{ products: { nodes: { cprcode: string }[] } }>(
        'query($b: ID!) { products(first: 60, branchCode: $b, filter: { pricedOnly: true }) { nodes { cprcode } } }',
        { b: branchCode },
      );
      products = t.system.commerce.catalog
        .get(page.data!.products.nodes.map((n) => n.cprcode))
        .filter((p) => !p.alcohol)
        .map((p) => p.cprcode);
    });
    after(async () => {
      await t?.close();
      await stripe?.close();
    });

    /** An order of its own product, so that a price change in one test touches no other. */
    const placeOrder = async (): Promise<PlacedOrder> => {
      const cprcode = products[next++ % products.length]!;
      const { idToken } = await t.signUpShopper(undefined, live.clientId);
      const created = await t.graphql<{
        orderCreate: { order: Omit<PlacedOrder, 'cprcode'> | null; userErrors: unknown[] };
      }>(
        CREATE,
        { i: { branchCode, lines: [{ cprcode, quantity: 2 }] } },
        { token: idToken, partnerKey: live.partnerKey },
      );
      const order = created.data?.orderCreate.order;
      assert.ok(order, JSON.stringify(created));
      return { ...order, cprcode };
    };
    const pay = async (order: PlacedOrder) => {
      const response = await fetch(order.paymentLink.url, { method: 'POST', headers: { accept: 'application/json' } });
      return {
        status: response.status,
        body: (await response.json()) as {
          state?: string;
          redirectUrl?: string;
          error?: { code: string; message: string };
        },
      };
    };
    const startPayment = async (order: PlacedOrder): Promise<string> => {
      const { status, body } = await pay(order);
      assert.equal(status, 200, JSON.stringify(body));
      assert.equal(body.state, 'redirect');
      return new URL(body.redirectUrl!).pathname.split('/').pop()!;
    };
    const deliver = async (delivery: { payload: string; header: string }) => {
      const response = await fetch(`${t.baseUrl}/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': delivery.header },
        body: delivery.payload,
      });
      return {
        status: response.status,
        body: (await response.json()) as { outcome?: string; error?: { code: string } },
      };
    };
    /** A body signed with the webhook secret, as Stripe signs one (the body itself is the test's). */
    const signed = (payload: string) => ({
      payload,
      header: Stripe.webhooks.generateTestHeaderString({ payload, secret: stripe.webhookSecret }),
    });
    const checkout = async (order: PlacedOrder) =>
      (await (await fetch(`${order.paymentLink.url}/checkout.json`)).json()) as CheckoutView;
    const store = () => t.system.commerce.store;
    const paymentStatus = async (orderId: string) => (await store().ordersByIds([orderId]))[0]?.paymentStatus;
    const attemptsOf = (orderId: string) => store().listPaymentAttempts([orderId]);
    const count = async (sql: string, params: unknown[]) =>
      (await t.system.db.query<{ n: number }>(sql, params)).rows[0]!.n;
    const events = (orderId: string, type: string) =>
      count('SELECT count(*)::int AS n FROM events WHERE order_id = $1 AND type = $2', [orderId, type]);
    const sessionsCreatedFor = (orderId: string) =>
      stripe.requests.filter(
        (r) =>
          r.route === 'POST /v1/checkout/sessions' &&
          (r.params.metadata as Record<string, string> | undefined)?.orderId === orderId,
      ).length;
    const refundsAtStripe = (sessionId: string) => {
      const intent = stripe.session(sessionId).payment_intent;
      return stripe.refunds.filter((refund) => intent !== null && refund.payment_intent === intent);
    };
    const setPrice = async (order: PlacedOrder, deltaSatang: number) => {
      const [found] = await t.system.grocer.prices(branchCode, [order.cprcode]);
      await t.system.grocerControl!.setPrice({
        branchCode,
        cprcode: order.cprcode,
        amountSatang: found!.price!.amountSatang + deltaSatang,
      });
    };
    const waitFor = async (what: string, check: () => Promise<boolean> | boolean, ms = 15_000) => {
      const deadline = Date.now() + ms;
      while (!(await check())) {
        if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    /**
     * The invariants every scenario ends on: at most one settled payment; each paid session of the
     * order at Stripe is either the settled one (not refunded) or refunded exactly once in full; no
     * refund waits; reconciliation reports nothing for the order.
     */
    const assertMoneyKeptOnce = async (order: PlacedOrder, extraSessions: string[] = []) => {
      await waitFor('the order’s refunds to be confirmed', async () =>
        (await store().listRefunds([order.orderId])).every((r) => r.state === 'succeeded'),
      );
      const payments = await count('SELECT count(*)::int AS n FROM payments WHERE order_id = $1', [order.orderId]);
      assert.ok(payments <= 1, `${payments} payments recorded`);
      const attempts = await attemptsOf(order.orderId);
      const sessions = [
        ...attempts.flatMap((a) => (a.providerReference ? [a.providerReference] : [])),
        ...extraSessions,
      ];
      for (const sessionId of sessions) {
        const session = stripe.session(sessionId);
        const refunds = refundsAtStripe(sessionId);
        const settled = attempts.some((a) => a.state === 'paid' && a.providerReference === sessionId);
        if (session.payment_status !== 'paid') {
          assert.equal(refunds.length, 0, `${sessionId} took no money and had none refunded`);
          continue;
        }
        if (settled) assert.equal(refunds.length, 0, `the settled session ${sessionId} keeps its money`);
        else {
          assert.equal(
            refunds.length,
            1,
            `the paid session ${sessionId} that is not the order's payment is refunded once`,
          );
          assert.equal(refunds[0]!.amount, session.amount_total, 'in full');
        }
      }
      assert.equal(await events(order.orderId, 'payment.paid'), payments, 'one payment.paid per settled payment');
      assert.equal(
        await events(order.orderId, 'payment.refunded'),
        (await store().listRefunds([order.orderId])).length,
        'one payment.refunded per refund',
      );
      const report = await t.system.commerce.reconciliation.run();
      assert.deepEqual(
        report.mismatches.filter((m) => m.orderId === order.orderId),
        [],
      );
    };

    test('a session the service gives up as the price changes: Pay closes it; the shopper who finished first is refunded in full, once, and told', async () => {
      const order = await placeOrder();
      const sessionId = await startPayment(order);
      await setPrice(order, 1_000);
      // The shopper completes the page just as the service asks Stripe to expire it.
      stripe.fault('POST /v1/checkout/sessions/:id/expire', {
        before: () => void stripe.complete(sessionId, { paymentStatus: 'paid' }),
      });
      const refused = await pay(order);
      assert.equal(refused.status, 409);
      assert.equal(refused.body.error?.code, 'PRICE_CHANGED');
      await waitFor('the refund', () => refundsAtStripe(sessionId).length === 1);
      const [attempt] = await attemptsOf(order.orderId);
      assert.deepEqual([attempt?.state, attempt?.failureCode], ['refunded', 'PRICE_CHANGED']);
      assert.equal(await paymentStatus(order.orderId), 'UNPAID');
      const view = await checkout(order);
      assert.equal(view.state, 'price_changed');
      assert.deepEqual(
        view.payment.refunds.map((r) => [r.amount, r.currency, r.reason, r.state]),
        [[order.grandTotal, 'THB', 'PRICE_CHANGED', 'succeeded']],
      );
      assert.match(await (await fetch(order.paymentLink.url)).text(), /was refunded to you/);
      assert.match(await (await fetch(`${order.paymentLink.url}?lang=th`)).text(), /คืนเงิน/);
      assert.equal(
        (await deliver(stripe.event('checkout.session.completed', sessionId))).body.outcome,
        'ignored',
        'the late webhook changes nothing',
      );
      await assertMoneyKeptOnce(order);
      await setPrice(order, -1_000);
    });

    test('the price changed after the session opened and the shopper paid the old amount at Stripe: refunded (PRICE_CHANGED); the order stays unpaid', async () => {
      const order = await placeOrder();
      const sessionId = await startPayment(order);
      await setPrice(order, 500);
      stripe.complete(sessionId, { paymentStatus: 'paid' });
      assert.deepEqual((await deliver(stripe.event('checkout.session.completed', sessionId))).body.outcome, 'refunded');
      assert.equal(await paymentStatus(order.orderId), 'UNPAID');
      assert.equal(await events(order.orderId, 'payment.paid'), 0);
      assert.equal((await checkout(order)).state, 'price_changed');
      await assertMoneyKeptOnce(order);
      await setPrice(order, -500);
    });

    test('paid at the grocer while its Stripe session was open: the session is closed; money that lands first is refunded (ALREADY_PAID)', async () => {
      const closed = await placeOrder();
      const openSession = await startPayment(closed);
      await t.system.grocer.recordPayment({
        orderId: closed.orderId,
        paymentId: 'till_1',
        amountSatang: Math.round(closed.grandTotal * 100),
        provider: 'cash',
        reference: 'till-1',
      });
      assert.equal((await checkout(closed)).state, 'paid', 'the service learns it from the grocer');
      await waitFor('the open session to be expired', () => stripe.session(openSession).status === 'expired');
      await waitFor('the attempt to end', async () => (await attemptsOf(closed.orderId))[0]?.state === 'failed');
      assert.equal((await attemptsOf(closed.orderId))[0]?.failureCode, 'ALREADY_PAID');
      await assertMoneyKeptOnce(closed);

      const landed = await placeOrder();
      const sessionId = await startPayment(landed);
      stripe.complete(sessionId, { paymentStatus: 'paid' });
      await t.system.grocer.recordPayment({
        orderId: landed.orderId,
        paymentId: 'till_2',
        amountSatang: Math.round(landed.grandTotal * 100),
        provider: 'cash',
        reference: 'till-2',
      });
      assert.equal((await deliver(stripe.event('checkout.session.completed', sessionId))).body.outcome, 'refunded');
      assert.equal(await paymentStatus(landed.orderId), 'PAID', 'paid once, by the grocer’s payment');
      const view = await checkout(landed);
      assert.deepEqual([view.state, view.payment.refunds[0]?.reason], ['paid', 'ALREADY_PAID']);
      assert.match(
        await (await fetch(landed.paymentLink.url)).text(),
        /was refunded to you/,
        'a paid order’s page still tells of the refund',
      );
      await assertMoneyKeptOnce(landed);
    });

    test('events in any order: an expired event before the paid one settles by Stripe’s word; later failed, expired and repeated events change nothing', async () => {
      const order = await placeOrder();
      const sessionId = await startPayment(order);
      stripe.complete(sessionId, { paymentStatus: 'paid' });
      assert.equal((await deliver(stripe.event('checkout.session.expired', sessionId))).body.outcome, 'settled');
      assert.equal(await paymentStatus(order.orderId), 'PAID');
      for (const type of [
        'checkout.session.async_payment_failed',
        'checkout.session.expired',
        'checkout.session.completed',
        'checkout.session.completed',
      ]) {
        assert.equal((await deliver(stripe.event(type, sessionId))).body.outcome, 'ignored', type);
      }
      assert.equal((await checkout(order)).state, 'paid');
      await assertMoneyKeptOnce(order);

      // An expired event for a session Stripe still holds open ends nothing: Pay goes back to the same session.
      const open = await placeOrder();
      const first = await startPayment(open);
      assert.equal((await deliver(stripe.event('checkout.session.expired', first))).body.outcome, 'ignored');
      assert.equal((await attemptsOf(open.orderId))[0]?.state, 'started');
      assert.equal(await startPayment(open), first);
      assert.equal(sessionsCreatedFor(open.orderId), 1, 'one live session per order');
    });

    test('what Stripe holds must be the attempt’s: another currency or amount is refunded (PAYMENT_MISMATCH); a lying event body decides nothing; no_payment_required settles nothing', async () => {
      const order = await placeOrder();
      const sessionId = await startPayment(order);
      stripe.complete(sessionId, { paymentStatus: 'paid' });
      Object.assign(stripe.session(sessionId), { amount_total: 100, currency: 'usd' });
      assert.equal((await deliver(stripe.event('checkout.session.completed', sessionId))).body.outcome, 'refunded');
      const [attempt] = await attemptsOf(order.orderId);
      assert.deepEqual([attempt?.state, attempt?.failureCode], ['refunded', 'PAYMENT_MISMATCH']);
      assert.deepEqual(
        refundsAtStripe(sessionId).map((r) => r.amount),
        [100],
      );
      assert.equal(await paymentStatus(order.orderId), 'UNPAID');
      assert.equal((await checkout(order)).state, 'payable', 'the shopper may pay again');
      assert.notEqual(await startPayment(order), sessionId, 'with a new session');
      await assertMoneyKeptOnce(order);

      const honest = await placeOrder();
      const honestSession = await startPayment(honest);
      stripe.complete(honestSession, { paymentStatus: 'paid' });
      const lie = stripe.event('checkout.session.completed', honestSession).event as {
        data: { object: Record<string, unknown> };
      };
      Object.assign(lie.data.object, { amount_total: 100, currency: 'usd', payment_status: 'unpaid' });
      assert.equal(
        (await deliver(signed(JSON.stringify(lie)))).body.outcome,
        'settled',
        'Stripe’s word, not the body’s',
      );
      assert.equal((await store().ordersByIds([honest.orderId]))[0]?.paymentStatus, 'PAID');
      await assertMoneyKeptOnce(honest);

      const free = await placeOrder();
      const freeSession = await startPayment(free);
      stripe.complete(freeSession, { paymentStatus: 'no_payment_required' });
      assert.equal((await deliver(stripe.event('checkout.session.completed', freeSession))).body.outcome, 'ended');
      assert.equal(await paymentStatus(free.orderId), 'UNPAID');
      await assertMoneyKeptOnce(free);
    });

    test('sessions the service never opened but carrying a real attempt’s metadata (the full amount, and 1 THB): their money is refunded; the order’s own session still pays', async () => {
      const order = await placeOrder();
      const own = await startPayment(order);
      const [attempt] = await attemptsOf(order.orderId);
      const metadata = { attemptId: attempt!.attemptId, orderId: order.orderId };
      const strays = [Math.round(order.grandTotal * 100), 100].map(
        (amountMinor) => stripe.openSession({ amountMinor, metadata }).id,
      );
      for (const stray of strays) {
        stripe.complete(stray, { paymentStatus: 'paid' });
        assert.equal((await deliver(stripe.event('checkout.session.completed', stray))).body.outcome, 'refunded');
        assert.equal(
          (await deliver(stripe.event('checkout.session.completed', stray))).body.outcome,
          'refunded',
          'a repeat answers the same refund',
        );
        assert.equal(refundsAtStripe(stray).length, 1);
      }
      assert.equal(await paymentStatus(order.orderId), 'UNPAID');
      assert.equal((await attemptsOf(order.orderId))[0]?.state, 'started', 'the order’s own session is untouched');
      stripe.complete(own, { paymentStatus: 'paid' });
      assert.equal((await deliver(stripe.event('checkout.session.completed', own))).body.outcome, 'settled');
      const view = await checkout(order);
      assert.equal(view.state, 'paid');
      assert.deepEqual(
        view.payment.refunds.map((r) => r.reason),
        ['PAYMENT_MISMATCH', 'PAYMENT_MISMATCH'],
      );
      await assertMoneyKeptOnce(order, strays);
      // An open stray names an attempt but took no money: nothing to do.
      const openStray = stripe.openSession({ amountMinor: 100, metadata });
      assert.equal((await deliver(stripe.event('checkout.session.expired', openStray.id))).body.outcome, 'ignored');
    });

    test('a refund Stripe fails (5xx) is asked again until Stripe makes it; one held pending is confirmed by its webhook; one Stripe gives up is reported', async () => {
      const order = await placeOrder();
      const sessionId = await startPayment(order);
      await setPrice(order, 700);
      stripe.complete(sessionId, { paymentStatus: 'paid' });
      // The SDK retries twice: three failures make the refund fail for the request.
      stripe.fault('POST /v1/refunds', { times: 3, status: 500 });
      assert.equal((await deliver(stripe.event('checkout.session.completed', sessionId))).body.outcome, 'refunded');
      const [pending] = await store().listRefunds([order.orderId]);
      assert.equal(pending?.state, 'pending');
      assert.match(await (await fetch(order.paymentLink.url)).text(), /is being refunded to you/);
      await waitFor(
        'the recovery worker to make the refund',
        async () => (await store().listRefunds([order.orderId]))[0]?.state === 'succeeded',
      );
      assert.equal(refundsAtStripe(sessionId).length, 1, 'made once');
      await assertMoneyKeptOnce(order);
      await setPrice(order, -700);

      const held = await placeOrder();
      const heldSession = await startPayment(held);
      await setPrice(held, 300);
      stripe.complete(heldSession, { paymentStatus: 'paid' });
      stripe.holdRefunds(true);
      try {
        assert.equal((await deliver(stripe.event('checkout.session.completed', heldSession))).body.outcome, 'refunded');
        const [atStripe] = refundsAtStripe(heldSession);
        assert.equal(atStripe?.status, 'pending');
        assert.equal((await store().listRefunds([held.orderId]))[0]?.state, 'pending');
        stripe.settleRefund(atStripe!.id, 'succeeded');
        assert.equal((await deliver(stripe.refundEvent('refund.updated', atStripe!.id))).body.outcome, 'refunded');
        assert.equal((await store().listRefunds([held.orderId]))[0]?.state, 'succeeded');
        await assertMoneyKeptOnce(held);

        const lost = await placeOrder();
        const lostSession = await startPayment(lost);
        await setPrice(lost, 300);
        stripe.complete(lostSession, { paymentStatus: 'paid' });
        await deliver(stripe.event('checkout.session.completed', lostSession));
        const [failing] = refundsAtStripe(lostSession);
        stripe.settleRefund(failing!.id, 'failed');
        assert.equal((await deliver(stripe.refundEvent('refund.failed', failing!.id))).body.outcome, 'refunded');
        assert.equal((await store().listRefunds([lost.orderId]))[0]?.state, 'failed');
        const report = await t.system.commerce.reconciliation.run();
        assert.deepEqual(
          report.mismatches.filter((m) => m.orderId === lost.orderId).map((m) => m.kind),
          ['refund_failed'],
          'staff must return that money by hand',
        );
        await setPrice(lost, -300);
      } finally {
        stripe.holdRefunds(false);
        await setPrice(held, -300);
      }
    });

    test('a paid webhook arriving while Pay is pressed 30 times: one Checkout Session per order, paid once, nothing refunded', async () => {
      for (let round = 0; round < 10; round++) {
        const order = await placeOrder();
        const sessionId = await startPayment(order);
        stripe.complete(sessionId, { paymentStatus: 'paid' });
        const [webhook, ...presses] = await Promise.all([
          deliver(stripe.event('checkout.session.completed', sessionId)),
          ...Array.from({ length: 30 }, () => pay(order)),
        ]);
        assert.equal(webhook.status, 200);
        for (const press of presses) {
          const fine =
            (press.status === 200 && press.body.redirectUrl?.endsWith(sessionId)) ||
            (press.status === 409 && ['ALREADY_PAID', 'PAYMENT_IN_PROGRESS'].includes(press.body.error?.code ?? ''));
          assert.ok(fine, JSON.stringify(press));
        }
        assert.equal(sessionsCreatedFor(order.orderId), 1, 'no second Checkout Session');
        await waitFor('the order to be paid', async () => (await paymentStatus(order.orderId)) === 'PAID');
        await assertMoneyKeptOnce(order);
      }
    });

    test('reconciliation lists Stripe-side money the service does not account for, found by the session ids it stored', async () => {
      const order = await placeOrder();
      const sessionId = await startPayment(order);
      stripe.complete(sessionId, { paymentStatus: 'paid' });
      await deliver(stripe.event('checkout.session.completed', sessionId));
      assert.equal(await paymentStatus(order.orderId), 'PAID');
      // What Stripe holds for the settled payment no longer matches it (changed behind the service's back).
      Object.assign(stripe.session(sessionId), { amount_total: Math.round(order.grandTotal * 100) + 1 });
      const kinds = async () =>
        (await t.system.commerce.reconciliation.run()).mismatches
          .filter((m) => m.orderId === order.orderId)
          .map((m) => m.kind)
          .sort();
      assert.deepEqual(await kinds(), ['amount']);
      Object.assign(stripe.session(sessionId), { amount_total: Math.round(order.grandTotal * 100) });

      const unaccounted = await placeOrder();
      const unaccountedSession = await startPayment(unaccounted);
      stripe.complete(unaccountedSession, { paymentStatus: 'paid' });
      // The service lost its record of what happened (a restore from an old backup, say): its attempt reads as ended unpaid.
      await t.system.db.query(
        "UPDATE payment_attempts SET state = 'failed', updated_at = now() - interval '1 hour' WHERE order_id = $1",
        [unaccounted.orderId],
      );
      const report = await t.system.commerce.reconciliation.run();
      assert.deepEqual(
        report.mismatches.filter((m) => m.orderId === unaccounted.orderId).map((m) => m.kind),
        ['provider_unaccounted'],
      );
      // A paid confirmation after the attempt ended settles the order while it is still payable at that amount.
      assert.equal(
        (await deliver(stripe.event('checkout.session.completed', unaccountedSession))).body.outcome,
        'settled',
      );
      await assertMoneyKeptOnce(unaccounted);
    });

    test('hostile bodies: signed non-objects and fields breaking the text-input rule are 400 INVALID_INPUT and move nothing; no signed body answers 5xx', async () => {
      const order = await placeOrder();
      const sessionId = await startPayment(order);
      stripe.complete(sessionId, { paymentStatus: 'paid' });
      const [attempt] = await attemptsOf(order.orderId);
      const event = stripe.event('checkout.session.completed', sessionId).event as {
        id: string;
        type: string;
        data: { object: { id: string; metadata: Record<string, string> } };
      };
      const variant = (change: (copy: typeof event) => void) => {
        const copy = structuredClone(event);
        change(copy);
        return JSON.stringify(copy);
      };
      const bodies = [
        'null',
        '[]',
        '"checkout.session.completed"',
        '42',
        'true',
        '{}',
        JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed', data: null }),
        variant((e) => Object.assign(e.data, { object: null })),
        variant((e) => Object.assign(e.data.object, { object: 'payment_intent' })),
        variant((e) => Object.assign(e.data.object.metadata, { attemptId: `${attempt!.attemptId}\u0000` })),
        variant((e) => Object.assign(e.data.object.metadata, { orderId: 'PA\ud800' })),
        variant((e) => Object.assign(e, { type: 'checkout.session.completed\u0007' })),
        variant((e) => Object.assign(e, { id: 'x'.repeat(300) })),
        variant((e) => Object.assign(e.data.object, { metadata: ['not', 'a', 'map'] })),
        variant((e) => Object.assign(e.data.object, { id: 42 })),
      ];
      for (const payload of bodies) {
        const answer = await deliver(signed(payload));
        assert.equal(answer.status, 400, payload.slice(0, 120));
        assert.equal(answer.body.error?.code, 'INVALID_INPUT', payload.slice(0, 120));
      }
      assert.equal(await paymentStatus(order.orderId), 'UNPAID', 'nothing moved');
      assert.equal((await attemptsOf(order.orderId))[0]?.state, 'started');
      assert.equal(refundsAtStripe(sessionId).length, 0);

      const text = fc.oneof(
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.constantFrom(attempt!.attemptId, order.orderId, sessionId, 'cs_test_nope'),
      );
      const shaped = fc.record({
        id: fc.oneof(text, fc.integer()),
        type: fc.oneof(
          fc.constantFrom(
            'checkout.session.completed',
            'checkout.session.expired',
            'refund.updated',
            'charge.refund.updated',
          ),
          text,
        ),
        data: fc.oneof(
          fc.record({
            object: fc.record({
              object: fc.constantFrom('checkout.session', 'refund', 'other'),
              id: fc.oneof(text, fc.constant(sessionId)),
              metadata: fc.oneof(
                fc.constant(null),
                fc.dictionary(fc.constantFrom('attemptId', 'orderId', 'refundId', 'x'), text),
              ),
            }),
          }),
          fc.jsonValue(),
        ),
      });
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.jsonValue(), shaped), async (body) => {
          const answer = await deliver(signed(JSON.stringify(body) ?? 'null'));
          assert.ok(
            answer.status === 200 || answer.status === 400,
            `${answer.status} for ${JSON.stringify(body).slice(0, 200)}`,
          );
        }),
        { numRuns: 150 },
      );
      assert.equal(refundsAtStripe(sessionId).length, 0, 'no body moved money the wrong way');
    });
  });
}
