import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CommerceError, LIMITS } from '@grocery/core';
import { commerceWorld, MILK, rejectsWith, tokenOf } from './support/commerce-world.ts';

const lines = [{ cprcode: MILK, quantity: 2 }];

async function placed(world: ReturnType<typeof commerceWorld>) {
  const { order, paymentLink } = await world.commerce.orders.create(world.ann, { lines }, null);
  return { order, token: tokenOf(paymentLink!.url), link: paymentLink! };
}

test('paying at the link records the payment once and turns the order PAID', async () => {
  const world = commerceWorld();
  const { order, token, link } = await placed(world);
  assert.equal(link.url, `https://shop.example/pay/${token}`);
  assert.equal((await world.commerce.payments.checkout(token)).state, 'payable');
  const outcome = await world.commerce.payments.pay(token);
  assert.equal(outcome.state, 'paid');
  assert.equal(outcome.order.paymentStatus, 'PAID');
  assert.deepEqual(
    world.store.recordedPayments(order.orderId).map((p) => [p.amountSatang, p.provider]),
    [[9_000, 'sandbox']],
  );
  assert.equal((await world.grocer.orders([order.orderId]))[0]?.payment.isPaid, true, 'the grocer records it');
  assert.equal((await world.commerce.payments.checkout(token)).state, 'paid');
});

test('a payment link lives 24 hours: payable until then, PAYMENT_LINK_EXPIRED from then; a fresh one is issued for the unpaid order', async () => {
  const world = commerceWorld();
  const { order, token, link } = await placed(world);
  assert.equal(link.expiresAt - Math.floor(world.clock.now() / 1000), LIMITS.paymentLinkTtlSeconds);
  world.clock.advance(LIMITS.paymentLinkTtlSeconds * 1000 - 1);
  assert.equal((await world.commerce.payments.checkout(token)).state, 'payable');
  world.clock.advance(1);
  assert.equal((await world.commerce.payments.checkout(token)).state, 'expired');
  await rejectsWith(world.commerce.payments.pay(token), 'PAYMENT_LINK_EXPIRED');
  const fresh = await world.commerce.payments.createLink(world.ann, order.orderId);
  assert.notEqual(tokenOf(fresh.url), token);
  assert.equal(fresh.expiresAt, Math.floor(world.clock.now() / 1000) + LIMITS.paymentLinkTtlSeconds);
  assert.equal((await world.commerce.payments.pay(tokenOf(fresh.url))).state, 'paid');
  await rejectsWith(world.commerce.payments.pay(token), 'ALREADY_PAID', undefined);
});

test('PRICE_CHANGED: a total that moved since the order is refused before any money moves; the order stays unpaid', async () => {
  const world = commerceWorld();
  const { order, token } = await placed(world);
  world.prices.BKK01![MILK] = 4_600;
  const checkout = await world.commerce.payments.checkout(token);
  assert.deepEqual([checkout.state, checkout.repricedTotalSatang], ['price_changed', 9_200]);
  const error = await rejectsWith(world.commerce.payments.pay(token), 'PRICE_CHANGED');
  assert.deepEqual(error.details, { orderId: order.orderId });
  assert.deepEqual(await world.store.listPaymentAttempts([order.orderId]), [], 'no attempt was started');
  assert.equal((await world.store.getOrder(world.ann.scope, order.orderId))?.paymentStatus, 'UNPAID');
  world.prices.BKK01![MILK] = 4_500;
  assert.equal(
    (await world.commerce.payments.pay(token)).state,
    'paid',
    'back to the order total, it is payable again',
  );
});

test('a product the branch no longer prices reads as a changed price', async () => {
  const world = commerceWorld();
  const { token } = await placed(world);
  delete world.prices.BKK01![MILK];
  assert.deepEqual(
    [
      (await world.commerce.payments.checkout(token)).state,
      (await world.commerce.payments.checkout(token)).repricedTotalSatang,
    ],
    ['price_changed', null],
  );
  await rejectsWith(world.commerce.payments.pay(token), 'PRICE_CHANGED');
});

test('ALREADY_PAID: no second payment, no fresh link; a payment session is no longer available', async () => {
  const world = commerceWorld();
  const { order, token } = await placed(world);
  await world.commerce.payments.pay(token);
  await rejectsWith(world.commerce.payments.pay(token), 'ALREADY_PAID');
  await rejectsWith(world.commerce.payments.createLink(world.ann, order.orderId), 'ALREADY_PAID', 'orderId');
  const session = await world.commerce.payments.start(world.ann, { orderId: order.orderId });
  assert.deepEqual([session.available, session.redirectUrl], [false, null]);
  assert.equal(world.store.recordedPayments(order.orderId).length, 1);
});

