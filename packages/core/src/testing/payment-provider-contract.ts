import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test, type TestContext } from 'node:test';
import { CommerceError } from '../errors.ts';
import type { PaymentProvider, PaymentRequest, StartedPayment } from '../ports/payment-provider.ts';

/** A provider under the contract, and how a test plays the parts only its world can. */
export interface PaymentProviderContractSubject {
  provider: PaymentProvider;
  /** Plays the shopper paying on the page of a started (`redirect`) attempt; absent when starts settle at once. */
  payOnPage?: (attempt: { attemptId: string; reference: string }) => Promise<void>;
  /** A webhook delivery, signed as the provider signs them, reporting the attempt paid; for providers with `parseWebhook`. */
  signedPaidWebhook?: (attempt: { attemptId: string; reference: string }) => {
    body: Uint8Array;
    headers: Record<string, string>;
  };
  close?: () => Promise<void>;
}

/**
 * The behaviour every implementation of the `PaymentProvider` port shares: it says whether it is
 * hosted, refuses bad amounts, answers a repeated start with the same payment, looks attempts up
 * as they stand, closes open ones, refunds once however often asked, and refuses forged webhooks
 * with SIGNATURE_INVALID. The sandbox provider (both settlements) and the Stripe provider run it.
 *
 * @example
 * describePaymentProviderContract('sandbox', async () => ({ provider: new SandboxPaymentProvider() }));
 */
export function describePaymentProviderContract(
  name: string,
  open: () => Promise<PaymentProviderContractSubject>,
): void {
  describe(`PaymentProvider contract: ${name}`, () => {
    let subject: PaymentProviderContractSubject;

    before(async () => {
      subject = await open();
    });
    after(async () => subject.close?.());

    for (const { name: caseName, run } of paymentProviderContract) test(caseName, (t) => run(subject, t));
  });
}

/** One test of the contract, run on the provider that `open` gave. */
interface PaymentProviderContractCase {
  name: string;
  run: (subject: PaymentProviderContractSubject, t: TestContext) => Promise<void> | void;
}

/** A payment request of a new attempt of a new order, for 125.50 baht, payable for two hours. */
const request = (overrides: Partial<PaymentRequest> = {}): PaymentRequest => {
  const id = randomUUID().replaceAll('-', '');
  return {
    orderId: `ord_${id.slice(0, 12)}`,
    attemptId: `pat_${id}`,
    amountSatang: 12_550,
    currency: 'THB',
    returnUrl: `https://api.example/pay/${id}?provider=return`,
    cancelUrl: `https://api.example/pay/${id}?provider=cancel`,
    expiresAtMs: Date.now() + 2 * 3_600_000,
    ...overrides,
  };
};
const redirected = (started: StartedPayment): started is Extract<StartedPayment, { status: 'redirect' }> =>
  started.status === 'redirect';

