import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { CommerceError } from '@grocery/core';
import type { PaymentProvider, PaymentRequest } from '@grocery/core/ports';
import { createStripeSharedTokenProvider } from '@grocery/stripe';
import { startStripeDouble, type StripeDouble } from '../../../test/support/stripe-double.ts';

let stripe: StripeDouble;
let provider: PaymentProvider;

before(async () => {
  stripe = await startStripeDouble();
  provider = createStripeSharedTokenProvider({
    secretKey: stripe.secretKey,
    apiUrl: stripe.apiUrl,
    maxNetworkRetries: 0,
    timeoutMs: 2000,
  });
});
after(() => stripe.close());

function request(delegatedToken: string | undefined, overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  const id = randomUUID().replaceAll('-', '');
  return {
    orderId: `ord_${id.slice(0, 10)}`,
    attemptId: `pat_${id}`,
    amountSatang: 12_550,
    currency: 'THB',
    returnUrl: 'https://api.example/pay/x?provider=return',
    cancelUrl: 'https://api.example/pay/x?provider=cancel',
    expiresAtMs: Date.now() + 3_600_000,
    delegatedToken,
    ...overrides,
  };
}

async function refusal(promise: Promise<unknown>, code: string): Promise<CommerceError> {
  const error = await promise.then(
    () => assert.fail(`expected ${code}`),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof CommerceError, String(error));
  assert.equal(error.code, code, error.message);
  return error;
}

test('a granted token is charged by one confirmed PaymentIntent in THB under the attempt id; a repeat is the same payment', async () => {
  assert.equal(provider.hosted, false);
  assert.deepEqual(provider.pageOrigins ?? [], []);
  const token = stripe.grantToken({ maxAmount: 12_550 });
  const req = request(token.id);
  const started = await provider.start(req);
  assert.equal(started.status, 'paid');
  const sent = stripe.requests.filter((r) => r.route === 'POST /v1/payment_intents').at(-1)!;
  assert.deepEqual(
    { ...sent.params, description: undefined },
    {
      amount: '12550',
      currency: 'thb',
      confirm: 'true',
      shared_payment_granted_token: token.id,
      description: undefined,
      metadata: { orderId: req.orderId, attemptId: req.attemptId },
    },
  );
  assert.equal(sent.idempotencyKey, req.attemptId);
  assert.equal(stripe.grantedToken(token.id).deactivated_reason, 'consumed');

  const before = stripe.count('POST /v1/payment_intents');
  assert.deepEqual(await provider.start(req), started, 'the same payment (Stripe replays the key)');
  assert.equal(stripe.paymentIntent(started.reference).status, 'succeeded');
  assert.equal(stripe.count('POST /v1/payment_intents'), before + 1);

  const byReference = await provider.lookup({ attemptId: null, reference: started.reference });
  const byAttempt = await provider.lookup({ attemptId: req.attemptId, reference: null });
  assert.deepEqual(byReference, {
    reference: started.reference,
    status: 'paid',
    amountMinor: 12_550,
    currency: 'thb',
    attemptId: req.attemptId,
    orderId: req.orderId,
  });
  assert.deepEqual(byAttempt, byReference, 'found by the attempt id when the answer was lost');
  assert.equal(await provider.lookup({ attemptId: 'pat_nobody', reference: null }), null);
  assert.equal(await provider.lookup({ attemptId: null, reference: 'pi_nobody' }), null);
});

test('a declined card, and tokens Stripe refuses (unknown, used, expired, over their limits), are PAYMENT_DECLINED', async () => {
  const declinedToken = stripe.grantToken({ paymentMethod: 'pm_card_chargeDeclined' });
  const declined = request(declinedToken.id);
  const error = await refusal(provider.start(declined), 'PAYMENT_DECLINED');
  assert.match(error.message, /declined/);
  assert.equal((await provider.lookup({ attemptId: declined.attemptId, reference: null }))?.status, 'failed');

  const used = stripe.grantToken();
  await provider.start(request(used.id));
  const expired = stripe.grantToken({ expiresAt: Math.floor(Date.now() / 1000) - 1 });
  const small = stripe.grantToken({ maxAmount: 100 });
  const dollars = stripe.grantToken({ currency: 'usd' });
  for (const token of ['spt_unknown', used.id, expired.id, small.id, dollars.id])
    await refusal(provider.start(request(token)), 'PAYMENT_DECLINED');
});

test('a missing or malformed token is refused before Stripe is asked; bad amounts and currencies are INVALID_INPUT', async () => {
  const before = stripe.count('POST /v1/payment_intents');
  for (const token of [undefined, '', 'tok_visa', 'spt_', 'spt_a b', `spt_${'x'.repeat(251)}`, "spt_' OR 1=1"])
    await refusal(provider.start(request(token)), 'PAYMENT_DECLINED');
  await refusal(provider.start(request(stripe.grantToken().id, { amountSatang: 0 })), 'INVALID_INPUT');
  await refusal(provider.start(request(stripe.grantToken().id, { currency: 'USD' })), 'INVALID_INPUT');
  assert.equal(stripe.count('POST /v1/payment_intents'), before);
});

test('a payment still processing is left unanswered, found later by its attempt, and settles as Stripe says', async () => {
  const req = request(stripe.grantToken({ paymentMethod: 'pm_card_processing' }).id);
  await refusal(provider.start(req), 'PAYMENT_PROVIDER_UNAVAILABLE');
  const pending = await provider.lookup({ attemptId: req.attemptId, reference: null });
  assert.equal(pending?.status, 'pending');
  stripe.settleIntent(pending.reference, true);
  assert.equal((await provider.lookup({ attemptId: null, reference: pending.reference }))?.status, 'paid');
});

test('an unreachable Stripe is PAYMENT_PROVIDER_UNAVAILABLE (the saga asks again); the money of a payment goes back once', async () => {
  stripe.fault('POST /v1/payment_intents', { status: 500 });
  await refusal(provider.start(request(stripe.grantToken().id)), 'PAYMENT_PROVIDER_UNAVAILABLE');

  const req = request(stripe.grantToken().id);
  const paid = await provider.start(req);
  const refund = {
    refundId: `ref_${randomUUID()}`,
    idempotencyKey: `refund-${req.attemptId}`,
    reference: paid.reference,
    attemptId: req.attemptId,
    orderId: req.orderId,
    amountMinor: req.amountSatang,
    currency: 'THB',
    reason: 'ALREADY_PAID',
  };
  const first = await provider.refund(refund);
  assert.equal(first.status, 'succeeded');
  assert.deepEqual(
    await provider.refund({ ...refund, idempotencyKey: 'another-key' }),
    first,
    'found by its refund id',
  );
  assert.equal(stripe.refunds.filter((r) => r.payment_intent === paid.reference).length, 1);
  await refusal(provider.refund({ ...refund, reference: 'pi_nobody' }), 'NOT_FOUND');
});

test('a misconfigured provider is refused naming the problem, never the key', () => {
  assert.throws(
    () => createStripeSharedTokenProvider({ secretKey: 'pk_live_nope' }),
    (error: unknown) =>
      error instanceof CommerceError && error.code === 'INVALID_INPUT' && !error.message.includes('pk_live_nope'),
  );
  assert.throws(() => createStripeSharedTokenProvider({ secretKey: 'sk_test_x', apiUrl: 'https://api.example/v1' }));
});
