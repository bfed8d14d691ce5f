import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { GrocerOrder, OrderRecord, PaymentLinkRecord, Store } from '@grocery/core';
import { createSqlStore, testDatabaseKinds, type Db } from '../src/index.ts';

const scope = { partnerId: 'ptn_a', environment: 'sandbox' as const, ownerId: 'owner-1' };
const otherPartner = { partnerId: 'ptn_b', environment: 'sandbox' as const, ownerId: 'owner-1' };
const production = { ...scope, environment: 'production' as const };

function grocerOrder(orderId: string): GrocerOrder {
  return {
    orderId,
    branchCode: 'BK01',
    orderSource: 'SRC_A',
    specialComment: 'test',
    sandbox: true,
    status: 'PLACED',
    createdAt: '2026-11-22T03:00:00.000Z',
    currency: 'THB',
    lines: [{ cprcode: '100001', productName: 'Milk', quantity: 2, priceSatang: 4500, rowTotalSatang: 9000 }],
    subTotalSatang: 9000,
    deliveryFeeSatang: 0,
    totalDiscountSatang: 0,
    grandTotalSatang: 9000,
    couponCodes: [],
    payment: { isPaid: false, status: 'UNPAID', method: null, paidAt: null, reference: null },
    shipping: { fulfilmentType: 'PICKUP', address: null, schedules: [{ mode: 'REGULAR', dateTime: '2026-11-22T06:00:00.000Z', pickingStatus: 'PENDING', deliveryFeeSatang: 0 }] },
  };
}

function orderRecord(orderId: string, createdAt: string, owner = scope): OrderRecord {
  return {
    orderId,
    partnerId: owner.partnerId,
    ownerId: owner.ownerId,
    environment: 'sandbox',
    orderSource: 'SRC_A',
    branchCode: 'BK01',
    grandTotalSatang: 9000,
    currency: 'THB',
    paymentStatus: 'UNPAID',
    status: 'PLACED',
    pickingStatus: 'PENDING',
    request: { branchCode: 'BK01', lines: [{ cprcode: '100001', quantity: 2 }], fulfilment: 'PICKUP', scheduleMode: 'REGULAR', address: null, couponCodes: [], orderSource: 'SRC_A' },
    grocerOrder: grocerOrder(orderId),
    createdAt,
    paidAt: null,
  };
}

function link(orderId: string, hash: string): PaymentLinkRecord {
  return {
    linkId: `lnk_${hash}`,
    tokenHash: hash,
    orderId,
    partnerId: scope.partnerId,
    amountSatang: 9000,
    currency: 'THB',
    provider: 'sandbox',
    callbackUrl: null,
    expiresAt: '2026-11-23T03:00:00.000Z',
    createdAt: '2026-11-22T03:00:00.000Z',
  };
}

