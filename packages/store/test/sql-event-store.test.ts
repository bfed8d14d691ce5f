import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { EventRecord, GrocerOrder, OrderRecord, Store } from '@grocery/core';
import { createSqlStore, openDatabase, testDatabaseKinds, type Db } from '../src/index.ts';

const T0 = Date.UTC(2026, 10, 22, 3, 0, 0);

function grocerOrder(orderId: string, picking = 'AWAITING_PAYMENT'): GrocerOrder {
  return {
    orderId,
    branchCode: 'BK01',
    orderSource: 'SRC_A',
    specialComment: 'test',
    sandbox: true,
    status: 'PLACED',
    createdAt: new Date(T0).toISOString(),
    currency: 'THB',
    lines: [],
    subTotalSatang: 9000,
    deliveryFeeSatang: 0,
    totalDiscountSatang: 0,
    grandTotalSatang: 9000,
    couponCodes: [],
    payment: { isPaid: false, status: 'UNPAID', method: null, paidAt: null, reference: null, paymentId: null },
    shipping: { fulfilmentType: 'PICKUP', address: null, schedules: [{ mode: 'REGULAR', dateTime: new Date(T0).toISOString(), pickingStatus: picking, deliveryFeeSatang: 0 }] },
  };
}

function orderRecord(orderId: string, partnerId: string): OrderRecord {
  return {
    orderId,
    partnerId,
    ownerId: 'owner-1',
    environment: 'sandbox',
    orderSource: 'SRC_A',
    branchCode: 'BK01',
    grandTotalSatang: 9000,
    currency: 'THB',
    paymentStatus: 'UNPAID',
    status: 'PLACED',
    pickingStatus: 'AWAITING_PAYMENT',
    request: { branchCode: 'BK01', lines: [{ cprcode: '100001', quantity: 1 }], fulfilment: 'PICKUP', scheduleMode: 'REGULAR', address: null, couponCodes: [], orderSource: 'SRC_A' },
    grocerOrder: grocerOrder(orderId),
    createdAt: new Date(T0).toISOString(),
    paidAt: null,
  };
}

const event = (id: string, partnerId: string, orderId: string, type: EventRecord['type'] = 'order.status'): EventRecord => ({
  eventId: `evt_${id.padStart(32, '0')}`,
  partnerId,
  type,
  orderId,
  payload: { orderId },
  ts: Math.floor(T0 / 1000),
});

let orderSeq = 0;
const nextOrderId = () => `PA2611220${String(++orderSeq).padStart(6, '0')}-TEST`;

