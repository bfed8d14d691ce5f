import assert from 'node:assert/strict';
import type { RefundRecord } from '../model/checkout.ts';
import { contractGrocerOrder, storeContractOrder } from './contract-records.ts';
import { attempt, intent, link, orderRecord, scope, type StoreContractCase } from './store-contract-fixtures.ts';

/**
 * The `SagaStore` part of the store contract: order intents, payment attempts and refunds, their
 * guarded moves and leases, raced against the commerce store's adoption and payment completion.
 */
export const sagaStoreContract: readonly StoreContractCase[] = [
  {
    name: 'order intents: an insert keeps the first; moves are guarded; one adoption wins; an ended intent frees its key',
    async run({ store, count }) {
      const orderId = 'PA2611220000006-AAAA';
      const first = await store.insertOrderIntent(intent(orderId, scope, { idempotencyKey: 'key-6' }));
      const again = await store.insertOrderIntent(intent(orderId, scope, { lastError: 'second' }));
      assert.deepEqual(again, first, 'the stored intent is returned, not overwritten');
      assert.equal(
        await store.transitionOrderIntent(orderId, ['cancelling'], 'cancelled'),
        false,
        'only from the named states',
      );
      const adoptions = await Promise.all(
        [1, 2, 3].map((n) =>
          store.insertOrder({
            order: orderRecord(orderId, '2026-11-22T03:06:00.000Z'),
            link: link(orderId, `h6-${n}`),
            idempotency: null,
          }),
        ),
      );
      assert.deepEqual(adoptions.filter(Boolean).length, 1, 'exactly one path stores the order');
      if (count) assert.equal(await count.paymentLinks(orderId), 1, 'with one first link');
      assert.equal(
        [
          (await store.findPaymentLinkByHash('h6-1')) ?? [],
          (await store.findPaymentLinkByHash('h6-2')) ?? [],
          (await store.findPaymentLinkByHash('h6-3')) ?? [],
        ].flat().length,
        1,
        'the losers wrote no link',
      );
      assert.equal((await store.getOrderIntent(orderId))?.state, 'created');
      assert.equal(
        await store.transitionOrderIntent(orderId, ['pending'], 'cancelling'),
        false,
        'a created intent is never given up',
      );

      const lost = 'PA2611220000007-AAAA';
      const t0 = Date.UTC(2026, 10, 22);
      await store.claimIdempotencyKey(scope, {
        key: 'key-7',
        requestHash: 'r7',
        resourceId: lost,
        nowMs: t0,
        staleAfterMs: 60_000,
        retentionMs: 86_400_000,
      });
      await store.insertOrderIntent(intent(lost, scope, { idempotencyKey: 'key-7' }));
      assert.equal(
        await store.transitionOrderIntent(lost, ['pending'], 'cancelling', {
          lastError: 'GROCER_UNAVAILABLE: timeout',
        }),
        true,
      );
      assert.equal(
        await store.insertOrder({
          order: orderRecord(lost, '2026-11-22T03:07:00.000Z'),
          link: link(lost, 'h7'),
          idempotency: null,
        }),
        false,
        'a given-up intent is not adopted',
      );
      assert.equal(await store.getOrder(scope, lost), null);
      assert.equal(await store.findPaymentLinkByHash('h7'), null);
      assert.deepEqual(
        await store.claimIdempotencyKey(scope, {
          key: 'key-7',
          requestHash: 'r7',
          resourceId: 'PA-next',
          nowMs: t0 + 10,
          staleAfterMs: 60_000,
          retentionMs: 86_400_000,
        }),
        { kind: 'in-progress' },
      );
      assert.equal(await store.transitionOrderIntent(lost, ['cancelling'], 'cancelled'), true);
      assert.equal((await store.getOrderIntent(lost))?.lastError, 'GROCER_UNAVAILABLE: timeout', 'the reason stays');
      assert.deepEqual(
        await store.claimIdempotencyKey(scope, {
          key: 'key-7',
          requestHash: 'r7',
          resourceId: 'PA-next',
          nowMs: t0 + 20,
          staleAfterMs: 60_000,
          retentionMs: 86_400_000,
        }),
        { kind: 'claimed', resourceId: 'PA-next' },
        'nothing was placed under the key, so it is free again',
      );
    },
  },
  {
    name: 'due intents are leased once across concurrent workers, and come back when the lease ends',
    async run({ store }) {
      const ids = ['PA2611220000011-AAAA', 'PA2611220000012-AAAA', 'PA2611220000013-AAAA'];
      for (const id of ids)
        await store.insertOrderIntent(intent(id, scope, { nextCheckAt: '2026-11-22T03:00:30.000Z' }));
      await store.insertOrderIntent(intent('PA2611220000014-AAAA', scope, { nextCheckAt: '2026-11-22T09:00:00.000Z' }));
      const nowMs = Date.parse('2026-11-22T03:02:00.000Z');
      const claims = await Promise.all(
        Array.from({ length: 4 }, () => store.claimDueOrderIntents({ nowMs, untilMs: nowMs + 30_000, limit: 2 })),
      );
      const leased = claims
        .flat()
        .map((i) => i.orderId)
        .filter((id) => ids.includes(id));
      assert.deepEqual([...leased].sort(), ids, 'every due intent is leased exactly once; one not yet due is left');
      assert.ok(claims.flat().every((i) => i.checks === 1 && i.nextCheckAt === new Date(nowMs + 30_000).toISOString()));
      assert.deepEqual(
        await store.claimDueOrderIntents({ nowMs: nowMs + 1_000, untilMs: nowMs + 31_000, limit: 10 }),
        [],
        'leased intents are not due',
      );
      const later = await store.claimDueOrderIntents({ nowMs: nowMs + 30_000, untilMs: nowMs + 60_000, limit: 10 });
      assert.deepEqual(
        later
          .map((i) => i.orderId)
          .filter((id) => ids.includes(id))
          .sort(),
        ids,
        'an unfinished lease comes back',
      );
      for (const id of ids) await store.transitionOrderIntent(id, ['pending'], 'failed');
      assert.equal(
        (await store.listOrderIntents({ since: '2026-11-22T00:00:00.000Z', after: null, limit: 100 })).filter((i) =>
          ids.includes(i.orderId),
        ).length,
        3,
      );
      const page = await store.listOrderIntents({
        since: '2026-11-22T00:00:00.000Z',
        after: 'PA2611220000011-AAAA',
        limit: 2,
      });
      assert.deepEqual(
        page.map((i) => i.orderId),
        ['PA2611220000012-AAAA', 'PA2611220000013-AAAA'],
        'paged in orderId order after the cursor',
      );
      assert.deepEqual(
        await store.listOrderIntents({ since: '2026-11-23T00:00:00.000Z', after: null, limit: 100 }),
        [],
        'none created since',
      );
    },
  },
  {
    name: 'twenty concurrent payment attempts: one starts, the others see it under way; the order is paid once',
    async run({ store, count }) {
      const orderId = 'PA2611220000005-AAAA';
      const now = Date.UTC(2026, 10, 22, 4);
      const starts = await Promise.all(
        Array.from({ length: 20 }, (_, i) => store.startPaymentAttempt(attempt(orderId, `pay_${i}`, now))),
      );
      assert.equal(starts.filter((s) => s.kind === 'started').length, 1);
      const busy = starts.filter((s) => s.kind === 'busy');
      assert.equal(busy.length, 19);
      const winner = `pay_${starts.findIndex((s) => s.kind === 'started')}`;
      assert.ok(
        busy.every((s) => s.kind === 'busy' && s.attempt.attemptId === winner),
        'each is told which attempt is under way',
      );
      assert.equal(
        await store.transitionPaymentAttempt(winner, ['charged'], 'paid'),
        false,
        'only from the named states',
      );
      assert.equal(
        await store.transitionPaymentAttempt(winner, ['started'], 'charged', { providerReference: 'sbx_1' }),
        true,
      );
      const paid = {
        ...contractGrocerOrder(orderId),
        payment: {
          isPaid: true,
          status: 'PAID' as const,
          method: 'sandbox',
          paidAt: '2026-11-22T04:00:00.000Z',
          reference: 'sbx_1',
          paymentId: winner,
        },
      };
      const payment = {
        paymentId: winner,
        orderId,
        amountSatang: 9000,
        currency: 'THB',
        provider: 'sandbox',
        reference: 'sbx_1',
        createdAt: '2026-11-22T04:00:00.000Z',
      };
      const event = {
        eventId: 'evt_1',
        partnerId: 'ptn_a',
        type: 'payment.paid' as const,
        orderId,
        payload: { orderId },
        ts: 1,
      };
      const completions = await Promise.all(
        [1, 2, 3].map(() =>
          store.completePayment({ orderId, attemptId: winner, payment, grocerOrder: paid, events: [event] }),
        ),
      );
      assert.equal(completions.filter(Boolean).length, 1, 'the first path to complete wins; the others write nothing');
      assert.deepEqual(await store.startPaymentAttempt(attempt(orderId, 'late', now)), { kind: 'paid' });
      const order = await store.getOrder(scope, orderId);
      assert.equal(order?.paymentStatus, 'PAID');
      assert.equal(order?.paidAt, '2026-11-22T04:00:00.000Z');
      assert.equal(order?.grocerOrder.payment.paymentId, winner, "the grocer's view is stored with the payment");
      assert.equal((await store.getPaymentAttempt(winner))?.state, 'paid');
      assert.equal((await store.getPaymentAttempt(winner))?.providerReference, 'sbx_1');
      assert.deepEqual(
        await store.listPayments([orderId, 'PA0000000000000-NONE']),
        [payment],
        'the one payment, as recorded',
      );
      if (count) {
        assert.equal(await count.payments(orderId), 1);
        assert.equal(await count.events(orderId), 1);
      }
      assert.deepEqual(await store.startPaymentAttempt(attempt('PA0000000000000-NONE', 'd', now)), {
        kind: 'not-found',
      });
    },
  },
  {
    name: 'an ended attempt makes way for the next; due attempts are leased once',
    async run({ store }) {
      const orderId = 'PA2611220000004-AAAA';
      const now = Date.UTC(2026, 10, 22, 5);
      assert.equal((await store.startPaymentAttempt(attempt(orderId, 'pay_a', now))).kind, 'started');
      assert.equal(
        await store.transitionPaymentAttempt('pay_a', ['started'], 'declined', {
          failureCode: 'PAYMENT_DECLINED',
          failureMessage: 'declined',
        }),
        true,
      );
      assert.equal((await store.startPaymentAttempt(attempt(orderId, 'pay_b', now + 1))).kind, 'started');
      assert.deepEqual(
        (await store.listPaymentAttempts([orderId])).map((a) => [a.attemptId, a.state, a.failureCode]),
        [
          ['pay_a', 'declined', 'PAYMENT_DECLINED'],
          ['pay_b', 'started', null],
        ],
      );
      const due = now + 120_000;
      const leases = await Promise.all(
        [1, 2, 3].map(() => store.claimDuePaymentAttempts({ nowMs: due, untilMs: due + 30_000, limit: 5 })),
      );
      assert.deepEqual(
        leases.flat().map((a) => a.attemptId),
        ['pay_b'],
        'leased by one worker only',
      );
      assert.equal(leases.flat()[0]!.checks, 1);
    },
  },
  {
    name: "an attempt's moves keep what a patch leaves out",
    async run({ store }) {
      const id = 'pay_b';
      assert.equal(
        await store.transitionPaymentAttempt(id, ['started'], 'started', {
          providerReference: 'ref_1',
          redirectUrl: 'https://pay.example/s/1',
        }),
        true,
      );
      assert.equal(
        await store.transitionPaymentAttempt(id, ['started'], 'started', {
          providerStatus: 'pending',
          nextCheckAt: '2026-11-22T06:00:00.000Z',
        }),
        true,
      );
      const moved = await store.getPaymentAttempt(id);
      assert.deepEqual(
        [moved?.providerReference, moved?.redirectUrl, moved?.providerStatus, moved?.nextCheckAt],
        ['ref_1', 'https://pay.example/s/1', 'pending', '2026-11-22T06:00:00.000Z'],
      );
      assert.equal(
        await store.transitionPaymentAttempt(id, ['started'], 'refunded', {
          refundReference: 'rf_1',
          failureCode: 'PRICE_CHANGED',
        }),
        true,
      );
      const ended = await store.getPaymentAttempt(id);
      assert.deepEqual(
        [ended?.state, ended?.providerReference, ended?.refundReference, ended?.failureCode],
        ['refunded', 'ref_1', 'rf_1', 'PRICE_CHANGED'],
      );
      assert.equal(
        await store.transitionPaymentAttempt('pay_none', ['started'], 'failed'),
        false,
        'no attempt, no move',
      );
      assert.equal(await store.getPaymentAttempt('pay_none'), null);
    },
  },
  {
    name: 'an attempt never starts beside a payment that is completing: racing starts and completions, one of them wins each order',
    async run({ store }) {
      const now = Date.UTC(2026, 10, 22, 7);
      for (let i = 0; i < 12; i++) {
        const orderId = `PA26112201000${String(i).padStart(2, '0')}-RACE`;
        await storeContractOrder(store, orderId, scope, '2026-11-22T07:00:00.000Z', `race-${i}`);
        assert.equal((await store.startPaymentAttempt(attempt(orderId, `race_${i}_a`, now))).kind, 'started');
        await store.transitionPaymentAttempt(`race_${i}_a`, ['started'], 'charged', {
          providerReference: `sbx_race_${i}`,
        });
        const paid = {
          ...contractGrocerOrder(orderId),
          payment: {
            isPaid: true,
            status: 'PAID' as const,
            method: 'sandbox',
            paidAt: null,
            reference: 'r',
            paymentId: `race_${i}_a`,
          },
        };
        const payment = {
          paymentId: `race_${i}_a`,
          orderId,
          amountSatang: 9000,
          currency: 'THB',
          provider: 'sandbox',
          reference: 'r',
          createdAt: '2026-11-22T07:00:01.000Z',
        };
        const [, ...starts] = await Promise.all([
          store.completePayment({ orderId, attemptId: `race_${i}_a`, payment, grocerOrder: paid, events: [] }),
          ...Array.from({ length: 6 }, (_, j) =>
            store.startPaymentAttempt(attempt(orderId, `race_${i}_${j}`, now + 1)),
          ),
        ]);
        assert.ok(
          starts.every((s) => s.kind !== 'started'),
          `no second attempt starts once the first is charged or paid (${starts.map((s) => s.kind).join(', ')})`,
        );
      }
    },
  },
  {
    name: 'refunds: one per provider payment, the attempt refunded with it; moves guarded and written with their events; due ones leased once',
    async run({ store, count }) {
      const orderId = 'PA2611220000003-AAAA';
      const now = Date.UTC(2026, 10, 22, 8);
      assert.equal((await store.startPaymentAttempt(attempt(orderId, 'pay_r1', now))).kind, 'started');
      await store.transitionPaymentAttempt('pay_r1', ['started'], 'charged', { providerReference: 'cs_r1' });
      const refund: RefundRecord = {
        refundId: 'rf_1',
        orderId,
        partnerId: scope.partnerId,
        attemptId: 'pay_r1',
        provider: 'stripe',
        paymentReference: 'cs_r1',
        amountMinor: 9000,
        currency: 'THB',
        reason: 'ALREADY_PAID',
        state: 'pending',
        providerRefundReference: null,
        lastError: null,
        checks: 0,
        createdAt: new Date(now).toISOString(),
        updatedAt: new Date(now).toISOString(),
        nextCheckAt: new Date(now + 60_000).toISOString(),
      };
      const given = {
        attemptId: 'pay_r1',
        from: ['started', 'charged'] as const,
        failureCode: 'ALREADY_PAID' as const,
        failureMessage: 'paid by another payment',
      };
      const stored = await Promise.all(
        [1, 2, 3].map((n) => store.insertRefund({ ...refund, refundId: `rf_${n}` }, given)),
      );
      assert.equal(
        new Set(stored.map((r) => r.refundId)).size,
        1,
        'one refund per provider payment, however many decide it at once',
      );
      const [mine] = stored;
      assert.deepEqual(
        [mine!.state, mine!.amountMinor, mine!.currency, mine!.attemptId],
        ['pending', 9000, 'THB', 'pay_r1'],
      );
      const ended = await store.getPaymentAttempt('pay_r1');
      assert.deepEqual(
        [ended?.state, ended?.failureCode],
        ['refunded', 'ALREADY_PAID'],
        'the attempt is refunded with it',
      );
      assert.deepEqual(await store.listRefunds([orderId]), [mine]);
      assert.equal(await store.getRefund('rf_none'), null);

      const due = now + 120_000;
      const leases = await Promise.all(
        [1, 2, 3].map(() => store.claimDueRefunds({ nowMs: due, untilMs: due + 30_000, limit: 5 })),
      );
      assert.deepEqual(
        leases.flat().map((r) => [r.refundId, r.checks]),
        [[mine!.refundId, 1]],
        'leased by one worker only',
      );
      const event = {
        eventId: `evt_${'r1'.padStart(32, '0')}`,
        partnerId: scope.partnerId,
        type: 'payment.refunded' as const,
        orderId,
        payload: { orderId },
        ts: 1,
      };
      const moves = await Promise.all(
        [1, 2].map(() =>
          store.transitionRefund(mine!.refundId, ['pending'], 'succeeded', { providerRefundReference: 're_1' }, [
            event,
          ]),
        ),
      );
      assert.equal(moves.filter(Boolean).length, 1, 'one caller makes the move');
      const done = await store.getRefund(mine!.refundId);
      assert.deepEqual([done?.state, done?.providerRefundReference], ['succeeded', 're_1']);
      assert.deepEqual(
        await store.claimDueRefunds({ nowMs: due + 3_600_000, untilMs: due + 3_700_000, limit: 5 }),
        [],
        'a confirmed refund is not due',
      );
      if (count) assert.equal(await count.events(orderId), 1);

      // A payment that names no attempt of the service: the refund stands alone.
      const alone = await store.insertRefund(
        {
          ...refund,
          refundId: 'rf_alone',
          attemptId: null,
          paymentReference: 'cs_elsewhere',
          reason: 'PAYMENT_MISMATCH',
        },
        null,
      );
      assert.equal(alone.refundId, 'rf_alone');
    },
  },
  {
    name: 'an ended attempt comes back under way only while no other attempt of its order is',
    async run({ store }) {
      const orderId = 'PA2611220000002-AAAA';
      const now = Date.UTC(2026, 10, 22, 9);
      assert.equal((await store.startPaymentAttempt(attempt(orderId, 'pay_back_a', now))).kind, 'started');
      await store.transitionPaymentAttempt('pay_back_a', ['started'], 'failed', {
        failureCode: 'PAYMENT_LINK_EXPIRED',
      });
      assert.equal((await store.startPaymentAttempt(attempt(orderId, 'pay_back_b', now + 1))).kind, 'started');
      assert.equal(
        await store.transitionPaymentAttempt('pay_back_a', ['failed'], 'charged'),
        false,
        'not beside the attempt under way',
      );
      assert.equal((await store.getPaymentAttempt('pay_back_a'))?.state, 'failed');
      await store.transitionPaymentAttempt('pay_back_b', ['started'], 'failed');
      assert.equal(
        await store.transitionPaymentAttempt('pay_back_a', ['failed'], 'charged', { providerReference: 'cs_late' }),
        true,
        'alone, it may',
      );
    },
  },
];