for (const kind of testDatabaseKinds()) {
  describe(`SQL store on ${kind.name}`, () => {
    let db: Db;
    let store: Store;

    before(async () => {
      db = await kind.open();
      store = await createSqlStore(db);
      await store.createPartner({ partnerId: 'ptn_a', name: 'A', environment: 'sandbox', orderSource: 'SRC_A' });
      await store.createPartner({ partnerId: 'ptn_b', name: 'B', environment: 'production', orderSource: 'SRC_B' });
    });
    after(async () => db?.close());

    test('finds a partner by an active key only, with its app clients', async () => {
      await store.addPartnerKey({ keyHash: 'h1', keyPrefix: 'pk_test_AAAA', partnerId: 'ptn_a', environment: 'sandbox' });
      await store.addAppClient({ clientId: 'client-a', partnerId: 'ptn_a', redirectUris: ['https://a.example/cb'] });
      const found = await store.findPartnerByKeyHash('h1');
      assert.deepEqual(found, { partnerId: 'ptn_a', partnerName: 'A', orderSource: 'SRC_A', environment: 'sandbox', keyPrefix: 'pk_test_AAAA', clientIds: ['client-a'] });
      assert.equal(await store.revokePartnerKey('pk_test_AAAA'), true);
      assert.equal(await store.revokePartnerKey('pk_test_AAAA'), false);
      assert.equal(await store.findPartnerByKeyHash('h1'), null);
      assert.equal(await store.findPartnerByKeyHash("' OR 1=1 --"), null);
    });

    test('a partner with its key and client is created whole, or not at all when the client id is taken', async () => {
      const partner = { partnerId: 'ptn_c', name: 'C', environment: 'sandbox', orderSource: 'SRC_C' } as const;
      const created = await store.createPartnerWithCredentials({ partner, key: { keyHash: 'hc', keyPrefix: 'pk_test_CCCC' }, client: { clientId: 'client-c', redirectUris: [] } });
      assert.equal(created?.partnerId, 'ptn_c');
      assert.deepEqual((await store.findPartnerByKeyHash('hc'))?.clientIds, ['client-c']);
      const taken = await store.createPartnerWithCredentials({ partner: { ...partner, partnerId: 'ptn_d', orderSource: 'SRC_D' }, key: { keyHash: 'hd', keyPrefix: 'pk_test_DDDD' }, client: { clientId: 'client-c', redirectUris: [] } });
      assert.equal(taken, null);
      assert.equal(await store.getPartner('ptn_d'), null, 'rolled back: no partner');
      assert.equal(await store.findPartnerByKeyHash('hd'), null, 'and no key');
      assert.equal(await store.addAppClient({ clientId: 'client-c', partnerId: 'ptn_a', redirectUris: [] }), null);
      assert.equal(await store.appClientExists('client-c'), true);
    });

    test('concurrent basket changes lose no update', async () => {
      const adds = Array.from({ length: 20 }, (_, i) =>
        store.updateBasket(scope, `bsk_${i}`, (current) => {
          const lines = current?.lines.map((l) => ({ ...l })) ?? [];
          const line = lines.find((l) => l.cprcode === '100001');
          if (line) line.quantity += 1;
          else lines.push({ cprcode: '100001', quantity: 1 });
          return { branchCode: 'BK01', lines };
        }),
      );
      await Promise.all(adds);
      const basket = await store.getBasket(scope);
      assert.deepEqual(basket?.lines, [{ cprcode: '100001', quantity: 20 }]);
      assert.equal(await store.getBasket(otherPartner), null, 'another partner sees no basket of this one');
      assert.equal(await store.getBasket(production), null, "the partner's production keys see no sandbox basket");
    });

    test('a change that throws leaves the basket as it was', async () => {
      await assert.rejects(
        store.updateBasket(scope, 'bsk_x', () => {
          throw new Error('refused');
        }),
        /refused/,
      );
      assert.equal((await store.getBasket(scope))?.lines[0]?.quantity, 20);
    });

    test('idempotency keys: claim, in progress, replay, mismatch, takeover of a stale claim', async () => {
      const claim = (requestHash: string, resourceId: string, nowMs: number) =>
        store.claimIdempotencyKey(scope, { key: 'key-1', requestHash, resourceId, nowMs, staleAfterMs: 60_000, retentionMs: 86_400_000 });
      const t0 = Date.UTC(2026, 10, 22);
      assert.deepEqual(await claim('r1', 'PA1', t0), { kind: 'claimed', resourceId: 'PA1' });
      assert.deepEqual(await claim('r1', 'PA2', t0 + 10), { kind: 'in-progress' });
      assert.deepEqual(await claim('r2', 'PA2', t0 + 10), { kind: 'mismatch' });
      assert.deepEqual(await claim('r1', 'PA3', t0 + 120_000), { kind: 'claimed', resourceId: 'PA1' }, 'a stale claim keeps its resource id');
      await store.insertOrder({ order: orderRecord('PA2611220000001-AAAA', '2026-11-22T03:00:00.000Z'), link: link('PA2611220000001-AAAA', 'aa'), idempotency: { key: 'key-1', response: { orderId: 'PA1' } } });
      assert.deepEqual(await claim('r1', 'PA4', t0 + 130_000), { kind: 'replay', response: { orderId: 'PA1' } });
      assert.deepEqual(await claim('r2', 'PA5', t0 + 86_400_000 + 130_000), { kind: 'claimed', resourceId: 'PA5' }, 'a key is forgotten after its retention');
      assert.deepEqual(
        await store.claimIdempotencyKey(otherPartner, { key: 'key-1', requestHash: 'r9', resourceId: 'PB1', nowMs: t0, staleAfterMs: 60_000, retentionMs: 86_400_000 }),
        { kind: 'claimed', resourceId: 'PB1' },
        'keys are per (partner, shopper)',
      );
    });

    test('orders are scoped and paged newest first', async () => {
      for (let i = 2; i <= 5; i++) {
        const id = `PA261122000000${i}-AAAA`;
        await store.insertOrder({ order: orderRecord(id, `2026-11-22T03:0${i}:00.000Z`), link: link(id, `h${i}`), idempotency: null });
      }
      const first = await store.listOrders(scope, { after: null, first: 2 });
      assert.deepEqual(first.orders.map((o) => o.orderId), ['PA2611220000005-AAAA', 'PA2611220000004-AAAA']);
      assert.equal(first.hasNextPage, true);
      const last = first.orders.at(-1)!;
      const second = await store.listOrders(scope, { after: { createdAt: last.createdAt, orderId: last.orderId }, first: 10 });
      assert.deepEqual(second.orders.map((o) => o.orderId), ['PA2611220000003-AAAA', 'PA2611220000002-AAAA', 'PA2611220000001-AAAA']);
      assert.equal(second.hasNextPage, false);
      assert.equal(await store.getOrder(otherPartner, 'PA2611220000005-AAAA'), null);
      assert.equal((await store.listOrders(otherPartner, { after: null, first: 10 })).orders.length, 0);
      assert.equal((await store.listOrders(production, { after: null, first: 10 })).orders.length, 0, 'sandbox orders are not production ones');
      assert.equal(await store.getOrder(production, 'PA2611220000005-AAAA'), null);
    });

    test('twenty concurrent payment claims: exactly one wins, then the order is paid once', async () => {
      const orderId = 'PA2611220000005-AAAA';
      const now = Date.UTC(2026, 10, 22, 4);
      const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => store.claimPayment(orderId, `pay_${i}`, now, now + 30_000)));
      assert.equal(claims.filter((c) => c === 'claimed').length, 1);
      assert.equal(claims.filter((c) => c === 'busy').length, 19);
      const winner = `pay_${claims.indexOf('claimed')}`;
      const paid = { ...grocerOrder(orderId), payment: { isPaid: true, status: 'PAID' as const, method: 'sandbox', paidAt: '2026-11-22T04:00:00.000Z', reference: 'sbx_1' } };
      const payment = { paymentId: winner, orderId, amountSatang: 9000, currency: 'THB', provider: 'sandbox', reference: 'sbx_1', createdAt: '2026-11-22T04:00:00.000Z' };
      const event = { eventId: 'evt_1', partnerId: 'ptn_a', type: 'payment.paid' as const, orderId, payload: { orderId }, ts: 1 };
      assert.equal(await store.completePayment({ orderId, attemptId: 'pay_loser', payment: { ...payment, paymentId: 'x' }, grocerOrder: paid, events: [] }), false);
      assert.equal(await store.completePayment({ orderId, attemptId: winner, payment, grocerOrder: paid, events: [event] }), true);
      assert.equal(await store.claimPayment(orderId, 'late', now, now + 30_000), 'paid');
      const order = await store.getOrder(scope, orderId);
      assert.equal(order?.paymentStatus, 'PAID');
      assert.equal((await db.query('SELECT count(*)::int AS n FROM payments WHERE order_id = $1', [orderId])).rows[0]?.n, 1);
      assert.equal((await db.query('SELECT count(*)::int AS n FROM events WHERE order_id = $1', [orderId])).rows[0]?.n, 1);
    });

    test('an expired claim can be taken over; a released one at once', async () => {
      const orderId = 'PA2611220000004-AAAA';
      const now = Date.UTC(2026, 10, 22, 5);
      assert.equal(await store.claimPayment(orderId, 'a', now, now + 1_000), 'claimed');
      assert.equal(await store.claimPayment(orderId, 'b', now + 500, now + 1_500), 'busy');
      assert.equal(await store.claimPayment(orderId, 'b', now + 2_000, now + 3_000), 'claimed');
      await store.releasePayment(orderId, 'b');
      assert.equal(await store.claimPayment(orderId, 'c', now + 2_100, now + 3_100), 'claimed');
      assert.equal(await store.claimPayment('PA0000000000000-NONE', 'd', now, now + 1), 'not-found');
    });

    test('payment links are found by their hash', async () => {
      assert.equal((await store.findPaymentLinkByHash('h3'))?.link.orderId, 'PA2611220000003-AAAA');
      assert.equal((await store.findPaymentLinkByHash('h3'))?.order.orderId, 'PA2611220000003-AAAA');
      assert.equal(await store.findPaymentLinkByHash('nope'), null);
    });
  });
}
