import assert from 'node:assert/strict';
import type { RefundRecord } from '../model/checkout.ts';
import type { Store } from '../ports/store.ts';
import { attempt, scope, type StoreContractCase, type StoreRowCounts } from './store-contract-fixtures.ts';

/**
 * The refunds part of the saga-store contract: one refund per provider payment, the attempt refunded
 * with it; moves guarded and written with their events; due refunds leased once.
 */
export const refundStoreContract: readonly StoreContractCase[] = [
  {
    name: 'refunds: one per provider payment, the attempt refunded with it; moves guarded and written with their events; due ones leased once',
    async run({ store, count }) {
      const { refund, mine } = await oneRefundPerPayment(store);
      await leasedOnceAndMovedOnce(store, count, mine);
      await aRefundStandsAlone(store, refund);
    },
  },
];

/** Three racing inserts of a refund of the charged attempt pay_r1 store one, and end the attempt refunded. */
async function oneRefundPerPayment(store: Store): Promise<{ refund: RefundRecord; mine: RefundRecord }> {
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
  const stored = await Promise.all([1, 2, 3].map((n) => store.insertRefund({ ...refund, refundId: `rf_${n}` }, given)));
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
  assert.deepEqual([ended?.state, ended?.failureCode], ['refunded', 'ALREADY_PAID'], 'the attempt is refunded with it');
  assert.deepEqual(await store.listRefunds([orderId]), [mine]);
  assert.equal(await store.getRefund('rf_none'), null);
  return { refund, mine: mine! };
}

/** A due refund is leased by one worker; one caller moves it to succeeded, with its event; then it is not due. */
async function leasedOnceAndMovedOnce(
  store: Store,
  count: StoreRowCounts | undefined,
  mine: RefundRecord,
): Promise<void> {
  const orderId = mine.orderId;
  const now = Date.UTC(2026, 10, 22, 8);
  const due = now + 120_000;
  const leases = await Promise.all(
    [1, 2, 3].map(() => store.claimDueRefunds({ nowMs: due, untilMs: due + 30_000, limit: 5 })),
  );
  assert.deepEqual(
    leases.flat().map((r) => [r.refundId, r.checks]),
    [[mine.refundId, 1]],
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
      store.transitionRefund(mine.refundId, ['pending'], 'succeeded', { providerRefundReference: 're_1' }, [event]),
    ),
  );
  assert.equal(moves.filter(Boolean).length, 1, 'one caller makes the move');
  const done = await store.getRefund(mine.refundId);
  assert.deepEqual([done?.state, done?.providerRefundReference], ['succeeded', 're_1']);
  assert.deepEqual(
    await store.claimDueRefunds({ nowMs: due + 3_600_000, untilMs: due + 3_700_000, limit: 5 }),
    [],
    'a confirmed refund is not due',
  );
  if (count) assert.equal(await count.events(orderId), 1);
}

/** A payment that names no attempt of the service: the refund stands alone. */
async function aRefundStandsAlone(store: Store, refund: RefundRecord): Promise<void> {
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
}
