import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { GrocerOrder, OrderIntentRecord, OrderRecord, PaymentAttemptRecord, PaymentLinkRecord, Store } from '@grocery/core';
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
    payment: { isPaid: false, status: 'UNPAID', method: null, paidAt: null, reference: null, paymentId: null },
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

function intent(orderId: string, owner = scope, extra: Partial<OrderIntentRecord> = {}): OrderIntentRecord {
  return {
    orderId,
    partnerId: owner.partnerId,
    ownerId: owner.ownerId,
    environment: owner.environment,
    idempotencyKey: null,
    request: { ...orderRecord(orderId, '2026-11-22T03:00:00.000Z').request, orderId, specialComment: 'test', sandbox: true },
    fromBasket: false,
    state: 'pending',
    checks: 0,
    lastError: null,
    createdAt: '2026-11-22T03:00:00.000Z',
    nextCheckAt: '2026-11-22T03:01:00.000Z',
    ...extra,
  };
}

function attempt(orderId: string, attemptId: string, nowMs: number): PaymentAttemptRecord {
  return {
    attemptId,
    orderId,
    partnerId: scope.partnerId,
    provider: 'sandbox',
    amountSatang: 9000,
    currency: 'THB',
    state: 'started',
    providerReference: null,
    redirectUrl: null,
    providerStatus: null,
    refundReference: null,
    failureCode: null,
    failureMessage: null,
    simulate: null,
    checks: 0,
    createdAt: new Date(nowMs).toISOString(),
    updatedAt: new Date(nowMs).toISOString(),
    nextCheckAt: new Date(nowMs + 60_000).toISOString(),
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
      assert.deepEqual(found, { partnerId: 'ptn_a', partnerName: 'A', orderSource: 'SRC_A', environment: 'sandbox', keyPrefix: 'pk_test_AAAA', live: false, clientIds: ['client-a'] });
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
      await store.insertOrderIntent(intent('PA2611220000001-AAAA'));
      assert.equal(await store.insertOrder({ order: orderRecord('PA2611220000001-AAAA', '2026-11-22T03:00:00.000Z'), link: link('PA2611220000001-AAAA', 'aa'), idempotency: { key: 'key-1', response: { orderId: 'PA1' } } }), true);
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
        await store.insertOrderIntent(intent(id));
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

    test('order intents: an insert keeps the first; moves are guarded; one adoption wins; an ended intent frees its key', async () => {
      const orderId = 'PA2611220000006-AAAA';
      const first = await store.insertOrderIntent(intent(orderId, scope, { idempotencyKey: 'key-6' }));
      const again = await store.insertOrderIntent(intent(orderId, scope, { lastError: 'second' }));
      assert.deepEqual(again, first, 'the stored intent is returned, not overwritten');
      assert.equal(await store.transitionOrderIntent(orderId, ['cancelling'], 'cancelled'), false, 'only from the named states');
      const adoptions = await Promise.all([1, 2, 3].map((n) => store.insertOrder({ order: orderRecord(orderId, '2026-11-22T03:06:00.000Z'), link: link(orderId, `h6-${n}`), idempotency: null })));
      assert.deepEqual(adoptions.filter(Boolean).length, 1, 'exactly one path stores the order');
      assert.equal((await db.query('SELECT count(*)::int AS n FROM payment_links WHERE order_id = $1', [orderId])).rows[0]?.n, 1, 'with one first link');
      assert.equal((await store.getOrderIntent(orderId))?.state, 'created');
      assert.equal(await store.transitionOrderIntent(orderId, ['pending'], 'cancelling'), false, 'a created intent is never given up');

      const lost = 'PA2611220000007-AAAA';
      const t0 = Date.UTC(2026, 10, 22);
      await store.claimIdempotencyKey(scope, { key: 'key-7', requestHash: 'r7', resourceId: lost, nowMs: t0, staleAfterMs: 60_000, retentionMs: 86_400_000 });
      await store.insertOrderIntent(intent(lost, scope, { idempotencyKey: 'key-7' }));
      assert.equal(await store.transitionOrderIntent(lost, ['pending'], 'cancelling', { lastError: 'GROCER_UNAVAILABLE: timeout' }), true);
      assert.equal(await store.insertOrder({ order: orderRecord(lost, '2026-11-22T03:07:00.000Z'), link: link(lost, 'h7'), idempotency: null }), false, 'a given-up intent is not adopted');
      assert.equal(await store.getOrder(scope, lost), null);
      assert.deepEqual(await store.claimIdempotencyKey(scope, { key: 'key-7', requestHash: 'r7', resourceId: 'PA-next', nowMs: t0 + 10, staleAfterMs: 60_000, retentionMs: 86_400_000 }), { kind: 'in-progress' });
      assert.equal(await store.transitionOrderIntent(lost, ['cancelling'], 'cancelled'), true);
      assert.equal((await store.getOrderIntent(lost))?.lastError, 'GROCER_UNAVAILABLE: timeout', 'the reason stays');
      assert.deepEqual(
        await store.claimIdempotencyKey(scope, { key: 'key-7', requestHash: 'r7', resourceId: 'PA-next', nowMs: t0 + 20, staleAfterMs: 60_000, retentionMs: 86_400_000 }),
        { kind: 'claimed', resourceId: 'PA-next' },
        'nothing was placed under the key, so it is free again',
      );
    });

    test('due intents are leased once across concurrent workers, and come back when the lease ends', async () => {
      const ids = ['PA2611220000011-AAAA', 'PA2611220000012-AAAA', 'PA2611220000013-AAAA'];
      for (const id of ids) await store.insertOrderIntent(intent(id, scope, { nextCheckAt: '2026-11-22T03:00:30.000Z' }));
      await store.insertOrderIntent(intent('PA2611220000014-AAAA', scope, { nextCheckAt: '2026-11-22T09:00:00.000Z' }));
      const nowMs = Date.parse('2026-11-22T03:02:00.000Z');
      const claims = await Promise.all(Array.from({ length: 4 }, () => store.claimDueOrderIntents({ nowMs, untilMs: nowMs + 30_000, limit: 2 })));
      const leased = claims.flat().map((i) => i.orderId).filter((id) => ids.includes(id));
      assert.deepEqual([...leased].sort(), ids, 'every due intent is leased exactly once; one not yet due is left');
      assert.ok(claims.flat().every((i) => i.checks === 1 && i.nextCheckAt === new Date(nowMs + 30_000).toISOString()));
      assert.deepEqual(await store.claimDueOrderIntents({ nowMs: nowMs + 1_000, untilMs: nowMs + 31_000, limit: 10 }), [], 'leased intents are not due');
      const later = await store.claimDueOrderIntents({ nowMs: nowMs + 30_000, untilMs: nowMs + 60_000, limit: 10 });
      assert.deepEqual(later.map((i) => i.orderId).filter((id) => ids.includes(id)).sort(), ids, 'an unfinished lease comes back');
      for (const id of ids) await store.transitionOrderIntent(id, ['pending'], 'failed');
      assert.equal((await store.listOrderIntents({ since: '2026-11-22T00:00:00.000Z', after: null, limit: 100 })).filter((i) => ids.includes(i.orderId)).length, 3);
    });

    test('twenty concurrent payment attempts: one starts, the others see it under way; the order is paid once', async () => {
      const orderId = 'PA2611220000005-AAAA';
      const now = Date.UTC(2026, 10, 22, 4);
      const starts = await Promise.all(Array.from({ length: 20 }, (_, i) => store.startPaymentAttempt(attempt(orderId, `pay_${i}`, now))));
      assert.equal(starts.filter((s) => s.kind === 'started').length, 1);
      const busy = starts.filter((s) => s.kind === 'busy');
      assert.equal(busy.length, 19);
      const winner = `pay_${starts.findIndex((s) => s.kind === 'started')}`;
      assert.ok(busy.every((s) => s.kind === 'busy' && s.attempt.attemptId === winner), 'each is told which attempt is under way');
      assert.equal(await store.transitionPaymentAttempt(winner, ['charged'], 'paid'), false, 'only from the named states');
      assert.equal(await store.transitionPaymentAttempt(winner, ['started'], 'charged', { providerReference: 'sbx_1' }), true);
      const paid = { ...grocerOrder(orderId), payment: { isPaid: true, status: 'PAID' as const, method: 'sandbox', paidAt: '2026-11-22T04:00:00.000Z', reference: 'sbx_1', paymentId: winner } };
      const payment = { paymentId: winner, orderId, amountSatang: 9000, currency: 'THB', provider: 'sandbox', reference: 'sbx_1', createdAt: '2026-11-22T04:00:00.000Z' };
      const event = { eventId: 'evt_1', partnerId: 'ptn_a', type: 'payment.paid' as const, orderId, payload: { orderId }, ts: 1 };
      const completions = await Promise.all([1, 2, 3].map(() => store.completePayment({ orderId, attemptId: winner, payment, grocerOrder: paid, events: [event] })));
      assert.equal(completions.filter(Boolean).length, 1, 'the first path to complete wins; the others write nothing');
      assert.deepEqual(await store.startPaymentAttempt(attempt(orderId, 'late', now)), { kind: 'paid' });
      assert.equal((await store.getOrder(scope, orderId))?.paymentStatus, 'PAID');
      assert.equal((await store.getPaymentAttempt(winner))?.state, 'paid');
      assert.equal((await db.query('SELECT count(*)::int AS n FROM payments WHERE order_id = $1', [orderId])).rows[0]?.n, 1);
      assert.equal((await db.query('SELECT count(*)::int AS n FROM events WHERE order_id = $1', [orderId])).rows[0]?.n, 1);
      assert.deepEqual(await store.startPaymentAttempt(attempt('PA0000000000000-NONE', 'd', now)), { kind: 'not-found' });
    });

    test('an ended attempt makes way for the next; due attempts are leased once', async () => {
      const orderId = 'PA2611220000004-AAAA';
      const now = Date.UTC(2026, 10, 22, 5);
      assert.equal((await store.startPaymentAttempt(attempt(orderId, 'pay_a', now))).kind, 'started');
      assert.equal(await store.transitionPaymentAttempt('pay_a', ['started'], 'declined', { failureCode: 'PAYMENT_DECLINED', failureMessage: 'declined' }), true);
      assert.equal((await store.startPaymentAttempt(attempt(orderId, 'pay_b', now + 1))).kind, 'started');
      assert.deepEqual((await store.listPaymentAttempts([orderId])).map((a) => [a.attemptId, a.state, a.failureCode]), [
        ['pay_a', 'declined', 'PAYMENT_DECLINED'],
        ['pay_b', 'started', null],
      ]);
      const due = now + 120_000;
      const leases = await Promise.all([1, 2, 3].map(() => store.claimDuePaymentAttempts({ nowMs: due, untilMs: due + 30_000, limit: 5 })));
      assert.deepEqual(leases.flat().map((a) => a.attemptId), ['pay_b'], 'leased by one worker only');
      assert.equal(leases.flat()[0]!.checks, 1);
    });

    test('payment links are found by their hash', async () => {
      assert.equal((await store.findPaymentLinkByHash('h3'))?.link.orderId, 'PA2611220000003-AAAA');
      assert.equal((await store.findPaymentLinkByHash('h3'))?.order.orderId, 'PA2611220000003-AAAA');
      assert.equal(await store.findPaymentLinkByHash('nope'), null);
    });
  });
}