test('a declined payment ends its attempt and leaves the order payable', async () => {
  const world = commerceWorld();
  const { order, token } = await placed(world);
  await rejectsWith(world.commerce.payments.pay(token, { simulate: 'decline' }), 'PAYMENT_DECLINED');
  assert.deepEqual(
    (await world.store.listPaymentAttempts([order.orderId])).map((a) => [a.state, a.failureCode]),
    [['declined', 'PAYMENT_DECLINED']],
  );
  assert.equal((await world.commerce.payments.pay(token)).state, 'paid');
});

test('paymentStart returns the payment link as redirectUrl; links are only for the shopper’s own orders', async () => {
  const world = commerceWorld();
  const { order } = await placed(world);
  const session = await world.commerce.payments.start(world.ann, {
    orderId: order.orderId,
    callbackUrl: 'https://a.example/done',
  });
  assert.match(session.redirectUrl ?? '', /^https:\/\/shop\.example\/pay\/[A-Za-z0-9_-]{43}$/);
  assert.deepEqual([session.amountSatang, session.currency, session.available], [9_000, 'THB', true]);
  await rejectsWith(
    world.commerce.payments.start(world.shopper('bob'), { orderId: order.orderId }),
    'NOT_FOUND',
    'input.orderId',
  );
  await rejectsWith(world.commerce.payments.createLink(world.shopper('bob'), order.orderId), 'NOT_FOUND', 'orderId');
  for (const callbackUrl of [
    'javascript:alert(1)',
    'data:text/html,x',
    'not a url',
    `https://a.example/${'x'.repeat(2_000)}`,
  ]) {
    await rejectsWith(
      world.commerce.payments.start(world.ann, { orderId: order.orderId, callbackUrl }),
      'INVALID_INPUT',
      'input.callbackUrl',
    );
  }
});

test('hostile tokens are PAYMENT_LINK_INVALID, whatever their shape', async () => {
  const world = commerceWorld();
  await placed(world);
  for (const token of [
    '',
    'x',
    '../../../etc/passwd',
    "' OR 1=1 --",
    'A'.repeat(43),
    'A'.repeat(4_096),
    '%00',
    'ÿ'.repeat(43),
  ]) {
    await rejectsWith(world.commerce.payments.pay(token), 'PAYMENT_LINK_INVALID');
    await rejectsWith(world.commerce.payments.checkout(token), 'PAYMENT_LINK_INVALID');
  }
});

test('a hosted provider (deferred sandbox): the shopper is sent on, and its paid event settles the order once', async () => {
  const world = commerceWorld({ settlement: 'deferred' });
  const { order, token } = await placed(world);
  const outcome = await world.commerce.payments.pay(token);
  assert.equal(outcome.state, 'redirect');
  const again = await world.commerce.payments.pay(token);
  assert.deepEqual(
    again.state === 'redirect' && again.redirectUrl,
    outcome.state === 'redirect' && outcome.redirectUrl,
    'Pay again goes back to the same session',
  );
  const [attempt] = await world.store.listPaymentAttempts([order.orderId]);
  const event = world.sandbox.settle(attempt!.attemptId, 'paid');
  assert.equal(await world.commerce.payments.onProviderEvent(world.sandbox, event), 'settled');
  assert.equal(
    await world.commerce.payments.onProviderEvent(world.sandbox, event),
    'ignored',
    'a repeated event is harmless',
  );
  assert.equal((await world.store.getOrderById(order.orderId))?.paymentStatus, 'PAID');
  assert.equal(world.store.recordedPayments(order.orderId).length, 1);
  assert.equal(
    await world.commerce.payments.onProviderEvent(world.sandbox, { ...event, orderId: 'PA0000000000000-NONE' }),
    'ignored',
    "an event that does not match its attempt's order is ignored",
  );
});

for (const hosted of [false, true]) {
  test(`a start whose answer is lost: ${hosted ? 'a hosted provider took no money, so the attempt ends' : 'a provider that is not hosted may have charged, so the attempt waits for recovery'}`, async () => {
    const world = commerceWorld();
    Object.defineProperty(world.sandbox, 'hosted', { value: hosted });
    world.sandbox.start = async () => {
      throw new CommerceError('PAYMENT_PROVIDER_UNAVAILABLE', 'The answer was lost.');
    };
    const { order, token } = await placed(world);
    if (hosted) await rejectsWith(world.commerce.payments.pay(token), 'PAYMENT_PROVIDER_UNAVAILABLE');
    else assert.equal((await world.commerce.payments.pay(token)).state, 'pending');
    const [attempt] = await world.store.listPaymentAttempts([order.orderId]);
    assert.equal(attempt?.state, hosted ? 'failed' : 'started');
    assert.equal(attempt?.failureCode, hosted ? 'PAYMENT_PROVIDER_UNAVAILABLE' : null);
  });
}
