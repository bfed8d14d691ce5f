import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import Stripe from 'stripe';
import { CommerceError } from '@grocery/core';
import type { PaymentProvider, PaymentRequest, RefundRequest } from '@grocery/core/ports';
import { createStripePaymentProvider, stripeConfigProblems, type StripeConfig } from '@grocery/stripe';
import { startStripeDouble, type StripeDouble } from '../../../test/support/stripe-double.ts';
import { sessionExpiry } from '../src/stripe-payment-provider.ts';

const HOUR = 60 * 60 * 1000;
let stripe: StripeDouble;
let provider: PaymentProvider;
let serial = 0;

const configOf = (double: StripeDouble, extra: Partial<StripeConfig> = {}): StripeConfig => ({
  secretKey: double.secretKey,
  webhookSecret: double.webhookSecret,
  apiUrl: double.apiUrl,
  maxNetworkRetries: 0,
  timeoutMs: 2000,
  ...extra,
});

function request(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  serial += 1;
  return {
    orderId: `ord_${serial}`,
    attemptId: `att_${serial}_${Date.now()}`,
    amountSatang: 12_345,
    currency: 'THB',
    returnUrl: `https://api.example.test/pay/tok${serial}?provider=return`,
    cancelUrl: `https://api.example.test/pay/tok${serial}?provider=cancel`,
    expiresAtMs: Date.now() + 2 * HOUR,
    ...overrides,
  };
}

async function started(overrides: Partial<PaymentRequest> = {}) {
  const payment = request(overrides);
  const result = await provider.start(payment);
  assert.equal(result.status, 'redirect');
  return { payment, reference: result.reference };
}

const body = (text: string) => new TextEncoder().encode(text);

async function rejectsWith(promise: Promise<unknown> | (() => unknown), code: string, pattern?: RegExp) {
  const run = typeof promise === 'function' ? async () => promise() : () => promise;
  await assert.rejects(run, (error: unknown) => {
    assert.ok(error instanceof CommerceError, `expected a CommerceError, got ${String(error)}`);
    assert.equal(error.code, code, error.message);
    if (pattern) assert.match(error.message, pattern);
    return true;
  });
}

before(async () => {
  stripe = await startStripeDouble();
  provider = createStripePaymentProvider(configOf(stripe));
});
after(() => stripe.close());

