import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { GrocerOrder } from '@grocery/core/ports';
import { orderStatusEvent, paymentPaidEvent } from '../src/services/order-events.ts';
import { commerceWorld, MILK, tokenOf } from './support/commerce-world.ts';

const NOW = Date.UTC(2026, 10, 22, 3, 0, 0);

function picking(order: GrocerOrder, pickingStatus: string, status = order.status): GrocerOrder {
  const [first, ...rest] = order.shipping.schedules;
  return { ...order, status, shipping: { ...order.shipping, schedules: [{ ...first!, pickingStatus }, ...rest] } };
}

test('order.status: none when nothing moved; one id per move, whichever path or time sees it', async () => {
  const { commerce, ann } = commerceWorld();
  const { order } = await commerce.orders.create(ann, { lines: [{ cprcode: MILK, quantity: 1 }] }, null);
  const before = order.grocerOrder;
  assert.equal(orderStatusEvent({ partnerId: 'ptn_a', before, after: before, nowMs: NOW }), null);
  const queued = picking(before, 'QUEUED');
  const seen = orderStatusEvent({ partnerId: 'ptn_a', before, after: queued, nowMs: NOW })!;
  const seenLater = orderStatusEvent({ partnerId: 'ptn_a', before, after: queued, nowMs: NOW + 60_000 })!;
  assert.equal(seen.eventId, seenLater.eventId, 'the id derives from the move, not the time');
  assert.match(seen.eventId, /^evt_[0-9a-f]{32}$/);
  assert.equal(seen.ts, NOW / 1000);
  assert.deepEqual(seen.payload, {
    orderId: order.orderId,
    status: 'PLACED',
    previousStatus: 'PLACED',
    pickingStatus: 'QUEUED',
    previousPickingStatus: 'PENDING',
    fulfilmentType: 'PICKUP',
    isPaid: false,
    sandbox: true,
  });
  const cancelled = orderStatusEvent({
    partnerId: 'ptn_a',
    before,
    after: { ...before, status: 'CANCELLED' },
    nowMs: NOW,
  })!;
  assert.notEqual(cancelled.eventId, seen.eventId, 'another move, another event');
  const noSchedule = { ...before, shipping: { ...before.shipping, schedules: [] } };
  assert.equal(
    orderStatusEvent({ partnerId: 'ptn_a', before: noSchedule, after: picking(before, 'QUEUED'), nowMs: NOW })?.payload
      .previousPickingStatus,
    null,
  );
});

test('payment.paid: one id per order, the amount in baht', () => {
  const base = {
    partnerId: 'ptn_a',
    provider: 'sandbox',
    reference: 'sbx_1',
    paidAt: '2026-11-22T03:00:00.000Z',
    nowMs: NOW,
  };
  const order = {
    orderId: 'PA2611220000001-AAAA',
    grandTotalSatang: 12_550,
    currency: 'THB',
    sandbox: true,
  } as GrocerOrder;
  const event = paymentPaidEvent({ ...base, order });
  assert.deepEqual(event.payload, {
    orderId: order.orderId,
    status: 'PAID',
    amount: 125.5,
    currency: 'THB',
    provider: 'sandbox',
    reference: 'sbx_1',
    paidAt: base.paidAt,
    sandbox: true,
  });
  assert.equal(
    paymentPaidEvent({ ...base, reference: 'other', nowMs: NOW + 1_000, order }).eventId,
    event.eventId,
    'a second path to the same payment is the same event',
  );
  assert.notEqual(
    paymentPaidEvent({ ...base, order: { ...order, orderId: 'PA2611220000002-AAAA' } }).eventId,
    event.eventId,
  );
});

test("reading an order stores the grocer's move with one order.status event; reading again adds none", async () => {
  const { commerce, ann, grocer, store } = commerceWorld();
  const { order } = await commerce.orders.create(ann, { lines: [{ cprcode: MILK, quantity: 1 }] }, null);
  grocer.moves.set(order.orderId, (o) => picking(o, 'QUEUED'));
  assert.equal((await commerce.orders.get(ann, order.orderId))?.pickingStatus, 'QUEUED');
  await commerce.orders.get(ann, order.orderId);
  await commerce.orders.list(ann, 10, null);
  assert.deepEqual(
    store.recordedEvents(order.orderId).map((e) => [e.type, e.payload.pickingStatus]),
    [['order.status', 'QUEUED']],
  );
});

test('a payment writes payment.paid, and the picking move it starts as order.status, in the same change', async () => {
  const { commerce, ann, grocer, store } = commerceWorld();
  const { order, paymentLink } = await commerce.orders.create(ann, { lines: [{ cprcode: MILK, quantity: 1 }] }, null);
  const record = grocer.recordPayment.bind(grocer);
  grocer.recordPayment = async (request) => picking(await record(request), 'QUEUED');
  await commerce.payments.pay(tokenOf(paymentLink!.url));
  const events = store.recordedEvents(order.orderId);
  assert.deepEqual(
    events.map((e) => e.type),
    ['payment.paid', 'order.status'],
  );
  assert.deepEqual([events[0]!.payload.amount, events[0]!.payload.status], [45, 'PAID']);
  assert.equal(events[1]!.payload.isPaid, true);
  // The grocer's later word on the same move (a poll, a read) is the same event: nothing new.
  grocer.moves.set(order.orderId, (o) => picking(o, 'QUEUED'));
  await commerce.orders.get(ann, order.orderId);
  assert.equal(store.recordedEvents(order.orderId).length, 2);
});

test('an order the grocer holds paid is settled paid here, with exactly one payment.paid', async () => {
  const { commerce, ann, grocer, store } = commerceWorld();
  const { order } = await commerce.orders.create(ann, { lines: [{ cprcode: MILK, quantity: 1 }] }, null);
  await grocer.recordPayment({
    orderId: order.orderId,
    paymentId: 'grocer-pay-1',
    amountSatang: 4_500,
    provider: 'counter',
    reference: 'till-7',
  });
  const read = await commerce.orders.get(ann, order.orderId);
  await commerce.orders.get(ann, order.orderId);
  assert.equal(read?.paymentStatus, 'PAID');
  assert.deepEqual(
    store.recordedEvents(order.orderId).map((e) => [e.type, e.payload.provider]),
    [['payment.paid', 'counter']],
  );
  assert.deepEqual(
    store.recordedPayments(order.orderId).map((p) => [p.paymentId, p.reference]),
    [['grocer-pay-1', 'till-7']],
  );
});
