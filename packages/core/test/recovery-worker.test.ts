import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CommerceError, RecoveryWorker } from '@grocery/core';
import { DEFAULT_SAGA_SETTINGS } from '../src/services/saga-settings.ts';
import { commerceWorld, MILK, tokenOf } from './support/commerce-world.ts';

const lines = [{ cprcode: MILK, quantity: 1 }];
const WINDOW = DEFAULT_SAGA_SETTINGS.requestWindowMs;

function worker(world: ReturnType<typeof commerceWorld>, errors: unknown[] = []) {
  return new RecoveryWorker({
    store: world.store,
    orders: world.commerce.orders,
    payments: world.commerce.payments,
    clock: world.clock,
    leaseMs: 30_000,
    onError: (e) => errors.push(e),
  });
}

/** The grocer creates the order, then neither that answer nor any other reaches the service. */
function loseTheGrocer(world: ReturnType<typeof commerceWorld>): () => void {
  const { grocer } = world;
  const saved = {
    createOrder: grocer.createOrder.bind(grocer),
    orders: grocer.orders.bind(grocer),
    cancelOrder: grocer.cancelOrder.bind(grocer),
  };
  const down = () => Promise.reject(new CommerceError('GROCER_UNAVAILABLE', 'no answer'));
  grocer.createOrder = async (request) => {
    await saved.createOrder(request);
    return down();
  };
  grocer.orders = down;
  grocer.cancelOrder = down;
  return () => Object.assign(grocer, saved);
}

test('an order whose grocer answers were all lost: left to recovery, which adopts the order the grocer made, once', async () => {
  const world = commerceWorld();
  const heal = loseTheGrocer(world);
  await assert.rejects(world.commerce.orders.create(world.ann, { lines }, 'key-lost'));
  const [intent] = await world.store.listOrderIntents({ since: new Date(0).toISOString(), after: null, limit: 10 });
  assert.equal(intent?.state, 'pending');
  heal();

  const recovery = worker(world);
  assert.deepEqual(
    await recovery.recoverOnce(),
    { intents: 0, attempts: 0, refunds: 0 },
    'the request still owns it inside its window',
  );
  world.clock.advance(WINDOW);
  assert.deepEqual(await recovery.recoverOnce(), { intents: 1, attempts: 0, refunds: 0 });
  assert.equal((await world.store.getOrderIntent(intent.orderId))?.state, 'created');
  assert.ok(await world.store.getOrderById(intent.orderId), 'the service now holds the order');
  world.clock.advance(24 * 3_600_000);
  assert.deepEqual(
    await recovery.recoverOnce(),
    { intents: 0, attempts: 0, refunds: 0 },
    'settled work is not looked at again',
  );
});

test('a payment whose webhook was lost: recovery asks the provider and records the payment at the grocer', async () => {
  const world = commerceWorld({ settlement: 'deferred' });
  const { order, paymentLink } = await world.commerce.orders.create(world.ann, { lines }, null);
  assert.equal((await world.commerce.payments.pay(tokenOf(paymentLink!.url))).state, 'redirect');
  const [attempt] = await world.store.listPaymentAttempts([order.orderId]);
  world.sandbox.settle(attempt!.attemptId, 'paid'); // the event is dropped: the webhook never arrives

  world.clock.advance(WINDOW);
  assert.deepEqual(await worker(world).recoverOnce(), { intents: 0, attempts: 1, refunds: 0 });
  assert.equal((await world.store.getPaymentAttempt(attempt!.attemptId))?.state, 'paid');
  assert.equal((await world.store.getOrderById(order.orderId))?.paymentStatus, 'PAID');
  assert.equal((await world.grocer.orders([order.orderId]))[0]?.payment.isPaid, true);
  assert.equal(world.store.recordedPayments(order.orderId).length, 1);
});

test('an item whose settling throws is reported and comes back when its lease ends', async () => {
  const world = commerceWorld();
  const heal = loseTheGrocer(world);
  await assert.rejects(world.commerce.orders.create(world.ann, { lines }, 'key-throws'));
  heal();
  world.grocer.orders = () => Promise.reject(new Error('a bug, not an unanswered call'));
  const errors: unknown[] = [];
  const recovery = worker(world, errors);
  world.clock.advance(WINDOW);
  assert.deepEqual(await recovery.recoverOnce(), { intents: 1, attempts: 0, refunds: 0 });
  assert.equal(errors.length, 1);
  assert.match(String(errors[0]), /a bug/);
  assert.deepEqual(
    await recovery.recoverOnce(),
    { intents: 0, attempts: 0, refunds: 0 },
    'leased to the round that failed',
  );
  world.clock.advance(30_000);
  assert.deepEqual(await recovery.recoverOnce(), { intents: 1, attempts: 0, refunds: 0 });
});