describe('start', () => {
  test('creates a THB Checkout Session for card and PromptPay with the attempt as idempotency key', async () => {
    const payment = request({ expiresAtMs: Date.now() + 3 * HOUR });
    const result = await provider.start(payment);
    assert.equal(result.status, 'redirect');
    assert.match(result.reference, /^cs_test_/);
    assert.ok(result.status === 'redirect' && result.redirectUrl === stripe.pageUrl(result.reference));

    const sent = stripe.requests.filter((r) => r.route === 'POST /v1/checkout/sessions').at(-1)!;
    assert.equal(sent.idempotencyKey, payment.attemptId);
    assert.equal(sent.authorization, `Bearer ${stripe.secretKey}`);
    assert.ok(sent.stripeVersion, 'the SDK pins an API version');
    assert.deepEqual(sent.params, {
      mode: 'payment',
      line_items: [
        {
          price_data: { currency: 'thb', unit_amount: '12345', product_data: { name: `Order ${payment.orderId}` } },
          quantity: '1',
        },
      ],
      allowed_payment_method_types: ['card', 'promptpay'],
      client_reference_id: payment.orderId,
      metadata: { orderId: payment.orderId, attemptId: payment.attemptId },
      payment_intent_data: { metadata: { orderId: payment.orderId, attemptId: payment.attemptId } },
      expires_at: String(Math.floor(payment.expiresAtMs / 1000)),
      success_url: payment.returnUrl,
      cancel_url: payment.cancelUrl,
    });
    const session = stripe.session(result.reference);
    assert.deepEqual(
      [session.amount_total, session.currency, session.status, session.payment_status],
      [12_345, 'thb', 'open', 'unpaid'],
    );
  });

  test('a repeated start of the same attempt is the same session', async () => {
    const payment = request();
    const first = await provider.start(payment);
    const again = await provider.start(payment);
    assert.deepEqual(again, first);
    assert.equal(
      stripe.requests.filter((r) => r.route === 'POST /v1/checkout/sessions' && r.idempotencyKey === payment.attemptId)
        .length,
      2,
    );
  });

  test('a link ending too soon or too late for Stripe is moved into its window, on a grid so repeats match', async () => {
    const now = Date.parse('2026-11-02T10:03:17Z');
    const soon = sessionExpiry(now + 5 * 60_000, now);
    assert.ok(soon * 1000 >= now + 31 * 60_000 && soon * 1000 <= now + 41 * 60_000, String(soon));
    assert.equal(
      sessionExpiry(now + 5 * 60_000, now + 20_000),
      soon,
      'a repeat seconds later sends the same expires_at',
    );
    const late = sessionExpiry(now + 48 * HOUR, now);
    assert.ok(late * 1000 <= now + 24 * HOUR - 60_000 && late * 1000 >= now + 23.8 * HOUR);
    assert.equal(sessionExpiry(now + 2 * HOUR + 999, now), Math.floor((now + 2 * HOUR) / 1000));
    // The double enforces Stripe's window, so a clamped session is accepted.
    const { reference } = await started({ expiresAtMs: Date.now() + 60_000 });
    assert.ok(stripe.session(reference).expires_at * 1000 >= Date.now() + 30 * 60_000);
  });

  test('refuses amounts that are not positive satang and currencies other than THB before calling Stripe', async () => {
    const before = stripe.count('POST /v1/checkout/sessions');
    await rejectsWith(provider.start(request({ amountSatang: 0 })), 'INVALID_INPUT');
    await rejectsWith(provider.start(request({ amountSatang: 12.5 })), 'INVALID_INPUT');
    await rejectsWith(provider.start(request({ currency: 'USD' })), 'INVALID_INPUT');
    assert.equal(stripe.count('POST /v1/checkout/sessions'), before);
  });

  test('a wrong key is PAYMENT_PROVIDER_UNAVAILABLE naming Stripe’s error, and the key is not in the message', async () => {
    const wrongKey = 'sk_test_wrongwrongwrongwrong1234';
    const wrong = createStripePaymentProvider({ ...configOf(stripe), secretKey: wrongKey });
    await assert.rejects(wrong.start(request()), (error: unknown) => {
      assert.ok(error instanceof CommerceError);
      assert.equal(error.code, 'PAYMENT_PROVIDER_UNAVAILABLE');
      assert.match(error.message, /StripeAuthenticationError/);
      assert.ok(!error.message.includes(wrongKey) && !JSON.stringify(error.details).includes(wrongKey));
      return true;
    });
  });
});

describe('lookup', () => {
  test('open, paid, pending (PromptPay settling), settled later, failed later, expired: Stripe’s word with amount, currency and metadata', async () => {
    const open = await started();
    assert.deepEqual(await provider.lookup({ attemptId: open.payment.attemptId, reference: open.reference }), {
      reference: open.reference,
      status: 'open',
      amountMinor: 12_345,
      currency: 'thb',
      attemptId: open.payment.attemptId,
      orderId: open.payment.orderId,
    });
    const status = async (reference: string) => (await provider.lookup({ attemptId: null, reference }))?.status;

    const paid = await started();
    stripe.complete(paid.reference, { paymentStatus: 'paid' });
    assert.equal(await status(paid.reference), 'paid');

    const promptpay = await started();
    stripe.complete(promptpay.reference, { paymentStatus: 'unpaid' });
    assert.equal(await status(promptpay.reference), 'pending');
    stripe.settleAsync(promptpay.reference, true);
    assert.equal(await status(promptpay.reference), 'paid');

    const bounced = await started();
    stripe.complete(bounced.reference, { paymentStatus: 'unpaid' });
    stripe.settleAsync(bounced.reference, false);
    assert.equal(await status(bounced.reference), 'failed');

    const expired = await started();
    stripe.expire(expired.reference);
    assert.equal(await status(expired.reference), 'expired');

    const free = await started();
    stripe.complete(free.reference, { paymentStatus: 'no_payment_required' });
    assert.equal(await status(free.reference), 'failed', 'complete without a payment took no money');
  });

  test('no reference, or a session Stripe does not have, is null; another attempt’s session names that attempt', async () => {
    assert.equal(await provider.lookup({ attemptId: 'att_x', reference: null }), null);
    assert.equal(await provider.lookup({ attemptId: 'att_x', reference: 'cs_test_nosuchsession' }), null);
    const other = await started();
    assert.equal(
      (await provider.lookup({ attemptId: 'att_someone_else', reference: other.reference }))?.attemptId,
      other.payment.attemptId,
    );
  });
});

