import { CommerceError } from '../errors.ts';
import { sha256Hex } from '../model/ids.ts';
import type {
  PaymentProvider,
  PaymentRequest,
  ProviderEvent,
  ProviderPayment,
  ProviderRefund,
  RefundRequest,
  StartedPayment,
} from '../ports/payment-provider.ts';

export interface SandboxPaymentOptions {
  /**
   * `immediate` (the default): a payment is paid when it starts. `deferred`: it behaves like a
   * hosted provider, for tests of the asynchronous path: `start` sends the shopper straight back to
   * the return URL with the attempt open, and the test settles it later with `settle`.
   */
  settlement?: 'immediate' | 'deferred';
}

/**
 * The sandbox provider: moves no money. `simulate: 'decline'` refuses, so partners can see the
 * declined path end to end. References derive from the attempt id, so every instance gives a
 * repeated start the same answer without sharing state (the deferred mode keeps its payments in
 * this object: one process, tests only).
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly publicKey = null;
  readonly merchantId = null;
  readonly sdkUrl = null;
  // Even deferred, a start answers in-process: there is no lost answer whose charge is in doubt.
  readonly hosted = false;
  /** Deferred mode's payments by reference. */
  readonly #deferred: Map<string, ProviderPayment & { events: number }> | null;

  constructor(options: SandboxPaymentOptions = {}) {
    this.#deferred = options.settlement === 'deferred' ? new Map() : null;
  }

  async start(request: PaymentRequest): Promise<StartedPayment> {
    if (request.simulate === 'decline')
      throw new CommerceError('PAYMENT_DECLINED', 'The sandbox declined this payment, as asked. No money moved.');
    if (!Number.isSafeInteger(request.amountSatang) || request.amountSatang <= 0) {
      throw new CommerceError('INVALID_INPUT', 'A payment amount is a positive number of satang.');
    }
    const ref = reference('sbx', request.attemptId);
    if (!this.#deferred) return { status: 'paid', reference: ref };
    if (!this.#deferred.has(ref)) {
      this.#deferred.set(ref, {
        reference: ref,
        status: 'open',
        amountMinor: request.amountSatang,
        currency: request.currency.toLowerCase(),
        attemptId: request.attemptId,
        orderId: request.orderId,
        events: 0,
      });
    }
    return { status: 'redirect', reference: ref, redirectUrl: request.returnUrl };
  }

  /**
   * Immediate mode keeps no record: a start either answered (and the saga stored its reference) or
   * never happened, and no money moves either way, so every payment it is asked about is unknown.
   */
  async lookup(query: { attemptId: string | null; reference: string | null }): Promise<ProviderPayment | null> {
    const ref = query.reference ?? (query.attemptId ? reference('sbx', query.attemptId) : null);
    const payment = ref ? this.#deferred?.get(ref) : undefined;
    return payment ? paymentOf(payment) : null;
  }

  async close(ref: string): Promise<ProviderPayment> {
    const payment = this.#deferred?.get(ref);
    if (!payment) throw new CommerceError('NOT_FOUND', `The sandbox has no payment ${ref}.`);
    if (payment.status === 'open') payment.status = 'expired';
    return paymentOf(payment);
  }

  async refund(request: RefundRequest): Promise<ProviderRefund> {
    return { reference: reference('sbx_rf', request.refundId), status: 'succeeded' };
  }

  /**
   * Deferred mode: the provider's side of a payment finishing (`paid`), waiting to settle
   * (`pending`), or ending unpaid. Returns the event a hosted provider's webhook would deliver; hand
   * it to `commerce.payments.onProviderEvent`, or drop it to play a lost webhook.
   */
  settle(
    attemptId: string,
    outcome: 'paid' | 'pending' | 'failed' | 'expired',
  ): Extract<ProviderEvent, { subject: 'payment' }> {
    const payment = this.#deferred?.get(reference('sbx', attemptId));
    if (!payment) throw new Error(`The sandbox has no deferred attempt ${attemptId}.`);
    payment.status = outcome;
    payment.events += 1;
    return {
      eventId: `sbx_evt_${sha256Hex(`${attemptId}:${payment.events}`).slice(0, 24)}`,
      type: outcome,
      subject: 'payment',
      reference: payment.reference,
      attemptId,
      orderId: payment.orderId,
    };
  }
}

const reference = (prefix: string, id: string) => `${prefix}_${sha256Hex(id).slice(0, 24)}`;

function paymentOf(payment: ProviderPayment): ProviderPayment {
  const { reference: ref, status, amountMinor, currency, attemptId, orderId } = payment;
  return { reference: ref, status, amountMinor, currency, attemptId, orderId };
}