const paymentProviderContract: readonly PaymentProviderContractCase[] = [
  {
    name: 'says whether it is hosted; only a hosted provider names page origins, each a bare origin',
    run({ provider }) {
      assert.ok(provider.name.length > 0);
      assert.equal(typeof provider.hosted, 'boolean');
      const origins = provider.pageOrigins ?? [];
      if (provider.hosted) assert.ok(origins.length > 0, 'the pay form needs somewhere to go');
      else assert.deepEqual(origins, []);
      for (const origin of origins) assert.equal(new URL(origin).origin, origin);
    },
  },
  {
    name: 'refuses an amount that is not a positive whole number of satang with INVALID_INPUT',
    async run({ provider }) {
      for (const amountSatang of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2]) {
        await assert.rejects(
          provider.start(request({ amountSatang })),
          (error: unknown) => error instanceof CommerceError && error.code === 'INVALID_INPUT',
          String(amountSatang),
        );
      }
    },
  },
  {
    name: 'answers a repeated start of one attempt with the same payment; a hosted one never charges at start',
    async run({ provider }) {
      const payment = request();
      const first = await provider.start(payment);
      assert.deepEqual(await provider.start(payment), first);
      assert.ok(first.reference.length > 0);
      if (provider.hosted) assert.equal(first.status, 'redirect');
      const other = await provider.start(request());
      assert.notEqual(other.reference, first.reference, 'another attempt is another payment');
    },
  },
  {
    name: 'looks up a payment it never started as null; a started one names its attempt and order',
    async run({ provider }) {
      assert.equal(await provider.lookup({ attemptId: request().attemptId, reference: null }), null);
      const payment = request();
      const started = await provider.start(payment);
      const found = await provider.lookup({ attemptId: null, reference: started.reference });
      // A provider that settles at start may keep no record (the saga stored the reference).
      if (found === null) return assert.equal(started.status, 'paid');
      assert.deepEqual(
        [found.reference, found.attemptId, found.orderId],
        [started.reference, payment.attemptId, payment.orderId],
      );
    },
  },
  {
    name: 'looks up a started payment as it stands: open at its amount and currency while the page waits, then paid',
    async run(subject) {
      const { provider } = subject;
      const payment = request();
      const started = await provider.start(payment);
      const query = { attemptId: payment.attemptId, reference: started.reference };
      if (!redirected(started)) return;
      const open = {
        reference: started.reference,
        status: 'open',
        amountMinor: payment.amountSatang,
        currency: 'thb',
        attemptId: payment.attemptId,
        orderId: payment.orderId,
      };
      assert.deepEqual(await provider.lookup(query), open);
      if (!subject.payOnPage) return;
      await subject.payOnPage(query);
      assert.deepEqual(await provider.lookup(query), { ...open, status: 'paid' });
    },
  },
  {
    name: 'closes an open payment so that it takes no money, harmlessly again; a paid one stays paid',
    async run(subject, t) {
      const { provider } = subject;
      if (!provider.close) return t.skip('payments settle at start: nothing stays open');
      const payment = request();
      const started = await provider.start(payment);
      if (!redirected(started)) return;
      assert.equal((await provider.close(started.reference)).status, 'expired');
      assert.equal((await provider.close(started.reference)).status, 'expired', 'closing again changes nothing');
      assert.equal(
        (await provider.lookup({ attemptId: payment.attemptId, reference: started.reference }))?.status,
        'expired',
      );
      if (!subject.payOnPage) return;
      const paid = request();
      const paidStart = await provider.start(paid);
      await subject.payOnPage({ attemptId: paid.attemptId, reference: paidStart.reference });
      assert.equal(
        (await provider.close(paidStart.reference)).status,
        'paid',
        'the shopper finished first: the money is there to settle or refund',
      );
    },
  },
  {
    name: 'refunds a paid payment once per refund id, however often asked',
    async run(subject) {
      const { provider } = subject;
      const payment = request();
      const started = await provider.start(payment);
      if (redirected(started)) {
        if (!subject.payOnPage) return;
        await subject.payOnPage({ attemptId: payment.attemptId, reference: started.reference });
      }
      const refund = {
        refundId: `rf_${randomUUID().replaceAll('-', '')}`,
        idempotencyKey: `refund-${payment.attemptId}-ORDER_CANCELLED`,
        reference: started.reference,
        attemptId: payment.attemptId,
        orderId: payment.orderId,
        amountMinor: payment.amountSatang,
        currency: 'THB',
        reason: 'ORDER_CANCELLED',
      };
      const first = await provider.refund(refund);
      assert.ok(first.reference.length > 0);
      assert.ok(['succeeded', 'pending'].includes(first.status), first.status);
      assert.equal((await provider.refund(refund)).reference, first.reference, 'the same refund');
      assert.equal(
        (await provider.refund({ ...refund, reason: 'PRICE_CHANGED' })).reference,
        first.reference,
        'however it is asked again',
      );
    },
  },
  {
    name: 'refuses forged, tampered and malformed webhook deliveries with SIGNATURE_INVALID, and reads a signed one',
    async run(subject, t) {
      const { provider } = subject;
      if (!provider.parseWebhook) {
        t.skip('this provider takes no webhooks');
        return;
      }
      const parse = provider.parseWebhook.bind(provider);
      const body = new TextEncoder().encode('{"id":"evt_1","type":"checkout.session.completed"}');
      const forged: Record<string, string>[] = [
        {},
        { 'stripe-signature': '' },
        { 'stripe-signature': 'garbage' },
        { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
        { 'stripe-signature': 'x'.repeat(100_000) },
        { signature: 'sha256=00', 'x-signature': '00' },
      ];
      for (const headers of forged) {
        assert.throws(
          () => parse(body, headers),
          (error: unknown) => error instanceof CommerceError && error.code === 'SIGNATURE_INVALID',
          JSON.stringify(headers).slice(0, 80),
        );
        assert.throws(
          () => parse(new Uint8Array(), headers),
          (error: unknown) => error instanceof CommerceError && error.code === 'SIGNATURE_INVALID',
        );
      }
      if (!subject.signedPaidWebhook || !subject.payOnPage) return;
      const payment = request();
      const started = await provider.start(payment);
      const attempt = { attemptId: payment.attemptId, reference: started.reference };
      await subject.payOnPage(attempt);
      const delivery = subject.signedPaidWebhook(attempt);
      const event = parse(delivery.body, delivery.headers);
      assert.ok(event);
      assert.deepEqual(
        event.subject === 'payment' && {
          attemptId: event.attemptId,
          orderId: event.orderId,
          reference: event.reference,
        },
        {
          attemptId: payment.attemptId,
          orderId: payment.orderId,
          reference: started.reference,
        },
      );
      const tampered = new Uint8Array(delivery.body);
      tampered[tampered.length - 2]! ^= 1;
      assert.throws(
        () => parse(tampered, delivery.headers),
        (error: unknown) => error instanceof CommerceError && error.code === 'SIGNATURE_INVALID',
      );
    },
  },
];