for (const kind of testDatabaseKinds()) {
  describe(`SQL event store on ${kind.name}`, () => {
    let db: Db;
    let store: Store;

    before(async () => {
      db = await kind.open();
      store = await createSqlStore(db);
      await store.createPartner({ partnerId: 'ptn_a', name: 'A', environment: 'sandbox', orderSource: 'SRC_A' });
      await store.createPartner({ partnerId: 'ptn_b', name: 'B', environment: 'sandbox', orderSource: 'SRC_B' });
    });
    after(async () => db?.close());

    async function newOrder(partnerId = 'ptn_a'): Promise<string> {
      const orderId = nextOrderId();
      const order = orderRecord(orderId, partnerId);
      await store.insertOrderIntent({
        orderId,
        partnerId,
        ownerId: order.ownerId,
        environment: order.environment,
        idempotencyKey: null,
        request: { ...order.request, orderId, specialComment: null, sandbox: true },
        fromBasket: false,
        state: 'pending',
        checks: 0,
        lastError: null,
        createdAt: order.createdAt,
        nextCheckAt: order.createdAt,
      });
      await store.insertOrder({ order: orderRecord(orderId, partnerId), link: { linkId: `lnk_${orderId}`, tokenHash: `h_${orderId}`, orderId, partnerId, amountSatang: 9000, currency: 'THB', provider: 'sandbox', callbackUrl: null, expiresAt: new Date(T0 + 86_400_000).toISOString(), createdAt: new Date(T0).toISOString() }, idempotency: null });
      return orderId;
    }

    test("an event gets one delivery per active endpoint of its partner that takes its type, in the event's transaction, once", async () => {
      const base = { partnerId: 'ptn_a', url: 'http://127.0.0.1:9/a', environment: 'sandbox' as const, createdAt: new Date(T0).toISOString() };
      await store.insertWebhookEndpoint({ ...base, endpointId: 'whe_all', eventTypes: ['payment.paid', 'order.status'], secret: 's1' });
      await store.insertWebhookEndpoint({ ...base, endpointId: 'whe_paid', eventTypes: ['payment.paid'], secret: 's2' });
      await store.insertWebhookEndpoint({ ...base, endpointId: 'whe_off', eventTypes: ['order.status'], secret: 's3' });
      await store.insertWebhookEndpoint({ ...base, partnerId: 'ptn_b', endpointId: 'whe_other', eventTypes: ['order.status'], secret: 's4' });
      await store.disableWebhookEndpoint('whe_off', 'test', T0);
      const orderId = await newOrder();
      const moved = grocerOrder(orderId, 'QUEUED');
      await store.updateOrderFromGrocer(orderId, moved, [event('1', 'ptn_a', orderId)]);
      // The same move seen again by another path is the same event: no second delivery.
      await store.updateOrderFromGrocer(orderId, moved, [event('1', 'ptn_a', orderId)]);
      const listed = await store.listDeliveries('ptn_a', { limit: 50, before: null });
      assert.deepEqual(listed.map((d) => d.endpointId), ['whe_all']);
      assert.equal(listed[0]!.status, 'pending');
      assert.equal(listed[0]!.nextAttemptAt, new Date(T0).toISOString());
      assert.deepEqual(await store.listDeliveries('ptn_b', { limit: 50, before: null }), []);
      // A failing transaction writes neither the change nor its deliveries.
      await assert.rejects(db.transaction(async (tx) => {
        await tx.query("INSERT INTO events (event_id, partner_id, type, order_id, payload, ts) VALUES ('evt_x', 'ptn_a', 'payment.paid', $1, '{}', 1)", [orderId]);
        throw new Error('rolled back');
      }));
      assert.equal((await store.listDeliveries('ptn_a', { limit: 50, before: null })).length, 1);
      await store.disableWebhookEndpoint('whe_all', 'test', T0);
      await store.disableWebhookEndpoint('whe_paid', 'test', T0);
      assert.equal((await store.listDeliveries('ptn_a', { limit: 50, before: null }))[0]!.status, 'cancelled');
    });

    test('claims are exclusive until they expire', async () => {
      await store.insertWebhookEndpoint({ partnerId: 'ptn_b', url: 'http://127.0.0.1:9/b', environment: 'sandbox', createdAt: new Date(T0).toISOString(), endpointId: 'whe_b2', eventTypes: ['payment.paid'], secret: 's' });
      for (let i = 0; i < 6; i++) {
        const orderId = await newOrder('ptn_b');
        await store.updateOrderFromGrocer(orderId, grocerOrder(orderId, 'QUEUED'), [event(`b${i}`, 'ptn_b', orderId, 'payment.paid')]);
      }
      const first = await store.claimDeliveries({ instanceId: 'x', nowMs: T0, untilMs: T0 + 60_000, limit: 4 });
      const second = await store.claimDeliveries({ instanceId: 'y', nowMs: T0 + 1_000, untilMs: T0 + 61_000, limit: 4 });
      assert.equal(first.length, 4);
      assert.equal(second.length, 2);
      assert.equal(new Set([...first, ...second].map((c) => c.deliveryId)).size, 6);
      assert.equal(first[0]!.endpoint.secret, 's');
      assert.equal((await store.claimDeliveries({ instanceId: 'z', nowMs: T0 + 59_000, untilMs: T0 + 119_000, limit: 10 })).length, 0);
      const reclaimed = await store.claimDeliveries({ instanceId: 'z', nowMs: T0 + 60_001, untilMs: T0 + 120_001, limit: 10 });
      assert.deepEqual(reclaimed.map((c) => c.deliveryId).sort(), first.map((c) => c.deliveryId).sort());
      await store.disableWebhookEndpoint('whe_b2', 'test', T0);
    });

    if (kind.name === 'postgres') {
      test('concurrent claims from separate connections never share a delivery (FOR UPDATE SKIP LOCKED)', async () => {
        const schema = (await db.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]!.s;
        const others = await Promise.all([1, 2, 3].map(() => openDatabase({ url: process.env.TEST_DATABASE_URL, schema, maxConnections: 2 })));
        try {
          await store.createPartner({ partnerId: 'ptn_c', name: 'C', environment: 'sandbox', orderSource: 'SRC_C' });
          await store.insertWebhookEndpoint({ partnerId: 'ptn_c', url: 'http://127.0.0.1:9/c', environment: 'sandbox', createdAt: new Date(T0).toISOString(), endpointId: 'whe_c', eventTypes: ['payment.paid'], secret: 's' });
          for (let i = 0; i < 40; i++) {
            const orderId = await newOrder('ptn_c');
            await store.updateOrderFromGrocer(orderId, grocerOrder(orderId, 'QUEUED'), [event(`c${i}`, 'ptn_c', orderId, 'payment.paid')]);
          }
          const stores = await Promise.all(others.map((o) => createSqlStore(o)));
          const claimed = (
            await Promise.all(
              stores.flatMap((s, i) => [0, 1, 2, 3].map((round) => s.claimDeliveries({ instanceId: `i${i}-${round}`, nowMs: T0, untilMs: T0 + 60_000, limit: 5 }))),
            )
          ).flat();
          assert.equal(claimed.length, 40);
          assert.equal(new Set(claimed.map((c) => c.deliveryId)).size, 40);
        } finally {
          await Promise.all(others.map((o) => o.close()));
        }
      });
    }

    test('orders are enrolled for polling as they are stored; an event makes the order due again', async () => {
      const orderId = await newOrder();
      const claimed = await store.claimOrderPolls({ instanceId: 'p', nowMs: T0, untilMs: T0 + 60_000, limit: 500 });
      const mine = claimed.find((c) => c.order.orderId === orderId);
      assert.ok(mine, 'a new order is due at once');
      assert.equal(mine.misses, 0);
      assert.equal(mine.order.grocerOrder.orderId, orderId);
      assert.equal(await store.completeOrderPoll({ orderId, instanceId: 'someone-else', nowMs: T0, misses: 1, nextPollAtMs: T0 + 60_000, lastSeenStatus: 'PLACED', lastSeenPickingStatus: null, done: null }), false);
      assert.equal(await store.completeOrderPoll({ orderId, instanceId: 'p', nowMs: T0, misses: 3, nextPollAtMs: T0 + 3_600_000, lastSeenStatus: 'PLACED', lastSeenPickingStatus: 'AWAITING_PAYMENT', done: null }), true);
      const notYet = await store.claimOrderPolls({ instanceId: 'p', nowMs: T0 + 60_000, untilMs: T0 + 120_000, limit: 500 });
      assert.equal(notYet.some((c) => c.order.orderId === orderId), false);
      await store.releaseOrderPolls('p', notYet.map((c) => c.order.orderId), T0 + 10 * 3_600_000);
      await store.updateOrderFromGrocer(orderId, grocerOrder(orderId, 'QUEUED'), [event('poll1', 'ptn_a', orderId)]);
      const again = await store.claimOrderPolls({ instanceId: 'q', nowMs: T0 + 60_000, untilMs: T0 + 120_000, limit: 500 });
      assert.deepEqual(again.map((c) => [c.order.orderId, c.misses, c.order.pickingStatus]), [[orderId, 0, 'QUEUED']]);
      assert.equal(await store.completeOrderPoll({ orderId, instanceId: 'q', nowMs: T0 + 60_000, misses: 0, nextPollAtMs: T0, lastSeenStatus: 'COMPLETED', lastSeenPickingStatus: 'COLLECTED', done: 'final' }), true);
      // A final order stays done even when another event of it arrives.
      await store.updateOrderFromGrocer(orderId, grocerOrder(orderId, 'COLLECTED'), [event('poll2', 'ptn_a', orderId)]);
      const later = await store.claimOrderPolls({ instanceId: 'q', nowMs: T0 + 365 * 86_400_000, untilMs: T0 + 366 * 86_400_000, limit: 500 });
      assert.ok(later.length > 0, 'other open orders are still polled');
      assert.equal(later.some((c) => c.order.orderId === orderId), false);
    });

    test('an inbound notification is remembered until it expires', async () => {
      assert.equal(await store.rememberInboundNotification('sig-1', T0, T0 + 600_000), true);
      assert.equal(await store.rememberInboundNotification('sig-1', T0 + 1_000, T0 + 601_000), false);
      await store.forgetInboundNotification('sig-1');
      assert.equal(await store.rememberInboundNotification('sig-1', T0 + 2_000, T0 + 602_000), true);
      // Past its expiry the receipt is swept; by then the sender's clock check refuses the body anyway.
      assert.equal(await store.rememberInboundNotification('sig-2', T0 + 700_000, T0 + 1_300_000), true);
      assert.equal(await store.rememberInboundNotification('sig-1', T0 + 700_000, T0 + 1_300_000), true);
    });
  });
}