describe('close', () => {
  test('an open session is expired; again changes nothing; one the shopper finished first is answered as it is', async () => {
    const { reference } = await started();
    assert.equal((await provider.close!(reference)).status, 'expired');
    assert.equal(stripe.session(reference).status, 'expired');
    assert.equal((await provider.close!(reference)).status, 'expired');
    const paid = await started();
    stripe.complete(paid.reference, { paymentStatus: 'paid' });
    assert.equal((await provider.close!(paid.reference)).status, 'paid');
    await rejectsWith(provider.close!('cs_test_nope'), 'NOT_FOUND');
  });

  test('when Stripe will not expire an open session, closing is unavailable and the session stays open', async () => {
    const { reference } = await started();
    stripe.fault('POST /v1/checkout/sessions/:id/expire', { status: 500 });
    await rejectsWith(provider.close!(reference), 'PAYMENT_PROVIDER_UNAVAILABLE');
    assert.equal(stripe.session(reference).status, 'open');
  });
});

describe('refund', () => {
  const refundOf = (payment: PaymentRequest, reference: string, extra: Partial<RefundRequest> = {}): RefundRequest => ({
    refundId: `rf_${payment.attemptId}`,
    idempotencyKey: `refund-${payment.attemptId}-ORDER_CANCELLED-${reference}`,
    reference,
    attemptId: payment.attemptId,
    orderId: payment.orderId,
    amountMinor: 12_345,
    currency: 'THB',
    reason: 'ORDER_CANCELLED',
    ...extra,
  });

  test('a paid session is refunded once for the amount, however often it is asked', async () => {
    const { payment, reference } = await started();
    const session = stripe.complete(reference, { paymentStatus: 'paid' });
    const input = refundOf(payment, reference);
    const first = await provider.refund(input);
    const again = await provider.refund(input);
    assert.match(first.reference, /^re_/);
    assert.equal(first.status, 'succeeded');
    assert.deepEqual(again, first);
    const mine = stripe.refunds.filter((refund) => refund.payment_intent === session.payment_intent);
    assert.equal(mine.length, 1);
    assert.deepEqual(
      [mine[0]!.amount, mine[0]!.metadata],
      [
        12_345,
        { refundId: input.refundId, attemptId: payment.attemptId, orderId: payment.orderId, reason: 'ORDER_CANCELLED' },
      ],
    );
    // The repeat finds the refund before creating one; the one creation carried the refund's key.
    const sent = stripe.requests.filter(
      (r) => r.route === 'POST /v1/refunds' && r.params.payment_intent === session.payment_intent,
    );
    assert.deepEqual(
      sent.map((r) => r.idempotencyKey),
      [input.idempotencyKey],
    );
  });

  test('with another reason, or past Stripe’s 24-hour key window, a repeat finds the earlier refund', async () => {
    const { payment, reference } = await started();
    stripe.complete(reference, { paymentStatus: 'paid' });
    const first = await provider.refund(refundOf(payment, reference));
    assert.deepEqual(
      await provider.refund(
        refundOf(payment, reference, { reason: 'PAYMENT_DECLINED', idempotencyKey: 'another-key' }),
      ),
      first,
    );
    stripe.forgetIdempotencyKeys();
    assert.deepEqual(await provider.refund(refundOf(payment, reference)), first);
    assert.equal(stripe.refunds.filter((refund) => refund.metadata?.attemptId === payment.attemptId).length, 1);
  });

  test('money already back (refunded by hand in the Dashboard) answers that refund', async () => {
    const { payment, reference } = await started();
    stripe.complete(reference, { paymentStatus: 'paid' });
    const byHand = stripe.refundByHand(reference);
    assert.deepEqual(await provider.refund(refundOf(payment, reference)), {
      reference: byHand.id,
      status: 'succeeded',
    });
  });

  test('a refund Stripe holds pending is answered pending, then as Stripe settles it', async () => {
    const { payment, reference } = await started();
    stripe.complete(reference, { paymentStatus: 'paid' });
    stripe.holdRefunds(true);
    const pending = await provider.refund(refundOf(payment, reference));
    assert.equal(pending.status, 'pending');
    stripe.settleRefund(pending.reference, 'failed');
    assert.deepEqual(await provider.refund(refundOf(payment, reference)), {
      reference: pending.reference,
      status: 'failed',
    });
    stripe.holdRefunds(false);
  });

  test('a refund Stripe refuses (more than was paid) is PAYMENT_PROVIDER_UNAVAILABLE naming Stripe’s error', async () => {
    const { payment, reference } = await started();
    stripe.complete(reference, { paymentStatus: 'paid' });
    await rejectsWith(
      provider.refund(refundOf(payment, reference, { amountMinor: 99_999 })),
      'PAYMENT_PROVIDER_UNAVAILABLE',
      /amount_too_large/,
    );
  });

  test('a session that took no money is NOT_FOUND (nothing to give back)', async () => {
    const { payment, reference } = await started();
    await rejectsWith(provider.refund(refundOf(payment, reference)), 'NOT_FOUND', /took no money/);
    assert.equal(stripe.session(reference).status, 'open', 'a refund never closes a page: that is close');
  });

  test('a PromptPay payment still settling cannot be refunded yet: unavailable, so the saga retries', async () => {
    const { payment, reference } = await started();
    stripe.complete(reference, { paymentStatus: 'unpaid' });
    await rejectsWith(provider.refund(refundOf(payment, reference)), 'PAYMENT_PROVIDER_UNAVAILABLE', /not settled/);
    stripe.settleAsync(reference, true);
    assert.match((await provider.refund(refundOf(payment, reference))).reference, /^re_/);
  });

  test('a session Stripe does not know is NOT_FOUND', async () => {
    await rejectsWith(provider.refund(refundOf(request(), 'cs_test_nope')), 'NOT_FOUND');
  });
});

