import assert from 'node:assert/strict';
import { contractGrocerOrder, storeContractOrder } from './contract-records.ts';
import { attempt, scope, type StoreContractCase } from './store-contract-fixtures.ts';

/**
 * The payment attempts part of the saga-store contract: one attempt of an order under way at a
 * time, raced against each other and against payment completion; guarded moves that keep what a
 * patch leaves out; due attempts leased once.
 */
export const paymentAttemptStoreContract: readonly StoreContractCase[] = [
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
