import { CommerceError, type ErrorCode } from '../errors.ts';
import type { OrderRecord, PaymentAttemptRecord, RefundRecord } from '../model/checkout.ts';
import { newId } from '../model/ids.ts';
import { formatBaht } from '../money.ts';
import type { Clock } from '../ports/clock.ts';
import type { PaymentProvider, ProviderPayment } from '../ports/payment-provider.ts';
import type { Store } from '../ports/store.ts';
import { paymentRefundedEvent } from './order-events.ts';
import { errorText, recoveryDelayMs, type SagaSettings } from './saga-settings.ts';

export interface PaymentRefundsOptions {
  store: Store;
  clock: Clock;
  sagas: SagaSettings;
  /** The provider that took a payment (by its name). */
  providerOf: (name: string) => PaymentProvider;
}

/**
 * Money that goes back, for `PaymentSettlement`: a refund row is written before the provider is
 * asked (one per provider payment), and the provider is asked again until it confirms or gives up.
 */
export class PaymentRefunds {
  readonly #store: Store;
  readonly #clock: Clock;
  readonly #sagas: SagaSettings;
  readonly #providerOf: (name: string) => PaymentProvider;

  constructor(options: PaymentRefundsOptions) {
    this.#store = options.store;
    this.#clock = options.clock;
    this.#sagas = options.sagas;
    this.#providerOf = options.providerOf;
  }

  /**
   * Gives a charged (or late-paid) attempt's money back and ends it as refunded; returns the error
   * that tells the shopper so, for callers that answer one.
   */
  async refundAttempt(
    attempt: PaymentAttemptRecord,
    order: OrderRecord,
    payment: ProviderPayment | null,
    reason: ErrorCode,
    message: string,
  ): Promise<CommerceError> {
    const amountMinor = payment?.amountMinor ?? attempt.amountSatang;
    await this.giveBack({
      order,
      attemptId: attempt.attemptId,
      attempt,
      provider: attempt.provider,
      payment: payment ?? {
        reference: attempt.providerReference ?? attempt.attemptId,
        status: 'paid',
        amountMinor,
        currency: attempt.currency,
        attemptId: attempt.attemptId,
        orderId: attempt.orderId,
      },
      reason,
      message,
    });
    const refunded =
      (payment?.currency ?? attempt.currency).toUpperCase() === 'THB'
        ? formatBaht(amountMinor, 'en')
        : `${amountMinor} ${payment?.currency ?? ''}`.trim();
    return new CommerceError(reason, `${message} Your payment of ${refunded} is refunded.`, {
      details: { orderId: order.orderId, refunded: true },
    });
  }

  /** Writes a pending refund of the payment (once per provider payment; with it the attempt, when given, ends refunded) and asks the provider for it. */
  async giveBack(input: {
    order: OrderRecord;
    attemptId: string | null;
    /** The attempt the money was its own, moved to `refunded`; null for a payment that is not the attempt's. */
    attempt: PaymentAttemptRecord | null;
    provider: string;
    payment: ProviderPayment;
    reason: ErrorCode;
    message: string;
  }): Promise<void> {
    const nowMs = this.#clock.now();
    const refund = await this.#store.insertRefund(
      {
        refundId: newId('rf'),
        orderId: input.order.orderId,
        partnerId: input.order.partnerId,
        attemptId: input.attemptId,
        provider: input.provider,
        paymentReference: input.payment.reference,
        amountMinor: input.payment.amountMinor ?? 0,
        currency: (input.payment.currency ?? input.order.currency).toUpperCase(),
        reason: input.reason,
        state: 'pending',
        providerRefundReference: null,
        lastError: null,
        checks: 0,
        createdAt: new Date(nowMs).toISOString(),
        updatedAt: new Date(nowMs).toISOString(),
        nextCheckAt: new Date(nowMs + this.#sagas.requestWindowMs).toISOString(),
      },
      input.attempt
        ? {
            attemptId: input.attempt.attemptId,
            from: ['started', 'charged', 'failed', 'declined'],
            failureCode: input.reason,
            failureMessage: input.message,
          }
        : null,
    );
    await this.ask(refund);
  }

  async #defer(refund: RefundRecord, reason: string, providerRefundReference?: string): Promise<void> {
    const next = this.#clock.now() + recoveryDelayMs(this.#sagas, refund.checks);
    await this.#store.transitionRefund(refund.refundId, ['pending'], 'pending', {
      lastError: reason,
      nextCheckAt: new Date(next).toISOString(),
      ...(providerRefundReference ? { providerRefundReference } : {}),
    });
  }

  /**
   * Asks the provider for a pending refund (again): it is made once per refund id however often
   * asked. Confirmed refunds send `payment.refunded`; one the provider cannot take now is asked
   * again by the recovery worker.
   */
  async ask(refund: RefundRecord): Promise<RefundRecord['state']> {
    if (refund.state !== 'pending') return refund.state;
    const nowMs = this.#clock.now();
    try {
      const result = await this.#providerOf(refund.provider).refund({
        refundId: refund.refundId,
        idempotencyKey: ['refund', refund.attemptId ?? 'none', refund.reason, refund.paymentReference].join('-'),
        reference: refund.paymentReference,
        attemptId: refund.attemptId,
        orderId: refund.orderId,
        amountMinor: refund.amountMinor,
        currency: refund.currency,
        reason: refund.reason,
      });
      if (result.status === 'succeeded') {
        const [order] = await this.#store.ordersByIds([refund.orderId]);
        const event = paymentRefundedEvent({
          refund,
          providerRefundReference: result.reference,
          sandbox: order?.grocerOrder.sandbox ?? false,
          nowMs,
        });
        await this.#store.transitionRefund(
          refund.refundId,
          ['pending'],
          'succeeded',
          { providerRefundReference: result.reference },
          [event],
        );
        if (refund.attemptId)
          await this.#store.transitionPaymentAttempt(refund.attemptId, ['refunded'], 'refunded', {
            refundReference: result.reference,
          });
        return 'succeeded';
      }
      if (result.status === 'failed') {
        await this.#store.transitionRefund(refund.refundId, ['pending'], 'failed', {
          providerRefundReference: result.reference,
          lastError: `The provider could not make refund ${result.reference}; the money must be returned by hand.`,
        });
        return 'failed';
      }
      await this.#defer(refund, `The provider holds refund ${result.reference} as pending.`, result.reference);
    } catch (error) {
      // Unreachable, refused for now, or not settled yet (a PromptPay transfer): asked again later.
      if (!(error instanceof CommerceError)) throw error;
      await this.#defer(refund, errorText(error));
    }
    return 'pending';
  }
}
