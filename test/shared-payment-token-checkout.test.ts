/**
 * ACP checkouts paid with Stripe shared payment tokens, on PGlite and PostgreSQL: the session offers
 * `card_tokenized` only where a token provider is configured; complete charges the token through
 * the payment saga (one PaymentIntent, one grocer order, `completed` with its order); a decline is a
 * `payment_declined` message and the same order is paid by the next token; money the order cannot
 * take (the grocer refuses to record it) goes back once. Stripe is the local double.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CommerceError } from '@grocery/core';
import { createSqlStore, testDatabaseKinds, type Db } from '@grocery/store';
import { createStripeSharedTokenProvider } from '@grocery/stripe';
import {
  acpValidators,
  assertError,
  assertSession,
  assertValid,
} from '../packages/acp/test/support/acp-json-schemas.ts';
import { acpWorld, BUYER, MILK, select, type AcpWorld } from '../packages/acp/test/support/acp-world.ts';
import { startStripeDouble, type StripeDouble } from './support/stripe-double.ts';

type Json = Record<string, unknown>;
const SESSIONS = '/acp/checkout_sessions';
const spt = (token: string) => ({
  payment_data: { handler_id: 'card_tokenized', instrument: { type: 'card', credential: { type: 'spt', token } } },
});
const handlersOf = (session: Json) =>
  (session.capabilities as { payment: { handlers: Json[] } }).payment.handlers.map((h) => [h.id, h.name, h.psp]);
const totalOf = (session: Json) =>
  (session.totals as { type: string; amount: number }[]).find((t) => t.type === 'total')!.amount;

for (const kind of testDatabaseKinds()) {
  describe(`ACP with Stripe shared payment tokens on ${kind.name}`, () => {
    let db: Db;
    let stripe: StripeDouble;
    let world: AcpWorld;

    before(async () => {
      db = await kind.open();
      stripe = await startStripeDouble();
      const tokenProvider = createStripeSharedTokenProvider({
        secretKey: stripe.secretKey,
        apiUrl: stripe.apiUrl,
        maxNetworkRetries: 0,
        timeoutMs: 2000,
      });
      world = await acpWorld({ environment: 'production', live: true, store: await createSqlStore(db), tokenProvider });
    });
    after(async () => {
      await stripe?.close();
      await db?.close();
    });

    async function ready(): Promise<Json> {
      const created = await world.send('POST', SESSIONS, {
        json: { line_items: [{ id: MILK, quantity: 2 }], buyer: BUYER, ...select('pickup_BKK01') },
      });
      assert.equal(created.status, 201, JSON.stringify(created.json));
      return assertSession(created.json);
    }
    const complete = (id: string, json: Json, key?: string) =>
      world.send('POST', `${SESSIONS}/${id}/complete`, { json, ...(key ? { key } : {}) });
    const intentsOf = (orderId: string) =>
      [...new Set(stripe.requests.filter((r) => r.route === 'POST /v1/payment_intents').map((r) => r.idempotencyKey))]
        .map((key) => stripe.requests.find((r) => r.idempotencyKey === key)!)
        .filter((r) => (r.params.metadata as Json | undefined)?.orderId === orderId);

    test('the handler is offered where configured only; complete charges the token once and answers the order', async () => {
      const session = await ready();
      assert.deepEqual(handlersOf(session), [
        ['card_tokenized', 'dev.acp.tokenized.card', 'stripe'],
        ['payment_page', 'shop.partner_grocery.payment_page', 'stripe'],
      ]);
      const plain = await acpWorld({ environment: 'production', live: true, partnerId: 'ptn_plain' });
      const other = await plain.send('POST', SESSIONS, { json: { line_items: [{ id: MILK }] } });
      assert.deepEqual(handlersOf(other.json), [['payment_page', 'shop.partner_grocery.payment_page', 'stripe']]);
      const refused = await plain.send('POST', `${SESSIONS}/${other.json.id as string}/complete`, {
        json: spt(stripe.grantToken().id),
      });
      assert.equal(refused.status, 400);
      assert.equal(assertError(refused.json, 'invalid').param, '$.payment_data.handler_id');

      const id = session.id as string;
      const token = stripe.grantToken({ maxAmount: totalOf(session) });
      const key = `complete-${id}`;
      const paid = await complete(id, spt(token.id), key);
      assert.equal(paid.status, 200, JSON.stringify(paid.json));
      assertValid(acpValidators().checkoutSessionWithOrder, paid.json, 'CheckoutSessionWithOrder');
      assert.equal(paid.json.status, 'completed');
      const orderId = (paid.json.order as Json).id as string;
      const again = await complete(id, spt(token.id), key);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.deepEqual(again.json, paid.json);

      const [intent] = intentsOf(orderId);
      assert.equal(intentsOf(orderId).length, 1, 'one PaymentIntent');
      assert.equal(intent!.params.amount, String(totalOf(session)));
      assert.equal(intent!.params.currency, 'thb');
      const order = (await world.store.getOrderById(orderId))!;
      assert.equal(order.paymentStatus, 'PAID');
      const attempts = await world.store.listPaymentAttempts([orderId]);
      assert.deepEqual(
        attempts.map((a) => [a.provider, a.state]),
        [['stripe_spt', 'paid']],
      );
      assert.equal(world.grocer.createdOrders, 1);
    });

    test('a decline is a payment_declined message; the same order is then paid by another token', async () => {
      const session = await ready();
      const id = session.id as string;
      const declined = await complete(id, spt(stripe.grantToken({ paymentMethod: 'pm_card_chargeDeclined' }).id));
      assert.equal(declined.status, 200);
      assertSession(declined.json);
      assert.equal(declined.json.status, 'ready_for_payment');
      assert.deepEqual(
        (declined.json.messages as Json[]).map((m) => [m.type, m.code]),
        [['error', 'payment_declined']],
      );
      const malformed = await complete(id, spt('tok_visa'));
      assert.equal(malformed.status, 400);
      assert.equal(assertError(malformed.json, 'invalid').param, '$.payment_data.instrument.credential.token');
      const wrongType = await complete(id, {
        payment_data: {
          handler_id: 'card_tokenized',
          instrument: { type: 'card', credential: { type: 'card', token: 'spt_1' } },
        },
      });
      assert.equal(assertError(wrongType.json, 'invalid').param, '$.payment_data.instrument.credential.type');

      const created = world.grocer.createdOrders;
      const paid = await complete(id, spt(stripe.grantToken().id));
      assert.equal(paid.json.status, 'completed', JSON.stringify(paid.json.messages));
      const orderId = (paid.json.order as Json).id as string;
      assert.equal(world.grocer.createdOrders, created, 'the order placed before the decline is the one paid');
      assert.deepEqual(
        // Both attempts start at the same instant of the manual clock: compared without their order.
        (await world.store.listPaymentAttempts([orderId])).map((a) => a.state).sort(),
        ['declined', 'paid'],
      );
    });

    test('money the order cannot take goes back once: the grocer refuses to record the payment', async () => {
      const session = await ready();
      const id = session.id as string;
      const record = world.grocer.recordPayment.bind(world.grocer);
      world.grocer.recordPayment = async () => {
        world.grocer.recordPayment = record;
        throw new CommerceError('PRICE_CHANGED', 'The total of the order has changed.');
      };
      const refused = await complete(id, spt(stripe.grantToken().id));
      assert.equal(refused.status, 200, JSON.stringify(refused.json));
      assert.deepEqual(
        (refused.json.messages as Json[]).map((m) => m.code),
        ['payment_declined'],
      );
      const stored = (await world.store.getCheckoutSession('ptn_a', id))!;
      const orderId = stored.order!.orderId;
      const [attempt] = await world.store.listPaymentAttempts([orderId]);
      assert.equal(attempt!.state, 'refunded');
      const refunds = stripe.refunds.filter((r) => r.payment_intent === attempt!.providerReference);
      assert.deepEqual(
        refunds.map((r) => [r.amount, r.status]),
        [[totalOf(session), 'succeeded']],
      );
      assert.equal((await world.store.getOrderById(orderId))!.paymentStatus, 'UNPAID');
    });
  });
}
