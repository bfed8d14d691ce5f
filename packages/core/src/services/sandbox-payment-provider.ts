import { CommerceError } from '../errors.ts';
import { sha256Hex } from '../model/ids.ts';
import type { PaymentProvider, PaymentRequest, ProviderEvent, ProviderPaymentState, StartedPayment } from '../ports/payment-provider.ts';

export interface SandboxPaymentOptions {
  /**
   * `immediate` (the default): a payment is paid when it starts. `deferred`: it behaves like a
   * hosted provider, for tests of the asynchronous path: `start` sends the shopper straight back to
   * the return URL with the attempt open, and the test settles it later with `settle`.
   */
  settlement?: 'immediate' | 'deferred';
}

interface DeferredAttempt {
  orderId: string;
  reference: string;
  amountSatang: number;
  status: ProviderPaymentState['status'];
  events: number;
}

/**
 * The sandbox provider: moves no money. `simulate: 'decline'` refuses, so partners can see the
 * declined path end to end. References derive from the attempt id, so every instance gives a
 * repeated start the same answer without sharing state (the deferred mode keeps its attempts in
 * this object: one process, tests only).
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly publicKey = null;
  readonly merchantId = null;
  readonly sdkUrl = null;
  // Even deferred, a start answers in-process: there is no lost answer whose charge is in doubt.
  readonly hosted = false;
  readonly #deferred: Map<string, DeferredAttempt> | null;

  constructor(options: SandboxPaymentOptions = {}) {
    this.#deferred = options.settlement === 'deferred' ? new Map() : null;
  }

  async start(request: PaymentRequest): Promise<StartedPayment> {
    if (request.simulate === 'decline') throw new CommerceError('PAYMENT_DECLINED', 'The sandbox declined this payment, as asked. No money moved.');
    if (!Number.isSafeInteger(request.amountSatang) || request.amountSatang <= 0) {
      throw new CommerceError('INVALID_INPUT', 'A payment amount is a positive number of satang.');
    }
    const ref = reference('sbx', request.attemptId);
    if (!this.#deferred) return { status: 'paid', reference: ref };
    if (!this.#deferred.has(request.attemptId)) {
      this.#deferred.set(request.attemptId, { orderId: request.orderId, reference: ref, amountSatang: request.amountSatang, status: 'open', events: 0 });
    }
    return { status: 'redirect', reference: ref, redirectUrl: request.returnUrl };
  }

  /**
   * Immediate mode keeps no record: a start either answered (and the saga stored its reference) or
   * never happened, and no money moves either way, so an attempt it is asked about is `unknown`.
   */
  async lookup(attempt: { attemptId: string; reference: string | null }): Promise<ProviderPaymentState> {
    const deferred = this.#deferred?.get(attempt.attemptId);
    if (!deferred) return { status: 'unknown', reference: null, amountSatang: null };
    return { status: deferred.status, reference: deferred.reference, amountSatang: deferred.amountSatang };
  }

  async refund(input: { attemptId: string }): Promise<{ reference: string }> {
    const deferred = this.#deferred?.get(input.attemptId);
    if (deferred && deferred.status !== 'paid') deferred.status = 'failed';
    return { reference: reference('sbx_rf', input.attemptId) };
  }

  /**
   * Deferred mode: the provider's side of a payment finishing (`paid`), waiting to settle
   * (`pending`), or ending unpaid. Returns the event a hosted provider's webhook would deliver; hand
   * it to `commerce.payments.onProviderEvent`, or drop it to play a lost webhook.
   */
  settle(attemptId: string, outcome: 'paid' | 'pending' | 'failed' | 'expired'): ProviderEvent {
    const deferred = this.#deferred?.get(attemptId);
    if (!deferred) throw new Error(`The sandbox has no deferred attempt ${attemptId}.`);
    deferred.status = outcome === 'expired' ? 'failed' : outcome;
    deferred.events += 1;
    return {
      eventId: `sbx_evt_${sha256Hex(`${attemptId}:${deferred.events}`).slice(0, 24)}`,
      type: outcome,
      attemptId,
      orderId: deferred.orderId,
      reference: deferred.reference,
      amountSatang: deferred.amountSatang,
      occurredAtMs: Date.now(),
    };
  }
}

const reference = (prefix: string, attemptId: string) => `${prefix}_${sha256Hex(attemptId).slice(0, 24)}`;
