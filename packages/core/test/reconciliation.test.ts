import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CommerceError } from '@grocery/core';
import type { MismatchKind } from '../src/services/reconciliation.ts';
import { commerceWorld, MILK, tokenOf } from './support/commerce-world.ts';

const lines = [{ cprcode: MILK, quantity: 1 }];

async function placed(world: ReturnType<typeof commerceWorld>, options: { pay?: boolean } = {}) {
  const { order, paymentLink } = await world.commerce.orders.create(world.ann, { lines }, null);
  if (options.pay) assert.equal((await world.commerce.payments.pay(tokenOf(paymentLink!.url))).state, 'paid');
  return order;
}

async function kinds(world: ReturnType<typeof commerceWorld>): Promise<[MismatchKind, string][]> {
  return (await world.commerce.reconciliation.run()).mismatches.map((m) => [m.kind, m.orderId]);
}

test('nothing to say when the service, the grocer and the provider agree; the report is kept as latest', async () => {
  const world = commerceWorld();
  assert.equal(world.commerce.reconciliation.latest, null);
  await placed(world, { pay: true });
  await placed(world);
  const report = await world.commerce.reconciliation.run();
  assert.deepEqual(report, { checkedAt: new Date(world.clock.now()).toISOString(), mismatches: [] });
  assert.equal(world.commerce.reconciliation.latest, report);
});

test('paid on one side only, or paid with another payment, or for another total', async () => {
  const world = commerceWorld();
  const paidAtGrocer = await placed(world);
  await world.grocer.recordPayment({
    orderId: paidAtGrocer.orderId,
    amountSatang: paidAtGrocer.grandTotalSatang,
    provider: 'cash',
    reference: 'till-1',
    paymentId: 'pay_elsewhere',
  });
  const otherTotal = await placed(world);
  world.grocer.moves.set(otherTotal.orderId, (o) => ({ ...o, grandTotalSatang: o.grandTotalSatang + 100 }));
  const unpaidAtGrocer = await placed(world, { pay: true });
  world.grocer.moves.set(unpaidAtGrocer.orderId, (o) => ({ ...o, payment: { ...o.payment, isPaid: false } }));
  const otherPayment = await placed(world, { pay: true });
  world.grocer.moves.set(otherPayment.orderId, (o) => ({ ...o, payment: { ...o.payment, paymentId: 'pay_not_ours' } }));
  assert.deepEqual(
    (await kinds(world)).sort(),
    [
      ['amount', otherTotal.orderId],
      ['payment_reference', otherPayment.orderId],
      ['payment_status', paidAtGrocer.orderId],
      ['payment_status', unpaidAtGrocer.orderId],
    ].sort(),
  );
});

test('an order the grocer does not know, and one the service gave up that the grocer still holds', async () => {
  const world = commerceWorld();
  const forgotten = await placed(world);
  // The grocer made an order but the service never heard: its look-up missed it, and its cancel did nothing.
  let orphan = '';
  let lookupMisses = true;
  const orders = world.grocer.orders.bind(world.grocer);
  world.grocer.orders = async (ids) =>
    (await orders(ids)).filter((o) => o.orderId !== forgotten.orderId && !(lookupMisses && o.orderId === orphan));
  const create = world.grocer.createOrder.bind(world.grocer);
  world.grocer.createOrder = async (request) => {
    orphan = (await create(request)).orderId;
    throw new CommerceError('GROCER_UNAVAILABLE', 'lost');
  };
  world.grocer.cancelOrder = async () => null;
  await assert.rejects(world.commerce.orders.create(world.ann, { lines }, null));
  lookupMisses = false;
  assert.equal((await world.store.getOrderIntent(orphan))?.state, 'cancelled');
  assert.deepEqual(
    (await kinds(world)).sort(),
    [
      ['missing_at_grocer', forgotten.orderId],
      ['orphan_at_grocer', orphan],
    ].sort(),
  );
});

test('unfinished work is a mismatch only once recovery has had its chance', async () => {
  const world = commerceWorld({ settlement: 'deferred' });
  const order = await placed(world);
  const link = await world.commerce.payments.createLink(world.ann, order.orderId);
  assert.equal((await world.commerce.payments.pay(tokenOf(link.url))).state, 'redirect');
  assert.deepEqual(await kinds(world), [], 'a shopper still on the payment page is not a mismatch');
  world.clock.advance(24 * 3_600_000);
  assert.deepEqual(await kinds(world), [['payment_unsettled', order.orderId]]);
});

test('the provider’s word: a paid attempt the provider calls failed is a mismatch; a provider that cannot answer says nothing', async () => {
  const world = commerceWorld();
  const order = await placed(world, { pay: true });
  world.sandbox.lookup = async ({ reference, attemptId }) => ({
    status: 'failed',
    reference: reference ?? 'x',
    amountMinor: null,
    currency: null,
    attemptId,
    orderId: order.orderId,
  });
  assert.deepEqual(await kinds(world), [['provider_payment', order.orderId]]);
  world.sandbox.lookup = () => Promise.reject(new CommerceError('PAYMENT_PROVIDER_UNAVAILABLE', 'down'));
  assert.deepEqual(await kinds(world), []);
});

test('a grocer that cannot answer fails the run with GROCER_UNAVAILABLE and keeps the last report', async () => {
  const world = commerceWorld();
  await placed(world);
  const first = await world.commerce.reconciliation.run();
  world.grocer.orders = () => Promise.reject(new CommerceError('GROCER_UNAVAILABLE', 'down'));
  await assert.rejects(
    world.commerce.reconciliation.run(),
    (error: unknown) => error instanceof CommerceError && error.code === 'GROCER_UNAVAILABLE',
  );
  assert.equal(world.commerce.reconciliation.latest, first);
});