describe('parseWebhook', () => {
  test('the session events name the session and the attempt and order in its metadata; their bodies decide nothing', async () => {
    const card = await started();
    stripe.complete(card.reference, { paymentStatus: 'paid' });
    const delivery = stripe.event('checkout.session.completed', card.reference);
    const event = provider.parseWebhook!(body(delivery.payload), {
      'stripe-signature': delivery.header,
      'content-type': 'application/json',
    });
    assert.deepEqual(event, {
      eventId: delivery.event.id,
      type: 'checkout.session.completed',
      subject: 'payment',
      reference: card.reference,
      attemptId: card.payment.attemptId,
      orderId: card.payment.orderId,
    });
    for (const type of [
      'checkout.session.async_payment_succeeded',
      'checkout.session.async_payment_failed',
      'checkout.session.expired',
    ]) {
      const d = stripe.event(type, card.reference);
      const parsed = provider.parseWebhook!(body(d.payload), { 'stripe-signature': d.header });
      assert.equal(parsed?.subject === 'payment' && parsed.reference, card.reference, type);
    }
  });

  test('refund events name the refund and the service’s refund id', async () => {
    const { payment, reference } = await started();
    stripe.complete(reference, { paymentStatus: 'paid' });
    const refund = await provider.refund({
      refundId: 'rf_0123456789abcdef0123456789abcdef',
      idempotencyKey: 'k1',
      reference,
      attemptId: payment.attemptId,
      orderId: payment.orderId,
      amountMinor: 12_345,
      currency: 'THB',
      reason: 'ALREADY_PAID',
    });
    for (const type of ['refund.created', 'refund.updated', 'refund.failed', 'charge.refund.updated']) {
      const d = stripe.refundEvent(type, refund.reference);
      assert.deepEqual(provider.parseWebhook!(body(d.payload), { 'stripe-signature': d.header }), {
        eventId: d.event.id,
        type,
        subject: 'refund',
        reference: refund.reference,
        refundId: 'rf_0123456789abcdef0123456789abcdef',
      });
    }
  });

  test('authentic events it does not act on, and sessions it did not start, are null', async () => {
    const { reference } = await started();
    for (const type of ['payment_intent.succeeded', 'checkout.session.async_payment_pending', 'charge.refunded']) {
      const d = stripe.event(type, reference);
      assert.equal(provider.parseWebhook!(body(d.payload), { 'stripe-signature': d.header }), null, type);
    }
    const foreign = stripe.event('checkout.session.completed', reference);
    const stripped = JSON.parse(foreign.payload) as { data: { object: { metadata: Record<string, string> } } };
    stripped.data.object.metadata = { someoneElse: 'yes' };
    const payload = JSON.stringify(stripped);
    const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: stripe.webhookSecret });
    assert.equal(provider.parseWebhook!(body(payload), { 'stripe-signature': signed }), null);
  });

  test('forged, tampered, stale, wrongly signed or unsigned deliveries are SIGNATURE_INVALID', async () => {
    const { reference } = await started();
    stripe.complete(reference, { paymentStatus: 'paid' });
    const good = stripe.event('checkout.session.completed', reference);
    const stale = stripe.event('checkout.session.completed', reference, {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    const cases: [string, string, Record<string, string | undefined>][] = [
      ['missing header', good.payload, {}],
      ['empty header', good.payload, { 'stripe-signature': '' }],
      [
        'forged signature',
        good.payload,
        { 'stripe-signature': good.header.replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`) },
      ],
      ['tampered body', good.payload.replace('12345', '1'), { 'stripe-signature': good.header }],
      ['stale timestamp', stale.payload, { 'stripe-signature': stale.header }],
      [
        'another secret',
        good.payload,
        {
          'stripe-signature': stripe.event('checkout.session.completed', reference, { secret: 'whsec_notthesecret' })
            .header,
        },
      ],
      ['garbage header', good.payload, { 'stripe-signature': 'not a signature at all' }],
      ['huge header', good.payload, { 'stripe-signature': `t=1,${'v1=ab,'.repeat(100_000)}` }],
      ['body not JSON, unsigned', '<xml>hello</xml>', { 'stripe-signature': good.header }],
    ];
    for (const [name, payload, headers] of cases) {
      assert.throws(
        () => provider.parseWebhook!(body(payload), headers),
        (error: unknown) =>
          error instanceof CommerceError &&
          error.code === 'SIGNATURE_INVALID' &&
          !error.message.includes(stripe.webhookSecret),
        name,
      );
    }
  });

  test('a signed body that is not JSON is INVALID_INPUT (authentic, unreadable), not a crash', async () => {
    const payload = 'definitely { not json';
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: stripe.webhookSecret });
    assert.throws(
      () => provider.parseWebhook!(body(payload), { 'stripe-signature': header }),
      (error: unknown) => error instanceof CommerceError && error.code === 'INVALID_INPUT',
    );
  });
});

describe('Stripe unavailable', () => {
  test('a 500, a 503, a 429 and a hang are PAYMENT_PROVIDER_UNAVAILABLE', async () => {
    for (const status of [500, 503, 429]) {
      stripe.fault('POST /v1/checkout/sessions', { status });
      await rejectsWith(provider.start(request()), 'PAYMENT_PROVIDER_UNAVAILABLE');
    }
    const { payment, reference } = await started();
    stripe.fault('GET /v1/checkout/sessions/:id', { status: 502 });
    await rejectsWith(provider.lookup({ attemptId: payment.attemptId, reference }), 'PAYMENT_PROVIDER_UNAVAILABLE');

    const impatient = createStripePaymentProvider(configOf(stripe, { timeoutMs: 300 }));
    stripe.fault('GET /v1/checkout/sessions/:id', { hang: true });
    await rejectsWith(
      impatient.lookup({ attemptId: payment.attemptId, reference }),
      'PAYMENT_PROVIDER_UNAVAILABLE',
      /StripeConnectionError/,
    );
  });

  test('the SDK retries a 500 with the same idempotency key, so a retried start is still one session', async () => {
    const patient = createStripePaymentProvider(configOf(stripe, { maxNetworkRetries: 2 }));
    const payment = request();
    stripe.fault('POST /v1/checkout/sessions', { status: 500 });
    const result = await patient.start(payment);
    const sent = stripe.requests.filter(
      (r) => r.route === 'POST /v1/checkout/sessions' && r.idempotencyKey === payment.attemptId,
    );
    assert.equal(sent.length, 2);
    assert.equal(stripe.session(result.reference).metadata?.attemptId, payment.attemptId);
  });

  test('connection refused is PAYMENT_PROVIDER_UNAVAILABLE', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const nowhere = createStripePaymentProvider({ ...configOf(stripe), apiUrl: `http://127.0.0.1:${port}` });
    await rejectsWith(nowhere.start(request()), 'PAYMENT_PROVIDER_UNAVAILABLE', /StripeConnectionError/);
    await rejectsWith(nowhere.lookup({ attemptId: 'att', reference: 'cs_test_x' }), 'PAYMENT_PROVIDER_UNAVAILABLE');
  });
});

describe('the double’s hosted page', () => {
  test('shows a Pay form; posting it completes the session and redirects to success_url', async () => {
    const { payment, reference } = await started();
    const page = await fetch(stripe.pageUrl(reference));
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<button type="submit">Pay<\/button>/);
    const paid = await fetch(stripe.pageUrl(reference), { method: 'POST', redirect: 'manual' });
    assert.equal(paid.status, 303);
    assert.equal(paid.headers.get('location'), payment.returnUrl);
    assert.equal((await provider.lookup({ attemptId: payment.attemptId, reference }))?.status, 'paid');
    assert.equal((await fetch(stripe.pageUrl(reference))).status, 410);
  });
});

describe('the double keeps Stripe’s rules', () => {
  const post = (path: string, form: string, headers: Record<string, string> = {}) =>
    fetch(`${stripe.apiUrl}${path}`, {
      method: 'POST',
      body: form,
      headers: {
        authorization: `Bearer ${stripe.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
        ...headers,
      },
    });
  const form = (expiresAt: number) =>
    new URLSearchParams({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'thb',
      'line_items[0][price_data][unit_amount]': '100',
      'line_items[0][price_data][product_data][name]': 'Order x',
      'line_items[0][quantity]': '1',
      expires_at: String(expiresAt),
      success_url: 'https://example.test/ok',
    }).toString();

  test('a key reused with other parameters is a 400 idempotency_error; the same ones replay the answer', async () => {
    const at = Math.floor(Date.now() / 1000) + 3600;
    const first = await post('/v1/checkout/sessions', form(at), { 'idempotency-key': 'double-key-1' });
    const replay = await post('/v1/checkout/sessions', form(at), { 'idempotency-key': 'double-key-1' });
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(((await first.json()) as { id: string }).id, ((await replay.json()) as { id: string }).id);
    const other = await post('/v1/checkout/sessions', form(at + 60), { 'idempotency-key': 'double-key-1' });
    assert.equal(other.status, 400);
    assert.equal(((await other.json()) as { error: { type: string } }).error.type, 'idempotency_error');
  });

  test('no key is a 401; an unknown parameter, or expires_at outside 30 minutes to 24 hours, is a 400', async () => {
    assert.equal((await fetch(`${stripe.apiUrl}/v1/checkout/sessions/cs_test_x`)).status, 401);
    const removed = await post(
      '/v1/checkout/sessions',
      `${form(Math.floor(Date.now() / 1000) + 3600)}&payment_method_types[0]=card`,
    );
    assert.equal(removed.status, 400);
    assert.match(
      ((await removed.json()) as { error: { message: string } }).error.message,
      /unknown parameter: payment_method_types/,
    );
    const soon = await post('/v1/checkout/sessions', form(Math.floor(Date.now() / 1000) + 600));
    assert.deepEqual(
      [soon.status, ((await soon.json()) as { error: { param: string } }).error.param],
      [400, 'expires_at'],
    );
  });
});

describe('configuration', () => {
  test('stripeConfigProblems says what is missing or wrong, never quoting a secret', () => {
    assert.deepEqual(
      stripeConfigProblems({ STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' }),
      [],
    );
    assert.deepEqual(
      stripeConfigProblems({
        STRIPE_SECRET_KEY: 'rk_live_abc123',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
        STRIPE_API_URL: 'http://127.0.0.1:12111',
      }),
      [],
    );
    const missing = stripeConfigProblems({});
    assert.equal(missing.length, 2);
    assert.match(missing[0]!, /STRIPE_SECRET_KEY is not set/);
    assert.match(missing[1]!, /STRIPE_WEBHOOK_SECRET is not set/);
    assert.match(
      stripeConfigProblems({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })[0]!,
      /publishable key/,
    );
    const wrong = stripeConfigProblems({
      STRIPE_SECRET_KEY: 'sk_prod_secretvalue',
      STRIPE_WEBHOOK_SECRET: 'secretvalue2',
      STRIPE_API_URL: 'ftp://x',
    });
    assert.equal(wrong.length, 3);
    assert.ok(wrong.every((sentence) => !sentence.includes('secretvalue')));
    assert.match(
      stripeConfigProblems({
        STRIPE_SECRET_KEY: 'sk_test_a',
        STRIPE_WEBHOOK_SECRET: 'whsec_a',
        STRIPE_API_URL: 'api.stripe.com',
      })[0]!,
      /absolute URL/,
    );
    assert.match(
      stripeConfigProblems({
        STRIPE_SECRET_KEY: 'sk_test_a',
        STRIPE_WEBHOOK_SECRET: 'whsec_a',
        STRIPE_API_URL: 'https://proxy.test/stripe',
      })[0]!,
      /origin only/,
    );
    assert.match(
      stripeConfigProblems({ STRIPE_SECRET_KEY: 'sk_test_a b', STRIPE_WEBHOOK_SECRET: 'whsec_a' })[0]!,
      /no spaces/,
    );
  });

  test('the factory refuses a configuration that cannot work, naming no secret', () => {
    assert.throws(
      () => createStripePaymentProvider({ secretKey: 'pk_test_secretvalue', webhookSecret: 'whsec_x' }),
      (error: unknown) =>
        error instanceof CommerceError && error.code === 'INVALID_INPUT' && !error.message.includes('secretvalue'),
    );
    assert.throws(
      () =>
        createStripePaymentProvider({
          secretKey: 'sk_test_x',
          webhookSecret: 'whsec_x',
          apiUrl: 'https://proxy.test/v1',
        }),
      CommerceError,
    );
  });

  test('names and page origins: Stripe’s Checkout, plus the overridden API’s origin', () => {
    assert.deepEqual(createStripePaymentProvider({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x' }).pageOrigins, [
      'https://checkout.stripe.com',
    ]);
    assert.deepEqual(provider.pageOrigins, ['https://checkout.stripe.com', stripe.apiUrl]);
    assert.deepEqual(
      [provider.name, provider.publicKey, provider.merchantId, provider.sdkUrl],
      ['stripe', null, null, null],
    );
  });
});
