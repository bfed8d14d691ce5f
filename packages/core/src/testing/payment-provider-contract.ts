import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { CommerceError } from '../errors.ts';
import type { PaymentProvider, PaymentRequest, StartedPayment } from '../ports/payment-provider.ts';

/** A provider under the contract, and how a test plays the parts only its world can. */
export interface PaymentProviderContractSubject {
  provider: PaymentProvider;
  /** Plays the shopper paying on the page of a started (`redirect`) attempt; absent when starts settle at once. */
  payOnPage?: (attempt: { attemptId: string; reference: string }) => Promise<void>;
  /** A webhook delivery, signed as the provider signs them, reporting the attempt paid; for providers with `parseWebhook`. */
  signedPaidWebhook?: (attempt: { attemptId: string; reference: string }) => { body: Uint8Array; headers: Record<string, string> };
  close?: () => Promise<void>;
}

/**
 * The behaviour every implementation of the `PaymentProvider` port shares: it says whether it is
 * hosted, refuses bad amounts, answers a repeated start with the same payment, looks attempts up
 * as they stand, refunds once however often asked, and refuses forged webhooks with
 * SIGNATURE_INVALID. The sandbox provider (both settlements) and the Stripe provider run it.
 *
 * @example
 * describePaymentProviderContract('sandbox', async () => ({ provider: new SandboxPaymentProvider() }));
 */
export function describePaymentProviderContract(name: string, open: () => Promise<PaymentProviderContractSubject>): void {
  describe(`PaymentProvider contract: ${name}`, () => {
    let subject: PaymentProviderContractSubject;
    let provider: PaymentProvider;

    before(async () => {
      subject = await open();
      provider = subject.provider;
    });
    after(async () => subject.close?.());

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
    const redirected = (started: StartedPayment): started is Extract<StartedPayment, { status: 'redirect' }> => started.status === 'redirect';

    test('says whether it is hosted; only a hosted provider names page origins, each a bare origin', () => {
      assert.ok(provider.name.length > 0);
      assert.equal(typeof provider.hosted, 'boolean');
      const origins = provider.pageOrigins ?? [];
      if (provider.hosted) assert.ok(origins.length > 0, 'the pay form needs somewhere to go');
      else assert.deepEqual(origins, []);
      for (const origin of origins) assert.equal(new URL(origin).origin, origin);
    });

    test('refuses an amount that is not a positive whole number of satang with INVALID_INPUT', async () => {
      for (const amountSatang of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2]) {
        await assert.rejects(provider.start(request({ amountSatang })), (error: unknown) => error instanceof CommerceError && error.code === 'INVALID_INPUT', String(amountSatang));
      }
    });

    test('answers a repeated start of one attempt with the same payment; a hosted one never charges at start', async () => {
      const payment = request();
      const first = await provider.start(payment);
      assert.deepEqual(await provider.start(payment), first);
      assert.ok(first.reference.length > 0);
      if (provider.hosted) assert.equal(first.status, 'redirect');
      const other = await provider.start(request());
      assert.notEqual(other.reference, first.reference, 'another attempt is another payment');
    });

    test('looks up an attempt it never started, or by another attempt’s reference, as unknown', async () => {
      assert.deepEqual(await provider.lookup({ attemptId: request().attemptId, reference: null }), { status: 'unknown', reference: null, amountSatang: null });
      const started = await provider.start(request());
      const stranger = await provider.lookup({ attemptId: request().attemptId, reference: started.reference });
      assert.equal(stranger.status, 'unknown');
    });

    test('looks up a started attempt as it stands: open at its amount while the page waits, then paid', async () => {
      const payment = request();
      const started = await provider.start(payment);
      const attempt = { attemptId: payment.attemptId, reference: started.reference };
      if (!redirected(started)) {
        // Paid at start: a provider may keep no record of it (the saga stored the reference).
        assert.ok(['paid', 'unknown'].includes((await provider.lookup(attempt)).status));
        return;
      }
      assert.deepEqual(await provider.lookup(attempt), { status: 'open', reference: started.reference, amountSatang: payment.amountSatang });
      if (!subject.payOnPage) return;
      await subject.payOnPage(attempt);
      assert.deepEqual(await provider.lookup(attempt), { status: 'paid', reference: started.reference, amountSatang: payment.amountSatang });
    });

    test('refunds an attempt once however often asked; an attempt that took no money ends unpaid', async () => {
      const open = request();
      const openStart = await provider.start(open);
      const openRefund = { attemptId: open.attemptId, reference: openStart.reference, amountSatang: open.amountSatang, reason: 'contract: given up' };
      const first = await provider.refund(openRefund);
      assert.deepEqual(await provider.refund({ ...openRefund, reason: 'contract: again' }), first);
      if (redirected(openStart)) assert.equal((await provider.lookup(openRefund)).status, 'failed');

      if (!subject.payOnPage) return;
      const paid = request();
      const paidStart = await provider.start(paid);
      if (!redirected(paidStart)) return;
      await subject.payOnPage({ attemptId: paid.attemptId, reference: paidStart.reference });
      const paidRefund = { attemptId: paid.attemptId, reference: paidStart.reference, amountSatang: paid.amountSatang, reason: 'contract: order cancelled' };
      const refunded = await provider.refund(paidRefund);
      assert.deepEqual(await provider.refund(paidRefund), refunded);
    });

    test('refuses forged, tampered and malformed webhook deliveries with SIGNATURE_INVALID, and reads a signed one', async (t) => {
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
        { type: event.type, attemptId: event.attemptId, orderId: event.orderId, reference: event.reference, amountSatang: event.amountSatang },
        {
          type: 'paid',
          attemptId: payment.attemptId,
          orderId: payment.orderId,
          reference: started.reference,
          amountSatang: payment.amountSatang,
        },
      );
      const tampered = new Uint8Array(delivery.body);
      tampered[tampered.length - 2] ^= 1;
      assert.throws(
        () => parse(tampered, delivery.headers),
        (error: unknown) => error instanceof CommerceError && error.code === 'SIGNATURE_INVALID',
      );
    });
  });
}
